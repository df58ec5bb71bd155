package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBackwardReach: backward() is read as -autograd-backward for every site whose
// compiled function can have produced the value differentiated, whichever way the
// script reaches it (unseen2: u01, u02, u05, u11, u12, u20, u21, u24).
func TestBackwardReach(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		want      []bool // per site, in file order
	}{
		{"tuple-unpack", `import torch
model = torch.compile(net)
_, loss = model(x, targets=y)
loss.backward()
`, []bool{true}},
		{"starred-unpack", `import torch
model = torch.compile(net)
*_, loss = model(x)
loss.backward()
`, []bool{true}},
		{"list-unpack-nested-call", `import torch
model = torch.compile(net)
(logits, loss) = crit(model(x), y), 0
loss.backward()
`, []bool{true}},
		{"dict-item-assigned", `import torch
model = torch.compile(net)
out = model(x)
losses = {}
losses["total"] = out.sum()
losses["total"].backward()
`, []bool{true}},
		{"dict-item-under-no-grad", `import torch
model = torch.compile(net)
out = model(x)
stats = {}
with torch.no_grad():
    stats["mean"] = out.mean()
loss = other(x)
loss.backward()
stats["mean"].backward()
`, []bool{false}},
		{"alias", `import torch
compiled = torch.compile(net)
m = compiled
out = m(x)
out.sum().backward()
`, []bool{true}},
		{"alias-branches", `import torch
a = torch.compile(net_a)
b = torch.compile(net_b)
def main(epochs):
    for e in range(epochs):
        if e < 3:
            model = a
        else:
            model = b
        loss = crit(model(x), y)
        loss.backward()
main(10)
`, []bool{true, true}},
		{"param-positional", `import torch
def train(hyp, model):
    outputs = model(x)
    crit(outputs, y).backward()
def main(hyp, m1, m2):
    train(hyp, m1)
    m2(x)
if __name__ == "__main__":
    a = torch.compile(net_a, mode="max-autotune")
    b = torch.compile(net_b, mode="max-autotune")
    main(hyp, a, b)
`, []bool{true, false}},
		{"param-keyword", `import torch
def train(model=None):
    loss = model(x).sum()
    loss.backward()
c = torch.compile(net)
train(model=c)
`, []bool{true}},
		{"same-name-two-sites", `import torch
if sfast:
    unet = torch.compile(unet, backend=my_backend)
elif plain:
    unet = torch.compile(unet)
for b in data:
    pred = unet(b).sample
    accelerator.backward(loss_fn(pred, b))
`, []bool{true, true}},
		{"backward-inside-compiled-def", `import torch
def main():
    def update(batch):
        loss = loss_module(batch)
        loss.backward()
        optim.step()
    update = torch.compile(update, mode="reduce-overhead")
    for b in data:
        update(b)
main()
`, []bool{true}},
		{"backward-inside-decorated-def", `import torch
@torch.compile(mode="reduce-overhead")
def step(batch):
    model(batch).sum().backward()
`, []bool{true}},
		{"backward-inside-partial-decorated-def", `import torch, functools
@functools.partial(torch.compile, mode="reduce-overhead")
def step(batch):
    model(batch).sum().backward()
`, []bool{true}},
		{"unrelated-backward", `import torch
model = torch.compile(net)
y = model(x)
other(x).sum().backward()
`, []bool{false}},
		{"unrelated-def-same-param-name", `import torch
def evaluate(model):
    return model(x)
c = torch.compile(net)
evaluate(c)
`, []bool{false}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("b.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, len(tc.want))
			for i, want := range tc.want {
				require.Equal(t, want, s.Sites[i].Workload.AutogradBackward, "site %d (line %d): inferred %+v", i, s.Sites[i].Line, s.Sites[i].Inferred)
			}
		})
	}
}

// TestBackwardSeveralSites: a value computed from several compiled functions' outputs
// differentiates them all (unseen3 v13: z = encoder(c); z = predictor(z)).
func TestBackwardSeveralSites(t *testing.T) {
	t.Parallel()
	s, err := readBytes("b.py", []byte(`import torch
encoder.compile()
target.compile()
predictor.compile()
def step(c):
    with torch.no_grad():
        h = target(c)
    z = encoder(c)
    z = predictor(z)
    loss = loss_fn(z, h.detach())
    loss.backward()
step(x)
`))
	require.NoError(t, err)
	require.Len(t, s.Sites, 3)
	got := []bool{s.Sites[0].Workload.AutogradBackward, s.Sites[1].Workload.AutogradBackward, s.Sites[2].Workload.AutogradBackward}
	// target's output h is computed under torch.no_grad(): no backward reaches it.
	require.Equal(t, []bool{true, false, true}, got)
}

package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestZeroGradEveryNthSameGuard: zero_grad() under an every-N-th guard resets the
// gradients for a backward() under that same guard, which runs only in those
// iterations after it: no gradient accumulation, no kept outputs (unseen6 y05, the
// compiled update's own zero_grad and backward, called under `if step %
// args.train_frequency == 0`; unseen2 u01, airbench's `if current_steps % 4 == 0:`
// training step, EXPECTED "raise: no"). A backward outside that guard still adds to the
// gradients of the one before (zerogradnth.go).
func TestZeroGradEveryNthSameGuard(t *testing.T) {
	t.Parallel()
	const head = "import torch\nnet = torch.nn.Linear(4, 4).cuda()\nopt = torch.optim.SGD(net.parameters())\nm = torch.compile(net, mode=\"reduce-overhead\")\nx = torch.randn(4, 4, device=\"cuda\")\n"
	cases := []struct {
		name, reason, src string
		kept              bool
	}{
		{"inline, same guard", "u01: zero_grad then backward, both every 4th step", head + `for i in range(100):
    if i % 4 == 0:
        loss = m(x).sum()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    else:
        with torch.no_grad():
            m(x)
`, false},
		{"compiled def, called under the guard", "y05: the def holds zero_grad and backward; the call is every N-th", head + `def update(x):
    loss = m(x).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
for i in range(100):
    if i % 10 == 0:
        update(x)
`, false},
		{"accumulation by hand", "script13 item 2: backward every step, zero_grad every 4th", head + `for i in range(100):
    loss = m(x).sum()
    loss.backward()
    if (i + 1) % 4 == 0:
        opt.step()
        opt.zero_grad()
`, true},
		{"other guard", "the backward runs every 2nd step, zero_grad every 4th", head + `for i in range(100):
    if i % 4 == 0:
        opt.zero_grad()
    if i % 2 == 0:
        loss = m(x).sum()
        loss.backward()
`, true},
	}
	for _, tc := range cases {
		s, err := readBytes("z.py", []byte(tc.src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1, tc.name)
		if got := s.Sites[0].Workload.OutputsKept; got != tc.kept {
			t.Errorf("%s: outputs_kept %v, want %v (%s); inferred %+v", tc.name, got, tc.kept, tc.reason, s.Sites[0].Inferred)
		}
	}
}

package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDerivedValuesScoped: a value computed from a compiled function's output is the
// variable Python binds it to, not every name spelled the same (valuescope.go):
// another def's parameter of that name holds what its caller passes (unseen6 y06,
// rollout's obs and update's obs); a def decorated with torch.no_grad() returns no
// autograd history (unseen6 y18, prepare_inputs' x_0 and run_iter's x_0). What does
// carry it: a def's return value to its call (unseen3 v13, z = forward_context(c)),
// an argument to the parameter of the def called (unseen4 w04, _backward(scaled_loss)),
// unless the name called is also bound to another callable (unseen6 y06, update =
// TensorDictModule(update, …)).
func TestDerivedValuesScoped(t *testing.T) {
	t.Parallel()
	const head = "import torch\nnet = torch.nn.Linear(4, 4).cuda()\npol = torch.compile(net)\nx = torch.randn(4, 4, device=\"cuda\")\n"
	cases := []struct {
		name, reason, src string
		want              bool // autograd_backward on the site
	}{
		{"same name, another def", "update's obs is its parameter, not rollout's local", head + `def rollout(x):
    obs = pol(x)
    return None
def update(obs):
    loss = net(obs).sum()
    loss.backward()
rollout(x)
update(torch.randn(4, 4, device="cuda"))
`, false},
		{"no_grad def returns", "x0 is made under @torch.no_grad()", head + `@torch.no_grad()
def prep(x):
    x0 = pol(x)
    return x0
def run_iter(x0):
    loss = net(x0).sum()
    loss.backward()
x0 = prep(x)
run_iter(x0)
`, false},
		{"no_grad block returns", "returned under torch.no_grad()", head + `def prep(x):
    with torch.no_grad():
        h = pol(x)
        return h
h2 = prep(x)
h2.sum().backward()
`, false},
		{"returned", "a call of a def is what it returns", head + `def forward_context(c):
    z = pol(c)
    return z
out = forward_context(x)
loss = out.sum()
loss.backward()
`, true},
		{"returned through a call", "loss_fn(z) is computed from its arguments", head + `def fwd(c):
    return pol(c) * 2
def loss_fn(a):
    return a.sum()
l = loss_fn(fwd(x))
l.backward()
`, true},
		{"parameter", "a def's parameter holds its caller's argument", head + `def fwd():
    out = pol(x)
    return out.sum()
def bwd(l):
    l.backward()
loss = fwd()
bwd(loss * 2)
`, true},
		{"parameter by keyword", "a keyword argument binds its parameter", head + `def bwd(a, l=None):
    l.backward()
y = pol(x).sum()
bwd(1, l=y)
`, true},
		{"parameter of a rebound name", "upd is another callable at the call", head + `def upd(obs):
    loss = net(obs).sum()
    loss.backward()
upd = Wrapper(upd, in_keys=["obs"])
y = pol(x)
upd(y)
`, false},
		{"module name read in a def", "a def reads the module's variable", head + `out = pol(x)
def step():
    loss = out.sum()
    loss.backward()
step()
`, true},
	}
	for _, tc := range cases {
		s, err := readBytes("v.py", []byte(tc.src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1, tc.name)
		if got := s.Sites[0].Workload.AutogradBackward; got != tc.want {
			t.Errorf("%s: autograd_backward %v, want %v (%s); inferred %+v", tc.name, got, tc.want, tc.reason, s.Sites[0].Inferred)
		}
	}
}

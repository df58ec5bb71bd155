package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestDisableKeyword: disable= given in the script's call reaches the plan: a truthy
// value makes torch.compile return the function itself, so the plan is
// compile-disabled by it, in every form a script writes it (sweep3: disable=True was
// noted but planned as compiling, CUDA graphs on).
func TestDisableKeyword(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // per plan: its args and the switch that turned it off ("" compiles)
	}{
		{name: "literal", reason: "disable=True in the call",
			src: "c = torch.compile(m, mode=\"reduce-overhead\", disable=True)\n", want: []string{" disable=True"}},
		{name: "int", reason: "any truthy value: disable=1, as written",
			src: "c = torch.compile(m, mode=\"reduce-overhead\", disable=1)\n", want: []string{" disable=1"}},
		{name: "false", reason: "disable=False compiles",
			src: "c = torch.compile(m, mode=\"reduce-overhead\", disable=False)\n", want: []string{" "}},
		{name: "name", reason: "a name the file assigns one literal",
			src: "DISABLE_COMPILE = True\nc = torch.compile(m, mode=\"reduce-overhead\", disable=DISABLE_COMPILE)\n", want: []string{" disable=True"}},
		{name: "not-flag", reason: "not args.compile: True and False, each planned (not one shared plan)",
			src:  "c = torch.compile(m, mode=\"reduce-overhead\", disable=not args.compile)\n",
			want: []string{"disable=True (line 2) disable=True", "disable=False (line 2) "}},
		{name: "decorator", reason: "@torch.compile(disable=True)",
			src: "@torch.compile(mode=\"reduce-overhead\", disable=True)\ndef f(x):\n    return x * 2\n", want: []string{" disable=True"}},
		{name: "method", reason: "nn.Module.compile passes its keywords to torch.compile",
			src: "m.compile(mode=\"reduce-overhead\", disable=True)\n", want: []string{" disable=True"}},
		{name: "partial", reason: "functools.partial(torch.compile, disable=True)",
			src: "import functools\ncf = functools.partial(torch.compile, mode=\"reduce-overhead\", disable=True)\nc = cf(m)\n", want: []string{" disable=True"}},
		{name: "splat-dict", reason: "**kw of dict(…, disable=True)",
			src: "kw = dict(mode=\"reduce-overhead\", disable=True)\nc = torch.compile(m, **kw)\n", want: []string{" disable=True"}},
		{name: "splat-display", reason: "**{…, \"disable\": True} in the call",
			src: "c = torch.compile(m, **{\"mode\": \"reduce-overhead\", \"disable\": True})\n", want: []string{" disable=True"}},
		{name: "optimize", reason: "torch._dynamo.optimize(backend, disable=True)",
			src: "c = torch._dynamo.optimize(\"inductor\", disable=True)(m)\n", want: []string{" disable=True"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			pl := p.Sites[0].Plan
			require.NotNil(t, pl, "%s: %s", tc.reason, p.Sites[0].PlanError)
			var got []string
			if pl.Report != nil {
				got = append(got, " "+pl.Report.DisabledBy)
			}
			for _, mp := range pl.Modes {
				got = append(got, mp.Args+" "+mp.Report.DisabledBy)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: plans (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
		})
	}
}

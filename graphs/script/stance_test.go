package script

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestStance: torch.compiler.set_stance in force at a compiled function's first call
// decides what that call does (sweep4 finding 20: force_eager was ignored and the
// site planned with CUDA graphs). The forms: a statement (from then on), with (its
// body), a decorator (while the def runs); what counts is the stance at the first
// call, not at torch.compile(…). Measured on 2.6.0 and 2.14.1 (config.StanceOf).
func TestStance(t *testing.T) {
	t.Parallel()
	const head = "import torch\nimport torch.nn as nn\n"
	const site = "model = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\n"
	const call = "y = model(torch.randn(2, 8, device=\"cuda\"))\n"
	cases := []struct {
		name, reason, src, torch string
		disabled                 bool   // nothing compiled
		raises                   string // the stage of the error ("": none)
		warn                     string // a WarningStance message holds it
	}{
		{name: "statement", reason: "finding 20 hN1_stance.py", src: "torch.compiler.set_stance(\"force_eager\")\n" + site + call, disabled: true},
		{name: "dynamo-spelling", reason: "torch._dynamo.set_stance is the same", src: "torch._dynamo.set_stance(\"force_eager\")\n" + site + call, disabled: true},
		{name: "keyword", reason: "stance= by keyword", src: "torch.compiler.set_stance(stance=\"force_eager\")\n" + site + call, disabled: true},
		{name: "after-compile", reason: "read at the call, not at torch.compile", src: site + "torch.compiler.set_stance(\"force_eager\")\n" + call, disabled: true},
		{name: "after-first-call", reason: "the first call compiled before it", src: site + call + "torch.compiler.set_stance(\"force_eager\")\n" + call},
		{name: "default-again", reason: "set_stance(\"default\") before the call", src: "torch.compiler.set_stance(\"force_eager\")\ntorch.compiler.set_stance(\"default\")\n" + site + call},
		{name: "with-around-call", reason: "with: in force for its body", src: site + "with torch.compiler.set_stance(\"force_eager\"):\n    " + call, disabled: true},
		{name: "with-before-call", reason: "with: the prior stance comes back after the body", src: "with torch.compiler.set_stance(\"force_eager\"):\n    " + site + call},
		{name: "decorator", reason: "a decorated def that makes the first call", src: site + "@torch.compiler.set_stance(\"force_eager\")\ndef run():\n    " + call + "run()\n", disabled: true},
		{name: "decorator-not-called-def", reason: "the decorator is in force only while the def runs", src: "@torch.compiler.set_stance(\"force_eager\")\ndef noop():\n    pass\n" + site + call},
		{name: "eager-on-recompile", reason: "no cached code: the first call runs eagerly", src: "torch.compiler.set_stance(\"eager_on_recompile\")\n" + site + call, disabled: true},
		{name: "fail-on-recompile", reason: "the first compile raises", src: "torch.compiler.set_stance(\"fail_on_recompile\")\n" + site + call, raises: "first-call"},
		{name: "fail-on-recompile-after-warmup", reason: "sweep6 finding 12: warm-up, then the stance, then a loop of new sizes: the first new size recompiles and raises",
			src: site + call + "torch.compiler.set_stance(\"fail_on_recompile\")\nfor n in range(3, 6):\n    model(torch.randn(n, 8, device=\"cuda\"))\n", raises: "recompile"},
		{name: "fail-on-recompile-after-warmup-2.6", reason: "measured on 2.6.0 too", torch: "2.6",
			src: site + call + "torch.compiler.set_stance(\"fail_on_recompile\")\nfor n in range(2, 5):\n    model(torch.randn(n, 8, device=\"cuda\"))\n", raises: "recompile"},
		{name: "fail-on-recompile-after-warmup-named", reason: "the input made before the call from the loop's variable",
			src: site + call + "torch.compiler.set_stance(\"fail_on_recompile\")\nfor n in range(3, 6):\n    x = torch.randn(n, 8, device=\"cuda\")\n    model(x)\n", raises: "recompile"},
		{name: "fail-on-recompile-same-size", reason: "calls with the warm-up's size do not recompile",
			src: site + call + "torch.compiler.set_stance(\"fail_on_recompile\")\nfor _ in range(3):\n    model(torch.randn(2, 8, device=\"cuda\"))\n"},
		{name: "fail-on-recompile-mark-dynamic", reason: "mark_dynamic on the warm-up's input: one graph takes every size (measured)",
			src: site + "w = torch.randn(2, 8, device=\"cuda\")\ntorch._dynamo.mark_dynamic(w, 0)\nmodel(w)\ntorch.compiler.set_stance(\"fail_on_recompile\")\nfor n in range(3, 6):\n    model(torch.randn(n, 8, device=\"cuda\"))\n"},
		{name: "fail-on-recompile-dynamic-true", reason: "dynamic=True: one graph takes every size (measured)",
			src: "model = torch.compile(nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\", dynamic=True)\n" + call + "torch.compiler.set_stance(\"fail_on_recompile\")\nfor n in range(3, 6):\n    model(torch.randn(n, 8, device=\"cuda\"))\n"},
		{name: "fail-on-recompile-then-default", reason: "the stance set back to default before the loop",
			src: site + call + "torch.compiler.set_stance(\"fail_on_recompile\")\ntorch.compiler.set_stance(\"default\")\nfor n in range(3, 6):\n    model(torch.randn(n, 8, device=\"cuda\"))\n"},
		{name: "force-eager-after-warmup", reason: "another stance after the warm-up raises nothing",
			src: site + call + "torch.compiler.set_stance(\"force_eager\")\nfor n in range(3, 6):\n    model(torch.randn(n, 8, device=\"cuda\"))\n"},
		{name: "unknown", reason: "an unknown stance raises at the first call", src: "torch.compiler.set_stance(\"bogus\")\n" + site + call, raises: "first-call"},
		{name: "eager-then-compile-2.6", reason: "2.6.0 has no eager_then_compile", torch: "2.6", src: "torch.compiler.set_stance(\"eager_then_compile\")\n" + site + call, raises: "first-call"},
		{name: "eager-then-compile-2.14", reason: "2.14.1 compiles at the second call", torch: "2.14", src: "torch.compiler.set_stance(\"eager_then_compile\")\n" + site + call},
		{name: "no-set-stance-2.5", reason: "2.5 has no set_stance: its call raises AttributeError", torch: "2.5", src: "torch.compiler.set_stance(\"force_eager\")\n" + site + call, raises: "stance"},
		{name: "guarded", reason: "under a guard: warned, not taken", src: "import sys\nif len(sys.argv) > 1:\n    torch.compiler.set_stance(\"force_eager\")\n" + site + call, warn: "runs only"},
		{name: "not-literal", reason: "a stance the file does not give", src: "import os\ntorch.compiler.set_stance(os.environ[\"S\"])\n" + site + call, warn: "not a str literal"},
		{name: "force-backend", reason: "force_backend= replaces the backend: not planned", src: "torch.compiler.set_stance(force_backend=\"eager\")\n" + site + call, warn: "force_backend"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("s.py", []byte(head+tc.src))
			require.NoError(t, err)
			p, err := s.Planned(graphs.Scenario{Torch: tc.torch}, nil)
			require.NoError(t, err)
			require.NotEmpty(t, p.Sites)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep, "%s: %s", tc.reason, p.Sites[0].PlanError)
			stage := ""
			if rep.Error != nil {
				stage = rep.Error.Stage
			}
			if stage != tc.raises {
				t.Errorf("%s: raises at %q, want %q (%+v)", tc.reason, stage, tc.raises, rep.Error)
			}
			if tc.raises == "" && rep.CompileDisabled != tc.disabled {
				t.Errorf("%s: compile disabled %v, want %v", tc.reason, rep.CompileDisabled, tc.disabled)
			}
			if tc.warn != "" && !hasWarning(s, WarningStance, tc.warn) {
				t.Errorf("%s: no %s warning with %q: %v", tc.reason, WarningStance, tc.warn, s.Warnings)
			}
			if tc.warn == "" && hasWarning(s, WarningStance, "") {
				t.Errorf("%s: unexpected %s warning: %v", tc.reason, WarningStance, s.Warnings)
			}
		})
	}
}

// TestStanceNote: the site says which stance its plan takes and where.
func TestStanceNote(t *testing.T) {
	t.Parallel()
	s, err := readBytes("s.py", []byte("import torch\ntorch.compiler.set_stance(\"eager_then_compile\")\nm = torch.compile(torch.nn.Linear(2, 2))\nm(torch.randn(2, 2))\n"))
	require.NoError(t, err)
	got := strings.Join(s.Sites[0].Notes, "\n")
	for _, want := range []string{`torch.compiler.set_stance("eager_then_compile") (line 2) is in force at its first call (line 4)`, "the next call compiles as planned", "PR #147983"} {
		if !strings.Contains(got, want) {
			t.Errorf("notes %q lack %q", got, want)
		}
	}
}

package script

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
)

// TestWriteText: a file without a site shows what it sets; a multi-line call is one
// line; width 0 is the default width; a shared plan is written once.
func TestWriteText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, reason string
		want, not         []string
	}{
		{"no-site", "import os\nos.environ['TORCHINDUCTOR_FREEZING'] = '1'\nimport torch._inductor.config as c\nc.max_autotune = True\n",
			"globals and environment of a file without a site",
			[]string{"no torch.compile site found", "line 4: max_autotune = True (assign)", "line 2: TORCHINDUCTOR_FREEZING=\"1\" (environ)"}, nil},
		{"multi-line", "import torch\nm = torch.compile(\n    model,  # the model\n    mode=\"max-autotune\",\n    dynamic=False,\n)\n",
			"issue 22's normalised header",
			[]string{`x.py:2 torch.compile(model, mode="max-autotune", dynamic=False)`}, []string{"# the model"}},
		{"shared", "import torch\na = torch.compile(f, mode=\"reduce-overhead\")\nb = torch.compile(g, mode=\"reduce-overhead\")\n",
			"the second site names the first's plan",
			[]string{"the same plan as x.py:2"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("x.py", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Planned(graphs.Scenario{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := p.WriteText(&b, 0); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q (%s):\n%s", w, tc.reason, out)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(out, w) {
					t.Errorf("output has %q (%s)", w, tc.reason)
				}
			}
			wide := false
			for _, l := range strings.Split(out, "\n") {
				wide = wide || len(l) > 40
			}
			if !wide {
				t.Errorf("width 0 wraps narrowly:\n%s", out)
			}
		})
	}
}

// TestRunVerb: a kind that names threads in the plural takes "run", one that names a
// call or a class "runs" (newuser14 #12: "anyio worker threads runs `predict`").
func TestRunVerb(t *testing.T) {
	for kind, want := range map[ThreadKind]string{
		WebWorkers: " run", RequestThreads: " run", ThreadingThread: " runs", ThreadPool: " runs", ToThread: " runs",
	} {
		if got := runVerb(kind); got != want {
			t.Errorf("runVerb(%q) = %q, want %q", kind, got, want)
		}
	}
}

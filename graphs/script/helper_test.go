package script

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestHelperWrapsCompile: a def of the script that forwards its *args/**kwargs to
// torch.compile is planned at each call, with what that call passes (sweep3 finding
// 26: maybe_compile(model, mode="reduce-overhead") planned every mode, partial).
// Every way people write such a helper.
func TestHelperWrapsCompile(t *testing.T) {
	t.Parallel()
	const threads = "import threading\ndef work():\n    model(x)\nts = [threading.Thread(target=work) for _ in range(3)]\nfor th in ts:\n    th.start()\n"
	cases := []struct {
		name, reason, src string
		want              []string // each site: line kind mode fullgraph options
		workload          graphs.Workload
	}{
		{name: "maybe-compile", reason: "the brief's helper: torch.compile(m, **kw) if flag else m",
			src:  "import torch\nUSE = True\ndef maybe_compile(m, **kw):\n    return torch.compile(m, **kw) if USE else m\nmodel = maybe_compile(net, mode=\"reduce-overhead\")\n",
			want: []string{"5 helper reduce-overhead <nil> <nil>"}},
		{name: "two-calls", reason: "each call is its own site",
			src:  "import torch\ndef maybe_compile(m, **kw):\n    return torch.compile(m, **kw)\na = maybe_compile(net, mode=\"max-autotune\")\nb = maybe_compile(net2, fullgraph=True)\n",
			want: []string{"4 helper max-autotune <nil> <nil>", "5 helper <nil> true <nil>"}},
		{name: "named-and-kwargs", reason: "a named parameter's default, the rest through **kwargs",
			src:  "import torch\ndef compile_model(model, mode=\"default\", **kwargs):\n    return torch.compile(model, mode=mode, **kwargs)\nm = compile_model(net, fullgraph=True)\n",
			want: []string{"4 helper default true <nil>"}},
		{name: "star-args", reason: "def compile_fn(*args, **kwargs): return torch.compile(*args, **kwargs)",
			src:  "import torch\ndef compile_fn(*args, **kwargs):\n    return torch.compile(*args, **kwargs)\nm = compile_fn(net, mode=\"max-autotune-no-cudagraphs\")\n",
			want: []string{"4 helper max-autotune-no-cudagraphs <nil> <nil>"}},
		{name: "guarded-in-body", reason: "if flag: model = torch.compile(model, **kw); return model",
			src:  "import torch\ndef setup(model, compile=True, **kw):\n    if compile:\n        model = torch.compile(model, **kw)\n    return model\nm = setup(net, options={\"triton.cudagraphs\": False})\n",
			want: []string{"6 helper <nil> <nil> {'triton.cudagraphs': False}"}},
		{name: "splat-dict", reason: "a call passing **cfg, a dict display",
			src:  "import torch\ndef maybe_compile(m, **kw):\n    return torch.compile(m, **kw)\ncfg = {\"mode\": \"max-autotune\"}\nm = maybe_compile(net, **cfg)\n",
			want: []string{"5 helper max-autotune <nil> <nil>"}},
		{name: "threads-call-result", reason: "the name bound to the helper's result is the compiled function",
			src:      "import torch\ndef maybe_compile(m, **kw):\n    return torch.compile(m, **kw)\nmodel = maybe_compile(net, mode=\"reduce-overhead\")\n" + threads,
			want:     []string{"4 helper reduce-overhead <nil> <nil>"},
			workload: graphs.Workload{Threads: graphs.Callers, Callers: 3, ColdStart: true}},
		{name: "self-method", reason: "self._maybe_compile(net, mode=…) in __init__: self binds the first parameter",
			src:  "import torch\nclass Runner:\n    def __init__(self, net):\n        self.net = self._maybe_compile(net, mode=\"reduce-overhead\")\n    def _maybe_compile(self, m, **kw):\n        return torch.compile(m, **kw)\nr = Runner(lin)\n",
			want: []string{"4 helper reduce-overhead <nil> <nil>"}},
		{name: "instance-method-star", reason: "u.compile_fn(net, mode=…) of an object of the file, *args/**kwargs",
			src:  "import torch\nclass Util:\n    def compile_fn(self, *args, **kwargs):\n        return torch.compile(*args, **kwargs)\nu = Util()\nm = u.compile_fn(net, mode=\"max-autotune\")\n",
			want: []string{"6 helper max-autotune <nil> <nil>"}},
		{name: "never-called", reason: "a helper no code calls keeps its own site",
			src:  "import torch\ndef maybe_compile(m, **kw):\n    return torch.compile(m, **kw)\n",
			want: []string{"3 call <nil> <nil> <nil>"}},
		{name: "named-only", reason: "mode=mode alone: the site stays in the def, with the callers' values as candidates",
			src:  "import torch\ndef build(m, mode=None):\n    return torch.compile(m, mode=mode)\nx = build(net, mode=\"max-autotune\")\n",
			want: []string{"3 call <nil> <nil> <nil>"}},
		{name: "returned-no-params", reason: "f = build(), build returning torch.compile(…): f is the compiled function",
			src:      "import torch\ndef build():\n    return torch.compile(net, mode=\"reduce-overhead\")\nmodel = build()\n" + threads,
			want:     []string{"3 call reduce-overhead <nil> <nil>"},
			workload: graphs.Workload{Threads: graphs.Callers, Callers: 3, ColdStart: true}},
	}
	str := func(p *string) string {
		if p == nil {
			return "<nil>"
		}
		return *p
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("h.py", []byte(tc.src))
			require.NoError(t, err)
			var got []string
			for _, st := range s.Sites {
				fg := "<nil>"
				if st.Fullgraph != nil {
					fg = fmt.Sprint(*st.Fullgraph)
				}
				got = append(got, fmt.Sprintf("%d %s %s %s %s", st.Line, st.Kind, str(st.Mode), fg, str(st.Options)))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: sites (-want +got):\n%s", tc.reason, diff)
			}
			if len(s.Sites) == 1 {
				if diff := cmp.Diff(tc.workload, s.Sites[0].Workload); diff != "" {
					t.Errorf("%s: workload (-want +got):\n%s", tc.reason, diff)
				}
			}
		})
	}
}

// TestHelperStarBinds: a parameter of a helper that a *x or **m argument of the call
// may bind is not known (sweep10 finding 5: build(*args), args = ("reduce-overhead",),
// was planned with mode=None, exit 0, no note); one that a keyword or a positional
// argument before the star binds is.
func TestHelperStarBinds(t *testing.T) {
	t.Parallel()
	const def = "import torch\ndef build(mode, *rest, fullgraph=False, **kw):\n    return torch.compile(net, mode=mode, fullgraph=fullgraph, **kw)\n"
	cases := []struct {
		name, call string
		literal    bool   // the mode is a literal
		mode       string // its value when it is
		unfollowed []string
	}{
		{name: "star-binds-mode", call: "args = (\"reduce-overhead\",)\nm = build(*args)\n"},
		{name: "star-after-positional", call: "args = ()\nm = build(\"max-autotune\", *args)\n", literal: true, mode: "max-autotune"},
		{name: "mapping-binds-mode", call: "cfg = {\"mode\": \"reduce-overhead\"}\nm = build(**cfg)\n",
			unfollowed: []string{"fullgraph (bound by **cfg)"}},
		{name: "keyword-wins", call: "args = ()\nm = build(*args, mode=\"default\")\n", literal: true, mode: "default"},
		{name: "keyword-only-not-by-star", call: "args = (\"reduce-overhead\",)\nm = build(*args, fullgraph=True)\n"},
		{name: "keyword-only-by-mapping", call: "cfg = {}\nm = build(\"default\", **cfg)\n", literal: true, mode: "default",
			unfollowed: []string{"fullgraph (bound by **cfg)"}},
		{name: "no-star", call: "m = build(\"reduce-overhead\")\n", literal: true, mode: "reduce-overhead"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("h.py", []byte(def+tc.call))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			require.Equal(t, Helper, st.Kind)
			require.Equal(t, tc.literal, st.ModeLiteral, "mode literal")
			if tc.literal {
				require.NotNil(t, st.Mode)
				require.Equal(t, tc.mode, *st.Mode)
			} else {
				require.Nil(t, st.Mode)
				require.Len(t, st.Modes([]string{"default", "reduce-overhead"}), 2, "every mode planned")
			}
			require.Equal(t, tc.unfollowed, st.Unfollowed)
		})
	}
}

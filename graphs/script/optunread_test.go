package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestOptionsNotRead: options= given by an expression the reader cannot read is never
// planned as if no options were given (sweep finding 12): dict(…) and a dict
// comprehension are dicts, never None, so with a mode torch.compile raises "Either
// mode or options can be specified" whatever their keys (planned with options {} and
// the plan partial); a value that may be None (a call, an attribute, eval(x) if x
// else None) makes the plan partial (Unfollowed, "partial plan:").
func TestOptionsNotRead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, call string
		options    string // st.Options ("" nil)
		exit       graphs.Exit
	}{
		{"dict call", `torch.compile(f, mode="reduce-overhead", options=dict(cfg.opts))`, "{}", graphs.Raises},
		{"dict comprehension", `torch.compile(f, mode="reduce-overhead", options={k: v for k, v in cfg.items()})`, "{}", graphs.Raises},
		{"dict call without mode", `torch.compile(f, options=dict(cfg.opts))`, "{}", graphs.Compiles},
		{"attribute", `torch.compile(f, mode="reduce-overhead", options=cfg.opts)`, "", graphs.Compiles},
		{"call", `torch.compile(f, mode="reduce-overhead", options=get_opts())`, "", graphs.Compiles},
		{"eval or None", `torch.compile(f, mode="reduce-overhead", options=eval(o) if o else None)`, "", graphs.Compiles},
		{"display with an unread item", `torch.compile(f, mode="reduce-overhead", options={"max_autotune": x(), "epilogue_fusion": False})`, "{'epilogue_fusion': False}", graphs.Raises},
		{"set comprehension is not a dict", `torch.compile(f, options={k for k in cfg})`, "", graphs.Compiles},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("o.py", []byte("import torch\ncfg = load()\nm = "+tc.call+"\n"))
			require.NoError(t, err)
			st := s.Sites[0]
			require.NotEmpty(t, st.Unfollowed, "notes %q", st.Notes)
			if tc.options == "" {
				require.Nil(t, st.Options)
			} else {
				require.NotNil(t, st.Options, "notes %q", st.Notes)
				require.Equal(t, tc.options, *st.Options)
			}
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			require.Equal(t, tc.exit, p.Exit())
		})
	}
}

// TestInlineSplat: **{…} of a dict display passes its items as keyword arguments
// (sweep finding 26).
func TestInlineSplat(t *testing.T) {
	t.Parallel()
	s, err := readBytes("k.py", []byte("import torch\na = torch.compile(m1, **{\"mode\": \"reduce-overhead\", \"options\": {\"max_autotune\": True}})\nb = torch.compile(m2, dynamic=True, **{\"mode\": \"max-autotune\"})\n"))
	require.NoError(t, err)
	require.Len(t, s.Sites, 2)
	require.Equal(t, "reduce-overhead", *s.Sites[0].Mode)
	require.Equal(t, "{'max_autotune': True}", *s.Sites[0].Options)
	require.Equal(t, "max-autotune", *s.Sites[1].Mode)
	require.True(t, *s.Sites[1].Dynamic)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	require.Equal(t, graphs.Raises, p.Exit())
}

// TestPartialCallKeywords: functools.partial(torch.compile, …) called with keywords
// compiles with both, the call's replacing the partial's of the same name (sweep
// finding 13).
func TestPartialCallKeywords(t *testing.T) {
	t.Parallel()
	s, err := readBytes("p.py", []byte("import functools\nimport torch\ncomp = functools.partial(torch.compile, mode=\"reduce-overhead\")\nf4 = comp(net, options={\"triton.cudagraphs\": False})\n"))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.Equal(t, "reduce-overhead", *s.Sites[0].Mode)
	require.NotNil(t, s.Sites[0].Options)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	require.Equal(t, graphs.Raises, p.Exit())
	s, err = readBytes("p.py", []byte("import functools\nimport torch\ncomp = functools.partial(torch.compile, mode=\"reduce-overhead\")\nf4 = comp(net, dynamic=True, mode=\"max-autotune\")\n"))
	require.NoError(t, err)
	require.Equal(t, "max-autotune", *s.Sites[0].Mode)
	require.True(t, *s.Sites[0].Dynamic)
}

// TestTwoPositionals: torch.compile(m, "inductor") raises TypeError (every parameter
// after model is keyword-only), so the site's plan raises (sweep finding 25).
func TestTwoPositionals(t *testing.T) {
	t.Parallel()
	s, err := readBytes("t.py", []byte("import torch\nc = torch.compile(m3, \"inductor\")\nd = torch.compile(m4)\n"))
	require.NoError(t, err)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	require.Equal(t, graphs.Raises, p.Exit())
	rep := p.Sites[0].Plan.Report
	require.NotNil(t, rep.Error)
	require.Equal(t, "TypeError", rep.Error.Exception)
	require.Equal(t, "compile() takes from 0 to 1 positional arguments but 2 were given", rep.Error.Message)
	require.Nil(t, p.Sites[1].Plan.Report.Error)
}

// TestBackendWithoutKeywords: a callable backend defined in the file without
// **kwargs, given a mode other than "default" or non-empty options, raises at the
// first call (sweep finding 32; measured on 2.6.0 and 2.14.1, backendkw.go).
func TestBackendWithoutKeywords(t *testing.T) {
	t.Parallel()
	const head = "import torch\ndef my_backend(gm, example_inputs):\n    return gm.forward\ndef kw_backend(gm, example_inputs, **kw):\n    return gm.forward\n"
	for _, tc := range []struct {
		call, want string
	}{
		{`torch.compile(f, backend=my_backend, mode="reduce-overhead")`, "mode"},
		{`torch.compile(f, backend=my_backend, options={"a": 1})`, "options"},
		{`torch.compile(f, backend=my_backend, mode="default")`, ""},
		{`torch.compile(f, backend=my_backend)`, ""},
		{`torch.compile(f, backend=kw_backend, mode="max-autotune")`, ""},
	} {
		s, err := readBytes("b.py", []byte(head+"m = "+tc.call+"\n"))
		require.NoError(t, err)
		p, err := s.PlanWith(PlanOptions{})
		require.NoError(t, err)
		rep := p.Sites[0].Plan.Report
		if tc.want == "" {
			require.Nil(t, rep.Error, tc.call)
			continue
		}
		require.NotNil(t, rep.Error, tc.call)
		require.Equal(t, "torch._dynamo.exc.BackendCompilerFailed", rep.Error.Exception)
		require.Contains(t, rep.Error.Message, "got an unexpected keyword argument '"+tc.want+"'")
		require.Equal(t, graphs.Raises, p.Exit())
	}
}

// TestNotebook: a Jupyter notebook's code cells are read (sweep finding 28: "0
// compile sites", exit 0, for a notebook whose only call raises).
func TestNotebook(t *testing.T) {
	t.Parallel()
	nb := `{"cells": [{"cell_type": "markdown", "source": ["# title"]},
 {"cell_type": "code", "source": ["!pip install torch\n", "import torch\n", "if True:\n", "    %time x = 1\n"]},
 {"cell_type": "code", "source": "m = torch.compile(m, mode=\"reduce-overhead\", options={\"max_autotune\": True})"}],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	s, err := readBytes("nb.ipynb", []byte(nb))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.Equal(t, 5, s.Sites[0].Line)
	p, err := s.PlanWith(PlanOptions{})
	require.NoError(t, err)
	require.Equal(t, graphs.Raises, p.Exit())
	s, err = readBytes("d.py", []byte("{'cells': [], 'nbformat': 4}\n"))
	require.NoError(t, err)
	require.Empty(t, s.Sites)
}

// TestThreadSubclassStart: a threading.Thread subclass starts where the script builds
// it, not where the class is defined: the main thread's call before that comes first
// (sweep finding 14: cold_start=true).
func TestThreadSubclassStart(t *testing.T) {
	t.Parallel()
	src := "import threading\nimport torch\nfn = torch.compile(net, mode=\"reduce-overhead\")\nclass Worker(threading.Thread):\n    def run(self):\n        fn(x)\nfn(x)\nw = Worker(); w.start(); w.join()\n"
	s, err := readBytes("t.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.Equal(t, graphs.Callers, s.Sites[0].Workload.Threads, "inferred %+v", s.Sites[0].Inferred)
	require.False(t, s.Sites[0].Workload.ColdStart, "inferred %+v", s.Sites[0].Inferred)
	s, err = readBytes("t.py", []byte("import threading\nimport torch\nfn = torch.compile(net, mode=\"reduce-overhead\")\nclass Worker(threading.Thread):\n    def run(self):\n        fn(x)\nw = Worker(); w.start(); w.join()\nfn(x)\n"))
	require.NoError(t, err)
	require.True(t, s.Sites[0].Workload.ColdStart, "inferred %+v", s.Sites[0].Inferred)
}

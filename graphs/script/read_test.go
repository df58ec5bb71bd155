package script

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/graphs"
)

func TestSyntaxErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		want              SyntaxError
	}{
		{"tokenizer", "an unterminated string, as Python reports it", "import torch\nm = torch.compile(f, mode='reduce-overhead)\n",
			SyntaxError{File: "t.py", Line: 2, Col: 27, Msg: "unterminated string literal (detected at line 2)"}},
		{"never-closed", "an open call at the end of the file", "import torch\nm = torch.compile(\n    f,\n",
			SyntaxError{File: "t.py", Line: 2, Col: 18, Msg: "'(' was never closed"}},
		{"missing-colon", "a compound statement without ':'", "def f(x)\n    return x\n",
			SyntaxError{File: "t.py", Line: 1, Col: 9, Msg: "expected ':'"}},
		{"python2-print", "Python 2 print statement", "print 'hello'\n",
			SyntaxError{File: "t.py", Line: 1, Col: 7, Msg: "invalid syntax"}},
		{"keyword-as-name", "a keyword where a name is wanted", "x = class\n",
			SyntaxError{File: "t.py", Line: 1, Col: 5, Msg: "invalid syntax"}},
		{"unexpected-indent", "an indented first line", "  x = 1\n",
			SyntaxError{File: "t.py", Line: 1, Col: 1, Msg: "unexpected indent"}},
		{"no-block", "a def without a body", "def f():\nx = 1\n",
			SyntaxError{File: "t.py", Line: 2, Col: 1, Msg: "expected an indented block"}},
		{"try-alone", "try without except or finally", "try:\n    x\ny\n",
			SyntaxError{File: "t.py", Line: 3, Col: 1, Msg: "expected 'except' or 'finally' block"}},
		{"column-in-characters", "the column counts characters, not bytes", "s = 'é' + )\n",
			SyntaxError{File: "t.py", Line: 1, Col: 11, Msg: "unmatched ')'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := readBytes("t.py", []byte(tt.src))
			var got *SyntaxError
			if !errors.As(err, &got) {
				t.Fatalf("Read(%q) = %v, want a *SyntaxError (%s)", tt.src, err, tt.reason)
			}
			if diff := cmp.Diff(tt.want, *got); diff != "" {
				t.Errorf("Read(%q) error mismatch (-want +got) (%s):\n%s", tt.src, tt.reason, diff)
			}
		})
	}
}

func TestNesting(t *testing.T) {
	t.Parallel()
	var e *SyntaxError
	src := "x = " + strings.Repeat("not ", MaxNesting+1) + "y\n"
	if _, err := readBytes("t.py", []byte(src)); !errors.As(err, &e) || !strings.Contains(e.Msg, "too deeply nested") {
		t.Errorf("Read(%d nots) = %v, want too deeply nested", MaxNesting+1, err)
	}
	// A long chain is no nesting of the reader's: one every measured CPython compiles
	// is read; a 100000-long one, which every one refuses, is Python's RecursionError
	// (MaxChain, sweep4 finding 27).
	long := "x = a" + strings.Repeat(".b", MaxChain) + "\n"
	if _, err := readBytes("t.py", []byte(long)); err != nil {
		t.Errorf("Read(%d-long attribute chain) = %v, want nil", MaxChain, err)
	}
	long = "x = a" + strings.Repeat(".b", 100000) + "\n"
	if _, err := readBytes("t.py", []byte(long)); !errors.As(err, &e) || !strings.Contains(e.Msg, "RecursionError") {
		t.Errorf("Read(100000-long attribute chain) = %v, want RecursionError", err)
	}
}

// siteView is what TestSites compares for each site.
type siteView struct {
	Line        int
	Kind        Kind
	Mode        string // "<nil>" for nil
	ModeLiteral bool
	Binds       string
	Threads     graphs.Threads
	Set         []string
}

func view(s Site) siteView {
	m := "<nil>"
	if s.Mode != nil {
		m = *s.Mode
	}
	return siteView{s.Line, s.Kind, m, s.ModeLiteral, s.Binds, s.Threads, append(append([]string(nil), s.set...), s.patchSet...)}
}

func TestSites(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		want              []siteView
	}{
		{"no-site", "a file without torch.compile has no sites", "import re\np = re.compile('x')\n", nil},
		{"call", "torch.compile(f, mode=…)", "import torch\nm = torch.compile(f, mode='reduce-overhead')\n",
			[]siteView{{2, Call, "reduce-overhead", true, "m", "", nil}}},
		{"alias-module", "import torch as t", "import torch as t\nm = t.compile(f)\n",
			[]siteView{{2, Call, "<nil>", true, "m", "", nil}}},
		{"alias-from", "from torch import compile as c", "from torch import compile as c\nm = c(f, mode=None)\n",
			[]siteView{{2, Call, "<nil>", true, "m", "", nil}}},
		{"builtin-compile", "the builtin compile is not torch.compile", "import torch\ncode = compile('1', 'f', 'eval')\n", nil},
		{"method", "model.compile() in a file that imports torch", "import torch\nmodel.compile(mode='max-autotune')\n",
			[]siteView{{2, Method, "max-autotune", true, "model", "", nil}}},
		{"method-no-torch", "x.compile() in a file without torch is not a site", "model.compile(mode='max-autotune')\n", nil},
		{"method-splat", "model.compile(**kw) can be nn.Module.compile", "import torch\nmodel.compile(dynamic=True, **kw)\n",
			[]siteView{{2, Method, "<nil>", false, "model", "", nil}}},
		{"method-other-keyword", "a keyword torch.compile lacks makes .compile() another class's (unseen4 w22: open_clip's task.compile(target=…))", "import torch\ntask.compile(target='model', **kw)\n", nil},
		{"method-other-keywords", "a distillation teacher's compile(compile_model=…) (unseen4 w07)", "import torch\nself.teacher.compile(backend=b, mode=m, compile_model=True)\n", nil},
		{"method-positional", "a positional argument: torch.compile's parameters after model are keyword-only", "import torch\nkeras_model.compile('adam', loss='mse')\n", nil},
		{"decorator-bare", "@torch.compile", "import torch\n@torch.compile\ndef f(x):\n    return x\n",
			[]siteView{{2, Decorator, "<nil>", true, "f", "", nil}}},
		{"decorator-call", "@torch.compile(…)", "import torch\n@torch.compile(mode='default')\ndef f(x):\n    return x\n",
			[]siteView{{2, Decorator, "default", true, "f", "", nil}}},
		{"partial", "functools.partial(torch.compile, …)", "from functools import partial\nimport torch\ncc = partial(torch.compile, mode='reduce-overhead')\nm = cc(f)\n",
			[]siteView{{3, Partial, "reduce-overhead", true, "", "", nil}}},
		{"not-literal", "a mode in a variable, with its literal assignments as candidates", "import torch\nMODE = 'max-autotune'\nm = torch.compile(f, mode=MODE)\n",
			[]siteView{{3, Call, "<nil>", false, "m", "", nil}}},
		{"global-order", "a global after the site does not apply to it", "import torch\ntorch._inductor.config.max_autotune = True\nm = torch.compile(f)\ntorch._inductor.config.freezing = True\n",
			[]siteView{{3, Call, "<nil>", true, "m", "", []string{"max_autotune=True"}}}},
		{"global-in-main", "a site in main() sees module globals set before the call of main()", "import torch\ndef main():\n    return torch.compile(f)\ntorch._inductor.config.freezing = True\nmain()\ntorch._inductor.config.max_autotune = True\n",
			[]siteView{{3, Call, "<nil>", true, "", "", []string{"freezing=True"}}}},
		{"helper-global", "a global set in a helper called before the site", "import torch\ndef setup():\n    torch._inductor.config.triton.cudagraphs = False\ndef main():\n    setup()\n    return torch.compile(f)\nmain()\n",
			[]siteView{{6, Call, "<nil>", true, "", "", []string{"triton.cudagraphs=False"}}}},
		{"patch-scope", "config.patch applies inside the with block only", "import torch\nfrom torch._inductor import config\nwith config.patch(max_autotune=True):\n    a = torch.compile(f)\nb = torch.compile(g)\n",
			[]siteView{{4, Call, "<nil>", true, "a", "", []string{"max_autotune=True"}}, {5, Call, "<nil>", true, "b", "", nil}}},
		{"callers", "a thread pool calls the compiled model; main never calls it, so the pool replaces main (thread_pool, not threads)", "import torch\nfrom concurrent.futures import ThreadPoolExecutor\nm = torch.compile(f)\ndef work(x):\n    return m(x)\nwith ThreadPoolExecutor() as ex:\n    ex.map(work, [1, 2])\n",
			[]siteView{{3, Call, "<nil>", true, "m", "", nil}}},
		{"one-thread", "one thread compiles", "import torch, threading\ndef work():\n    torch.compile(f)(1)\nthreading.Thread(target=work).start()\n",
			[]siteView{{3, Call, "<nil>", true, "", graphs.OneThread, nil}}},
		{"per-thread", "threads started in a loop each compile", "import torch, threading\ndef work():\n    torch.compile(f)(1)\nfor i in range(4):\n    threading.Thread(target=work).start()\n",
			[]siteView{{3, Call, "<nil>", true, "", graphs.PerThread, nil}}},
		{"thread-subclass", "a threading.Thread subclass's run compiles", "import torch, threading\nclass W(threading.Thread):\n    def run(self):\n        torch.compile(f)(1)\nW().start()\n",
			[]siteView{{4, Call, "<nil>", true, "", graphs.OneThread, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("t.py", []byte(tt.src))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			var got []siteView
			for _, st := range s.Sites {
				got = append(got, view(st))
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Read(%q) sites mismatch (-want +got) (%s):\n%s", tt.src, tt.reason, diff)
			}
		})
	}
}

// TestEnv: a variable torch._inductor.config reads at import counts when set before
// that import (after `import torch` included: it does not import the config) and not
// after it; call-time readers and allocator variables count after it too; others do
// not enter the plan.
func TestEnv(t *testing.T) {
	t.Parallel()
	src := `import os
os.environ["TORCHINDUCTOR_MAX_AUTOTUNE"] = "1"
from os import environ
import torch
environ["TORCHINDUCTOR_FREEZING"] = "1"
m = torch.compile(f)
os.environ["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "0"
os.environ["TORCHINDUCTOR_CACHE_DIR"] = "/tmp/c"
os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "backend:cudaMallocAsync"
os.environ["LOCAL_RANK"] = "0"
n = torch.compile(g)
`
	s, err := readBytes("t.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, w := range s.Warnings {
		codes = append(codes, fmt.Sprintf("%s@%d", w.Code, w.Line))
	}
	if diff := cmp.Diff([]string{WarningEnvAfterImport + "@7"}, codes); diff != "" {
		t.Errorf("warnings mismatch (-want +got):\n%s", diff)
	}
	var reads []string
	for _, e := range s.Env {
		reads = append(reads, e.Name+":"+e.ReadAt)
	}
	wantReads := []string{"TORCHINDUCTOR_MAX_AUTOTUNE:" + ReadAtConfigImport, "TORCHINDUCTOR_FREEZING:" + ReadAtConfigImport,
		"TORCHINDUCTOR_FX_GRAPH_CACHE:" + ReadAtConfigImport, "TORCHINDUCTOR_CACHE_DIR:" + ReadAtCall,
		"PYTORCH_CUDA_ALLOC_CONF:" + ReadAtCUDAInit, "LOCAL_RANK:"}
	if diff := cmp.Diff(wantReads, reads); diff != "" {
		t.Errorf("read-at mismatch (-want +got):\n%s", diff)
	}
	sc, _ := s.Scenario(1, graphs.Scenario{})
	want := map[string]string{"TORCHINDUCTOR_MAX_AUTOTUNE": "1", "TORCHINDUCTOR_FREEZING": "1",
		"TORCHINDUCTOR_CACHE_DIR": "/tmp/c", "PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}
	if diff := cmp.Diff(want, sc.Env); diff != "" {
		t.Errorf("scenario env mismatch (-want +got):\n%s", diff)
	}
}

func TestModes(t *testing.T) {
	t.Parallel()
	every := []string{"default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs"}
	str := func(s string) *string { return &s }
	tests := []struct {
		name, reason string
		site         Site
		want         []*string
	}{
		{"literal", "a literal mode is the one mode", Site{Mode: str("max-autotune"), ModeLiteral: true}, []*string{str("max-autotune")}},
		{"none", "not given is None", Site{ModeLiteral: true}, []*string{nil}},
		{"candidates", "the candidates that are modes, None included", Site{ModeCandidates: []Candidate{{Line: 1, Value: str("train")}, {Line: 2, Value: str("reduce-overhead")}, {Line: 3}}}, []*string{str("reduce-overhead"), nil}},
		{"every", "no candidate that is a mode: every mode", Site{ModeCandidates: []Candidate{{Line: 1, Value: str("train")}}}, []*string{str("default"), str("reduce-overhead"), str("max-autotune"), str("max-autotune-no-cudagraphs")}},
		{"env", "a value the environment given to ReadWith has is planned, a mode or not", Site{ModeCandidates: []Candidate{{Line: 1, Value: str("train"), Env: "MODE"}}}, []*string{str("train")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, tt.site.Modes(every)); diff != "" {
				t.Errorf("Modes mismatch (-want +got) (%s):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	t.Parallel()
	mode, cliMode := "reduce-overhead", "max-autotune"
	yes := true
	script := graphs.Scenario{Mode: &mode, Set: []string{"a=1"}, Env: map[string]string{"X": "1", "Y": "1"},
		Workload: graphs.Workload{Threads: graphs.Callers, Callers: 4}}
	cli := graphs.Scenario{Torch: "2.14", Mode: &cliMode, Dynamic: &yes, Set: []string{"a=2"}, Env: map[string]string{"Y": "2"},
		Workload: graphs.Workload{Threads: graphs.MainThread, Devices: 2}}
	want := graphs.Scenario{Torch: "2.14", Mode: &cliMode, Dynamic: &yes, Set: []string{"a=1", "a=2"}, Env: map[string]string{"X": "1", "Y": "2"},
		Workload: graphs.Workload{Threads: graphs.MainThread, Devices: 2}}
	if diff := cmp.Diff(want, Merge(script, cli)); diff != "" {
		t.Errorf("Merge mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(script, Merge(script, graphs.Scenario{})); diff != "" {
		t.Errorf("Merge with an empty command line changed the script's scenario (-want +got):\n%s", diff)
	}
	if script.Set[0] != "a=1" || script.Env["Y"] != "1" {
		t.Errorf("Merge modified its argument: %+v", script)
	}
}

func TestEmptyJSON(t *testing.T) {
	t.Parallel()
	s, err := readBytes("empty.py", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"format":"compilemode-script/3","file":"empty.py","sites":[],"globals":[],"env":[],"threads":[],"warnings":[],"plans":[]}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("MarshalJSON mismatch (-want +got):\n%s", diff)
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"import torch\nm = torch.compile(f, mode='reduce-overhead')\n",
		`{"cells": [{"cell_type": "code", "source": ["%pip install x\n", "import torch\n", "m = torch.compile(f, mode='reduce-overhead')"]}, {"cell_type": "markdown", "source": "# t"}], "nbformat": 4}`,
		`{"cells": [{"cell_type": "code", "source": "%%time\nimport torch\nx = !ls\ntorch.compile?\nm = torch.compile(f)"}, {"cell_type": "code", "source": ["%%bash\n", "ls"]}], "nbformat": 4}`,
		`{"worksheets": [{"cells": [{"cell_type": "code", "input": ["import torch\n", "m = torch.compile(f)"]}]}], "nbformat": 3}`,
		"from torch._inductor import config as c\nwith c.patch({'a': 1}):\n  x = 1\n",
		"@torch.compile(mode=m)\nasync def f(*a, **k) -> int: ...\n",
		"match x:\n  case [1, *r] if r: pass\n",
		"f'{x!r:{y}}' rb'\\x'\n",
		"import torch, threading\nimport torch._inductor.config as c\nif hasattr(c, 'x'):\n    c.x = 1\nm = torch.compile(f, options={'a': 1, 'b': g}, **{'mode': M})\ndef w():\n    m(1).backward()\nthreading.Thread(target=w).start()\n",
		"import torch\nclass B:\n  mode = 'x'\nclass C(B, metaclass=M):\n  def __init__(self, cfg: C, mode=None, *a):\n    self.cfg = cfg\n    self.mode = mode\n  def run(s, f):\n    return torch.compile(f, mode=s.cfg.mode if s else s.mode)\nc = C(C(), 'y', *z)\nc.run(g)\n",
		"import torch\ndef f(m, mode=field(default='a')):\n  def g(mode):\n    return torch.compile(m, mode=mode, options=o)\n  o = {'a': 1, 'b': x}\n  (a, [b, *mode]) = 1, 2\n  return g(mode)\nf(n, 'b')\n",
		// Hostile forms of the day's features (hostile2): dicts inside themselves,
		// self-referential names, getters that call themselves, loops over their own
		// results, guards on the mode, **kwargs, env after import, version forms.
		"import torch\nd = d\nd = {'mode': 'max-autotune'}\nd['a'] = d\nd['b'] = d\nd.update(d)\nd.setdefault('c', d)\nd |= d\ne = {**d, 'x': d}\nd['e'] = e\ndel d['a']\nd.pop('b', d)\nm = torch.compile(f, options=d, mode=e['x']['mode'], **e)\n",
		"import torch\na = b\nb = a\ndef g():\n  return g()\ndef h():\n  if c:\n    return k()\n  return 'default'\ndef k():\n  return h()\nmode = g() or h() or a\nif mode is not None and mode != 'default' and mode not in ('x',):\n  m = torch.compile(f, mode=mode)\nelif mode == 'reduce-overhead':\n  m = torch.compile(f, mode=mode)\n",
		"import torch, threading, os\nx = [1, 2]\nx = [f(y) for y in x for x in [x for x in x]]\nfor i in x:\n  x = x + [i]\n  for j in range(len(x)):\n    threading.Thread(target=w, args=(f'cuda:{j}',)).start()\nos.environ['TORCHINDUCTOR_MAX_AUTOTUNE'] = '1'\nimport torch._dynamo\ndef w(**kw):\n  kw = kw\n  kw['mode'] = kw\n  kw.update(kw)\n  return torch.compile(f, **kw)\nw(**{'mode': 'max-autotune'})\n",
		"import torch\ntype T[X] = list[X]\nwith (open(a) as b, open(c) as d):\n  pass\ntry:\n  pass\nexcept* (A, B):\n  pass\nm = torch.compile(f, mode=f'{'reduce-overhead'}', options={'a': range(10**100), 'b': frozenset(i for i in range(3))})\n",
		// sweep9's forms: targets that bind, a lambda factory, a rebinding on the way,
		// a big options display with a repeated key, a layout note.
		"import torch\ncomp = lambda m: torch.compile(m, mode='reduce-overhead')\nm = comp(n)\nlambda_x = comp\nwith torch.no_grad():\n  for i in range(3):\n    with c:\n      a, (b, *d) = m(x)\n    if a:\n      [a, b] = m(x)\n    else:\n      del a\n    e: int = (a := m(x))\n    print(a, b)\n",
		"import torch\nm = torch.compile(f, options={'a': 1, 'b': g(), 'a': 2, **{'a': 3}}, backend=args.backend)\np.add_argument('--backend', choices=['inductor', None])\n",
		// sweep9 #4: compiled modules held by an object, called through it from handlers.
		// sweep9 #2/#7: argparse flags as compile arguments.
		"import argparse, torch\np = argparse.ArgumentParser()\np.set_defaults(d=None, e=x)\np.add_argument('--d', action='store_true', default=y)\np.add_argument('--no-d', dest='d', action='store_false')\np.add_argument('--e', action=argparse.BooleanOptionalAction)\np.add_argument('--e', dest='e', action=f)\nargs = p.parse_args()\nm = torch.compile(f, dynamic=args.d, options={'a': args.e}, backend=args.e)\n",
		// sweep9 #7: dataclass constructions replacing field defaults.
		"import torch\nfrom dataclasses import dataclass\n@dataclass\nclass A:\n  m: str = 'x'\n  b: bool = False\n@dataclass\nclass B(A, B):\n  m: str = A\nclass C(B):\n  def __init__(s): pass\nx = B('y', *z, b=1)\ny = A(**k)\ncli(A, (B, C))\nc = C(m=1)\nm = torch.compile(f, mode=x.m, backend=y.m, dynamic=c.b)\n",
		// sweep9 #3: names scoped per def (global, nonlocal, a plain local of a compiled name).
		"import torch, threading\nm = None\ndef a():\n  global m, n\n  m = torch.compile(f)\n  def b():\n    nonlocal m\n    global\n    m = 1\ndef c():\n  m = g\n  threading.Thread(target=lambda: m(1), args=(m,)).start()\n  return m\nx, y = c()\na()\n",
		"import torch, gradio as gr\npipe.unet = torch.compile(pipe.unet, mode='reduce-overhead')\npipe.unet = torch.compile(pipe.unet)\nself.a.b.c = torch.compile(self.a.b.c)\npipe.vae.decode = pipe.unet\npipe.te.compile()\npipe.pipe = pipe\ndef g(p):\n  return pipe(p).images, self.pipe.generate(p), pipe.forward.forward(p)\ngr.Interface(fn=g).launch()\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := readBytes("f.py", src)
		if err != nil {
			var e *SyntaxError
			if !errors.As(err, &e) || e.Line < 1 || e.Col < 1 {
				t.Fatalf("Read error %v is not a *SyntaxError with a position", err)
			}
			return
		}
		if _, err := s.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
		s.Scenarios(graphs.Scenario{})
		p, err := s.PlanWith(PlanOptions{MaxPlans: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := p.WriteText(io.Discard, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := p.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
	})
}

// TestWalkOrder checks that walk's recursion and its explicit stack, used past
// maxWalkDepth, visit the same expressions in the same order.
func TestWalkOrder(t *testing.T) {
	t.Parallel()
	src := "x = f(a[g(1)], *h(b.c[i]), k=[m(n) for n in o(p)])" + strings.Repeat(".d(e(q[r]), s)[t(u)]", 3000) + " + v(w)\n"
	_, _, stmts, err := parseSource("t.py", src)
	if err != nil {
		t.Fatal(err)
	}
	r := newReader("t.py", src, nil)
	var rec, stack []*expr
	r.walk(stmts[0].value, func(e *expr) { rec = append(rec, e) })
	r.walkStack(stmts[0].value, func(e *expr) { stack = append(stack, e) })
	if len(rec) != len(stack) || len(rec) < 4*3000 {
		t.Fatalf("walk visited %d expressions, walkStack %d", len(rec), len(stack))
	}
	for i := range rec {
		if rec[i] != stack[i] {
			t.Fatalf("visit %d: walk at offset %d, walkStack at offset %d", i, rec[i].start, stack[i].start)
		}
	}
}

// TestLiteralFastPath checks that the literals read without literal.Parse read
// as it reads them.
func TestLiteralFastPath(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"None", "True", "False", "'abc'", `"max-autotune"`, "''", `"é 1"`, `'a"b'`} {
		_, _, stmts, err := parseSource("t.py", "x = "+src+"\n")
		if err != nil {
			t.Fatal(err)
		}
		r := newReader("t.py", "x = "+src+"\n", nil)
		got, ok := r.literal(stmts[0].value)
		want, err := literal.Parse(src)
		if !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("literal(%s) = %v, %v; ParseLiteral = %v, %v", src, got, ok, want, err)
		}
	}
}

// TestConditionalModeCandidates: a mode assigned from a conditional expression gives
// the literals of both branches as candidates.
func TestConditionalModeCandidates(t *testing.T) {
	t.Parallel()
	src := "import os, torch\nMODE = \"max-autotune\" if os.environ.get(\"FAST\") else \"reduce-overhead\"\nm = torch.compile(model, mode=MODE)\n"
	s, err := readBytes("c.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range s.Sites[0].Modes([]string{"default", "reduce-overhead", "max-autotune"}) {
		got = append(got, *m)
	}
	if diff := cmp.Diff([]string{"max-autotune", "reduce-overhead"}, got); diff != "" {
		t.Errorf("candidate modes mismatch (-want +got):\n%s", diff)
	}
}

// TestNoChoice checks that the expressions noChoice skips give no choice items when
// they are parsed as literals, and that it skips the number displays it is for (the
// parser keeps no node for a display's number and string items, so only the text tells).
func TestNoChoice(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src  string
		skip bool
	}{
		{"4", true},
		{"...", true},
		{"(4, 5)", true},
		{"[1, 2.5, (3, 4), {1: 2}, [5]]", true},
		{"[1, {'k': 'v'}]", false},
		{"[1, 2, 3, 'abc', {'k': (4, 5)}]", false},
		{"('a', 1)", false},
		{"[None, 1]", false},
		{"[-1, 2]", true},
		{"[x for x in y]", true},
		{"{1, 2}", true},
		{"[*a, 1]", true},
		{"[Nonet, 1]", false},
		{"[b'x']", false},
		{"'abc'", false},
		{"None", false},
	}
	for _, tc := range cases {
		src := "f(" + tc.src + ")\n" // a call is kept whatever its argument is
		_, _, stmts, err := parseSource("t.py", src)
		require.NoError(t, err)
		require.Len(t, stmts, 1, tc.src)
		require.Len(t, stmts[0].value.args, 1, tc.src)
		e := stmts[0].value.args[0].value
		r := newReader("t.py", src, nil)
		require.Equal(t, tc.skip, r.noChoice(e), tc.src)
		if tc.skip {
			v, ok := r.literal(e)
			if ok && (v.Kind() == literal.ListKind || v.Kind() == literal.TupleKind) {
				for _, it := range v.Items() {
					_, isStr := it.AsStr()
					require.False(t, isStr || it.Kind() == literal.NoneKind, "%s gives a choice", tc.src)
				}
			}
		}
	}
}

// TestDictValueNotList: a list display whose last item is a dict is not a dict (it
// was taken for a lambda's body, so **NAME of such a list was read from that dict, and
// 15 MiB of such lines bound each name to one); a lambda's body still is.
func TestDictValueNotList(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src  string
		dict bool
	}{
		{`{"mode": "max-autotune"}`, true},
		{`lambda: {"mode": "max-autotune"}`, true},
		{`field(default_factory=lambda: {"mode": "max-autotune"})`, true},
		{`[1, {"mode": "max-autotune"}]`, false},
		{`[{"mode": "max-autotune"}]`, false},
		{`x or {"mode": "max-autotune"}`, false},
	}
	for _, tc := range cases {
		src := "f(" + tc.src + ")\n"
		_, _, stmts, err := parseSource("t.py", src)
		require.NoError(t, err)
		require.Len(t, stmts, 1, tc.src)
		require.Equal(t, tc.dict, dictValue(stmts[0].value.args[0].value) != nil, tc.src)
	}
}

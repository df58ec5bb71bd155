package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompileValueFollowed: torch.compile kept as a value in a form the reader can
// follow statically, then called, is a site (hostile21 S7: sm.py, dictc.py, wrap.py
// and forms.py's import_module gave "no torch.compile site found", exit 0, where
// PyTorch raises for the mode).
func TestCompileValueFollowed(t *testing.T) {
	t.Parallel()
	const m = "m = torch.nn.Linear(8, 8).cuda()\n"
	cases := []struct {
		name, reason, src string
		call              string // the site's call text
	}{
		{"dict-constant-key", "dictc.py", "COMPILERS = {\"fast\": torch.compile}\n" + m + "c = COMPILERS[\"fast\"](m, mode=\"nonsense\")\n", `COMPILERS["fast"](m, mode="nonsense")`},
		{"dict-last-key-wins", "a key written twice: the last value", "C = {\"a\": print, \"a\": torch.compile}\n" + m + "c = C[\"a\"](m, mode=\"nonsense\")\n", `C["a"](m, mode="nonsense")`},
		{"dict-get", "D.get(constant key)", "C = {\"fast\": torch.compile}\n" + m + "c = C.get(\"fast\")(m, mode=\"nonsense\")\n", `C.get("fast")(m, mode="nonsense")`},
		{"dict-call", "dict(fast=torch.compile)", "C = dict(fast=torch.compile)\n" + m + "c = C[\"fast\"](m, mode=\"nonsense\")\n", `C["fast"](m, mode="nonsense")`},
		{"staticmethod", "sm.py", "class Wrap:\n    compiled = staticmethod(torch.compile)\n" + m + "c5 = Wrap.compiled(m, mode=\"nonsense\")\n", `Wrap.compiled(m, mode="nonsense")`},
		{"class-attr-plain", "a plain class attribute called through the class", "class Wrap:\n    compiled = torch.compile\n" + m + "c5 = Wrap.compiled(m, mode=\"nonsense\")\n", `Wrap.compiled(m, mode="nonsense")`},
		{"default-arg", "wrap.py: a default no call replaces", "def maybe(fn=torch.compile, **kw):\n    return lambda m: fn(m, **kw)\n" + m + "model = maybe(mode=\"reduce_overhead\")(m)\n", "fn(m, **kw)"},
		{"default-arg-direct", "the default called in the def's own body", "def build(m, fn=torch.compile):\n    return fn(m, mode=\"nonsense\")\n" + m + "build(m)\n", `fn(m, mode="nonsense")`},
		{"import-module", "forms.py: importlib.import_module(\"torch\").compile", "import importlib\n" + m + "c4 = importlib.import_module(\"torch\").compile(m, mode=\"nonsense\")\n", `importlib.import_module("torch").compile(m, mode="nonsense")`},
		{"import-module-name", "a name assigned importlib.import_module(\"torch\")", "import importlib\ntm = importlib.import_module(\"torch\")\n" + m + "c4 = tm.compile(m, mode=\"nonsense\")\n", `tm.compile(m, mode="nonsense")`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			var calls []string
			for _, st := range s.Sites {
				calls = append(calls, st.Call)
			}
			if len(calls) != 1 || calls[0] != tc.call {
				t.Errorf("%s: sites %q, want [%q]", tc.reason, calls, tc.call)
			}
			if hasWarning(s, WarningCompileValue, "") {
				t.Errorf("%s: a followed value is warned of: %v", tc.reason, s.Warnings)
			}
		})
	}
}

// TestCompileValueUnfollowed: torch.compile used as a value the reader cannot
// follow to its call is warned of with its line (never a silent "no torch.compile
// site found"); the forms it follows, and a default replaced by every call, are not.
func TestCompileValueUnfollowed(t *testing.T) {
	t.Parallel()
	const m = "m = torch.nn.Linear(8, 8).cuda()\n"
	cases := []struct {
		name, reason, src string
		line              int // the warned line; 0: no warning
	}{
		{"list", "kept in a list, indexed by a variable", "i = 0\ncompilers = [torch.compile]\n" + m + "c = compilers[i](m, mode=\"nonsense\")\n", 3},
		{"dict-variable-key", "a dict read by a key the file does not write", "import sys\nC = {\"fast\": torch.compile}\n" + m + "c = C[sys.argv[1]](m)\n", 3},
		{"passed", "passed to a function the reader does not follow", "import accelerate_helpers\n" + m + "accelerate_helpers.apply(torch.compile, m)\n", 4},
		{"instance-staticmethod", "a staticmethod called through an instance", "class W:\n    c = staticmethod(torch.compile)\n" + m + "W().c(m, mode=\"nonsense\")\n", 3},
		{"returned", "returned from a def", "def get():\n    return torch.compile\n" + m + "get()(m)\n", 3},
		{"getattr-value", "getattr(torch, \"compile\") passed on", "import helpers\nhelpers.run(getattr(torch, \"compile\"), m)\n", 3},
		{"alias-name", "name = torch.compile is followed (its calls are sites)", "tc = torch.compile\n" + m + "c = tc(m)\n", 0},
		{"partial", "functools.partial(torch.compile, …) is followed", "import functools\n" + m + "c = functools.partial(torch.compile, mode=\"max-autotune\")(m)\n", 0},
		{"decorator", "a bare @torch.compile", "@torch.compile\ndef f(x):\n    return x\nf(1)\n", 0},
		{"cond-alias", "name = torch.compile if c else …", "import sys\ncomp = torch.compile if sys.argv else (lambda m, **k: m)\n" + m + "c = comp(m)\n", 0},
		{"if-getattr", "a test of torch.compile's presence calls nothing", "if getattr(torch, \"compile\", None):\n    pass\nelif getattr(torch, \"compile\", None) is not None and x:\n    pass\n", 0},
		{"compare", "a comparison", "fn = print\nif fn is torch.compile or not torch.compile:\n    pass\ny = 1 if getattr(torch, \"compile\", None) else 2\n", 0},
		{"or-value", "a value from or, then called: not followed", "import sys\nfn = sys.modules.get(\"x\") or torch.compile\n" + m + "fn(m)\n", 3},
		{"inspected", "callable, inspect.signature, functools.wraps look without calling", "import inspect, functools\nassert callable(torch.compile)\nsig = inspect.signature(torch.compile)\n@functools.wraps(torch.compile)\ndef wrapped(m, **kw):\n    return torch.compile(m, **kw)\n", 0},
		{"default-replaced", "a default every call replaces: fn is the argument", "def build(m, fn=torch.compile):\n    return fn(m)\n" + m + "build(m, fn=print)\n", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			var lines []int
			for _, w := range s.Warnings {
				if w.Code == WarningCompileValue {
					lines = append(lines, w.Line)
					if !strings.Contains(w.Message, "torch.compile is used as a value here") {
						t.Errorf("%s: wording: %s", tc.reason, w.Message)
					}
				}
			}
			switch {
			case tc.line == 0 && len(lines) > 0:
				t.Errorf("%s: warned at %v, want no compile-value warning", tc.reason, lines)
			case tc.line != 0 && (len(lines) != 1 || lines[0] != tc.line):
				t.Errorf("%s: warned at %v, want line %d: %v", tc.reason, lines, tc.line, s.Warnings)
			}
		})
	}
}

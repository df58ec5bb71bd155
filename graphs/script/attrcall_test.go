package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestModuleDefNotCalledByAttribute: obj.f(…) does not call the module-level def f, so
// a def the file calls only so is still one no code in this file calls (unseen4 w13,
// w14: litgpt's setup(), reached by litgpt's CLI, next to fabric.setup(model) and
// data.setup(); typer.run(main) beside a def run); a bare call, a thread's target or a
// method called through self keep it called (attrcall.go).
func TestModuleDefNotCalledByAttribute(t *testing.T) {
	t.Parallel()
	const uncalled = "which no code in this file calls"
	cases := []struct {
		name, src string
		uncalled  bool
	}{
		{"attribute call only", "import torch\ndef setup(model):\n    m = torch.compile(model)\n    m = fabric.setup(m)\n", true},
		{"model.train()", "import torch\ndef train(model):\n    m = torch.compile(model)\n    model.train()\n", true},
		{"bare call", "import torch\ndef setup(model):\n    m = torch.compile(model)\nfabric.setup(1)\nsetup(net)\n", false},
		{"thread target", "import threading, torch\ndef run(model):\n    m = torch.compile(model)\nthreading.Thread(target=run, args=(net,)).start()\n", false},
		// build runs where go calls it: under go's guard, go being called by no code
		{"method through self", "import torch\nclass T:\n    def build(self, model):\n        self.m = torch.compile(model)\n    def go(self):\n        self.build(net)\n", false},
	}
	for _, tc := range cases {
		s, err := readBytes("a.py", []byte(tc.src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1, tc.name)
		own := "in def " + s.Sites[0].Function + " ("
		if got := strings.Contains(s.Sites[0].Guard, own) && strings.Contains(s.Sites[0].Guard, uncalled); got != tc.uncalled {
			t.Errorf("%s: guard %q, want uncalled %v", tc.name, s.Sites[0].Guard, tc.uncalled)
		}
	}
}

// TestParamOpenWhenCalledByAttributeOnly: a parameter of a module-level def that the
// file calls only as obj.f(…) may be given anything by its callers elsewhere, so a mode
// it gives names them (openParam, attrcall.go), as for a def no code calls.
func TestParamOpenWhenCalledByAttributeOnly(t *testing.T) {
	t.Parallel()
	const def = "import torch\ndef train(model, mode=\"max-autotune\"):\n    m = torch.compile(model, mode=mode)\n"
	cases := []struct {
		name, src string
		open      bool
	}{
		{"attribute call only", def + "net.train()\n", true},
		{"bare call", def + "train(net)\n", false},
	}
	for _, tc := range cases {
		s, err := readBytes("p.py", []byte(tc.src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1, tc.name)
		open := false
		for _, n := range s.Sites[0].Notes {
			open = open || strings.Contains(n, "what a caller passes")
		}
		if open != tc.open {
			t.Errorf("%s: caller note %v, want %v: %q", tc.name, open, tc.open, s.Sites[0].Notes)
		}
	}
}

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestScriptHostile21: hostile21's -script wrong answers, as the command prints them.
// S1: CUDA used only in the target a Process runs gave a false fork-after-cuda;
// S2: get_context("spawn").Process was no process start, a ProcessPoolExecutor was
// named multiprocessing.Process; S7: torch.compile kept in a dict, a staticmethod or
// a default argument, then called with a mode PyTorch refuses, gave "no torch.compile
// site found" and exit 0.
func TestScriptHostile21(t *testing.T) {
	t.Parallel()
	const mp8 = "import multiprocessing\nimport torch\ndef work(rank):\n    torch.cuda.set_device(rank)\n    x = torch.randn(8, device=\"cuda\")\nif __name__ == \"__main__\":\n    procs = [multiprocessing.Process(target=work, args=(r,)) for r in range(2)]\n    for p in procs:\n        p.start()\n"
	tests := []struct {
		name, src string
		code      int
		has, not  string
	}{
		{"S1 mp8", mp8, 0, "line 7: multiprocessing.Process", "fork-after-cuda"},
		{"S1 parent cuda", strings.Replace(mp8, "if __name__ == \"__main__\":\n", "if __name__ == \"__main__\":\n    torch.zeros(1).cuda()\n", 1), 0, "as work does (line 4)", "compiled function"},
		{"S2 spawn context", "import multiprocessing\nimport torch\ndef work(rank):\n    pass\nx = torch.zeros(1, device=\"cuda\")\nctx = multiprocessing.get_context(\"spawn\")\np = ctx.Process(target=work, args=(0,))\n", 0, "line 7: ctx.Process", "fork-after-cuda"},
		{"S2 executor", "import torch\nfrom concurrent.futures import ProcessPoolExecutor\nex = ProcessPoolExecutor(4)\n", 0, "line 3: ProcessPoolExecutor", "multiprocessing.Process"},
		{"S7 dict", "import torch\nCOMPILERS = {\"fast\": torch.compile}\nm = torch.nn.Linear(8, 8).cuda()\nc = COMPILERS[\"fast\"](m, mode=\"nonsense\")\n", 1, "Unrecognized mode=nonsense", "no torch.compile site found"},
		{"S7 staticmethod", "import torch\nclass Wrap:\n    compiled = staticmethod(torch.compile)\nm = torch.nn.Linear(8, 8).cuda()\nc5 = Wrap.compiled(m, mode=\"nonsense\")\n", 1, "Unrecognized mode=nonsense", "no torch.compile site found"},
		{"S7 default", "import torch\ndef build(m, fn=torch.compile):\n    return fn(m, mode=\"nonsense\")\nbuild(torch.nn.Linear(8, 8).cuda())\n", 1, "Unrecognized mode=nonsense", "no torch.compile site found"},
		{"S7 import_module", "import importlib\nimport torch\nm = torch.nn.Linear(8, 8).cuda()\nc = importlib.import_module(\"torch\").compile(m, mode=\"nonsense\")\n", 1, "Unrecognized mode=nonsense", "no torch.compile site found"},
		{"S7 unfollowed", "import torch, helpers\nhelpers.apply(torch.compile, torch.nn.Linear(8, 8))\n", 0, "[compile-value] line 2", "[compile-in-text]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var sout, serr bytes.Buffer
			code := runIn([]string{"-no-env", "-script", "-"}, strings.NewReader(tt.src), &sout, &serr, func() []string { return nil })
			out := strings.Join(strings.Fields(sout.String()), " ")
			if code != tt.code || !strings.Contains(out, tt.has) || strings.Contains(out, tt.not) {
				t.Errorf("exit %d (want %d), want %q and not %q in:\n%s\nstderr: %s", code, tt.code, tt.has, tt.not, sout.String(), serr.String())
			}
		})
	}
}

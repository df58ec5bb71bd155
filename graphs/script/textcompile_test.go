package script

import (
	"strings"
	"testing"
)

// TestCompileInText: a torch.compile call inside an f-string's replacement field, or
// inside the text eval or exec runs, is no site the reader parses, and a warning says
// so, never a silent "no torch.compile site found" (sweep9 #17); the words
// torch.compile in an f-string's literal part, or in a string no one runs, are none.
func TestCompileInText(t *testing.T) {
	t.Parallel()
	const imp = "import torch\nmodel = torch.nn.Linear(8, 8).cuda()\n"
	for _, tt := range []struct {
		name, src string
		warns     []int // the lines warned of
		sites     int
	}{
		{"f-string", imp + "print(f\"{torch.compile(model, mode='reduce-overhead')}\")\n", []int{3}, 0},
		{"f-string with a conversion, and a site", imp + "s = f\"c: {torch.compile(model)!r}\"\nm = torch.compile(model, mode='max-autotune')\n", []int{3}, 1},
		{"F prefix, spaced chain", imp + "s = F'{torch . compile (model)}'\n", []int{3}, 0},
		{"rf prefix", imp + "s = rf'{torch.compile(model)}'\n", []int{3}, 0},
		{"triple-quoted over lines", imp + "s = f\"\"\"{torch.compile(\n    model, mode='max-autotune')}\"\"\"\n", []int{3}, 0},
		{"an alias", "import torch as tc\nm = 1\ns = f'{tc.compile(m)}'\n", []int{3}, 0},
		{"from import", "from torch import compile as comp\nm = 1\ns = f'{comp(m)}'\n", []int{3}, 0},
		{"torch.compiler.compile", imp + "s = f'{torch.compiler.compile(model)}'\n", []int{3}, 0},
		{"eval", imp + "opt = eval(\"torch.compile(model, mode='reduce-overhead')\")\n", []int{3}, 0},
		{"exec of an f-string", imp + "exec(f\"opt = torch.compile(model, mode='{m}')\")\n", []int{3}, 0},
		{"nested field", imp + "s = f'{len(str(torch.compile(model)))}'\n", []int{3}, 0},
		{"literal part", imp + "print(f\"use torch.compile(model) here: {model}\")\n", nil, 0},
		{"escaped braces", imp + "print(f\"{{torch.compile(model)}}\")\n", nil, 0},
		{"string in a field", imp + "print(f\"{'torch.compile(model)'}\")\n", nil, 0},
		{"plain string", imp + "s = \"torch.compile(model)\"\n", nil, 0},
		{"obj.eval", imp + "model.eval(\"torch.compile(model)\")\n", nil, 0},
		{"not torch", "import mylib as torch2\ns = f'{torch2.compile(1)}'\n", nil, 0},
	} {
		s, err := ReadNamed("t.py", strings.NewReader(tt.src))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var lines []int
		for _, w := range s.Warnings {
			if w.Code == WarningCompileInText {
				lines = append(lines, w.Line)
			}
		}
		if len(lines) != len(tt.warns) || len(tt.warns) > 0 && lines[0] != tt.warns[0] || len(s.Sites) != tt.sites {
			t.Errorf("%s: warned of lines %v, %d sites; want %v, %d (warnings %+v)", tt.name, lines, len(s.Sites), tt.warns, tt.sites, s.Warnings)
		}
	}
}

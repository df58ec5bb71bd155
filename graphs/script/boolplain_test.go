package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPlainLabelBoolTest: a compile argument that is a boolean test (disable=not
// use_compile, dynamic=x == "on") has both values planned; only the one a run given
// nothing gives it may carry "a run given nothing" on its plan's head, and none when
// that is not decided (unseen8 w10: disable=not use_compile, use_compile a tyro
// parameter defaulting to True, labelled both disable=True and disable=False).
func TestPlainLabelBoolTest(t *testing.T) {
	t.Parallel()
	const mode = "compile_mode: str = \"max-autotune-no-cudagraphs\""
	cases := []struct {
		name, src string
		labelled  []string // the args part of the labelled heads
	}{
		{"not a parameter defaulting to True",
			"import torch\nimport tyro\ndef main(use_compile: bool = True, " + mode + "):\n    m = torch.compile(net.cuda(), mode=compile_mode, disable=not use_compile)\nif __name__ == \"__main__\":\n    tyro.cli(main)\n",
			[]string{"disable=False"}},
		{"a parameter defaulting to False, not negated",
			"import torch\nimport fire\ndef main(off: bool = False, " + mode + "):\n    m = torch.compile(net.cuda(), mode=compile_mode, disable=off == True)\nif __name__ == \"__main__\":\n    fire.Fire(main)\n",
			nil},
		{"double negation",
			"import torch\nimport fire\ndef main(off: bool = False, " + mode + "):\n    m = torch.compile(net.cuda(), mode=compile_mode, disable=not not off)\nif __name__ == \"__main__\":\n    fire.Fire(main)\n",
			[]string{"disable=False"}},
		{"a config's attribute, not decided",
			"import torch\nimport tyro\ndef main(" + mode + "):\n    m = torch.compile(net.cuda(), mode=compile_mode, disable=not cfg.use_compile)\nif __name__ == \"__main__\":\n    tyro.cli(main)\n",
			nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, text := planText(t, tc.src)
			var got []string
			for _, ln := range strings.Split(text, "\n") {
				if !strings.HasPrefix(ln, "  -- if ") || !strings.Contains(ln, "a run given nothing") {
					continue
				}
				_, rest, _ := strings.Cut(ln, " and ")
				arg, _, _ := strings.Cut(rest, " (line")
				got = append(got, arg)
			}
			require.Equal(t, tc.labelled, got, "%s", text)
		})
	}
}

// TestLiteralParamClosed: a parameter of a def the command line runs (typer.run,
// tyro.cli) annotated Literal[…] takes only its members: the mode is not said to be
// open to "what a caller passes" (unseen8 w10's compile_mode: Literal["default",
// "max-autotune-no-cudagraphs"]); one without the annotation still is.
func TestLiteralParamClosed(t *testing.T) {
	t.Parallel()
	const tail = "):\n    m = torch.compile(net.cuda(), mode=compile_mode)\nif __name__ == \"__main__\":\n    tyro.cli(main)\n"
	cases := []struct {
		name, src string
		open      bool
	}{
		{"literal", "from typing import Literal\nimport torch\nimport tyro\ndef main(compile_mode: Literal[\"default\", \"max-autotune\"] = \"default\"" + tail, false},
		{"typer literal", "from typing import Literal\nimport torch\nimport typer\ndef main(compile_mode: Literal[\"default\", \"max-autotune\"] = \"default\"):\n    m = torch.compile(net.cuda(), mode=compile_mode)\ntyper.run(main)\n", false},
		{"str", "import torch\nimport tyro\ndef main(compile_mode: str = \"default\"" + tail, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, nil)
			open := strings.Contains(strings.Join(st.Notes, "\n"), "what a caller passes for `compile_mode`")
			require.Equal(t, tc.open, open, "%v", st.Notes)
		})
	}
}

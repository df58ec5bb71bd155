package diagnose

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBareSkipTie: the count-less "skipping cudagraphs due to mutated inputs" is the
// legacy implementation's line and the trees' line quoted without its count; the code
// follows what the text shows (cudagraph_trees=False, a stated release: settleByRelease),
// never what follows the words on their line (ga_zh_ddp_fix_notes_mutated_inputs: a backtick span
// closing the line had read as legacy-mutated-input, the same span mid-line as
// skip-mutated-inputs).
func TestBareSkipTie(t *testing.T) {
	t.Parallel()
	const off = "torch._inductor.config.triton.cudagraph_trees = False\n"
	for _, tc := range []struct {
		name, text string
		want       []Code
	}{
		{"backticks end the line", "2. **cudagraphs警告**: `skipping cudagraphs due to mutated inputs`", []Code{SkipMutatedInputs}},
		{"backticks mid-line", "（`skipping cudagraphs due to mutated inputs`）。TPU 侧", []Code{SkipMutatedInputs}},
		{"bare line", "skipping cudagraphs due to mutated inputs", []Code{SkipMutatedInputs}},
		{"quotes, more words", `I keep getting "skipping cudagraphs due to mutated inputs" every step`, []Code{SkipMutatedInputs}},
		{"reduce-overhead shown", "model = torch.compile(model, mode=\"reduce-overhead\")\n`skipping cudagraphs due to mutated inputs`", []Code{SkipMutatedInputs}},
		{"counted", "skipping cudagraphs due to mutated inputs (2 instances)", []Code{SkipMutatedInputs}},
		{"trees off, bare line", off + "skipping cudagraphs due to mutated inputs", []Code{LegacyMutatedInput}},
		{"trees off, backticks end the line", off + "I get `skipping cudagraphs due to mutated inputs`", []Code{LegacyMutatedInput}},
		{"trees off, backticks mid-line", off + "I get `skipping cudagraphs due to mutated inputs` on every call", []Code{LegacyMutatedInput}},
		{"trees off in options", "torch.compile(m, options={\"triton.cudagraph_trees\": False})\nskipping cudagraphs due to mutated inputs", []Code{LegacyMutatedInput}},
		{"trees off, counted", off + "skipping cudagraphs due to mutated inputs (2 instances)", []Code{SkipMutatedInputs}},
		{"2.3 stated, bare line", "torch==2.3.1\nskipping cudagraphs due to mutated inputs", []Code{LegacyMutatedInput}},
		{"2.3 stated, backticks", "PyTorch version: 2.3.0\nI get `skipping cudagraphs due to mutated inputs` on every call", []Code{LegacyMutatedInput}},
		{"2.5 stated, bare line", "torch==2.5.1\nskipping cudagraphs due to mutated inputs", []Code{SkipMutatedInputs}},
		{"2.5 stated, trees off", "torch==2.5.1\n" + off + "skipping cudagraphs due to mutated inputs", []Code{LegacyMutatedInput}},
		{"2.3 wording, 2.3 stated", "torch==2.3.1\nskipping cudagraphs due to mutation on input. Found from :", []Code{SkipMutatedInputs}},
		{"logged by glog", "W0301 10:11:12.000000 1234 torch/_inductor/cudagraph_utils.py:200] [0/0] skipping cudagraphs due to mutated inputs", []Code{LegacyMutatedInput}},
		{"logged by logging", "[2024-05-01 10:00:00,123] torch._inductor.cudagraph_utils: [WARNING] skipping cudagraphs due to mutated inputs", []Code{LegacyMutatedInput}},
		{"logged, quoted in prose", "the log says `W0301 10:11:12.000000 1234 cudagraph_utils.py:200] skipping cudagraphs due to mutated inputs (2 instances)`", []Code{SkipMutatedInputs}},
		{"table cell", "| decode | skipping cudagraphs due to mutated inputs | 3 |", []Code{SkipMutatedInputs}},
		{"2.0 wording", "skipping cudagraphs due to input mutation", []Code{LegacyMutatedInput}},
		{"2.1 wording, 2.1 stated", "torch 2.1.0\nskipping cudagraphs due to input mutation", []Code{SkipMutatedInputs}},
		{"listed, trees off", off + "skipping cudagraphs due to ['mutated inputs']", []Code{LegacyMutatedInput}},
		{"listed", "skipping cudagraphs due to ['mutated inputs']", []Code{SkipMutatedInputs}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if d := cmp.Diff(tc.want, readCodes(t, tc.text)); d != "" {
				t.Errorf("%q (-want +got):\n%s", tc.text, d)
			}
		})
	}
}

// readCodes returns the codes of Read's findings on text, a newline added, in order.
func readCodes(t *testing.T, text string) []Code {
	t.Helper()
	r, err := Read(strings.NewReader(text + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []Code
	for _, f := range r.Findings {
		got = append(got, f.Code)
	}
	return got
}

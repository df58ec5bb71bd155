package diagnose

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLiteralWordEdges walks every row that finds a message of formSamples (every
// wording row: TestFormSamplesCoverRows) and glues letters to its literal's edges
// where the sample has the literal at a word's edge: "due to incompatible op" becomes
// "due to incompatible opxq". The row must then not find the sample, unless its literal
// is a declared stem (wordStems). A paraphrase row with a Pattern is left out: its
// literal is a piece for the prefilter and other words of the line can match its
// pattern (wordEdges). It fails on a literal, or a pattern around one, that
// matches inside a longer word.
func TestLiteralWordEdges(t *testing.T) {
	t.Parallel()
	tbl, err := compiledTable()
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for j, s := range formSamples {
		for _, i := range sampleRows(t, s.before+"\n"+s.msg+"\n") {
			row := &tbl.rows[i]
			if row.Paraphrase && row.Pattern != "" {
				continue // its literal is a piece for the prefilter; its pattern decides (wordEdges)
			}
			for _, msg := range gluedSamples(s.msg, string(row.literal)) {
				tried++
				found := slices.Contains(sampleRows(t, s.before+"\n"+msg+"\n"), i)
				if stem := wordStems[string(row.literal)] != ""; found != stem {
					t.Errorf("sample %d: row %d (%s, literal %q, pattern %v) finds %q: %v, want %v", j, i, row.Code, row.literal, row.Pattern != "", msg, found, stem)
				}
			}
		}
	}
	if tried < 100 {
		t.Errorf("only %d glued samples tried", tried)
	}
}

// gluedSamples returns msg with "xq" glued after the first occurrence of lit, where lit
// ends with a letter that msg follows with no word's byte, and with "xq" glued before
// it, where lit starts with a lower-case letter after no letter (at every occurrence).
func gluedSamples(msg, lit string) []string {
	at := strings.Index(msg, lit)
	if at < 0 || lit == "" {
		return nil
	}
	var out []string
	end := at + len(lit)
	if isLetter(lit[len(lit)-1]) && (end == len(msg) || !wordByte(msg[end])) {
		out = append(out, strings.ReplaceAll(msg, lit, lit+"xq"))
	}
	if c := lit[0]; c >= 'a' && c <= 'z' && (at == 0 || !isLetter(msg[at-1])) {
		out = append(out, strings.ReplaceAll(msg, lit, "xq"+lit))
	}
	return out
}

// TestMidWord: a literal's edge words inside a longer word give no hit; at a word's
// edge, in any case, in backticks or with a quote cut before the literal's end, they
// do (ga_neg_chrome_fix_incompatible_options and ga_neg_pandas_bug_incompatible_operations).
func TestMidWord(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       []Code
	}{
		{"options", "4. No immediate exits due to incompatible options", nil},
		{"operations", "The error could be due to incompatible operations on the converted index type.", nil},
		{"operator groups", "rejected due to incompatible operator-groups in the request", nil},
		{"op named", "skipping cudagraphs due to incompatible op aten._local_scalar_dense.default", []Code{SkipIncompatibleOp}},
		{"op in backticks", "I see `skipping cudagraphs due to incompatible op` in the log", []Code{SkipIncompatibleOp}},
		{"op at the end", "skipping cudagraphs due to incompatible op", []Code{SkipIncompatibleOp}},
		{"op wrapped", "skipping cudagraphs due to incompatible\nop aten.nonzero.default", []Code{SkipIncompatibleOp}},
		{"currently", "RuntimeError: No CUDA context is currently bound", nil},
		{"current", "RuntimeError: CUDA driver error: No CUDA context is current", []Code{CUDAInvalidContext}},
		{"devices retold", "skipping cudagraphs due to cpu devices", []Code{SkipCPUDevice}},
		{"device", "skipping cudagraphs due to cpu device (arg3_1)", []Code{SkipCPUDevice}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if d := cmp.Diff(tc.want, readCodes(t, tc.text)); d != "" {
				t.Errorf("%q (-want +got):\n%s", tc.text, d)
			}
		})
	}
}

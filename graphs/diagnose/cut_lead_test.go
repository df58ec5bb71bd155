package diagnose

import (
	"bytes"
	"strings"
	"testing"
)

// TestLeadQuotesNegatives measures the lead rule's threshold (minLead) on the corpus: no
// negative text (a "-" row of manifest.tsv) holds a quotation whose text starts one
// code's literal with leadMargin characters or more (squeezed), so minLead keeps a
// margin, nor one that a row with a Pattern fits (leadPatternFits, at minLead).
func TestLeadQuotesNegatives(t *testing.T) {
	// leadQuietElsewhere are negatives with a quotation that starts a literal, which give no
	// finding all the same (TestCorpus holds their golden files), with the reason.
	leadQuietElsewhere := map[string]string{
		"gb_neg_apple_silicon_build_faq_no_working_cxx":                   "a build FAQ's heading \"Error: No working C++ compiler found\" on Apple Silicon: the text names no torch, Inductor or compile, and the message's context gate keeps it quiet",
		"aq_neg_zksolc_cli_test_unexpected_optimization_option_lookalike": "zksolc's test hands \"Unexpected optimization option\" to predicate::str::contains, a search call's needle (searchMarks)",
		"hd_neg_code_comment_this_prevents_offset_increment":              "a comment's purpose, \"This prevents \\\"Offset increment outside graph capture\\\" errors when\", the quote cut short (purposeAt)",
		"hf_neg_moe_lab_setup_comment_to_prevent_offset_increment":        "a comment's purpose, \"to prevent \\\"Offset increment outside graph capture\\\" errors\", the quote cut short (purposeAt)",
	}
	t.Parallel()
	const leadMargin = 16
	s, err := newScanner()
	if err != nil {
		t.Fatal(err)
	}
	negatives := 0
	for _, fields := range ManifestRows(t) { // read once (corpus_shared_test.go)
		if len(fields) != 5 || fields[3] != "-" {
			continue
		}
		if _, open := OpenFalse[fields[0]]; open {
			continue // a negative whose finding is open, with its reason (corpus_test.go)
		}
		if _, quiet := leadQuietElsewhere[fields[0]]; quiet {
			continue // the lead rule fits, and the text gives no finding (its golden file)
		}
		negatives++
		text := corpusText(t, fields[0])
		for n, line := range bytes.Split(text, []byte("\n")) {
			for _, q := range leadQuotes(line) {
				text := unquote(nil, line[q[0]:q[1]])
				c := cutSides{sl: withoutClass(squeeze(nil, text)), left: text[len(classLead.Find(text)):]}
				codes := map[Code]bool{}
				for i := range s.rows {
					r := &s.rows[i]
					if r.uncut() {
						continue
					}
					prefix := r.Pattern == "" && len(c.sl) >= leadMargin && len(c.sl) < len(r.squeezed) && bytes.HasPrefix(r.squeezed, c.sl)
					if prefix || r.Pattern != "" && s.leadPatternFits(r, c) {
						codes[r.Code] = true
					}
				}
				// a start two codes share gives no finding (leadUnique); legacy-mutated-input
				// supersedes skip-mutated-inputs, and the two are counted as one
				if len(codes) == 1 || len(codes) == 2 && codes[LegacyMutatedInput] && codes[SkipMutatedInputs] {
					t.Errorf("%s:%d: quotation %q starts a literal of %v", fields[0], n+1, line[q[0]:q[1]], codes)
				}
			}
		}
	}
	if negatives < 100 {
		t.Fatalf("%d negatives read, want the corpus's", negatives)
	}
}

// TestLeadQuotes: a message quoted from its first word up to a word before its end, the
// quotation closed there, is read by the lead rule (cut_lead.go), for rows of several
// codes; each "want" failed before. A quotation too short, cut inside a word, from the
// message's middle, or of a start two codes share, stays quiet.
func TestLeadQuotes(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"offset-prose", "reduce-overhead runs failed with\n\"Offset increment outside graph capture\" — a recompile during capture.", TreesConcurrentCallers},
		{"offset-class", "torch.compile(mode=\"reduce-overhead\") dies: `RuntimeError: Offset increment outside graph capture` on the second step", TreesConcurrentCallers},
		{"overwritten-start", "we hit \"accessing tensor output of CUDAGraphs that has been overwritten\" again, so we clone", OverwrittenOutput},
		{"overwritten-single", "the 'Error: accessing tensor output of CUDAGraphs' error comes back after the fix", OverwrittenOutput},
		{"unpinned-copy", "the capture stops on `Cannot copy between CPU and CUDA tensors` in the sampler", CaptureUnpinnedCopy},
		{"mode-and-options", "the call gives 'Either mode or options can be specified' and stops", ModeAndOptions},
		{"untracked-pool", "the check says \"These storage data ptrs are not allocated\", then replays fail", TreesStorageNotInPool},
		{"gemm-off", "V100 runs print \"GPU arch does not support max_autotune_gemm\" on every compile", MaxAutotuneGEMMOff},
		{"offset-cjk-corner", "reduce-overhead 报错 「Offset increment outside graph capture」 了", TreesConcurrentCallers},
		{"offset-ja-after", "reduce-overhead で『Offset increment outside graph capture』エラーが出ます", TreesConcurrentCallers},
		// stays quiet
		{"cjk-no-error", "reduce-overhead のドキュメントに「Offset increment outside graph capture」とある", ""},
		{"too-short", "reduce-overhead: the \"Offset increment\" error again", ""},
		{"inside-word", "reduce-overhead: \"Offset increment outside graph capt\" again", ""},
		{"middle", "reduce-overhead: \"outside graph capture encountered\" again", ""},
	}
	checkFirstCodes(t, tests)
}

// TestLeadQuotesPattern: the lead rule for rows with a Pattern (leadPatternFits): the
// quotation holds the pattern's words before the literal and the literal's start; each
// "want" failed before. A quotation whose pattern does not match from its start, or
// that stops inside a word, stays quiet.
func TestLeadQuotesPattern(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"rng-seed", "warm-up dies with \"Cannot call CUDAGeneratorImpl::current_seed during CUDA graph\" under reduce-overhead", CaptureRNGState},
		{"rng-construct", "the sampler crashed: `RuntimeError: Cannot construct a new CUDAGeneratorImpl during CUDA` on replay", CaptureRNGState},
		{"optimizer-step", "the capture fails with 'Attempting CUDA graph capture of step()' for Adam", OptimizerNotCapturable},
		// quiet
		{"rng-no-call", "warm-up dies with \"CUDAGeneratorImpl::current_seed during CUDA graph\" under reduce-overhead", ""},
		{"rng-in-word", "warm-up dies with \"Cannot call CUDAGeneratorImpl::current_seed during CUDA gra\" under reduce-overhead", ""},
		{"rng-not-said", "the docs list \"Cannot call CUDAGeneratorImpl::current_seed during CUDA graph\" among capture errors", ""},
	}
	checkFirstCodes(t, tests)
}

// firstCode is the code of the first finding Read gives for text (a line), or "" when
// there is none.
func firstCode(t *testing.T, text string) Code {
	t.Helper()
	d, err := Read(strings.NewReader(text + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Findings) == 0 {
		return ""
	}
	return d.Findings[0].Code
}

// codeCase is a line and the first code Read should give for it ("" for none).
type codeCase struct {
	name, text string
	want       Code
}

// checkFirstCodes checks each case's first code (firstCode).
func checkFirstCodes(t *testing.T, tests []codeCase) {
	t.Helper()
	for _, tt := range tests {
		if got := firstCode(t, tt.text); got != tt.want {
			t.Errorf("%s: %q gives %q, want %q", tt.name, tt.text, got, tt.want)
		}
	}
}

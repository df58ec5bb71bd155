package diagnose

import (
	"bytes"
	"slices"
	"testing"
)

// TestHeadCrop: a message whose head a crop, a wrap or a quotation cut off, the line
// starting between two words of a row's literal, is read as the message where what is
// left is enough of it by itself (headShown: five words and 32 characters, or three words
// with a name of code and 20), with the line's log header, rank prefix or pytest's "E"
// before it; 11 of the 16 "want" cases gave no finding before cut_head.go (the others
// are read by rules of their own as well). A shorter crop, a crop
// of prose words alone, a name alone, an expression, a phrase that other programs print,
// a wrap whose head is on the line above, and a crop in a comment that states a rule
// stay as the whole message would.
func TestHeadCrop(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"gemm-screenshot", "to use max_autotune_gemm mode", MaxAutotuneGEMMOff},
		{"gemm-glog-cut", "W1201 17:07:56.133000 608 torch/_inductor/utils.py:1137] [0/0] SMs to use max_autotune_gemm mode", MaxAutotuneGEMMOff},
		{"gemm-rank", "[rank3]: to use max_autotune_gemm mode", MaxAutotuneGEMMOff},
		{"gemm-2.0", "to use max_autotune mode", MaxAutotuneGEMMOff},
		{"too-old-title", "too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0", GPUTooOldForTriton},
		{"unpinned-copy", "CUDA tensors during CUDA graph capture unless the CPU tensor is pinned", CaptureUnpinnedCopy},
		{"mode-options", "both can't be specified at the same time.", ModeAndOptions},
		{"default-stream", "must be captured on a non-default stream. (However, after capture, it's ok to replay them on the default stream.)", CaptureDefaultStream},
		{"config-attr", "'torch._inductor' has no attribute 'config'", InductorConfigNotImported},
		{"triton-key", "'triton_key' from 'triton.compiler.compiler' (/opt/conda/lib/python3.11/site-packages/triton/compiler/compiler.py)", TritonMissing},
		{"cxx", "working C++ compiler found in torch._inductor.config.cpp.cxx: (None, 'g++')", CXXCompilerMissing},
		{"rng-generator", "unexpected CUDA generator used during capture. In regions captured by CUDA graphs, you may only use the default CUDA RNG generator", CaptureRNGState},
		{"pending-backward", "because of pending, uninvoked backwards. Consider running with torch.no_grad() or using torch.compiler.cudagraph_mark_step_begin() before each model invocation", TreesPendingBackward},
		{"pytest-E", "E       not permitted when stream is capturing", StreamCaptureIllegal},
		{"checkpool", "yet support checkPoolLiveAllocations", AllocatorIncompatible},
		{"rerecord", "new graph for each distinct input size. Recording too many CUDAGraphs may lead to extra overhead.", DynamicShapeRerecord},
		// quiet
		{"prose-words", "during CUDA graph capture, which is not cudagraph-safe.", ""},
		{"hint-words", "before each model invocation", ""},
		{"name-alone", "torch.compiler.cudagraph_mark_step_begin()", ""},
		{"two-part-name", "outside of torch.compile() the model runs fine", ""},
		{"refusal-words", "supported for torch.compile in this release", ""},
		{"common-phrase", "Please try one of the following solutions:", ""},
		{"expression", "dst.data_ptr() == src.data_ptr()", ""},
		{"config-key", "max_autotune_gemm: True", ""},
		{"too-short", "use max_autotune_gemm", ""},
		{"rule-comment", "    def capture(self):\n        # graphs must be captured on a non-default stream. Capturing on\n        # the default stream can leave RNG in an invalid state on failure.\n        stream = torch.cuda.Stream()", ""},
	}
	checkFirstCodes(t, tests)
}

// TestHeadCropEveryRow crops every row's literal that the rule reads (no Pattern, no
// Requires, not a paraphrase, a fragment or a hint: Trailer) at each of its words whose rest headShown
// takes, alone on a line: each is read as the row's code (or one it supersedes). Before
// cut_head.go, 28 of those 191 crops were read (by other rules, the cropped rows'
// one-word crops among them).
func TestHeadCropEveryRow(t *testing.T) {
	t.Parallel()
	s, err := newScanner()
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	seen := map[string]bool{}
	for i := range s.rows {
		r := &s.rows[i]
		if r.uncut() || r.Trailer || r.Pattern != "" || r.Requires != "" || seen[string(r.literal)] {
			continue
		}
		seen[string(r.literal)] = true
		for _, shown := range headCrops(r.literal) {
			tried++
			d, err := Read(bytes.NewReader(append(slices.Clone(shown), '\n')))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(d.Findings, func(f Finding) bool { return f.Code == r.Code || f.Code == r.Supersedes }) {
				t.Errorf("%s: %q not read (%d findings)", r.Code, shown, len(d.Findings))
			}
		}
	}
	t.Logf("%d crops read", tried)
	if tried < 150 {
		t.Errorf("%d crops tried, want every row's (191 when written)", tried)
	}
}

// headCrops returns the crops of lit between two of its words that headShown takes.
func headCrops(lit []byte) [][]byte {
	var out [][]byte
	for p := 1; p < len(lit); p++ {
		if shown := lit[p:]; lit[p-1] == ' ' && shown[0] != ' ' && headShown(shown, squeezedLen(shown)) {
			out = append(out, shown)
		}
	}
	return out
}

// corpusTexts calls read for each text of the corpus's manifest, with its name and
// whether it is a negative (no code expected).
func corpusTexts(t *testing.T, read func(name string, negative bool, text []byte)) {
	t.Helper()
	for _, fields := range ManifestRows(t) { // read once (corpus_shared_test.go)
		if len(fields) != 5 {
			continue
		}
		read(fields[0], fields[3] == "-", corpusText(t, fields[0]))
	}
}

// headBody is a line as the general cut rule reads its start: cleaned, without its log
// header, markdown, quote marks and line heads.
func headBody(raw []byte) []byte {
	return withoutLineHead(unquote(nil, withoutLogHeader(cleanLine(nil, raw, true))))
}

// TestHeadCropNegatives measures the rule's bar (headShown) on the corpus: no line of a
// negative text starts between two words of one code's literal with the rest of it that
// headShown takes, the line above not ending with the literal's head. The longest such
// crop of any length is logged (25 when written: "before each model invocation", four
// words of prose, under minHead's 32).
func TestHeadCropNegatives(t *testing.T) {
	t.Parallel()
	s, err := newScanner()
	if err != nil {
		t.Fatal(err)
	}
	negatives, longest := 0, 0
	corpusTexts(t, func(name string, negative bool, text []byte) {
		if !negative {
			return
		}
		negatives++
		var above []byte
		for n, raw := range bytes.Split(text, []byte("\n")) {
			sr := squeeze(nil, headBody(raw))
			codes, shown := map[Code]bool{}, 0
			for i := range s.rows {
				r := &s.rows[i]
				lit := r.squeezed
				m := overlapStart(sr, lit, len(lit)-1)
				if r.uncut() || m == 0 || insideWord(r.literal, rawAt(r.literal, len(lit)-m)) || overlapEnd(above, lit, len(lit)-m) > 0 {
					continue
				}
				codes[r.Code] = true
				if headShown(r.literal[rawAt(r.literal, len(lit)-m):], m) {
					shown = max(shown, m)
				}
				if !r.namesRaiser() && len(codes) == 1 {
					longest = max(longest, m)
				}
			}
			if len(codes) == 1 && shown > 0 {
				t.Errorf("%s:%d: %q starts with a crop of %v that headShown takes (%d)", name, n+1, raw, codes, shown)
			}
			above = sr
		}
	})
	t.Logf("%d negatives; longest crop between words of one code's literal at a line's start: %d", negatives, longest)
	if negatives < 100 {
		t.Fatalf("%d negatives read, want the corpus's", negatives)
	}
}

// TestHeadCropGuarded cuts the head off each corpus text's first line that starts with a
// row's whole literal, at every word whose rest headShown takes, and reads the text
// again: its codes are the same, a negative's none (the guards read a crop with the
// literal's head put back: headHeld). Without headHeld, a harness's comment stating
// "CUDA graphs must be captured on a non-default stream" as a rule and a test's
// docstring that tells what cudagraph trees would raise became findings.
func TestHeadCropGuarded(t *testing.T) {
	t.Parallel()
	s, err := newScanner()
	if err != nil {
		t.Fatal(err)
	}
	variants := 0
	corpusTexts(t, func(name string, _ bool, text []byte) {
		lines := bytes.Split(text, []byte("\n"))
		var whole []Code
		for n, raw := range lines {
			body := headBody(raw)
			for i := range s.rows {
				r := &s.rows[i]
				at := bytes.Index(raw, r.literal)
				if r.uncut() || r.Trailer || r.Pattern != "" || !bytes.HasPrefix(body, r.literal) || at < 0 {
					continue
				}
				for p := 1; p < len(r.literal); p++ {
					shown := r.literal[p:]
					if r.literal[p-1] != ' ' || !headShown(shown, squeezedLen(shown)) {
						continue
					}
					if whole == nil {
						whole = codesRead(t, text)
					}
					v := slices.Clone(lines)
					v[n] = append(append(slices.Clone(raw[:at]), shown...), raw[at+len(r.literal):]...)
					variants++
					if got := codesRead(t, bytes.Join(v, []byte("\n"))); !slices.Equal(got, whole) {
						t.Errorf("%s:%d cut to %q: codes %v, whole %v", name, n+1, v[n], got, whole)
					}
				}
				return // one line a text
			}
		}
	})
	t.Logf("%d crops read", variants)
	if variants < 120 {
		t.Errorf("%d crops read, want the corpus's (150 when written)", variants)
	}
}

// codesRead returns the codes of text's findings, sorted, "-" for none.
func codesRead(t *testing.T, text []byte) []Code {
	t.Helper()
	d, err := Read(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	out := []Code{"-"}
	for _, f := range d.Findings {
		out = append(out, f.Code)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

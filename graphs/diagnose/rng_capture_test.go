package diagnose

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/modes"
)

// TestRNGLeftCapturing: the generator's check ("Offset increment outside graph capture
// encountered unexpectedly.", 2.4–2.14; "CUDA generator expects graph capture to be
// underway", 2.0–2.3) is read with no threads in the text under the code that lists it
// and with the cause of a capture that failed (rngLeftCapturingRows), a hand capture's or
// cudagraph trees' recording; only where threads show does the trees' collision cause
// stay (threadsShown). The lines are real code comments and docstrings from the code corpus
// (find_string "Offset increment outside graph capture", "expects graph capture to be
// underway"), none of them in testdata/corpus.
func TestRNGLeftCapturing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       Code
		handCause  bool
		releases   modes.Releases
	}{
		{"comment, fails with (id 51882310629)",
			"    # CUDA graphs are incompatible with Flash Attention 2 — the graph capture\n" +
				"    # fails with \"Offset increment outside graph capture encountered unexpectedly\".\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"comment, older wording (id 71482456095)",
			"            # it replay its own graph inside the outer capture, which fails with\n" +
				"            # \"CUDA generator expects graph capture to be underway\".\n",
			TreesConcurrentCallers, true, modes.Minors(0, 3)},
		{"docstring, quoted without its last words (id 56957371072)",
			"    failed capture poisons the global CUDA RNG state causing downstream\n" +
				"    torch.multinomial to throw \"Offset increment outside graph capture\".\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"comment, error list (id 53878323115)",
			"            # corrupting the CUDA context and causing downstream errors such as:\n" +
				"            #   RuntimeError: Offset increment outside graph capture encountered unexpectedly\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"a commit's fix list, quoted without its last words (constructed sibling of a commit body)",
			"- Fixes 'Offset increment outside graph capture' in the sampler\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"beside torch.compile's trees and no thread: the capture's own",
			"model = torch.compile(model, mode=\"reduce-overhead\")\n" +
				"RuntimeError: Offset increment outside graph capture encountered unexpectedly.\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"torch.compile recompiling in a hand capture, no thread (helion#2467's commit, newuser16)",
			"RuntimeError: Offset increment outside graph capture encountered unexpectedly.\n" +
				"Same cause: the torch_compile backward recompiles during CUDA graph capture.\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"beside torch.compile's trees in a thread pool: the trees' collision",
			"model = torch.compile(model, mode=\"reduce-overhead\")\n" +
				"with ThreadPoolExecutor(4) as pool: list(pool.map(model, batches))\n" +
				"RuntimeError: Offset increment outside graph capture encountered unexpectedly.\n",
			TreesConcurrentCallers, false, modes.Minors(4, 13)},
		{"threads told in prose, older wording: the trees' collision",
			"Each worker thread calls the compiled model.\n" +
				"RuntimeError: CUDA generator expects graph capture to be underway, but the current stream is not capturing.\n",
			TreesConcurrentCallers, false, modes.Minors(1, 3)},
		// prec17: a library's note on its own thread pool is no user thread (numexpr's
		// line in sglang's logs, code corpus id 53182667789; onnxruntime's affinity note,
		// ROCm/AMDMIGraphX#4659): the capture's own cause stays.
		{"numexpr's pool beside a hand capture (sglang log line, id 53182667789)",
			"[2026-03-09 14:46:02] INFO utils.py:164: NumExpr defaulting to 16 threads.\n" +
				"RuntimeError: Offset increment outside graph capture encountered unexpectedly.\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"onnxruntime's affinity note (ROCm/AMDMIGraphX#4659)",
			"[E:onnxruntime:Default, env.cc:226 ThreadMain] pthread_setaffinity_np failed for thread: 2180540, index: 82, mask: {83, }, " +
				"error code: 22 error msg: Invalid argument. Specify the number of threads explicitly so the affinity is not set.\n" +
				"RuntimeError: Offset increment outside graph capture encountered unexpectedly.\n",
			TreesConcurrentCallers, true, modes.Minors(4, 14)},
		{"threads counted as callers: the trees' collision",
			"model = torch.compile(model, mode=\"reduce-overhead\")\n" +
				"Two threads call the compiled model for each request.\n" +
				"RuntimeError: Offset increment outside graph capture encountered unexpectedly.\n",
			TreesConcurrentCallers, false, modes.Minors(4, 13)},
		{"a purpose, quoted without its last words",
			"- capture on a side stream to fix 'Offset increment outside graph capture'\n",
			"", false, modes.Releases{}},
	}
	for _, tt := range tests {
		d, err := Read(strings.NewReader(tt.text))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.want == "" {
			if len(d.Findings) != 0 {
				t.Errorf("%s: found %s, want none", tt.name, d.Findings[0].Code)
			}
			continue
		}
		if len(d.Findings) != 1 || d.Findings[0].Code != tt.want {
			t.Errorf("%s: %d findings (first %v), want one %s", tt.name, len(d.Findings), d.Findings, tt.want)
			continue
		}
		f := d.Findings[0]
		if got := f.Cause == rngLeftCapturingCause; got != tt.handCause {
			t.Errorf("%s: hand-capture cause %v, want %v (cause %q)", tt.name, got, tt.handCause, f.Cause)
		}
		if want := releaseList(tt.releases); strings.Join(f.Releases, ",") != want {
			t.Errorf("%s: releases %v, want %s", tt.name, f.Releases, want)
		}
	}
}

// releaseList is r's minors as a finding lists them ("2.4,2.5,…").
func releaseList(r modes.Releases) string {
	var out []string
	for m := r.From.Minor; m <= r.To.Minor; m++ {
		out = append(out, v2(m).String())
	}
	return strings.Join(out, ",")
}

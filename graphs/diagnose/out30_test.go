package diagnose_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// unjoinedWrapped is pytorch/pytorch#185546's sentence as `fold -s -w 60` wraps it:
// the error's name on one line, its message wrapped over the next two.
const unjoinedWrapped = "The code below results in a \n" +
	"`cudaErrorStreamCaptureUnjoined` (i.e. \n" +
	"\"`torch.AcceleratorError: CUDA error: capturing stream has \n" +
	"unjoined work`\") error when run.\n"

// quoteLines puts prefix before every line of s.
func quoteLines(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+prefix) + "\n"
}

// TestWrappedPlaceCountsOnce (newuser28 #15): one sentence that names the error and
// quotes its message, wrapped so that the name is exact on one line and the message
// wraps over the next two, is one place, shown by the message found wrapped, as the
// unwrapped sentence is; an e-mail's quoting ("> ", "> > ") changes nothing. Two lines
// that each hold the message, and a name and a message apart, stay two.
func TestWrappedPlaceCountsOnce(t *testing.T) {
	t.Parallel()
	const whole = "The code below results in a `cudaErrorStreamCaptureUnjoined` (i.e. \"`torch.AcceleratorError: " +
		"CUDA error: capturing stream has unjoined work`\") error when run.\n"
	tests := []struct {
		name, reason, log string
		count, line       int
		match             diagnose.Match
		quoteHas          string
	}{
		{"wrapped", "the message wrapped below its name is the one place (main: 2 times, the name's line shown)",
			unjoinedWrapped, 1, 3, diagnose.Wrapped, "capturing stream has unjoined work"},
		{"wrapped and quoted", "an e-mail's quote marks are taken off before the lines are joined",
			quoteLines(unjoinedWrapped, "> "), 1, 3, diagnose.Wrapped, "capturing stream has unjoined work"},
		{"wrapped and quoted twice", "a reply's quote of a quote too",
			quoteLines(unjoinedWrapped, "> > "), 1, 3, diagnose.Wrapped, "capturing stream has unjoined work"},
		{"unwrapped (lookalike)", "one line: one place, exact, as before",
			whole, 1, 1, diagnose.Exact, "cudaErrorStreamCaptureUnjoined"},
		{"two lines each whole (lookalike)", "each line holds the message: two places",
			"RuntimeError: CUDA error: capturing stream has unjoined work\nRuntimeError: CUDA error: capturing stream has unjoined work\n",
			2, 1, diagnose.Exact, "capturing stream has unjoined work"},
		{"name and message apart (lookalike)", "a blank line between the name and the wrapped message: two places",
			"it failed with cudaErrorStreamCaptureUnjoined\n\nRuntimeError: CUDA error: capturing stream has\nunjoined work\n",
			2, 1, diagnose.Exact, "cudaErrorStreamCaptureUnjoined"},
	}
	for _, tt := range tests {
		d, err := diagnose.Read(strings.NewReader(tt.log))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(d.Findings) != 1 {
			t.Fatalf("%s: %d findings, want 1 (%s)", tt.name, len(d.Findings), tt.reason)
		}
		f := d.Findings[0]
		if f.Count != tt.count || f.Line != tt.line || f.Match != tt.match || !strings.Contains(f.Quote, tt.quoteHas) {
			t.Errorf("%s: count %d, line %d, match %s, quote %q; want count %d, line %d, match %s, a quote with %q (%s)",
				tt.name, f.Count, f.Line, f.Match, f.Quote, tt.count, tt.line, tt.match, tt.quoteHas, tt.reason)
		}
	}
}

// TestTorchHeaderSaysWhatFixesAreFor (newuser28 #2): the release's line of a text that
// states none says what its fixes are for, true of every fix (most name no release),
// and without findings says nothing of fixes; a text that states one is named as
// before (lookalike).
func TestTorchHeaderSaysWhatFixesAreFor(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, reason, log, want string }{
		{"finding, no release", "the fixes are those of every release that prints the text (main: \"each fix names its releases\")",
			unjoinedWrapped, "torch: not stated in the text (each fix is for all releases that print it; -torch X.Y sets one)"},
		{"no finding, no release", "no fix to speak of", "all good\n", "torch: not stated in the text"},
		{"release stated (lookalike)", "the log's release, as before",
			"torch 2.11.0\n" + unjoinedWrapped, "torch 2.11 (from line 1)"},
	}
	for _, tt := range tests {
		d, err := diagnose.Read(strings.NewReader(tt.log))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		head := d.HeadLines()
		if got := head[len(head)-1]; got != tt.want {
			t.Errorf("%s: release line %q, want %q (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
}

// TestNoSignatureSaysScope (newuser28 #3): a text with no finding is told what the
// catalogue covers and what it does not, right under NoSignature; a text with a
// finding is not (lookalike).
func TestNoSignatureSaysScope(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, log string
		scope             bool
	}{
		{"ptxas error", "a Triton/ptxas failure has no code: the lines say so",
			"torch._inductor.exc.InductorError: CalledProcessError: ptxas fatal: Value 'sm_120a' is not defined for option 'gpu-name'\n", true},
		{"closed pool", "a compile-worker pool's failure has no code",
			"RuntimeError: Attempting to use a closed pool\n", true},
		{"a finding (lookalike)", "a text with a finding gets its block, not the scope", unjoinedWrapped, false},
	}
	for _, tt := range tests {
		d, err := diagnose.Read(strings.NewReader(tt.log))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var b strings.Builder
		if err := d.WriteTextWidth(&b, 0); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(b.String(), "\n")
		got := len(lines) > 2 && lines[0] == diagnose.NoSignature && lines[1] == diagnose.ScopeCovers && lines[2] == diagnose.ScopeLacks
		if got != tt.scope || strings.Contains(b.String(), diagnose.ScopeLacks) != tt.scope {
			t.Errorf("%s: scope shown %v, want %v (%s):\n%s", tt.name, got, tt.scope, tt.reason, b.String())
		}
	}
}

// TestTorchSourceAndPlanKeys (newuser28 #6): the JSON says where the release read comes
// from ("torch": "" alone did not say the plan's 2.11 was a default), and its plan
// carries the changed keys, every key with Options.AllKeys (-all); Plan itself keeps
// every key.
func TestTorchSourceAndPlanKeys(t *testing.T) {
	t.Parallel()
	const call = "model = torch.compile(model, mode=\"reduce-overhead\")\n"
	tests := []struct {
		name, reason, log string
		opts              diagnose.Options
		source            string
	}{
		{"none stated", "the plan is on the default release", call, diagnose.Options{}, "default"},
		{"stated", "a line states it", "torch 2.9.1\n" + call, diagnose.Options{}, "text"},
		{"-torch", "Options.Torch gives it", "torch 2.9.1\n" + call, diagnose.Options{Torch: "2.14"}, "option"},
		{"older than torch.compile", "1.13 is read as none stated", "torch 1.13.1\n" + call, diagnose.Options{}, "default"},
		{"findings rule the default out", "the plan is on the newest release that prints the finding",
			"RuntimeError: Dynamo is not supported on Python 3.12+\n" + call, diagnose.Options{}, "findings"},
		{"every key", "AllKeys keeps the plan's every key", call, diagnose.Options{AllKeys: true}, "default"},
	}
	for _, tt := range tests {
		d, err := tt.opts.Read(strings.NewReader(tt.log))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if d.Plan == nil || len(d.Plan.Config) < 100 {
			t.Fatalf("%s: want a plan with every key in memory", tt.name)
		}
		data, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Format      string `json:"format"`
			TorchSource string `json:"torch_source"`
			Plan        struct {
				Config map[string]json.RawMessage `json:"config"`
			} `json:"plan"`
		}
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		wantKeys := len(d.Plan.Changed())
		if tt.opts.AllKeys {
			wantKeys = len(d.Plan.Config)
		}
		if got.Format != diagnose.Format || got.TorchSource != tt.source || len(got.Plan.Config) != wantKeys {
			t.Errorf("%s: format %q, torch_source %q, %d keys; want %q, %q, %d (%s)",
				tt.name, got.Format, got.TorchSource, len(got.Plan.Config), diagnose.Format, tt.source, wantKeys, tt.reason)
		}
	}
}

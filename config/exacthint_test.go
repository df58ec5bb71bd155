package config

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/schema"
)

// TestExactNameHints: an option, a config key or a backend that differs from a known
// one only by white space or case gets a hint that says so (fix brief 29, finding 4);
// a typo of another kind keeps the nearest name.
func TestExactNameHints(t *testing.T) {
	t.Parallel()
	keys := []schema.Key{"max_autotune", "triton.cudagraphs"}
	tests := []struct {
		name, got, want, reason string
	}{
		{"option-space", (&UnknownOptionError{Key: "max_autotune ", Known: keys}).Hint(),
			`option "max_autotune " differs from "max_autotune" only by a trailing space`, "a trailing space"},
		{"option-case", (&UnknownOptionError{Key: "Max_Autotune", Known: keys}).Hint(), "only by case", "case"},
		{"option-typo", (&UnknownOptionError{Key: "max_autotun", Known: keys}).Hint(), "did you mean max_autotune?", "lookalike: a typo"},
		{"global-space", (&GlobalError{Key: " triton.cudagraphs", Known: keys}).Hint(),
			`config key " triton.cudagraphs" differs from "triton.cudagraphs" only by a leading space`, "a leading space"},
		{"backend-case", (&InvalidBackendError{Name: "Inductor", Known: []string{"inductor", "eager"}}).Hint(),
			`backend "Inductor" differs from "inductor" only by case`, "case"},
	}
	for _, tc := range tests {
		if !strings.Contains(tc.got, tc.want) {
			t.Errorf("%s: Hint() = %q, want it to hold %q (%s)", tc.name, tc.got, tc.want, tc.reason)
		}
	}
}

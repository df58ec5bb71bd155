package exactname

import "testing"

// TestSlip: a name that differs from a known one only by white space or case is found,
// with where the difference is; a known name, or one that differs otherwise, is not.
func TestSlip(t *testing.T) {
	t.Parallel()
	known := []string{"default", "reduce-overhead", "max-autotune"}
	tests := []struct {
		given, name, how string
		reason           string
	}{
		{"reduce-overhead ", "reduce-overhead", "a trailing space", "fix brief 29 #4"},
		{" reduce-overhead", "reduce-overhead", "a leading space", "the other side"},
		{"reduce-overhead\t", "reduce-overhead", "a trailing tab", "a tab"},
		{"reduce-overhead  ", "reduce-overhead", "2 trailing spaces", "a run"},
		{"reduce-overhead \t", "reduce-overhead", "trailing white space", "a mix"},
		{" reduce-overhead ", "reduce-overhead", "white space", "both sides"},
		{"reduce- overhead", "reduce-overhead", "white space", "inside"},
		{"Reduce-Overhead", "reduce-overhead", "case", "case"},
		{"MAX-AUTOTUNE ", "max-autotune", "white space and case", "both"},
		{"reduce-overhead", "", "", "lookalike: known"},
		{"reduce_overhead", "", "", "lookalike: another character (the edit-distance hint's)"},
		{"", "", "", "lookalike: empty"},
	}
	for _, tt := range tests {
		name, how, ok := Slip(tt.given, known)
		if name != tt.name || how != tt.how || ok != (tt.name != "") {
			t.Errorf("Slip(%q) = %q, %q, %v; want %q, %q (%s)", tt.given, name, how, ok, tt.name, tt.how, tt.reason)
		}
	}
	want := `mode "reduce-overhead " differs from "reduce-overhead" only by a trailing space, and PyTorch matches mode names exactly: pass "reduce-overhead"`
	if got := Hint("mode", "reduce-overhead ", known); got != want {
		t.Errorf("Hint = %q, want %q", got, want)
	}
	if got := Hint("mode", "bogus", known); got != "" {
		t.Errorf("Hint of an unknown name = %q, want \"\"", got)
	}
}

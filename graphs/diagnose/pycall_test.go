package diagnose

import "testing"

// TestPyCallOpen: the one extent of a Python call's argument list (pyCall), from the
// text after the call's name to a point inside a string.
func TestPyCallOpen(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rest   string
		want   bool
		reason string
	}{
		{`("msg`, true, "the string right after the call's bracket"},
		{"RuntimeError(\n    \"msg", true, "raise's exception name, the string on the next line"},
		{`(f"{self.name!r} msg`, true, "an f-string's braces are inside the string (v30 neg/01)"},
		{`({"k": 1}, "msg`, true, "a dict's braces are brackets that close"},
		{"(  # it's the check\n    \"msg", true, "a comment's apostrophe opens no string"},
		{`(x, lambda: "msg`, true, "torch._check's lambda"},
		{" (\"msg", true, "a space before the bracket"},
		{`(x) + "msg`, false, "the call closed before the string"},
		{`(x); y = "msg`, false, "a ';' ends the statement"},
		{"(\"it's\n\"msg", false, "a string left open at a line's end is no Python"},
		{`("done") or "msg`, false, "the call closed"},
		{`= "msg`, false, "no call's bracket"},
		{`("a" "msg`, true, "implicit concatenation"},
		{`(x, "msg`, true, "a later argument"},
		{`(x, "a", msg`, false, "not inside a string"},
	}
	for _, tt := range tests {
		if got := pyCallOpen([]byte(tt.rest)); got != tt.want {
			t.Errorf("pyCallOpen(%q) = %v, want %v (%s)", tt.rest, got, tt.want, tt.reason)
		}
	}
}

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

// TestCallState: what callState tells each line of a text (how many lines above the
// outermost call open at its start was opened, 0 for none).
func TestCallState(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		lines  []string
		want   []int
		reason string
	}{
		{"nested", []string{"    report(", "        make(", "            \"m\"", "        )", "    )"}, []int{0, 1, 2, 3, 4}, "the outermost call"},
		{"closed", []string{"f(", "  x)", "  \"m\""}, []int{0, 1, 0}, "the call closed on the line above"},
		{"reach", []string{"f(", " a,", " b,", " c,", " d,", " e,"}, []int{0, 1, 2, 3, 4, 0}, "callReach lines"},
		{"dedent", []string{"  warnings.warn(", "W: \"m\""}, []int{0, 0}, "a line left of the call's"},
		{"prose", []string{"the warning (see below", "\"m\""}, []int{0, 0}, "no name before the bracket"},
		{"apostrophe", []string{"f(it's", "\"m\""}, []int{0, 0}, "an open string at a line's end"},
		{"semicolon", []string{"f(x; g(", "  \"m\""}, []int{0, 1}, "a ';' clears what was open before it"},
		{"skip", []string{"@pytest.mark.skipif(", "  reason=\"m\""}, []int{0, 1}, "a test's skip reason is no report"},
		{"print", []string{"print(", "  \"m\""}, []int{0, 0}, "a print tells the user"},
		{"assertIn", []string{"self.assertIn(", "  \"m\","}, []int{0, 1}, "a test's assertion on the message is no report"},
		{"diff", []string{"+raise X(", "+  \"m\""}, []int{0, 0}, "a diff's line is no source"},
		{"warning", []string{"/p/a.py:3: UserWarning: m", "  warnings.warn(", "    \"m\""}, []int{0, 0, 0}, "a warning's shown source line"},
		{"frame", []string{"  File \"a.py\", line 3, in f", "    report(", "      \"m\""}, []int{0, 0, 0}, "a traceback's failing line"},
	}
	for _, tt := range tests {
		var c callState
		var above []byte
		for k, l := range tt.lines {
			got := c.next([]byte(l), above, k+1, true, false, false)
			if got.above != tt.want[k] {
				t.Errorf("%s: line %d %q: above %d, want %d (%s)", tt.name, k+1, l, got.above, tt.want[k], tt.reason)
			}
			above = []byte(l)
		}
	}
}

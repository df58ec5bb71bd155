package schema

import (
	"regexp"
	"testing"
)

// torchPathExpr is the expression torchRelPath reads by hand: its specification.
var torchPathExpr = regexp.MustCompile(`<torch>/([^)\s,]+)`)

// TestTorchRelPath: torchRelPath finds what torchPathExpr finds, on every sequence of
// up to six pieces of Host texts (the mark, path characters, the characters that end
// a path, an invalid byte).
func TestTorchRelPath(t *testing.T) {
	t.Parallel()
	pieces := []string{"<torch>/", "<torch>", "/", "..", "x", ")", " ", "\t", "\n", "\f", "\r", "\v", ",", "é", "\xff"}
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		got, ok := torchRelPath(s)
		m := torchPathExpr.FindStringSubmatch(s)
		if ok != (m != nil) || ok && got != m[1] {
			t.Errorf("torchRelPath(%q) = %q, %v; the expression finds %q", s, got, ok, m)
		}
		if depth == 0 {
			return
		}
		for _, p := range pieces {
			walk(s+p, depth-1)
		}
	}
	walk("", 5)
	if got, ok := torchRelPath("os.path.join(<torch>/../third_party/cutlass/)"); !ok || got != "../third_party/cutlass/" {
		t.Errorf("torchRelPath of cutlass_dir's Host = %q, %v", got, ok)
	}
}

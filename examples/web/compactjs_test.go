package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompactJS: a script loses its indentation, empty lines and // comment lines but
// the comment at its top; code and comments after code stay; a script with a template
// literal or a string over several lines is left as it is.
func TestCompactJS(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"top comment kept, the rest compacted",
			"// what it is\n// licence\n\n\"use strict\";\n\n  // a comment\n  const a = 1; // kept\n\tif (a) {\n\t\tf(\"// text\");\n\t}\n",
			"// what it is\n// licence\n\"use strict\";\nconst a = 1; // kept\nif (a) {\nf(\"// text\");\n}\n"},
		{"no top comment", "  x();\n  // c\n  y();", "x();\ny();\n"},
		{"a template literal over lines", "const s = `a\n  // b\n  c`;\n", "const s = `a\n  // b\n  c`;\n"},
		{"a string continued", "const s = \"a\\\n  // b\";\n", "const s = \"a\\\n  // b\";\n"},
		{"one-line template literals", "  f(`a ${b}`, `c`);\n", "f(`a ${b}`, `c`);\n"},
	} {
		if got := string(compactJS([]byte(tt.in))); got != tt.want {
			t.Errorf("%s: compactJS(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestCompactJSParses: each of the page's scripts, compacted, still parses (node
// --check, when node is installed) and is compacted (none holds a template literal
// over lines).
func TestCompactJSParses(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	for _, name := range []string{"app.js", "boot.js", "worker.js"} {
		src, err := static.ReadFile("static/" + name)
		if err != nil {
			t.Fatal(err)
		}
		out := compactJS(src)
		if len(out) >= len(src) || strings.Count(string(out), "\n") >= strings.Count(string(src), "\n") {
			t.Errorf("%s: not compacted (%d bytes, %d before)", name, len(out), len(src))
		}
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, out, 0o644); err != nil {
			t.Fatal(err)
		}
		if msg, err := exec.Command(node, "--check", p).CombinedOutput(); err != nil {
			t.Errorf("%s compacted does not parse: %v\n%s", name, err, msg)
		}
	}
}

package config

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestCodesCatalogue: Codes lists each code once, and every code a row of this
// package or of graphs writes as a literal is in it (issue 23: one catalogue of typed
// codes).
func TestCodesCatalogue(t *testing.T) {
	t.Parallel()
	known := map[Code]bool{}
	for _, c := range Codes() {
		if known[c] {
			t.Errorf("Codes() lists %s twice", c)
		}
		known[c] = true
	}
	for _, row := range envTrapRows() {
		if !known[row.code] {
			t.Errorf("trap row %s is not in Codes()", row.code)
		}
	}
	lit := regexp.MustCompile(`Code:\s+"([a-z-]+)"`)
	for _, glob := range []string{"*.go", "../graphs/*.go"} {
		files, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if filepath.Ext(f) != ".go" || regexp.MustCompile(`_test\.go$`).MatchString(f) {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range lit.FindAllStringSubmatch(string(data), -1) {
				if !known[Code(m[1])] {
					t.Errorf("%s writes code %q, which is not in Codes() (config/codes.go)", f, m[1])
				}
			}
		}
	}
}

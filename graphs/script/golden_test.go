package script

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// golden is what a golden file holds for one script: the JSON form and each site's
// scenario.
type golden struct {
	Script    json.RawMessage `json:"script"`
	Scenarios json.RawMessage `json:"scenarios"`
}

func TestGolden(t *testing.T) {
	t.Parallel()
	eachScript(t, "testdata/scripts/*.py", filepath.Base, func(t *testing.T, name string, s *Script) {
		compareGolden(t, filepath.Join("testdata", "golden", name+".json"), render(t, s))
	})
}

// eachScript reads every script the pattern matches, named for Read by readName of its
// path, and runs check on it in a parallel subtest named for the file without ".py".
func eachScript(t *testing.T, pattern string, readName func(string) string, check func(t *testing.T, name string, s *Script)) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".py")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s, err := readBytes(readName(f), src)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			check(t, name, s)
		})
	}
}

// compareGolden compares got with the golden file at path, or rewrites it under
// go test -update.
func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

func render(t *testing.T, s *Script) []byte {
	t.Helper()
	sj, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := json.MarshalIndent(s.Scenarios(zeroScenario), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.MarshalIndent(golden{sj, sc}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

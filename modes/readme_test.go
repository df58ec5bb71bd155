package modes_test

import (
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/modes/internal/readme"
)

// TestREADMEGenerated fails when README.md's generated tables (modes, releases) differ
// from the rows they are generated from. Fix with go generate ./modes.
func TestREADMEGenerated(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := readme.Update(in)
	var missing *readme.MissingMarkerError
	if errors.As(err, &missing) {
		t.Fatalf("%v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(in)); diff != "" {
		t.Errorf("README.md is stale; run go generate ./modes (-want +got):\n%s", diff)
	}
}

// TestFactsFileGenerated: the same for testdata/reference/releases.md, every row with
// its source.
func TestFactsFileGenerated(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile("../" + readme.FactsFile)
	if err != nil {
		t.Fatal(err)
	}
	want, err := readme.UpdateSections(in, readme.FactSections())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(in)); diff != "" {
		t.Errorf("%s is stale; run go generate ./modes (-want +got):\n%s", readme.FactsFile, diff)
	}
}

func TestUpdateWithoutMarkers(t *testing.T) {
	t.Parallel()
	_, err := readme.Update([]byte("# a README without generated sections\n"))
	var missing *readme.MissingMarkerError
	if !errors.As(err, &missing) {
		t.Fatalf("Update(no markers) = %v, want *readme.MissingMarkerError", err)
	}
}

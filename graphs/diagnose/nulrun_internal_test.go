package diagnose

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNULRunSkipped reads texts with long runs of NUL bytes (a sparse file, a log
// preallocated and cut short) with the windows of a run that fills the ring skipped
// and with every window pushed (everyStep): the diagnosis is the same, findings,
// releases and counts.
func TestNULRunSkipped(t *testing.T) {
	t.Parallel()
	tab, err := compiledTable()
	if err != nil {
		t.Fatal(err)
	}
	nul := strings.Repeat("\x00", 20*WindowBytes+123)
	texts := map[string]string{
		"NULs alone":                    nul,
		"a message after the run":       nul + "skipping cudagraphs due to mutated inputs (1 instances)\n",
		"the run inside a message line": "skipping cudagraphs due to " + nul + "cpu device (arg3_1)\n",
		"a message before the run":      "[rank0]: RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture\n" + nul + "\n",
		"a release, a fence, then the run": "PyTorch version: 2.6.0+cu124\n```\nTraceback (most recent call last):\n" + nul +
			"\nRuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n```\n",
		"runs between lines":             "torch 2.4.1\n" + nul + "\n" + nul + "skipping cudagraphs due to multiple devices: cuda:0, cuda:1\n" + nul,
		"a wrapped message around a run": "RuntimeError: accessing tensor output of CUDAGraphs that has been\n" + nul + "overwritten by a subsequent run.\n",
	}
	for name, text := range texts {
		var got [2]string
		for k, every := range []bool{false, true} {
			s := scannerOn(tab)
			s.everyStep = every
			if err := s.scan(bytes.NewReader([]byte(text))); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b, err := json.MarshalIndent(s.diagnosis(), "", " ")
			if err != nil {
				t.Fatal(err)
			}
			got[k] = string(b)
		}
		if diff := cmp.Diff(got[1], got[0]); diff != "" {
			t.Errorf("%s: diagnosis with NUL windows skipped (-every window +skipped):\n%s", name, diff)
		}
	}
}

// TestNULRunFull: a window of NULs inside a line is skipped only after ringSize of
// them in a row (the ring then holds nothing else); a window with another byte, one
// that starts or ends a line, or everyStep ends the run.
func TestNULRunFull(t *testing.T) {
	t.Parallel()
	z := make([]byte, 64)
	x := append(bytes.Repeat([]byte{0}, 63), 'x')
	steps := []struct {
		frag  []byte
		inner bool
		want  bool
	}{
		{z, true, false}, {z, true, false}, {z, true, false}, {z, true, false}, {z, true, false},
		{z, true, true}, {z, true, true},
		{x, true, false}, // text: the run ends
		{z, true, false}, {z, true, false}, {z, true, false}, {z, true, false}, {z, true, false},
		{z, false, false}, // a line's start or end: pushed, the run ends
		{z, true, false}, {z, true, false}, {z, true, false}, {z, true, false}, {z, true, false}, {z, true, true},
	}
	s := &scanner{}
	for i, st := range steps {
		if got := s.nulRunFull(st.frag, st.inner); got != st.want {
			t.Fatalf("step %d: nulRunFull = %v, want %v", i, got, st.want)
		}
	}
	s.everyStep = true
	if s.nulRunFull(z, true) {
		t.Errorf("everyStep: a NUL window skipped")
	}
}

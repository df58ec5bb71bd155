package skips_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/internal/skips"
	"github.com/compilemode/compilemode/modes"
)

// TestLog: the line each release logs when several reasons hold, from its own order
// (the rows' sources): 2.1 logs the first case, 2.2 the list of every failed test, 2.3
// on the lowering's reason alone, then a mutation alone, then the list of the rest.
func TestLog(t *testing.T) {
	t.Parallel()
	const p = skips.Prefix
	tests := []struct {
		name   string
		minor  int
		impl   skips.Impl
		holds  []skips.Reason
		want   skips.Logged
		reason string
	}{
		{"2.0 cpu+mutation", 0, skips.Legacy, []skips.Reason{skips.MutatedInputs, skips.CPUDevice},
			skips.Logged{Line: p + "multiple devices", Reasons: []skips.Reason{skips.CPUDevice}}, "compile_fx.py:196-200@2.0.0: device types first"},
		{"2.0 op", 0, skips.Legacy, []skips.Reason{skips.IncompatibleOp},
			skips.Logged{Reasons: []skips.Reason{skips.IncompatibleOp}}, "2.0 logs no line for an incompatible op"},
		{"2.1 op+mutation", 1, skips.Trees, []skips.Reason{skips.IncompatibleOp, skips.MutatedInputs},
			skips.Logged{Line: p + "input mutation", Reasons: []skips.Reason{skips.MutatedInputs}}, "2.1: mutation before 'unknown reason'"},
		{"2.1 legacy span", 1, skips.Legacy, []skips.Reason{skips.MultipleDevices},
			skips.Logged{}, "2.1: several devices are a reason with trees only"},
		{"2.2 all", 2, skips.Trees, []skips.Reason{skips.MultipleDevices, skips.ComplexMemoryOverlap, skips.NonTensorInputs, skips.IncompatibleOp, skips.MutatedInputs, skips.CPUDevice},
			skips.Logged{Line: p + "['non-cuda device in graph', 'mutated inputs', 'incompatible ops', 'complex memory overlap', 'non-Tensor inputs', 'multiple device indices without cudagraph_trees']",
				Reasons: []skips.Reason{skips.CPUDevice, skips.MutatedInputs, skips.IncompatibleOp, skips.ComplexMemoryOverlap, skips.NonTensorInputs, skips.MultipleDevices}}, "compile_fx.py:359-378@2.2.2"},
		{"2.1 overlap+span", 1, skips.Trees, []skips.Reason{skips.MultipleDevices, skips.ComplexMemoryOverlap},
			skips.Logged{Line: p + "complex input striding", Reasons: []skips.Reason{skips.ComplexMemoryOverlap}}, "compile_fx.py:444-453@2.1.0: striding before device indexes"},
		{"2.9 overlap+non-tensor", 9, skips.Trees, []skips.Reason{skips.NonTensorInputs, skips.ComplexMemoryOverlap},
			skips.Logged{Line: p + "['complex memory overlap', 'non-Tensor inputs']", Reasons: []skips.Reason{skips.ComplexMemoryOverlap, skips.NonTensorInputs}, PartitionSilent: true}, "output_code.py:550-568@2.9.1; silent with graph_partition on, :253-290@2.9.1"},
		{"2.7 non-tensor", 7, skips.Trees, []skips.Reason{skips.NonTensorInputs},
			skips.Logged{Line: p + "['non-Tensor inputs']", Reasons: []skips.Reason{skips.NonTensorInputs}}, "2.7.1 has no partition post-compile: the list is logged either way"},
		{"2.2 legacy span+op", 2, skips.Legacy, []skips.Reason{skips.MultipleDevices, skips.IncompatibleOp},
			skips.Logged{Line: p + "['incompatible ops']", Reasons: []skips.Reason{skips.IncompatibleOp}}, "2.2: the device-index test passes without trees"},
		{"2.3 cpu+mutation+op", 3, skips.Trees, []skips.Reason{skips.IncompatibleOp, skips.MutatedInputs, skips.CPUDevice},
			skips.Logged{Line: p + p + "cpu device", Reasons: []skips.Reason{skips.CPUDevice}}, "2.3: the lowering's reason alone"},
		{"2.3 legacy mutation+op", 3, skips.Legacy, []skips.Reason{skips.IncompatibleOp, skips.MutatedInputs},
			skips.Logged{Line: p + "mutated inputs", Reasons: []skips.Reason{skips.MutatedInputs}}, "2.3: the mutation's message is preferred"},
		{"2.5 op+non-tensor", 5, skips.Trees, []skips.Reason{skips.NonTensorInputs, skips.IncompatibleOp},
			skips.Logged{Line: p + "['incompatible ops', 'non-Tensor inputs']", Reasons: []skips.Reason{skips.IncompatibleOp, skips.NonTensorInputs}}, "2.3-2.5 list both"},
		{"2.6 op+non-tensor", 6, skips.Trees, []skips.Reason{skips.NonTensorInputs, skips.IncompatibleOp},
			skips.Logged{Line: p + "disabling cudagraphs due to incompatible op {op}", Reasons: []skips.Reason{skips.IncompatibleOp}}, "2.6: the op is a lowering reason"},
		{"2.14 storage+mutation", 14, skips.Trees, []skips.Reason{skips.MutatedInputs, skips.StorageMutation},
			skips.Logged{Line: p + "input storage mutation (1 instances)", Reasons: []skips.Reason{skips.StorageMutation}}, "2.14: storage overwrites the mutation"},
		{"2.14 allocator+cpu", 14, skips.Trees, []skips.Reason{skips.CPUDevice, skips.UncachedAllocator},
			skips.Logged{Line: p + "cudagraph capture requires the caching allocator; current allocator is uncached", Reasons: []skips.Reason{skips.UncachedAllocator}}, "2.14: allocator before devices"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := skips.Log(modes.Version{Major: 2, Minor: tc.minor}, tc.impl, tc.holds)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Log (%s) mismatch (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestRows: every row's releases are valid, no two rows of one reason and
// implementation overlap, every row names a source, and every reason a check names has
// a wording on some release of the check.
func TestRows(t *testing.T) {
	t.Parallel()
	ws := skips.Wordings()
	for i, a := range ws {
		if !a.Releases.Valid() || a.Source == "" && sourcesKept {
			t.Errorf("row %d (%s %s): releases or source missing", i, a.Reason, a.Releases)
		}
		if a.Item && (a.Text == "" || strings.Contains(a.Text, "'")) {
			t.Errorf("row %d (%s %s): a list entry must be text without a quote", i, a.Reason, a.Releases)
		}
		for _, b := range ws[i+1:] {
			sameImpl := a.Impl == b.Impl || a.Impl == skips.Any || b.Impl == skips.Any
			if a.Reason == b.Reason && sameImpl && a.Releases.Overlaps(b.Releases) {
				t.Errorf("rows %s %s and %s overlap", a.Reason, a.Releases, b.Releases)
			}
		}
	}
	for _, c := range skips.Checks() {
		if !c.Releases.Valid() || c.Source == "" && sourcesKept {
			t.Errorf("check %v %s: releases or source missing", c.Reasons, c.Releases)
		}
		for _, r := range c.Reasons {
			if _, ok := skips.Find(r, skips.Any, c.Releases.From); !ok {
				if _, ok := skips.Find(r, skips.Trees, c.Releases.From); !ok {
					t.Errorf("check %s names %s, which has no wording on %s", c.Releases, r, c.Releases.From)
				}
			}
		}
	}
}

// TestEveryWordingChecked: on every release, every reason with a wording is in one of
// the release's checks (else Log could never print it).
func TestEveryWordingChecked(t *testing.T) {
	t.Parallel()
	for _, w := range skips.Wordings() {
		for _, v := range modes.Supported() {
			if !w.Releases.Contains(v) {
				continue
			}
			impl := w.Impl
			if impl == skips.Any {
				impl = skips.Trees
			}
			got, ok := skips.Log(v, impl, []skips.Reason{w.Reason})
			if want, _ := skips.Line(w.Reason, impl, v); !ok || got.Line != want {
				t.Errorf("%s on %s: Log gives %q, %v; want %q", w.Reason, v, got.Line, ok, want)
			}
		}
	}
}

func ExampleLog() {
	v := modes.Version{Major: 2, Minor: 2}
	got, _ := skips.Log(v, skips.Trees, []skips.Reason{skips.NonTensorInputs, skips.CPUDevice})
	fmt.Println(got.Line)
	// Output: skipping cudagraphs due to ['non-cuda device in graph', 'non-Tensor inputs']
}

func ExampleLine() {
	line, _ := skips.Line(skips.MutatedInputs, skips.Legacy, modes.Version{Major: 2, Minor: 3})
	fmt.Println(line)
	// Output: skipping cudagraphs due to mutated inputs
}

func ExampleFind() {
	w, _ := skips.Find(skips.CPUDevice, skips.Any, modes.Version{Major: 2, Minor: 11})
	fmt.Println(w.Text)
	// Output: skipping cudagraphs due to skipping cudagraphs due to cpu device ({input})
}

func ExampleWordings() {
	n := 0
	for _, w := range skips.Wordings() {
		if w.Reason == skips.NonTensorInputs {
			n++
		}
	}
	fmt.Println(n, "rows for non-Tensor inputs")
	// Output: 2 rows for non-Tensor inputs
}

func ExampleChecks() {
	for _, c := range skips.Checks() {
		if c.Releases.Contains(modes.Version{Major: 2, Minor: 2}) {
			fmt.Println(c.List, c.Reasons)
		}
	}
	// Output: true [cpu-device mutated-inputs incompatible-op complex-memory-overlap non-tensor-inputs multiple-devices]
}

package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// isListFact reports whether the fact gathers its rows.
func isListFact(name string) bool {
	return name == FactCompileOptions || name == FactBackends || name == FactListedBackends || name == FactAOTIWrapperPatch || name == FactAliasKeys
}

func TestFactRows(t *testing.T) {
	t.Parallel()
	rows := FactRows()
	for i, row := range rows {
		if !row.Releases.Valid() {
			t.Errorf("%s: releases %v are not a well-formed supported range", row.Name, row.Releases)
		}
		if row.Source == "" && src("kept") != "" { // none under compilemode_nosources
			t.Errorf("%s (%s): no source", row.Name, row.Releases)
		}
		switch row.Evidence {
		case modes.Measured, modes.Source, modes.Inferred:
		default:
			t.Errorf("%s (%s): evidence %q, want measured, source or inferred", row.Name, row.Releases, row.Evidence)
		}
		var f Facts
		if err := f.apply(row); err != nil {
			t.Error(err)
		}
		for _, o := range rows[:i] {
			same := o.Name == row.Name && (!isListFact(row.Name) || fmt.Sprint(o.Value) == fmt.Sprint(row.Value))
			if same && o.Releases.Overlaps(row.Releases) {
				t.Errorf("%s = %v is stated twice, for %s and for %s", row.Name, row.Value, o.Releases, row.Releases)
			}
		}
	}
	// Every fact that is not a list is stated for every release, both sides of its
	// boundary written down.
	for _, name := range []string{FactTypeCheck, FactDropsGenericOptions, FactGlobalsPerThread, FactPerThreadTrees,
		FactCUDAGraphsBackendTrees, FactCUDAGraphsBackendTakesKwargs, FactSkipMessagePrefixed, FactMessagefulLegacyAsserts, FactInvalidBackendSuggests, FactFirstCallCallsGuardFilter, FactFirstCallValidatesOverrides} {
		for _, v := range modes.Supported() {
			if !slices.ContainsFunc(rows, func(r FactRow) bool { return r.Name == name && r.Releases.Contains(v) }) {
				t.Errorf("%s is not stated for %s", name, v)
			}
		}
	}
}

// TestFactsForBoundaries pins FactsFor at every release against the boundaries the
// rows state, written here as plain comparisons.
func TestFactsForBoundaries(t *testing.T) {
	t.Parallel()
	at := func(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }
	for _, v := range modes.Supported() {
		want := Facts{
			Torch:                        v,
			TypeCheck:                    ExactType,
			DropsGenericOptions:          v == at(6),
			GlobalsPerThread:             v.AtLeast(at(12)),
			PerThreadTrees:               v.AtLeast(at(14)),
			CUDAGraphsBackendTrees:       v.AtLeast(at(3)),
			CUDAGraphsBackendTakesKwargs: v.AtLeast(at(14)),
			OtherBackendGetsModeOptions:  v.AtLeast(at(1)),
			SkipMessagePrefixed:          v.AtLeast(at(6)),
			MessagefulLegacyAsserts:      v.AtLeast(at(14)),
			Backends:                     backends211(),
			ListedBackends:               []string{"cudagraphs", "inductor", "openxla", "tvm"},
			InvalidBackendSuggests:       v.AtLeast(at(14)),
			BackendNoneIsDefault:         v.AtLeast(at(14)),
			InputMutationSupportDefault:  v.AtLeast(at(5)),
			CompileDisableTruthy:         !v.AtLeast(at(8)),
		}
		if !v.AtLeast(at(7)) {
			// Measured on 2.6.0: onnxrt registered, no invoke_subgraph or
			// aot_eager_decomp_partition_with_mode.
			want.Backends = backends26()
			want.ListedBackends = []string{"cudagraphs", "inductor", "onnxrt", "openxla", "tvm"}
		}
		if v.AtLeast(at(6)) {
			want.TypeCheck = IsInstance
		}
		if v.AtLeast(at(8)) {
			want.CompileOptions = append(want.CompileOptions, "guard_filter_fn")
			want.FirstCallCallsGuardFilter = true
		}
		if v.AtLeast(at(11)) {
			want.AliasKeys = []string{"use_static_triton_launcher=torch._inductor.config.use_static_cuda_launcher", "strict_static_triton_launcher=torch._inductor.config.strict_static_cuda_launcher", "force_disable_caches=torch.compiler.config.force_disable_caches"}
		}
		if v.AtLeast(at(14)) {
			want.AOTIWrapperPatch = []string{"cpp_wrapper=True", "aot_inductor.package=True"}
			want.FirstCallValidatesOverrides = true
			want.CompileOptions = append(want.CompileOptions, "use_aoti")
		}
		want.BisectBackend = v.AtLeast(at(6))
		switch v {
		case at(0), at(1), at(6):
			want.CompileKwargs = []string{"fullgraph", "dynamic", "disable"}
		case at(13):
			want.CompileKwargs = []string{"fullgraph", "dynamic", "name", "disable", "shapes_spec"}
		case at(14):
			want.CompileKwargs = []string{"fullgraph", "dynamic", "name", "disable", "recompile_limit", "isolate_recompiles", "dynamic_shapes"}
		}
		want.Python, want.CompileMaxPython, want.CompilePythonMessage = pythonWant(v)
		want.CompilePythonInOptimize = v == at(0)
		// registry.py lookup_backend @ 2.0.0 indexes _BACKENDS unchecked (FactInvalidBackendKeyError)
		want.InvalidBackendKeyError = v == at(0)
		want.OldestPython = oldestPythonWant(v)
		want.NewestPython = map[int]string{0: "3.11", 1: "3.11", 2: "3.12", 3: "3.12", 4: "3.12", 5: "3.13", 6: "3.13", 7: "3.13", 8: "3.13",
			9: "3.14", 10: "3.14", 11: "3.14", 12: "3.14"}[v.Minor]
		if diff := cmp.Diff(want, FactsFor(v)); diff != "" {
			t.Errorf("FactsFor(%s) mismatch (-want +got):\n%s", v, diff)
		}
	}
	for key, want := range map[string]modes.Version{"guard_filter_fn": at(8), "use_aoti": at(14)} {
		if got, ok := optionSince(key); !ok || got != want {
			t.Errorf("optionSince(%q) = %v, %v; want %v", key, got, ok, want)
		}
	}
	if _, ok := optionSince("max_autotune"); ok {
		t.Error("optionSince(max_autotune) is set; it is an Inductor key")
	}
}

func TestSchemaRows(t *testing.T) {
	t.Parallel()
	rows := schema.Rows()
	for _, v := range modes.Supported() {
		n := 0
		for _, r := range rows {
			if r.Releases.Contains(v) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("release %s is covered by %d schema rows, want 1", v, n)
		}
	}
	for _, r := range rows {
		if !r.Releases.Valid() || r.Source == "" {
			t.Errorf("schema row %s: malformed range or no source", r.Releases)
		}
		for _, f := range []string{r.File, r.Next} {
			if _, err := os.Stat(filepath.Join("schema", f)); f != "" && err != nil { // embedded: torch-*.json
				t.Errorf("schema row %s: %v", r.Releases, err)
			}
		}
		for v := r.Releases.From; !r.Releases.To.Less(v); v.Minor++ {
			_, ev, err := schema.Builtin(v)
			if err != nil {
				t.Fatal(err)
			}
			if ev != r.Evidence {
				t.Errorf("schema row %s: evidence %s, but schema.Builtin(%s) describes it as %s", r.Releases, r.Evidence, v, ev)
			}
		}
	}
}

// TestAOTIWrapperPatchKeys: every key the AOT wrapper sets is a key of the release's
// schema, with a literal value (aotiPatch skips any other).
func TestAOTIWrapperPatchKeys(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		f := FactsFor(v)
		if len(f.AOTIWrapperPatch) == 0 {
			continue
		}
		r, err := NewResolver(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(r.aotiPatch()); got != len(f.AOTIWrapperPatch) {
			t.Errorf("%s: %d of %q are schema keys with literal values", v, got, f.AOTIWrapperPatch)
		}
	}
}

// TestFactReleases: FactReleases gives the releases of the row with that name and
// value, and the zero Releases when no row has them.
func TestFactReleases(t *testing.T) {
	for _, tc := range []struct {
		name  string
		value any
		want  modes.Releases
	}{
		{FactPerThreadTrees, false, modes.Minors(0, 13)},
		{FactPerThreadTrees, true, modes.Minors(14, 14)},
		{FactGlobalsPerThread, true, modes.Minors(12, 14)},
		{FactSkipMessagePrefixed, true, modes.Minors(6, 14)},
		{FactCompileOptions, "guard_filter_fn", modes.Minors(8, 14)},
		{FactTypeCheck, IsInstance, modes.Minors(6, 14)},
		{FactPerThreadTrees, "true", modes.Releases{}},
		{"NoSuchFact", true, modes.Releases{}},
	} {
		if got := FactReleases(tc.name, tc.value); got != tc.want {
			t.Errorf("FactReleases(%s, %#v) = %v, want %v", tc.name, tc.value, got, tc.want)
		}
	}
}

// oldestPythonWant is each release's oldest Python with builds (every release's:
// sweep6 finding 1 filled 2.4 and 2.10-2.13).
func oldestPythonWant(v modes.Version) string {
	switch {
	case v.Minor <= 4:
		return "3.8"
	case v.Minor <= 8:
		return "3.9"
	}
	return "3.10"
}

// pythonWant is each release's default Python, the first Python its torch.compile
// refuses and the RuntimeError's text, as config/pyfacts.go's sources read them.
func pythonWant(v modes.Version) (def, max, msg string) {
	switch m := v.Minor; {
	case m == 0:
		return "3.10", "3.11", "Python 3.11+ not yet supported for torch.compile"
	case m <= 3:
		return "3.11", "3.12", "Dynamo is not supported on Python 3.12+"
	case m <= 5:
		return "3.12", "3.13", "Dynamo is not supported on Python 3.13+"
	case m <= 9:
		return "3.13", "3.14", "torch.compile is not supported on Python 3.14+"
	case m == 11:
		return "3.12", "3.15", "torch.compile is not supported on Python 3.15+"
	default:
		return "3.14", "3.15", "torch.compile is not supported on Python 3.15+"
	}
}

// TestSupportInputMutationDefault: triton.cudagraph_support_input_mutation's value is
// the key's where the release's schema has it, else the release's default
// (FactInputMutationSupportDefault): 2.5 borrows 2.2's schema, which lacks the key, yet
// defaults it to True (config.py:849@2.5.1); before the fact, a missing key read False.
func TestSupportInputMutationDefault(t *testing.T) {
	t.Parallel()
	at := func(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }
	for _, tt := range []struct {
		v       modes.Version
		globals []Assignment
		want    bool
	}{
		{at(2), nil, false},
		{at(3), nil, false},
		{at(4), nil, false},
		{at(5), nil, true},
		{at(6), nil, true},
		{at(11), nil, true},
		{at(14), nil, true},
		{at(11), []Assignment{{Key: "triton.cudagraph_support_input_mutation", Value: literal.Bool(false)}}, false},
	} {
		res, err := Resolve(tt.v, Request{Globals: tt.globals})
		if err != nil {
			t.Fatalf("Resolve(%s): %v", tt.v, err)
		}
		if got := res.SupportInputMutation(); got != tt.want {
			t.Errorf("%s %v: SupportInputMutation() = %v, want %v", tt.v, tt.globals, got, tt.want)
		}
	}
}

package graphs

import (
	"regexp"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

func wellFormed(t *testing.T, what string, r Releases) {
	t.Helper()
	if !r.Valid() {
		t.Errorf("%s: releases %s not within %s–%s, or reversed", what, r, modes.First(), modes.Newest())
	}
}

var placeholderRE = regexp.MustCompile(`\{([a-z_]+)\}`)

// checkText checks a row's text: every {name} placeholder is known, and the source
// resolves inside this repository.
func checkText(t *testing.T, what string, texts ...string) {
	t.Helper()
	known := placeholderDocs()
	for _, s := range texts {
		for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
			if _, ok := known[m[1]]; !ok {
				t.Errorf("%s: unknown placeholder {%s} in %q", what, m[1], s)
			}
		}
	}
}

func checkSource(t *testing.T, what, source string) {
	t.Helper()
	if strings.TrimSpace(source) == "" && src("kept") != "" { // none under compilemode_nosources
		t.Errorf("%s: no source", what)
	}
	if strings.Contains(source, "shared/") {
		t.Errorf("%s: source %q cites a document outside the repository", what, source)
	}
}

var bases = map[Basis]bool{ByRelease: true, ReadNotMeasured: true, MeasuredElseInferred: true, AlwaysSource: true, AlwaysInferred: true, Unchanged: true}

// TestRuleTable checks the rule table itself: every row has a condition, a source and
// evidence, well-formed releases, known placeholders, a hazard code that exists; rows
// that share an ID (one behaviour, per-release variants) have disjoint releases, so
// that an ID and a release name one message.
func TestRuleTable(t *testing.T) {
	t.Parallel()
	codes := map[string]bool{}
	for _, h := range Hazards() {
		codes[h.Code] = true
	}
	byID := map[string][]Rule{}
	for _, r := range Rules() {
		what := r.key()
		checkRuleFields(t, r, codes)
		wellFormed(t, what, r.Releases)
		checkSource(t, what, r.Source)
		checkText(t, what, r.Message, r.Reason)
		for _, o := range byID[r.ID] {
			if o.Releases.Overlaps(r.Releases) {
				t.Errorf("rule %s: releases %s and %s overlap: one message per ID and release", r.ID, o.Releases, r.Releases)
			}
		}
		byID[r.ID] = append(byID[r.ID], r)
	}
}

// checkRuleFields checks that a row's fields are set and known.
func checkRuleFields(t *testing.T, r Rule, codes map[string]bool) {
	t.Helper()
	what := r.key()
	stages := map[Stage]bool{StageDevice: true, StageOrError: true, StageCallers: true}
	edits := map[Edit]bool{Replace: true, AppendLine: true, AppendText: true, DropLastLine: true}
	if r.ID == "" || r.Condition == "" && prose("kept") != "" { // none under compilemode_nosources
		t.Errorf("%s: no ID or condition", what)
	}
	if !stages[r.Stage] || !bases[r.Evidence] || !edits[r.MessageEdit] || !edits[r.ReasonEdit] {
		t.Errorf("%s: stage %q, evidence %q or edits %q/%q unknown", what, r.Stage, r.Evidence, r.MessageEdit, r.ReasonEdit)
	}
	if r.Hazard != "" && !codes[r.Hazard] {
		t.Errorf("%s: hazard %q has no row", what, r.Hazard)
	}
	if r.Outcome == Fail && r.Exception == "" {
		t.Errorf("%s: a fail without an exception", what)
	}
	if r.OrError && (!r.Stop || r.Outcome != Skip) {
		t.Errorf("%s: OrError on a row that does not decide a skip", what)
	}
}

// TestHazardTable checks the hazard table: every row has a fix, a source and
// evidence, well-formed releases and known placeholders; rows of one code that share
// a release differ by their condition.
func TestHazardTable(t *testing.T) {
	t.Parallel()
	raised := map[string]bool{}
	for _, r := range Rules() {
		raised[r.Hazard] = true
	}
	seen := map[string][]Hazard{}
	for _, h := range Hazards() {
		if raised[h.Code] && h.Evidence == Unchanged {
			t.Errorf("%s: a rule raises it, so it amends nothing: it needs its own evidence", h.key())
		}
		what := h.key()
		if h.Code == "" || h.Condition == "" || h.Fix == "" {
			t.Errorf("%s: no code, condition or fix", what)
		}
		if !bases[h.Evidence] {
			t.Errorf("%s: evidence %q unknown", what, h.Evidence)
		}
		wellFormed(t, what, h.Releases)
		checkSource(t, what, h.Source)
		checkText(t, what, h.Message, h.Fix)
		for _, o := range seen[h.Code] {
			if o.Releases.Overlaps(h.Releases) && o.Condition == h.Condition {
				t.Errorf("hazard %s: two rows for %s with condition %q", h.Code, h.Releases, h.Condition)
			}
		}
		seen[h.Code] = append(seen[h.Code], h)
	}
}

// TestRulesFollowFacts: the release ranges of the rows agree, release by release, with
// the facts config resolves with (config.FactsFor), where both state the same boundary.
func TestRulesFollowFacts(t *testing.T) {
	t.Parallel()
	holds := func(id string, v modes.Version) bool {
		for _, r := range Rules() {
			if r.ID == id && r.Releases.Contains(v) {
				return true
			}
		}
		return false
	}
	hazardHolds := func(code string, v modes.Version) bool {
		for _, h := range Hazards() {
			if h.Code == code && h.Releases.Contains(v) {
				return true
			}
		}
		return false
	}
	for _, v := range modes.Supported() {
		f := config.FactsFor(v)
		first := func(id string) Releases {
			for _, r := range Rules() {
				if r.ID == id && r.Releases.Contains(v) {
					return r.Releases
				}
			}
			return Releases{}
		}
		checks := []struct {
			name      string
			got, want bool
		}{
			// From 2.1: 2.0's cudagraph_trees.py was not read (rows20).
			{"trees-tls-other holds without PerThreadTrees", holds("trees-tls-other", v), !f.PerThreadTrees && v.AtLeast(firstPlanned())},
			{"trees-concurrent-callers holds without PerThreadTrees", holds("trees-concurrent-callers", v), !f.PerThreadTrees && v.AtLeast(firstPlanned())},
			{"trees-per-thread-callers holds with PerThreadTrees", holds("trees-per-thread-callers", v), f.PerThreadTrees},
			// 2.0's torch.compile passes a non-inductor backend no mode or options at all.
			{"cudagraphs-backend-kwargs holds unless the backend takes kwargs", holds("cudagraphs-backend-kwargs", v), !f.CUDAGraphsBackendTakesKwargs && v.AtLeast(release(1))},
			// 2.1 logs one message per case (src21CompileFx); the list form is 2.2's.
			{"list-repr skip messages before SkipMessagePrefixed", first("skip-incompatible-op") == between(2, 5), !f.SkipMessagePrefixed && v.AtLeast(release(2))},
			// The mutation message left the list form before the other skips: PR #117720
			// (2.3) and PR #124700 (2.4) reworded it; SkipMessagePrefixed dates the rest.
			{"list-repr mutation message in 2.2", first("trees-skip-mutated-input") == between(2, 2), !f.SkipMessagePrefixed && !v.AtLeast(release(3)) && v.AtLeast(release(2))},
			{"messageful legacy assert", first("legacy-static-input-moved") == from(14), f.MessagefulLegacyAsserts},
			{"global-not-seen-by-thread with GlobalsPerThread", hazardHolds("global-not-seen-by-thread", v), f.GlobalsPerThread},
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("torch %s: %s: rows say %v, config.FactsFor says %v", v, c.name, c.got, c.want)
			}
		}
	}
}

// TestEveryRowReached plans scenarios that together reach every rule and hazard row,
// each reaching the rows it names.
func TestEveryRowReached(t *testing.T) {
	t.Parallel()
	ro := strp("reduce-overhead")
	env := func(kv ...string) func() []string { return func() []string { return kv } }
	legacy := func(more ...string) []config.Assignment {
		return set(t, append([]string{"triton.cudagraph_trees=False"}, more...)...)
	}
	v := func(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }
	tests := []struct {
		name    string
		v       modes.Version
		req     config.Request
		w       Workload
		reaches []string // rule IDs and hazard codes
	}{
		{"other-backend", v211, config.Request{Backend: "eager"}, Workload{}, []string{"other-backend"}},
		{"cgbackend-mode", v211, config.Request{Backend: "cudagraphs", Mode: ro}, Workload{}, []string{"cudagraphs-backend-kwargs"}},
		{"cgbackend-cpu", v211, config.Request{Backend: "cudagraphs"}, Workload{CPUInputs: true}, []string{"cudagraphs-backend-skip-devices"}},
		{"cgbackend-mutation", v211, config.Request{Backend: "cudagraphs"}, Workload{MutatedInputs: InputMutation}, []string{"cudagraphs-backend-skip-mutation"}},
		// 2.3's wording of the skip (msgMutationOnInput23), before 2.4's "(N instances)".
		{"cgbackend-mutation-2.3", v(3), config.Request{Backend: "cudagraphs"}, Workload{MutatedInputs: InputMutation}, []string{"cudagraphs-backend-skip-mutation"}},
		{"cgbackend-threads", v211, config.Request{Backend: "cudagraphs"}, Workload{Devices: 2, Threads: PerDevice}, []string{"cudagraphs-backend-capture", "cudagraphs-backend-trees", "trees-tls-first", "trees-tls-other", "trees-user-thread-tls"}},
		{"compile-disabled", v211, config.Request{Mode: ro, Env: env("TORCH_COMPILE_DISABLE=1")}, Workload{}, []string{"compile-disabled"}},
		// sweep3 findings 1 and 2 (testdata/torch/compile_disable.txt): up to 2.7 any
		// non-empty TORCH_COMPILE_DISABLE turns compilation off; TORCHDYNAMO_DISABLE=1 and
		// torch._dynamo.config.disable = True too, before any backend's failure; with
		// fullgraph=True, 2.12+ raise at the first call.
		{"compile-disabled-zero-2.6", v(6), config.Request{Mode: ro, Env: env("TORCH_COMPILE_DISABLE=0")}, Workload{}, []string{"compile-disabled"}},
		{"compile-disabled-zero-backend-2.6", v(6), config.Request{Mode: ro, Backend: "cudagraphs", Env: env("TORCH_COMPILE_DISABLE=false")}, Workload{}, []string{"compile-disabled"}},
		{"dynamo-disable-env", v(6), config.Request{Mode: ro, Env: env("TORCHDYNAMO_DISABLE=1")}, Workload{}, []string{"compile-disabled"}},
		{"dynamo-disable-global", v(14), config.Request{Mode: ro, DynamoDisable: true}, Workload{}, []string{"compile-disabled"}},
		{"fullgraph-disabled-2.14", v(14), config.Request{Mode: ro, Fullgraph: true, Env: env("TORCH_COMPILE_DISABLE=1")}, Workload{}, []string{"fullgraph-no-compiled-frames"}},
		{"fullgraph-dynamo-env-2.14", v(14), config.Request{Mode: ro, Fullgraph: true, Env: env("TORCHDYNAMO_DISABLE=1")}, Workload{}, []string{"compile-disabled"}},
		{"fullgraph-disabled-2.11", v211, config.Request{Mode: ro, Fullgraph: true, Env: env("TORCH_COMPILE_DISABLE=1")}, Workload{}, []string{"compile-disabled"}},
		{"off-partitioned", v211, config.Request{}, Workload{}, []string{"cudagraphs-off-partitioned"}},
		{"off", v(2), config.Request{}, Workload{}, []string{"cudagraphs-off"}},
		{"skip-dynamic-partitioned", v211, config.Request{Mode: ro, Dynamic: boolp(true), Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True")}, Workload{}, []string{"skip-dynamic-graphs-partitioned"}},
		{"skip-dynamic", v211, config.Request{Mode: ro, Dynamic: boolp(true), Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True", "graph_partition=False")}, Workload{}, []string{"skip-dynamic-graphs"}},
		{"incompatible-op-partitioned", v211, config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.nonzero.default"}, []string{"partition-incompatible-op", "trees-record"}},
		{"incompatible-op-2.2", v(2), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.nonzero.default"}, []string{"skip-incompatible-op"}},
		{"incompatible-op", v211, config.Request{Mode: ro, Globals: set(t, "graph_partition=False")}, Workload{IncompatibleOp: "aten.nonzero.default"}, []string{"skip-incompatible-op"}},
		{"cpu-partitioned", v211, config.Request{Mode: ro}, Workload{CPUInputs: true}, []string{"partition-cpu-input"}},
		{"cpu-2.2", v(2), config.Request{Mode: ro}, Workload{CPUInputs: true}, []string{"skip-cpu-input"}},
		{"cpu-or-error", v211, config.Request{Mode: ro, Globals: set(t, "graph_partition=False"), Env: env("TORCHINDUCTOR_CUDAGRAPH_OR_ERROR=1")}, Workload{CPUInputs: true}, []string{"skip-cpu-input", "cudagraph-or-error"}},
		{"span-partitioned", v211, config.Request{Mode: ro}, Workload{Devices: 2, SpanDevices: true}, []string{"skip-multiple-devices-partitioned"}},
		{"span-2.2", v(2), config.Request{Mode: ro}, Workload{Devices: 2, SpanDevices: true}, []string{"skip-multiple-devices"}},
		{"span", v211, config.Request{Mode: ro, Globals: set(t, "graph_partition=False")}, Workload{Devices: 2, SpanDevices: true}, []string{"skip-multiple-devices"}},
		{"non-tensor", v211, config.Request{Mode: ro}, Workload{NonTensorInputs: true}, []string{"skip-non-tensor-input"}},
		{"capture-partitioned", v211, config.Request{Mode: ro}, Workload{}, []string{"capture-partitioned", "trees-record"}},
		{"capture-2.2", v(2), config.Request{Mode: ro}, Workload{}, []string{"capture", "trees-record"}},
		{"capture-2.14", v(14), config.Request{Mode: ro}, Workload{}, []string{"capture-partitioned", "trees-record"}},
		{"uncached-2.14", v(14), config.Request{Mode: ro}, Workload{Allocator: "uncached"}, []string{"skip-uncached-allocator"}},
		{"uncached", v211, config.Request{Mode: ro}, Workload{Allocator: "uncached"}, []string{"uncached-allocator-unknown", "allocator-incompatible"}},
		{"cold-callers", v211, config.Request{Mode: ro}, Workload{Threads: Callers, ColdStart: true}, []string{"trees-tls-callers", "trees-user-thread-tls"}},
		{"per-thread", v211, config.Request{Mode: ro}, Workload{Threads: PerThread}, []string{"trees-tls-per-thread-unmeasured", "trees-tls-first", "trees-tls-other"}},
		{"per-device-2.13", v(13), config.Request{Mode: ro}, Workload{Devices: 2, Threads: PerDevice}, []string{"trees-tls-other", "trees-user-thread-tls"}},
		{"trees-async", v211, config.Request{Mode: ro}, Workload{Allocator: "cudaMallocAsync"}, []string{"trees-async-allocator", "allocator-incompatible"}},
		{"legacy-async", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{Allocator: "cudaMallocAsync"}, []string{"legacy-async-allocator", "allocator-incompatible", "trees-flag-does-not-disable-cudagraphs"}},
		{"mutation-2.2", v(2), config.Request{Mode: ro}, Workload{MutatedInputs: InputMutation}, []string{"trees-skip-mutated-input"}},
		{"mutation", v211, config.Request{Mode: ro}, Workload{MutatedInputs: InputMutation}, []string{"trees-skip-mutated-input"}},
		{"mutation-legacy", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{MutatedInputs: InputMutation}, []string{"legacy-mutated-input"}},
		{"storage", v211, config.Request{Mode: ro}, Workload{MutatedInputs: StorageMutation}, []string{"skip-storage-mutation"}},
		{"storage-2.2", v(2), config.Request{Mode: ro}, Workload{MutatedInputs: StorageMutation}, []string{"skip-storage-mutation"}},
		{"storage-2.3", v(3), config.Request{Mode: ro}, Workload{MutatedInputs: StorageMutation}, []string{"skip-storage-mutation"}},
		{"storage-2.14", v(14), config.Request{Mode: ro}, Workload{MutatedInputs: StorageMutation}, []string{"skip-storage-mutation"}},
		{"moved-legacy", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{MovingStaticInputs: true}, []string{"legacy-static-input-moved"}},
		{"moved-legacy-threads", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{Devices: 2, Threads: PerDevice, MovingStaticInputs: true}, []string{"legacy-static-input-moved"}},
		{"moved-legacy-2.14", v(14), config.Request{Mode: ro, Globals: legacy()}, Workload{MovingStaticInputs: true}, []string{"legacy-static-input-moved"}},
		{"moved-legacy-unchecked", v211, config.Request{Mode: ro, Globals: legacy("size_asserts=False")}, Workload{MovingStaticInputs: true}, []string{"legacy-static-input-moved-unchecked"}},
		{"moved-trees", v211, config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, []string{"trees-rerecord-moved-input"}},
		{"dynamic-true", v211, config.Request{Mode: ro, Dynamic: boolp(true)}, Workload{DynamicShapes: true, DistinctSizes: 20}, []string{"trees-dynamic-no-static-recording", "trees-record-per-size", "dynamic-shape-rerecord"}},
		{"dynamic-true-2.6", v(6), config.Request{Mode: ro, Dynamic: boolp(true)}, Workload{DynamicShapes: true, DistinctSizes: 20}, []string{"trees-record-per-size"}},
		{"dynamic-true-2.14", v(14), config.Request{Mode: ro, Dynamic: boolp(true)}, Workload{DynamicShapes: true, DistinctSizes: 20}, []string{"trees-dynamic-no-static-recording", "trees-record-per-size", "dynamic-shape-rerecord"}},
		{"callers-skip", v211, config.Request{}, Workload{Threads: Callers}, []string{"callers-as-main"}},
		{"callers", v211, config.Request{Mode: ro}, Workload{Threads: Callers, Callers: 16}, []string{"trees-concurrent-callers"}},
		{"one-caller", v211, config.Request{Mode: ro}, Workload{Threads: Callers, Callers: 1}, []string{"callers-one"}},
		{"callers-2.14", v(14), config.Request{Mode: ro}, Workload{Threads: Callers}, []string{"trees-per-thread-callers"}},
		{"callers-legacy", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{Threads: Callers}, []string{"legacy-concurrent-callers"}},
		{"globals-mode-2.12", v(12), config.Request{Mode: ro, Globals: legacy()}, Workload{Devices: 2, Threads: PerDevice}, []string{"global-not-seen-by-thread", "trees-user-thread-tls"}},
		// Issue 13 field reports.
		{"pool-2.11", v211, config.Request{Mode: ro}, Workload{ThreadPool: 4}, []string{"pool-trees-tls", "thread-pool"}},
		{"pool-2.14", v(14), config.Request{Mode: ro}, Workload{ThreadPool: 4}, []string{"pool-trees-per-thread", "thread-pool"}},
		{"pool-legacy", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{ThreadPool: 4}, []string{"pool-legacy", "thread-pool"}},
		{"manual", v211, config.Request{}, Workload{CaptureErrorMode: "global", MutatedInputs: InputMutation}, []string{"manual-capture", "manual-mutated-input", "manual-done"}},
		{"manual-sizes", v211, config.Request{}, Workload{CaptureErrorMode: "thread_local", DynamicShapes: true, DistinctSizes: 35}, []string{"manual-capture", "manual-capture-sizes", "manual-done"}},
		{"manual-sync", v211, config.Request{}, Workload{CaptureErrorMode: "thread_local", OtherThreadWork: "device-sync"}, []string{"manual-device-sync", "capture-other-threads"}},
		{"manual-global-alloc", v211, config.Request{}, Workload{CaptureErrorMode: "global", OtherThreadWork: "alloc"}, []string{"manual-global-other-threads", "capture-other-threads"}},
		// sweep6 finding 13: two threads hand-capturing on one device race (capture_threads_2.11.out).
		{"manual-threads-global", v211, config.Request{}, Workload{CaptureErrorMode: "global", Threads: Callers, Callers: 2, ColdStart: true}, []string{"manual-capture-threads", "capture-other-threads"}},
		{"manual-threads-thread-local", v211, config.Request{}, Workload{CaptureErrorMode: "thread_local", Threads: PerThread, Devices: 1, Callers: 2}, []string{"manual-capture-threads", "capture-other-threads"}},
		{"manual-threads-pool", v(14), config.Request{}, Workload{CaptureErrorMode: "global", ThreadPool: 4}, []string{"manual-capture-threads", "capture-other-threads"}},
		{"manual-threads-2.6", v(6), config.Request{}, Workload{CaptureErrorMode: "global", Threads: Callers, Callers: 2}, []string{"manual-capture-threads-old", "capture-other-threads"}},
		{"manual-one-thread-per-device", v211, config.Request{}, Workload{CaptureErrorMode: "global", Threads: PerDevice, Devices: 2}, []string{"manual-capture", "manual-done"}},
		{"manual-one-caller", v211, config.Request{}, Workload{CaptureErrorMode: "global", Threads: Callers, Callers: 1}, []string{"manual-capture", "manual-done"}},
		// sweep4 finding 9: a hand capture around cudagraph trees (hand_capture_2.11.out).
		{"manual-trees", v211, config.Request{Mode: ro}, Workload{CaptureErrorMode: "thread_local"}, []string{"manual-capture-trees", "capture-nested-cudagraphs"}},
		{"manual-autotune-global", v211, config.Request{Mode: strp("max-autotune-no-cudagraphs")}, Workload{CaptureErrorMode: "global"}, []string{"manual-capture", "manual-autotune-global", "manual-done"}},
		{"manual-trees-2.14", v(14), config.Request{Mode: ro}, Workload{CaptureErrorMode: "global"}, []string{"manual-capture-cudagraphs", "capture-nested-cudagraphs"}},
		{"manual-local-copy", v211, config.Request{}, Workload{CaptureErrorMode: "thread_local", OtherThreadWork: "pageable-copy"}, []string{"manual-local-other-threads", "manual-done"}},
		{"dynamo-break-at-op", v211, config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.nonzero.default", Dynamo: "capture_dynamic_output_shape_ops=False"}, []string{"dynamo-breaks-at-op", "graph-breaks"}},
		{"graph-breaks-legacy", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{GraphBreaks: 1}, []string{"graph-breaks"}},
		{"compiled-autograd-2.5", v(5), config.Request{Mode: ro}, Workload{CompiledAutograd: true}, []string{"compiled-autograd-tls"}},
		{"compiled-autograd-2.6", v(6), config.Request{Mode: ro}, Workload{CompiledAutograd: true}, []string{"compiled-autograd"}},
		{"rerecord-2.4-inline", v(4), config.Request{Mode: ro}, Workload{MovingStaticInputs: true, Dynamo: "inline_inbuilt_nn_modules=True"}, []string{"trees-rerecord-moved-input", "static-input-moved"}},
		{"static-moved-2.6-no-inline", v(6), config.Request{Mode: ro}, Workload{MovingStaticInputs: true, Dynamo: "inline_inbuilt_nn_modules=False"}, []string{"trees-static-input-moved", "static-input-moved"}},
		{"static-moved-2.2", v(2), config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, []string{"trees-static-input-moved", "static-input-moved"}},
		{"static-moved-2.4", v(4), config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, []string{"trees-static-input-moved", "static-input-moved"}},
		{"mutation-2.3", v(3), config.Request{Mode: ro}, Workload{MutatedInputs: InputMutation}, []string{"trees-skip-mutated-input", "mutated-input"}},
		{"mutation-2.4", v(4), config.Request{Mode: ro}, Workload{MutatedInputs: InputMutation}, []string{"trees-skip-mutated-input", "mutated-input"}},
		{"refused-op-partitioned", v211, config.Request{Mode: ro}, Workload{IncompatibleOp: "aten._local_scalar_dense.default"}, []string{"partition-incompatible-op", "incompatible-op"}},
		{"refused-op", v211, config.Request{Mode: ro, Globals: set(t, "graph_partition=False")}, Workload{IncompatibleOp: "aten._local_scalar_dense.default"}, []string{"skip-incompatible-op", "incompatible-op"}},
		{"refused-op-2.2", v(2), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten._local_scalar_dense.default"}, []string{"skip-incompatible-op", "incompatible-op"}},
		{"rerecord-2.6", v(6), config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, []string{"trees-rerecord-moved-input"}},
		{"rerecord-0-2.14", v(14), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_unexpected_rerecord_limit=0")}, Workload{MovingStaticInputs: true}, []string{"trees-rerecord-limit-zero"}},
		{"skip-dynamic-2.14-#196385", v(14), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_skip_dynamic_graphs=True")}, Workload{DynamicShapes: true}, []string{"skip-dynamic-graphs-bypassed", "skip-dynamic-graphs-ignored", "trees-record-per-size"}},
		{"backward-#126934", v211, config.Request{Mode: ro}, Workload{AutogradBackward: true}, []string{"backward-autograd-thread"}},
		{"backward-2.12-#7019", v(12), config.Request{Mode: ro, Globals: set(t, "triton.cudagraph_trees=False")}, Workload{AutogradBackward: true}, []string{"backward-thread-defaults"}},
		{"dynamic-race-#118260", v211, config.Request{Mode: ro, Dynamic: boolp(false)}, Workload{Threads: PerThread, ConcurrentRecompiles: true}, []string{"dynamic-patch-race"}},
		{"dynamic-race-callers-#118260", v211, config.Request{Dynamic: boolp(false)}, Workload{Threads: Callers, ConcurrentRecompiles: true}, []string{"callers-dynamic-patch-race", "dynamic-patch-race"}},
		{"dynamic-race-2.12", v(12), config.Request{Mode: ro, Dynamic: boolp(false)}, Workload{Threads: PerThread, ConcurrentRecompiles: true}, []string{"dynamic-patch-per-thread"}},
		{"overwritten-#122192", v211, config.Request{Mode: ro}, Workload{OutputsKept: true}, []string{"trees-overwritten-output", "overwritten-output"}},
		{"overwritten-2.1", v(1), config.Request{Mode: ro}, Workload{OutputsKept: true}, []string{"trees-overwritten-output", "overwritten-output"}},
		{"overwritten-2.14", v(14), config.Request{Mode: ro}, Workload{OutputsKept: true}, []string{"trees-overwritten-output", "overwritten-output"}},
		{"stale-2.11", v211, config.Request{Mode: ro}, Workload{OutputsStale: true}, []string{"trees-stale-output", "stale-output"}},
		{"stale-legacy", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{OutputsStale: true}, []string{"legacy-stale-output", "stale-output"}},
		{"overwritten-legacy-#170604", v211, config.Request{Mode: ro, Globals: legacy()}, Workload{OutputsKept: true}, []string{"legacy-overwritten-output", "overwritten-output"}},
		{"op-deterministic-2.6", v(6), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.scatter_add.default"}, []string{"incompatible-op-check", "unknown-incompatible-op"}},
		{"op-rocm-2.14", v(14), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.topk.default"}, []string{"unknown-incompatible-op"}},
		{"op-bool-2.14", v(14), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.index_put.default"}, []string{"unknown-incompatible-op"}},
		// 2.0 (its torch/__init__.py and torch/cuda/graphs.py as the 2.0 docs render them).
		{"manual-2.0-thread-local", v(0), config.Request{}, Workload{CaptureErrorMode: "thread_local"}, []string{"manual-capture-mode-2.0"}},
		{"manual-2.0-global-alloc", v(0), config.Request{}, Workload{CaptureErrorMode: "global", OtherThreadWork: "alloc"}, []string{"manual-global-other-threads", "capture-other-threads"}},
		{"dynamic-2.0", v(0), config.Request{Mode: ro, Dynamic: boolp(true)}, Workload{}, []string{"dynamic-disables-cudagraphs-2.0"}},
		{"dynamic-option-2.0", v(0), config.Request{Options: opts(t, "{'triton.cudagraphs': True}"), Dynamic: boolp(true)}, Workload{}, []string{"dynamic-cudagraphs-option-2.0"}},
		{"default-2.0", v(0), config.Request{}, Workload{}, []string{"cudagraphs-off-2.0"}},
		{"ro-2.0", v(0), config.Request{Mode: ro}, Workload{}, []string{"legacy-2.0"}},
		{"moved-2.0", v(0), config.Request{Options: opts(t, "{'triton.cudagraphs': True}")}, Workload{MovingStaticInputs: true}, []string{"legacy-static-moved-2.0", "legacy-static-input-moved"}},
		{"moved-ro-2.0", v(0), config.Request{Mode: ro}, Workload{MovingStaticInputs: true}, []string{"legacy-2.0", "legacy-static-moved-silent-2.0", "legacy-static-input-moved"}},
		{"sizes-2.0", v(0), config.Request{Mode: ro}, Workload{DynamicShapes: true, DistinctSizes: 5}, []string{"legacy-2.0", "legacy-sizes-2.0"}},
		{"kept-2.0", v(0), config.Request{Mode: ro}, Workload{OutputsKept: true}, []string{"legacy-overwritten-output", "overwritten-output"}},
		{"stale-2.0", v(0), config.Request{Mode: ro}, Workload{OutputsStale: true}, []string{"legacy-stale-output", "stale-output"}},
		{"callers-2.0", v(0), config.Request{Mode: ro}, Workload{Threads: Callers, Callers: 4}, []string{"legacy-concurrent-callers"}},
		{"cpu-2.0", v(0), config.Request{Mode: ro}, Workload{CPUInputs: true}, []string{"skip-devices-2.0", "cpu-input"}},
		{"op-2.0", v(0), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten._local_scalar_dense.default"}, []string{"skip-incompatible-op-2.0", "incompatible-op"}},
		{"mutation-2.0", v(0), config.Request{Mode: ro}, Workload{MutatedInputs: InputMutation}, []string{"skip-mutation-2.0", "legacy-mutated-input"}},
		{"backend-2.0", v(0), config.Request{Backend: "cudagraphs"}, Workload{}, []string{"other-backend-2.0"}},
		// 2.1's one-message-per-case skips (src21CompileFx).
		{"incompatible-op-2.1", v(1), config.Request{Mode: ro}, Workload{IncompatibleOp: "aten.nonzero.default"}, []string{"skip-incompatible-op"}},
		{"cpu-2.1", v(1), config.Request{Mode: ro}, Workload{CPUInputs: true}, []string{"skip-cpu-input"}},
		{"span-2.1", v(1), config.Request{Mode: ro}, Workload{Devices: 2, SpanDevices: true}, []string{"skip-multiple-devices"}},
		{"non-tensor-2.1", v(1), config.Request{Mode: ro}, Workload{NonTensorInputs: true}, []string{"skip-non-tensor-input"}},
		{"mutation-2.1", v(1), config.Request{Mode: ro}, Workload{MutatedInputs: InputMutation}, []string{"trees-skip-mutated-input"}},
		{"storage-2.1", v(1), config.Request{Mode: ro}, Workload{MutatedInputs: StorageMutation}, []string{"skip-storage-mutation"}},
		{"mutation-legacy-2.1", v(1), config.Request{Mode: ro, Globals: legacy()}, Workload{MutatedInputs: StaticMutation}, []string{"legacy-skip-mutated-input"}},
		{"mutation-legacy-input-2.1", v(1), config.Request{Mode: ro, Globals: legacy()}, Workload{MutatedInputs: InputMutation}, []string{"legacy-skip-mutated-input", "legacy-mutated-input"}},
		{"mutation-legacy-2.3", v(3), config.Request{Mode: ro, Globals: legacy()}, Workload{MutatedInputs: InputMutation}, []string{"legacy-skip-mutated-input", "legacy-mutated-input"}},
		{"non-tensor-2.0", v(0), config.Request{Mode: ro}, Workload{NonTensorInputs: true}, []string{"non-tensor-input-2.0"}},
		{"silent-2.11", v211, config.Request{Mode: ro}, Workload{NonTensorInputs: true}, []string{"skip-non-tensor-input", "skip-silent-partitioned"}},
		{"listed-2.2", v(2), config.Request{Mode: ro}, Workload{CPUInputs: true, NonTensorInputs: true}, []string{"skip-cpu-input", "skip-listed-reasons"}},
		{"mps-2.14", v(14), config.Request{Mode: ro}, Workload{DeviceType: "mps"}, []string{"non-cuda-device-mps-logged"}},
		{"cpu-2.1", v(1), config.Request{Mode: ro}, Workload{DeviceType: "cpu"}, []string{"non-cuda-device"}},
		{"mps-2.11", v211, config.Request{Mode: ro}, Workload{DeviceType: "mps"}, []string{"non-cuda-device-mps"}},
		{"globals-2.12", v(12), config.Request{Globals: set(t, "triton.cudagraphs=True", "triton.cudagraph_trees=False")}, Workload{Devices: 2, Threads: PerDevice}, []string{"global-not-seen-by-thread"}},
	}
	reached := map[string]bool{}
	for _, tc := range tests {
		res, err := config.Resolve(tc.v, tc.req)
		if err != nil {
			t.Fatalf("%s: Resolve: %v", tc.name, err)
		}
		fired := map[string]bool{}
		if _, err := build(res, tc.w, func(key string) { fired[key] = true; reached[key] = true }); err != nil {
			t.Fatalf("%s: build: %v", tc.name, err)
		}
		for _, id := range tc.reaches {
			found := false
			for key := range fired {
				f := strings.Fields(key)
				found = found || f[1] == id
			}
			if !found {
				t.Errorf("%s: row %s not reached", tc.name, id)
			}
		}
	}
	// A build that is not a release: main@fe05266's mode table (B04, issue #96540).
	pre, err := resolveMeet(t, v(1), config.Request{Mode: strp("max-autotune")}, "torch-2.1.0a0-fe05266.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := build(pre, Workload{}, func(key string) { reached[key] = true }); err != nil {
		t.Fatal(err)
	}
	t.Logf("reached %d rows of %d+%d", len(reached), len(Rules()), len(Hazards()))
	for _, r := range Rules() {
		if !reached[r.key()] {
			t.Errorf("no scenario reaches %s", r.key())
		}
	}
	for _, h := range Hazards() {
		if !reached[h.key()] {
			t.Errorf("no scenario reaches %s", h.key())
		}
	}
}

// TestRulesFresh: Rules and Hazards return copies; editing one does not change the
// planner's table.
func TestRulesFresh(t *testing.T) {
	t.Parallel()
	r := Rules()
	r[0].Message = "changed"
	if Rules()[0].Message == "changed" {
		t.Error("Rules returned the planner's own table")
	}
	h := Hazards()
	h[0].Fix = "changed"
	if Hazards()[0].Fix == "changed" {
		t.Error("Hazards returned the planner's own table")
	}
}

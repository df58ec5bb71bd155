package graphs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config/schema"
)

// fieldCase is what one field report (testdata/reference/bug-log.md B01–B27) saw,
// checked against its scenario file testdata/scenarios/field-<name>.json.
type fieldCase struct {
	file string // field-<file>.json
	// outcome of device 0, or "raises" when torch.compile raises before any device.
	outcome   Outcome
	exception string   // the Python exception (device 0's, or the compile error's)
	message   string   // a substring of PyTorch's text (device 0's message, or the error)
	warnings  []string // the plan's warning codes, in the order the run meets them
	fix       string   // a substring of the recommendation of warning fixOf (or the error's hint)
	fixOf     string   // the warning code whose fix is checked ("" for the first warning)
	reason    string   // what the report saw, and its source
}

// fieldCases: one per report that is about PyTorch (B26 and B27 are about Go's OS
// threads, answered by -diagnose). B04's table is main@fe05266's, a 2.1 pre-release
// (testdata/reference/field-judgement.md), answered with that snapshot's schema
// (fieldSchemas); B14 is planned on 2.0, whose compile_fx logs the report's text, and on
// 2.1, where the same graph is skipped with that release's text.
var fieldCases = []fieldCase{
	{"B04-mode-table-fe05266", Capture, "", "", []string{"mode-preset-off"}, "options={'max_autotune': True, 'triton.cudagraphs': True}", "",
		"pytorch/pytorch#96540: at main@fe05266 mode=\"max-autotune\" set max_autotune=False (with epilogue_fusion=False, triton.cudagraphs=True)"},
	{"B01-mode-and-options", "raises", "RuntimeError", "Either mode or options can be specified", nil, "list_mode_options(\"reduce-overhead\") expanded", "",
		"huggingface/lerobot#4114: mode and options together raise; expanding the mode into options works"},
	{"B02-ui-mode-and-options", "raises", "RuntimeError", "Either mode or options can be specified", nil, "list_mode_options(\"max-autotune\") expanded", "",
		"xmarre/TorchCompileModel_LoRASafe#6, PR #7: the fix merges list_mode_options(mode) under the user's options"},
	{"B03-guard-filter-fn-2.7", "raises", "RuntimeError", "Unexpected optimization option guard_filter_fn", nil, "from torch 2.8", "",
		"Comfy-Org/ComfyUI#11457: unknown on 2.7, accepted from 2.8"},
	{"B05-global-off-mode-on-2.1", Capture, "", "recording cudagraph tree", []string{"mode-overrides-global"}, "", "",
		"pytorch/pytorch#116096: the mode's patch wins over the global False; graphs stay on"},
	{"B06-trees-off-not-graphs-off", Capture, "", "", []string{"trees-flag-does-not-disable-cudagraphs"}, "", "",
		"ultralytics PR #25234: cudagraph_trees=False selects the legacy implementation, graphs stay on"},
	{"B07-two-models-two-threads", Capture, "", "", []string{"unknown-env-var", "trees-user-thread-tls"}, "one long-lived thread", "trees-user-thread-tls",
		"OpenBMB/VoxCPM#208: AssertionError in cudagraph_trees.py for the second thread; TORCHINDUCTOR_DISABLE_CUDAGRAPHS is read by no release"},
	{"B08-callers32-cold-2.13", Fail, "AssertionError", "_is_key_in_tls", []string{"trees-user-thread-tls"}, "upgrade to 2.14", "",
		"pytorch/pytorch#123177: 32 threads, some fail the TLS assertion (2.13 nightly: 8 of 32)"},
	{"B09-pool4-2.14", Capture, "", "", []string{"thread-pool"}, "clone outputs inside the worker", "",
		"debpalash/VoiceStudio#315: a pool of 4 renders corrupt output from the second call without an exception (per-thread trees, 2.14)"},
	{"B10-dynamic-false-race-eager", Skip, "", "", []string{"dynamic-patch-race"}, "warm up every shape from one thread", "",
		"pytorch/pytorch#118260: dynamic=False lost when two threads compile at once, backend=\"eager\", main never calls"},
	{"B11-compiled-autograd-tls-2.5", Fail, "AssertionError", "_is_key_in_tls", []string{"compiled-autograd-tls"}, "import torch._inductor.cudagraph_trees", "",
		"pytorch/pytorch#126934: compiled autograd's backward loses cudagraph-tree TLS; fixed by PR #136735 (2.6)"},
	{"B12-mutated-input-2.2", Skip, "", "['mutated inputs']", []string{"mutated-input"}, "return the new value", "",
		"pytorch/pytorch#120733: reduce-overhead skips a function that mutates its input"},
	{"B12-mutated-input-manual-2.2", Capture, "", "", nil, "", "",
		"pytorch/pytorch#120733: the same function captured by hand with torch.cuda.graph is recorded"},
	{"B13-cpu-scalar-2.3", Skip, "", "skipping cudagraphs due to skipping cudagraphs due to cpu device", []string{"cpu-input"}, "move the tensor to the GPU", "",
		"pytorch/pytorch#119241 (filed on a 2024-02 nightly): 2.3.0 prints \"cpu device\" without the node name (torch/_inductor/cudagraph_utils.py:81@2.3.0); the issue's \"cpu device (arg1_1)\" is from a 2024-09 comment, 2.4's wording (cudagraph_utils.py:110@2.4.0)"},
	{"B14-cpu-and-cuda-2.0", Skip, "", "skipping cudagraphs due to multiple devices", []string{"cpu-input"}, "move the tensor to the GPU", "",
		"pytorch/torchdynamo#748: the report's text, as the 2.0-era compile_fx (amd/ZenDNN-pytorch@420deb5) logs it"},
	{"B14-cpu-and-cuda-2.1", Skip, "", "skipping cudagraphs due to multiple devices", []string{"cpu-input"}, "move the tensor to the GPU", "",
		"pytorch/torchdynamo#748: a graph with CPU and CUDA tensors is skipped; 2.1 still logs the report's text (torch/_inductor/compile_fx.py:440@2.1.0; the list reason is 2.2's)"},
	{"B15-nonzero-dynamic-output-2.7", Skip, "", "incompatible op aten.nonzero.default", []string{"incompatible-op"}, "graph_partition=True", "",
		"pytorch/pytorch#149944: capture_dynamic_output_shape_ops=True puts nonzero in the graph, and graphs are skipped"},
	{"B16-dynamic-padding-9-sizes", Capture, "", "", []string{"dynamic-shape-rerecord"}, "pad inputs", "",
		"pytorch/pytorch#188150: \"observed 9 distinct sizes\" is printed once, when the recorded count first passes the limit (8): 10 sizes or more under dynamic=None, whose first size is static"},
	{"B17-skip-dynamic-ignored-2.14", Capture, "", "Recording cudagraph tree", []string{"skip-dynamic-graphs-ignored"}, "graph_partition=False", "",
		"pytorch/pytorch#196385: skip_dynamic_graphs=True still records per size under graph partitions"},
	{"B18-rebound-parameters", Capture, "", "", []string{"static-input-moved"}, "update it in place", "",
		"PR #129349, issue #127147: rebound parameters re-record at every move"},
	{"B19-legacy-static-moved-2.2", Fail, "AssertionError", "assert dst.data_ptr() == src.data_ptr()", []string{"trees-flag-does-not-disable-cudagraphs", "legacy-static-input-moved"}, "", "",
		"pytorch/torchdynamo#755: the legacy implementation's bare data_ptr assert"},
	{"B19-trees-static-moved-2.3", Fail, "AssertionError", "assert data_ptr == new_inputs[idx].data_ptr()", []string{"static-input-moved"}, "update it in place", "",
		"pytorch/pytorch#120474: cudagraph trees assert in CUDAGraphNode.run when a static input moves (2.3-era)"},
	{"B20-outputs-kept-2.3", Fail, "RuntimeError", "accessing tensor output of CUDAGraphs that has been overwritten", []string{"overwritten-output"}, "clone every output you keep", "",
		"pytorch/pytorch#122192, #170604: the overwritten-output error; cloning fixes it, mark_step_begin does not"},
	{"B21-async-alloc-then-overwritten", Fail, "RuntimeError", "cudaMallocAsync does not yet support checkPoolLiveAllocations", []string{"allocator-incompatible", "overwritten-output", "graph-breaks"}, "drop backend:cudaMallocAsync", "",
		"kijai/ComfyUI-WanVideoWrapper#1584: first the allocator error, then, with it fixed, the overwritten-output error"},
	{"B22-rocm-training-2.10", Capture, "", "", nil, "", "",
		"pytorch/pytorch#187715: HIP devices count as cuda; maintainers saw trees record forward and backward"},
	{"B23-device-sync-thread-local", Fail, "RuntimeError", "operation not permitted when stream is capturing", []string{"capture-other-threads"}, "synchronise only their own non-default stream", "",
		"NVIDIA/TensorRT#2888: another thread's cudaDeviceSynchronize breaks capture in thread-local mode too"},
	{"B24-alloc-during-global-capture", Fail, "RuntimeError", "operation not permitted when stream is capturing", []string{"capture-other-threads"}, "capture_error_mode=\"thread_local\"", "",
		"ggml-org/llama.cpp#11804: another thread's allocation during capture"},
	{"B25-copies-during-global-capture", Fail, "RuntimeError", "operation failed due to a previous error during capture", []string{"capture-other-threads"}, "capture_error_mode=\"thread_local\"", "",
		"sgl-project/sglang-omni#829, vllm PR #48053: global mode captures invalidated by other threads' copies"},
	{"B25-copies-during-thread-local-capture", Capture, "", "", nil, "", "",
		"vllm PR #48053: with thread_local, capture and replay work"},
}

// TestFieldScenarios checks that every field report's scenario gets the outcome the
// report saw, PyTorch's text, the warnings in the order met, and a fix.
func TestFieldScenarios(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "scenarios", "field-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, tc := range fieldCases {
		seen["field-"+tc.file+".json"] = true
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			checkFieldCase(t, tc)
		})
	}
	for _, f := range files {
		if !seen[filepath.Base(f)] {
			t.Errorf("%s has no case in fieldCases", f)
		}
	}
}

// fieldSchemas names the schema file (under testdata/scenarios/schemas) that a field
// case is answered with, for a build that is not a release: what -schema FILE does.
var fieldSchemas = map[string]string{
	"B04-mode-table-fe05266": "torch-2.1.0a0-fe05266.json",
}

func checkFieldCase(t *testing.T, tc fieldCase) {
	path := filepath.Join("..", "testdata", "scenarios", "field-"+tc.file+".json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc, err := LoadScenario(path, f)
	if err != nil {
		t.Fatalf("LoadScenario: %v", err)
	}
	if name, ok := fieldSchemas[tc.file]; ok {
		sc.Schema = loadFieldSchema(t, name)
	}
	rep, err := Check(sc)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	if tc.outcome == "raises" {
		if rep.Error == nil {
			t.Fatalf("no error; want %s (%s)", tc.exception, tc.reason)
		}
		if rep.Error.Exception != tc.exception || !strings.Contains(rep.Error.Message, tc.message) || !strings.Contains(rep.Error.Hint, tc.fix) {
			t.Errorf("error %s %q (hint %q); want %s containing %q, hint %q (%s)", rep.Error.Exception, rep.Error.Message, rep.Error.Hint, tc.exception, tc.message, tc.fix, tc.reason)
		}
		return
	}
	if rep.Plan == nil || len(rep.Plan.Devices) == 0 {
		t.Fatalf("no plan (%s)", tc.reason)
	}
	d := rep.Plan.Devices[0]
	for _, dp := range rep.Plan.Devices {
		if dp.Outcome == Fail { // the report saw the failing thread
			d = dp
			break
		}
	}
	if tc.outcome == Capture && d.Outcome == Fail {
		d = rep.Plan.Devices[0]
	}
	if d.Outcome != tc.outcome || d.Exception != tc.exception || !strings.Contains(d.Message, tc.message) {
		t.Errorf("device %d %s: %s %s %q; want %s %s containing %q (%s)", d.Device, d.Thread, d.Outcome, d.Exception, d.Message, tc.outcome, tc.exception, tc.message, tc.reason)
	}
	var codes []string
	fix := ""
	for i, w := range rep.Warnings {
		codes = append(codes, string(w.Code))
		if (tc.fixOf == "" && i == 0) || string(w.Code) == tc.fixOf {
			fix = w.Recommendation
		}
	}
	if diff := cmp.Diff(tc.warnings, codes); diff != "" {
		t.Errorf("warnings mismatch (-want +got) (%s):\n%s", tc.reason, diff)
	}
	if !strings.Contains(fix, tc.fix) {
		t.Errorf("fix %q lacks %q (%s)", fix, tc.fix, tc.reason)
	}
}

func loadFieldSchema(t *testing.T, name string) *schema.Schema {
	t.Helper()
	path := filepath.Join("..", "testdata", "scenarios", "schemas", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := schema.Load(path, f)
	if err != nil {
		t.Fatalf("schema.Load(%s): %v", path, err)
	}
	return s
}

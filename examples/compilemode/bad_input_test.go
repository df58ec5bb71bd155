package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInput is the bad-input table of issue 7: every input gets a clear error that
// names what is wrong, PyTorch's exact text where PyTorch has one (with our hint
// beside it), the documented exit status, and never a panic.
func TestBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	huge := "{'k': '" + strings.Repeat("x", 2<<20) + "'}"
	tests := []struct {
		name    string
		args    []string
		code    int
		message string // JSON error.message (exit 1) or stderr (exit 2) must contain it
		hint    string // JSON error.hint must contain it (exit 1)
		exc     string // JSON error.exception (exit 1)
	}{
		{"misspelled-mode", []string{"-mode", "reduce_overhead"}, 1, "Unrecognized mode=reduce_overhead, should be one of: default, lite, reduce-overhead, max-autotune-no-cudagraphs, max-autotune", "did you mean reduce-overhead?", "RuntimeError"},
		{"uppercase-mode", []string{"-mode", "MAX-AUTOTUNE"}, 1, "Unrecognized mode=MAX-AUTOTUNE", `mode "MAX-AUTOTUNE" differs from "max-autotune" only by case`, "RuntimeError"},
		{"empty-mode-2.6", []string{"-torch", "2.6", "-mode", ""}, 1, "Unrecognized mode=, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs", "", "RuntimeError"},
		{"misspelled-option", []string{"-options", "{'triton.cudagraph': True}"}, 1, "Unexpected optimization option triton.cudagraph, known options are ['TYPE_CHECKING',", "did you mean triton.cudagraphs?", "RuntimeError"},
		{"misspelled-global", []string{"-set", "triton.cudagraph_tree=False"}, 1, "torch._inductor.config.triton.cudagraph_tree does not exist", "did you mean triton.cudagraph_trees?", "AttributeError"},
		{"wrong-type", []string{"-options", "{'max_autotune': 'yes'}"}, 1, "Unexpected type of attr max_autotune, got str should be bool", "", "RuntimeError"},
		{"options-not-dict", []string{"-options", "['max_autotune']"}, 1, "'list' object has no attribute 'items'", "", "AttributeError"},
		{"env-not-int", []string{"-env", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS=abc"}, 1, "invalid literal for int() with base 10: 'abc'", "", "ValueError"},
		{"env-bad-start-method", []string{"-env", "TORCHINDUCTOR_WORKER_START=thread"}, 1, "Invalid start method: thread", "", "AssertionError"},
		{"duplicate-keys-last-wins", []string{"-options", "{'max_autotune': 1, 'max_autotune': True}"}, 0, "", "", ""},
		{"malformed-literal", []string{"-options", "{'max_autotune': }"}, 2, "bad literal at offset", "", ""},
		{"unbalanced", []string{"-options", "{'a': [1, 2}"}, 2, "bad literal at offset 11", "", ""},
		{"unquoted-string", []string{"-set", "max_autotune_gemm_backends=ATEN"}, 2, "strings need quotes", "", ""},
		{"nan", []string{"-options", "{'cpu_gpu_bw': float('nan')}"}, 0, "", "", ""}, // a script's float('nan') is nan
		{"inf", []string{"-options", "{'cpu_gpu_bw': 1e999}"}, 0, "", "", ""},        // Python reads 1e999 as inf
		{"python-3.14-on-2.6", []string{"-torch", "2.6", "-python", "3.14"}, 1, "torch.compile is not supported on Python 3.14+", "", "RuntimeError"},
		{"python-no-data", []string{"-python", "3.7"}, 2, "no data for this Python", "", ""},
		{"python-3.13-int", []string{"-torch", "2.6", "-python", "3.13", "-env", "TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS=\x1c1"}, 1, "invalid literal for int() with base 10: '\\x1c1'", "", "ValueError"},
		{"json-false", []string{"-options", "{'max_autotune': false}"}, 2, "did you mean False?", "", ""},
		{"json-null", []string{"-set", "max_autotune=null"}, 2, "NameError: name 'null' is not defined", "", ""},
		{"deep", []string{"-options", deep}, 2, "nested more than 64 levels deep", "", ""},
		{"huge", []string{"-options", huge}, 2, "more than the limit of 1048576", "", ""},
		{"non-utf8", []string{"-options", "{'a': '\xff'}"}, 2, "invalid UTF-8", "", ""},
		{"empty-options", []string{"-options", ""}, 2, "empty literal", "", ""},
		{"empty-set", []string{"-set", ""}, 2, "want KEY=VALUE", "", ""},
		{"set-dash", []string{"-set", "triton.cudagraph-trees=False"}, 2, "did you mean triton.cudagraph_trees", "", ""},
		{"env-no-equals", []string{"-env", "TORCHINDUCTOR_CUDAGRAPHS"}, 2, "want NAME=VALUE", "", ""},
		{"torch-too-old", []string{"-torch", "1.13"}, 2, "supported: 2.0, 2.1, 2.2", "", ""},
		{"torch-garbage", []string{"-torch", "latest"}, 2, "is not a version", "", ""},
		{"devices-negative", []string{"-devices", "-2"}, 2, "-devices -2: want 1 or more", "", ""},
		{"devices-zero", []string{"-devices", "0"}, 2, "-devices 0: want 1 or more", "", ""},
		{"callers-without-layout", []string{"-callers", "5"}, 2, "applies only to -threads callers or per-thread", "", ""},
		{"sizes-without-dynamic-shapes", []string{"-sizes", "5"}, 2, "applies only with -dynamic-shapes", "", ""},
		{"span-with-per-device", []string{"-span-devices", "-devices", "2", "-threads", "per-device"}, 2, "-span-devices true", "", ""},
		{"options-twice", []string{"-options", "{'max_autotune': True}", "-options", "{}"}, 2, "given twice", "", ""},
		{"mode-twice", []string{"-mode", "default", "-mode", "lite"}, 2, "given twice", "", ""},
		{"backend-unknown", []string{"-backend", "Inductor"}, 1, "Invalid backend: 'Inductor', see `torch._dynamo.list_backends()` for available backends.", `backend "Inductor" differs from "inductor" only by case`, "InvalidBackend"},
		{"backend-empty", []string{"-backend", ""}, 1, "Invalid backend: '', see `torch._dynamo.list_backends()` for available backends.", "leave backend out", "InvalidBackend"},
		{"global-on-a-value", []string{"-set", "triton.cudagraphs.x=1"}, 1, "'bool' object has no attribute 'x'", "", "AttributeError"},
		{"options-file-missing", []string{"-options", "@/nonexistent/opts.py"}, 2, "no such file", "", ""},
		{"devices-huge", []string{"-devices", "1000000"}, 2, "-devices 1000000: want 1 to 4096", "", ""},
		{"threads-unknown", []string{"-threads", "pool"}, 2, "want main, thread, per-device, per-thread or callers", "", ""},
		{"schema-not-json", []string{"-schema", write("a.json", "not json")}, 2, "not a schema file", "", ""},
		{"schema-wrong-format", []string{"-schema", write("b.json", `{"format": "compilemode-schema/9", "torch": "2.11.0"}`)}, 2, `format "compilemode-schema/9"`, "", ""},
		{"schema-unsupported-torch", []string{"-schema", write("c.json", `{"format": "compilemode-schema/1", "torch": "1.13.1", "evidence": "measured"}`)}, 2, `"1.13.1" is older than torch.compile, which came in 2.0`, "", ""},
		{"schema-truncated", []string{"-schema", write("d.json", `{"format": "compilemode-schema/1", "torch": "2.11.0", "keys": [`)}, 2, "not a schema file", "", ""},
		{"schema-torch-mismatch", []string{"-torch", "2.7", "-schema", "../../testdata/torch/2.11/schema_live.json"}, 2, "describes torch 2.11.0+cu130", "", ""},
		{"scenario-unknown-field", []string{"-scenario", write("s.json", `{"workload": {"device": 2}}`)}, 2, `unknown field "workload.device" (did you mean "workload.devices"?`, "", ""},
		{"scenario-bad-options", []string{"-scenario", write("t.json", `{"options": "{'a': ", "workload": {}}`)}, 2, "bad literal", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runPlan(t, nil, append(tc.args, "-json")...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %.300q", code, tc.code, stderr)
			}
			if strings.Contains(stderr+out, "goroutine ") || strings.Contains(stderr+out, "panic:") {
				t.Fatalf("panic: %.500s", stderr)
			}
			switch tc.code {
			case 2:
				if !strings.Contains(stderr, tc.message) {
					t.Errorf("stderr %.300q does not contain %q", stderr, tc.message)
				}
				if len(stderr) > 2000 {
					t.Errorf("stderr is %d bytes: the error echoes the input", len(stderr))
				}
			case 1:
				var rep struct {
					Error struct{ Exception, Message, Hint string }
				}
				if err := json.Unmarshal([]byte(out), &rep); err != nil {
					t.Fatal(err)
				}
				if rep.Error.Exception != tc.exc || !strings.Contains(rep.Error.Message, tc.message) || !strings.Contains(rep.Error.Hint, tc.hint) {
					t.Errorf("error = %+v (message cut), want %s containing %q, hint %q", struct{ E, H string }{rep.Error.Exception, rep.Error.Hint}, tc.exc, tc.message, tc.hint)
				}
			}
		})
	}
}

package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestTableColumnRelease: a table whose header names a torch column states the release
// its rows agree on (a platform's environment table, a results CSV), none where the
// rows name several (a compatibility matrix) or the column holds no release alone (a
// runtime's time, a bound). Each positive read no release before.
func TestTableColumnRelease(t *testing.T) {
	t.Parallel()
	const msg = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n"
	found := func(torch string) form { return form{diagnose.OverwrittenOutput, 0, diagnose.Exact, torch} }
	tests := []formTest{
		{"md-platform", "| Platform | GPU | PyTorch | CUDA |\n|---|---|---|---|\n| AWS g5.xlarge | NVIDIA A10G | 2.9.1+cu130 | 13.0 |\n\n" + msg, found("2.9"), "one platform"},
		{"md-results", "| model | torch | mode | status |\n|---|---|---|---|\n| llama-7b | 2.4.1 | reduce-overhead | " + msg[:len(msg)-1] + " |\n| gpt2 | `2.4.1` | default | ok |\n", found("2.4"), "two rows, one release"},
		{"csv-results", "model,torch,mode,status,error\nllama-7b,2.4.1,reduce-overhead,FAIL,\"" + msg[:len(msg)-1] + " Either way, clone.\"\ngpt2,2.4.1,max-autotune,OK,\n", found("2.4"), "a CSV, a quoted cell with a comma"},
		{"csv-last-column", "model,status,pytorch_version\nllama,FAIL,2.6.0+cu124\n\n" + msg, found("2.6"), "the column last"},
		// not the run's release
		{"md-matrix", "| NVFlare | PyTorch | CUDA |\n|---|---|---|\n| 2.7.1 | 2.5.1 | 12.6 |\n| 2.7.1 | 2.6.0 | 12.8 |\n\n" + msg, found(""), "rows name several releases"},
		{"md-runtime-time", "| op | PyTorch | CUDA | speedup |\n|---|---:|---:|---:|\n| RMSNorm | 35.122 us | 6.861 us | 5.12x |\n\n" + msg, found(""), "the column is a runtime's time"},
		{"md-bound", "| GPU Family | PyTorch | CUDA |\n|---|---|---|\n| Blackwell | **≥ 2.7.0** | **≥ 12.8** |\n\n" + msg, found(""), "a bound is no release"},
	}
	for i := range tests {
		tests[i].want.Line = lineOf(tests[i].log, "accessing tensor output")
	}
	checkForms(t, tests)
}

// lineOf returns the 1-based line of log that holds s.
func lineOf(log, s string) int {
	n := 1
	for i := 0; i+len(s) <= len(log); i++ {
		if log[i:i+len(s)] == s {
			return n
		}
		if log[i] == '\n' {
			n++
		}
	}
	return 0
}

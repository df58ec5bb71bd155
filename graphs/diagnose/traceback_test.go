package diagnose_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Tracebacks as Python and IPython print them, for TestTracebackCut.
const (
	// Python 3.8: no carets.
	tb38 = "Traceback (most recent call last):\n" +
		"  File \"train.py\", line 88, in <module>\n" +
		"    main()\n" +
		"  File \"train.py\", line 80, in main\n" +
		"    out = model(x)\n"
	// Python 3.11 and 3.12: carets under the call.
	tb311 = "Traceback (most recent call last):\n" +
		"  File \"/w/train.py\", line 88, in <module>\n" +
		"    out = compiled(x)\n" +
		"          ^^^^^^^^^^^\n" +
		"  File \"/w/.venv/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py\", line 574, in _fn\n" +
		"    return fn(*args, **kwargs)\n" +
		"           ^^^^^^^^^^^^^^^^^^^\n"
	// Python 3.13: "~" under the operands, "^" under the operator.
	tb313 = "Traceback (most recent call last):\n" +
		"  File \"<python-input-3>\", line 1, in <module>\n" +
		"    y = a[0] + b\n" +
		"        ~~~~~^~~\n"
	// IPython 8's verbose form, as Jupyter shows it.
	tbJupyter = "---------------------------------------------------------------------------\n" +
		"BackendCompilerFailed                     Traceback (most recent call last)\n" +
		"Cell In[3], line 5\n" +
		"      3 x = torch.randn(8, device=\"cuda\")\n" +
		"      4 f = torch.compile(g)\n" +
		"----> 5 f(x)\n" +
		"\n" +
		"File /opt/conda/lib/python3.10/site-packages/torch/_dynamo/eval_frame.py:451, in _TorchDynamoContext.__call__.<locals>._fn(*args, **kwargs)\n" +
		"    449 prior = set_eval_frame(callback)\n" +
		"    450 try:\n" +
		"--> 451     return fn(*args, **kwargs)\n" +
		"    452 finally:\n" +
		"\n"
	// IPython 7's: "<ipython-input-…>" and "/path in f()" frames.
	tbIPython7 = "---------------------------------------------------------------------------\n" +
		"Fault                                     Traceback (most recent call last)\n" +
		"<ipython-input-5-366cceb6869e> in <module>\n" +
		"----> 1 server.get_licenses(\"x\")\n" +
		"\n" +
		"/usr/lib/python3.9/xmlrpc/client.py in __call__(self, *args)\n" +
		"-> 1116         return self.__send(self.__name, args)\n" +
		"\n"
)

// TestTracebackCut checks Diagnosis.TracebackCut: the header line of a traceback whose
// frames no exception line follows before the text ends or the next traceback starts,
// set only without a finding.
func TestTracebackCut(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reason, in string
		want             int
	}{
		{"py38 cut at the end", "frames, then the text ends", "it fails:\n" + tb38, 2},
		{"py38 whole", "its exception line follows", tb38 + "RuntimeError: boom\n", 0},
		{"py311 carets cut", "caret lines are no exception line", tb311, 1},
		{"py311 carets whole", "a qualified class", tb311 + "torch._dynamo.exc.Unsupported: call_function UserDefinedObjectVariable\n", 0},
		{"py313 cut then prose", "prose after the frames is no exception line",
			tb313 + "\nThat is all I have. Any idea?\nOS: Ubuntu 22.04\nNote: it worked on 2.4\n", 1},
		{"py313 whole", "a builtin class", tb313 + "TypeError: unsupported operand type(s) for +: 'int' and 'str'\n", 0},
		{"bare class", "an exception without a message prints its class alone", tb38 + "KeyboardInterrupt\n", 0},
		{"markdown fence", "the code block closes before the exception line",
			"```\n" + tb311 + "```\nThe rest of the log is too long to paste.\n", 2},
		{"markdown quote", "> quote marks before each line", "> " + strings.ReplaceAll(strings.TrimSuffix(tb38, "\n"), "\n", "\n> ") + "\n", 1},
		{"rank prefix cut", "torchrun's [rankN]: before each line",
			prefixed("[rank0]: ", tb311) + "[rank0]: \n", 1},
		{"ranks interleaved whole", "each rank's traceback ends with its own exception line",
			"[rank0]: Traceback (most recent call last):\n[rank1]: Traceback (most recent call last):\n" +
				"[rank0]:   File \"t.py\", line 3, in <module>\n[rank1]:   File \"t.py\", line 3, in <module>\n" +
				"[rank0]: RuntimeError: NCCL error\n[rank1]: RuntimeError: NCCL error\n", 0},
		{"ranks interleaved one cut", "rank 1's has no exception line",
			"[rank0]: Traceback (most recent call last):\n[rank1]: Traceback (most recent call last):\n" +
				"[rank0]:   File \"t.py\", line 3, in <module>\n[rank1]:   File \"t.py\", line 3, in <module>\n" +
				"[rank0]: RuntimeError: NCCL error\n", 2},
		{"glog prefix cut", "torch._logging's header before each line",
			prefixed("E1206 05:12:03.123000 1234 torch/_dynamo/convert_frame.py:1009] [0/0] ", tb311), 1},
		{"glog prefix whole", "the exception line behind the same header",
			prefixed("E1206 05:12:03.123000 1234 torch/_dynamo/convert_frame.py:1009] [0/0] ", tb311+"torch._dynamo.exc.InternalTorchDynamoError: boom\n"), 0},
		{"vllm processes interleaved", "a process's traceback is not cut by another's",
			"(EngineCore_DP0 pid=7) Traceback (most recent call last):\n" +
				"(EngineCore_DP0 pid=7)   File \"/v/core.py\", line 712, in run_engine_core\n" +
				"Traceback (most recent call last):\n" +
				"  File \"/w/run.py\", line 126, in <module>\n" +
				"vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue.\n" +
				"(EngineCore_DP0 pid=7)   File \"/v/core.py\", line 728, in run_busy_loop\n" +
				"(EngineCore_DP0 pid=7) torch._inductor.exc.InductorError: RuntimeError: PassManager::run failed\n", 0},
		{"unknown prefix", "an exception class behind a prefix no rule removes",
			tb38 + "#=MATCH=# 2026-07-30T03:36:29.7354318Z torch.OutOfMemoryError: CUDA out of memory.\n", 0},
		{"jupyter cut", "IPython's frames, then the text ends", tbJupyter, 2},
		{"jupyter whole", "IPython prints the class's bare name", tbJupyter + "BackendCompilerFailed: backend='inductor' raised:\n", 0},
		{"jupyter class named", "the class IPython's header names ends the traceback", tbIPython7 + "Fault: <Fault 1: 'no such id'>\n", 0},
		{"ipython 7 cut", "IPython 7's frames", tbIPython7 + "How do I fix this?\n", 2},
		{"notebook json", "a notebook's outputs keep their ANSI codes as escapes",
			"      \"\\u001b[0;31mRuntimeError\\u001b[0m                              Traceback (most recent call last)\",\n" +
				"      \"File \\u001b[0;32m/opt/x.py:462\\u001b[0m, in \\u001b[0;36mload\\u001b[0m\",\n" +
				"      \"\\u001b[0;31mRuntimeError\\u001b[0m: Error building extension 'cpu_adam'\"\n", 0},
		{"repr string", "a caught stderr's repr, its lines as \\n escapes",
			"err = 'Traceback (most recent call last):\\n  File \"t.py\", line 1, in <module>\\n    f()\\n'\n", 1},
		{"two, the second cut", "the first has its exception line",
			tb38 + "RuntimeError: boom\n\nthen, after the fix:\n" + tb313, 9},
		{"two, the first cut", "the next traceback starts before an exception line",
			tb38 + tb313 + "TypeError: boom\n", 1},
		{"chained, the last cut", "chained tracebacks count by their last one",
			tb38 + "KeyError: 'k'\n\nDuring handling of the above exception, another exception occurred:\n\n" + tb311, 10},
		{"chained whole", "each has its exception line",
			tb38 + "KeyError: 'k'\n\nThe above exception was the direct cause of the following exception:\n\n" + tb311 +
				"torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n", 0},
		{"chained, the first's exception line not read", "the chain's line says the first had one",
			tb38 + "<unprintable KeyError object>\n\nThe above exception was the direct cause of the following exception:\n\n" + tb311 +
				"RuntimeError: boom\n", 0},
		{"exception group", "a group's lines are marked with |",
			"  + Exception Group Traceback (most recent call last):\n" +
				"  |   File \"t.py\", line 3, in <module>\n" +
				"  | ExceptionGroup: eg (1 sub-exception)\n" +
				"  +-+---------------- 1 ----------------\n" +
				"    | ValueError: 1\n" +
				"    +------------------------------------\n", 0},
		{"check_env after a cut", "SGLang's check_env (sglang#24834): \"PyTorch: 2.11.0+cu130\" is a report's line, not the exception's",
			tb311 + "Python: 3.12.3\nCUDA available: True\nGPU 0: NVIDIA B200\nPyTorch: 2.11.0+cu130\nsglang: 0.5.12\n", 1},
		{"check_env CamelCase packages", "\"NumPy: 2.3.5\" and \"FlashInfer: 0.6.8\": versions after CamelCase names",
			tb38 + "NumPy: 2.3.5\nFlashInfer: v0.6.8\n", 1},
		{"a nightly's report", "\"PyTorch: nightly\": a word such reports print for a value", tb38 + "PyTorch: nightly\n", 1},
		{"a path's report", "a CamelCase key with a Windows path", tb38 + "CudaHome: C:\\CUDA\\v13.0\n", 1},
		{"a missing package", "\"TensorRT: Not Installed\"", tb38 + "TensorRT: Not Installed\n", 1},
		{"collect_env after a cut", "collect_env's lines: a name of words before the colon",
			tb38 + "PyTorch version: 2.11.0+cu130\nIs debug build: False\nCUDA used to build PyTorch: 13.0\n", 1},
		{"pip list after a cut", "pip list's table has no colon", tb38 + "Package    Version\n---------- -------\nnumpy      2.3.5\ntorch      2.11.0\n", 1},
		{"pip show after a cut", "pip show's keys are not CamelCase", tb38 + "Name: torch\nVersion: 2.11.0\nLocation: /usr/lib/python3/dist-packages\n", 1},
		{"nvidia-smi after a cut", "nvidia-smi's table",
			tb38 + "+-----------------------------------------------------------------------------+\n| NVIDIA-SMI 580.65.06    Driver Version: 580.65.06    CUDA Version: 13.0     |\n", 1},
		{"a CamelCase class with a message", "IPython's bare class with a sentence is the exception line still",
			tb38 + "SkipFrame: frame has no code object\n", 0},
		{"a builtin class with a number", "a builtin's ending: the message may be a number", tb38 + "KeyError: 3\n", 0},
		{"a qualified class with a version", "a class qualified by its module", tb38 + "packaging.version.InvalidVersion: 2.x\n", 0},
		{"header alone", "no frame: nothing to paste", "Traceback (most recent call last):\n", 0},
		{"header in prose", "a sentence that quotes the header", "I get Traceback (most recent call last): and more.\n" + tb38[35:], 0},
		{"with a finding", "a text with findings gains nothing",
			"W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [__cudagraphs] skipping cudagraphs due to mutated inputs (1 instances)\n" + tb38, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tc.in))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if d.TracebackCut != tc.want {
				t.Errorf("Read(%q).TracebackCut = %d, want %d (%s)", tc.in, d.TracebackCut, tc.want, tc.reason)
			}
			if tc.name == "with a finding" && len(d.Findings) == 0 {
				t.Errorf("Read(%q): no finding, want one (%s)", tc.in, tc.reason)
			}
		})
	}
}

// prefixed returns text with prefix before each of its lines.
func prefixed(prefix, text string) string {
	lines := strings.SplitAfter(text, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(prefix + l)
		}
	}
	return b.String()
}

// notStated is the release line of a text without findings that states none, after
// the catalogue's scope (newuser28 #3), as WriteText wraps them.
const notStated = "torch: not stated in the text\n"

// scope is the catalogue's scope under NoSignature (newuser28 #3), each line shorter
// than TextWidth.
const scope = diagnose.ScopeCovers + "\n" + diagnose.ScopeLacks + "\n"

// TestTracebackCutText checks the line WriteText writes after NoSignature for a
// traceback cut before its exception line, and that a whole one gets none.
func TestTracebackCutText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in string
		want     string
	}{
		// The release line follows, saying none is stated (newuser27 #3).
		{"cut", "it fails:\n" + tb38, diagnose.NoSignature + "\n" + scope + "the traceback on line 2 ends before its exception line: paste it to its last line (the \"XxxError:\nmessage\" line), which names the failure\n" + notStated},
		{"whole", tb38 + "RuntimeError: boom\n", diagnose.NoSignature + "\n" + scope + notStated},
	} {
		d, err := diagnose.Read(strings.NewReader(tc.in))
		if err != nil {
			t.Fatalf("%s: Read: %v", tc.name, err)
		}
		var b bytes.Buffer
		if err := d.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != tc.want {
			t.Errorf("%s: WriteText = %q, want %q", tc.name, got, tc.want)
		}
	}
}

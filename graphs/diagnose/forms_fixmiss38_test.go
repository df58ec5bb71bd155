package diagnose_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsBackendsImport38: "No module named 'triton.backends'" is torch's own import
// of triton.backends (has_triton's CPU check, 2.6's hints.py) under a stub, broken or old
// triton, read with no compile word beside it: a torch API that fails with it, PyTorch's
// probe told in a docstring, a troubleshooting tip with its fix, a reinstall script's
// comment (validate37a's 19–21), torch named somewhere in the text. Quiet: a run report
// and a kernel library's frame that name no torch (programs import triton.backends too),
// a test's string, the message cut to "No module named 'triton'" (Triton absent), a module
// under triton.backends (a broken wheel), an except clause's comment.
func TestFormsBackendsImport38(t *testing.T) {
	const msg = "No module named 'triton.backends'"
	at := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"torch API fails with", "* **broken `triton` install** – `torch.optim.AdamW` fails with\n  `ModuleNotFoundError: " + msg +
			"`. Either repair/remove `triton` or use\n  another environment.\n", at(2), "validate37a's 20"},
		{"PyTorch probed", "The project no longer installs a fake ``triton`` package — that caused\n``" + msg +
			"`` when PyTorch probed a real Triton layout.\n", at(2), "validate37a's 21"},
		{"tip: if it fails to import with", "- If CLIP fails to import with a Triton error (`" + msg +
			"`), uninstall Triton in your Python environment:\n\n- If you only need basic ML without CLIP, installing CPU PyTorch (above) " +
			"gives ImageNet-based predictions.\n", at(1), "validate37a's 19: the clause names the failure"},
		{"quiet: run report, no torch word", "- **rf-detr-object-detection** — ok_runs=0/3: ModuleNotFoundError: " + msg + "\n", form{},
			"validate37a's 18: programs import triton.backends too, and the text names no torch"},
		{"quiet: a library's own import", "  File \"/opt/kernels/ops.py\", line 3, in <module>\nModuleNotFoundError: " + msg + "\n", form{},
			"recall_bb_test.go's case: a kernel library's frame, no torch named"},
		{"reinstall script comment", "#   ModuleNotFoundError: " + msg + " (new torch + old triton)\n", at(1), "a reinstall script's comment (find_string)"},
		{"import torch fails", "import torch fails with ModuleNotFoundError: " + msg + "\n", at(1), "the tester's probe"},
		{"quiet: test string", "    c = ax._error_signature(\"ImportError: " + msg + "\")\n    assert c != a\n", form{}, "validate37a's 22"},
		{"quiet: Triton absent", "ModuleNotFoundError: No module named 'triton'\n", form{}, "neg_unsloth964_colab_import_triton's line"},
		{"quiet: a module under it", "# No module named `triton.backends.nvidia._C` when installing from `triton-3.2.0-cp312-cp312-linux_x86_64.whl`\n",
			form{}, "neg_triton5728_backends_nvidia_c"},
		{"quiet: except comment", "except ModuleNotFoundError:  # " + msg + " on old Triton\n    pass\n", form{}, "code that catches it"},
		{"quiet: a rule's parenthesis", "if the pool holds untracked tensors (\"tensor(s) in the cudagraph pool not tracked as outputs\"), " +
			"call torch.compiler.cudagraph_mark_step_begin()\n", form{}, "a condition with no failure named keeps its parenthesis a rule"},
	})
}

// TestFormsAttrsMismatch38: 2.6's AttrsDescriptor ImportError where the text names a
// Triton that does not match: torch and Triton named with their series ("PyTorch 2.6.0+
// (which includes Triton 3.x)", validate37a's 16), "Triton mismatch" beside the symbol in
// a troubleshooting table (validate37b's 96), 2.6's Triton pin as the fix
// (deepbeepmeep/Wan2GP#236's reply). Quiet: Unsloth's startup under a torch release with
// Triton unversioned, a kernel library's own import, a torch release alone.
func TestFormsAttrsMismatch38(t *testing.T) {
	const imp = "ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'"
	checkForms(t, []formTest{
		{"PyTorch with Triton 3.x", "## Problem\n```\n" + imp + "\n```\n\nThis error occurs when PyTorch 2.6.0+ (which includes Triton 3.x) " +
			"is installed, but Unsloth still expects Triton 2.x API.\n", form{diagnose.TritonMissing, 3, diagnose.Exact, ""}, "validate37a's 16 (\"2.6.0+\", a minimum, is no run's release)"},
		{"table: Triton mismatch", "| **\"AttrsDescriptor\" error** | Triton mismatch: `pip install triton-windows==3.2.0.post19` |\n",
			form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "validate37b's 96"},
		{"the 3.2 pin as the fix", "with that I get\n`" + imp + " (P:\\venv\\lib\\site-packages\\triton\\compiler\\compiler.py)`\n\n" +
			"I bypassed that error by installing an earlier version of triton-windows: https://pypi.org/project/triton-windows/3.2.0.post19/\n",
			form{diagnose.TritonMissing, 2, diagnose.Exact, ""}, "cw_wan2gp236_reply_attrsdescriptor_importerror_triton_windows_downgrade"},
		{"Triton version mismatch", imp + "\nCause: Triton version mismatch.\n", form{diagnose.TritonMissing, 1, diagnose.Exact, ""}, "the cause told"},
		{"quiet: unsloth startup", "[Windows][Python 3.12] Torch 2.6.0+cu124 fails with Triton ImportError: AttrsDescriptor missing\n" +
			"Crash occurs during Unsloth startup patches:\n" + imp + "\n", form{Torch: "2.6"}, "ae_neg_tritonwin177_attrsdescriptor_import_unsloth_pt26's shape"},
		{"quiet: kernel library", "liger_kernel fails: cannot import name 'AttrsDescriptor' (our kernels import it from triton)\n", form{}, "a library's own import"},
		{"quiet: a torch release alone", imp + "\nPyTorch 2.6.0 is installed.\n", form{Torch: "2.6"}, "Triton unversioned"},
	})
}

// TestFormsLauncherHeaders38: python-headers-missing retold as Triton's launcher build
// failing for the headers, with no compiler message ("**Python.h landmine:** Triton's
// launcher build (and torch.compile) fails on this machine without headers",
// validate37b's 61). Quiet: a C extension's build with Python.h and no launcher, a
// launcher's need of Python.h with no failure.
func TestFormsLauncherHeaders38(t *testing.T) {
	retold := func(line int) form { return form{diagnose.PythonHeadersMissing, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"landmine", "2. **Python.h landmine:** Triton's launcher build (and torch.compile) fails on this machine without headers. Prefix every GPU command with\n" +
			"   `CPATH=/opt/py/include/python3.12`. Symptom without it: `CalledProcessError` on `/usr/bin/gcc ... __triton_launcher.c`.\n",
			retold(1), "validate37b's 61"},
		{"launcher fails without headers", "Note: Triton's launcher fails to build without the Python headers on this cluster (torch.compile needs them).\n",
			retold(1), "the failure, then what it lacks"},
		{"cuda_utils.c crashes", "Python.h is needed here: the cuda_utils.c build crashes under torch.compile without it.\n", retold(1), "the launcher's source named"},
		{"quiet: C extension", "Python.h landmine: the C extension build fails without headers; install python3-dev.\n", form{}, "no launcher, no Triton"},
		{"quiet: a need", "Triton's launcher needs Python.h; install python3-dev before running torch.compile.\n", form{}, "a rule, no failure"},
	})
}

// TestFormsLedLift38: a troubleshooting entry's error under a hedged or conditional
// lead-in, in a block of its own with no traceback, is the failure's where the prose
// after the block starts by telling its cause or fix ("This occurs because …", "To fix
// it, install …", "install python3.12-dev.", "**Solution:**"), or where the entry's
// heading names the failure ("### vLLM engine fails to start during CUDA graph capture",
// validate37a's 26 and the tester's probes f1–f5). Quiet: the hypothetical alone, an
// example whose prose goes on to other advice (fd_neg_colab_doc_if_you_see_libcuda_example_error's
// shape), a cause under the next heading, a fix past ledReach lines, a pointer elsewhere.
func TestFormsLedLift38(t *testing.T) {
	const (
		fence = "```"
		msg   = "/tmp/x/cuda_utils.c:5:10: fatal error: Python.h: No such file or directory"
		block = "\n\n" + fence + "\n" + msg + "\n" + fence + "\n"
	)
	at := func(line int) form { return form{diagnose.PythonHeadersMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"entry: heading, cause, fix", "## Troubleshooting\n\n### vLLM engine fails to start during CUDA graph capture\n\n" +
			"When using the reranker, the engine may fail to start with errors similar to the following:\n\n" + fence + "\n" + msg +
			"\n...\nRuntimeError: Engine core initialization failed.\n" + fence + "\n\nThis occurs because Triton compiles a small C extension " +
			"at runtime and requires the Python development headers.\n\nTo resolve this, install the Python development headers for your Python version:\n",
			at(8), "validate37a's 26"},
		{"heading names the failure", "### vLLM engine fails to start during CUDA graph capture\n\n" +
			"When using the reranker, the engine may fail to start with errors similar to the following:" + block, at(6), "probe f1 without the cause"},
		{"cause after", "The engine may fail to start with errors similar to the following:" + block +
			"\nThis occurs because Triton requires the Python development headers. To resolve this, install python3.12-dev.\n", at(4), "probe f2"},
		{"bare install after", "If you see errors like the following:" + block + "\ninstall python3.12-dev.\n", at(4), "probe f4"},
		{"to fix it", "You may see an error like:" + block + "\nTo fix it, install python3.12-dev.\n", at(4), "probe f5"},
		{"solution", "You might encounter the following error:" + block + "\n**Solution:** install the headers of your Python (python3-dev).\n", at(4), "a Solution: paragraph"},
		{"quiet: hypothetical alone", "You may see an error like:" + block, form{}, "no cause, no fix"},
		{"quiet: example with other advice", "If you see issues with torch or HF complaining about missing headers, it's likely an issue with the setup. Example error:\n" +
			fence + "\n" + msg + "\n" + fence + "\n\nYou will likely need to configure several settings by running the below commands:\n",
			form{}, "fd_neg_colab_doc_if_you_see_libcuda_example_error's shape"},
		{"quiet: under the next heading", "You may see an error like:" + block + "\n## Other notes\n\nThis occurs because of something else entirely.\n",
			form{}, "another entry's prose"},
		{"quiet: past reach", "You may see an error like:" + block + "\nSee the FAQ for more.\n\nMore text.\n\nMore.\n\nMore.\n\nMore.\n\nMore.\n\nMore.\n\n" +
			"To fix it, install python3.12-dev.\n", form{}, "ledReach"},
		{"quiet: a pointer", "If you see errors like the following:" + block + "\nsee the notes below.\n", form{}, "no cause, no fix"},
		{"quiet: heading names no failure", "### Notes\n\nWhen using the reranker, the engine may fail to start with errors similar to the following:" + block,
			form{}, "a heading of no problem"},
	})
}

// TestFitsAttrsImport38: the AttrsDescriptor ImportError told at an import with no
// compile in the text (validate37a's 15: "\x60import torch_npu\x60 失败", the backend
// extension that failed to load) gets the import's fix, which offers no compile switch;
// under torch.compile the row's own fix stays.
func TestFitsAttrsImport38(t *testing.T) {
	const imp = "`ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler'`"
	tests := []struct {
		name, log string
		atImport  bool
	}{
		{"npu autoload", "**torch**：2.6.0+cpu\n\n**问题**：`import torch_npu` 失败 →\n" + imp + "，\n" +
			"最终 `RuntimeError: Failed to load the backend extension: torch_npu`。\n\n" +
			"**根因**：torch 2.6.0 的 `torch/_inductor/runtime/hints.py` 在 import 期尝试从 triton 导入\n", true},
		{"fails to import, torch 2.6 with triton 3.3", "With torch 2.6 and triton 3.3 the app fails to import:\n" + imp + "\n", true},
		{"under torch.compile", "torch 2.6 with triton 3.3: torch.compile fails to import its kernels:\n" + imp + "\n", false},
		{"no import told", "torch 2.6 with triton 3.3 gives\n" + imp + "\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.NotEmpty(t, d.Findings, "no finding")
			f := d.Findings[0]
			require.Equal(t, diagnose.TritonMissing, f.Code)
			require.Equal(t, tt.atImport, strings.HasPrefix(f.Fix, "the failure is at an import"), "fix: %s", f.Fix)
			require.Equal(t, tt.atImport, !strings.Contains(f.Fix, "aot_eager"), "fix: %s", f.Fix)
		})
	}
}

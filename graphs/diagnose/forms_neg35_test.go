package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// Messages of holdoutHC's lookalikes and their siblings.
const (
	py314r35 = "torch.compile is not supported on Python 3.14+"
	dyn312   = "Dynamo is not supported on Python 3.12+"
	win35    = "Windows not yet supported for torch.compile"
)

// TestFormsGuard35: the Dynamo refusal (or any message) held by a program's own code
// gives no finding: a string in the block of an if that tests the Python, the platform,
// the device or the caught exception's text (hc_code_py314_skip_print_env_hooks,
// hc_code_webbgpt_catch_dynamo_py312), a comment beside a version bound
// (hc_setup_py_requires_comment_dynamo_pin231), a raise commented out
// (hc_rst_doc_comment_out_check_if_dynamo_supported). PyTorch's guard quoted in a
// fence, a traceback's lines, a skip list's "# RuntimeError: …" comment and a
// commented-out call whose comment quotes a run stay findings.
func TestFormsGuard35(t *testing.T) {
	up := func(line int) form { return form{diagnose.UnsupportedPython, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"guard: print under version check", "        import sys\n        python_version = sys.version_info\n\n        if python_version >= (3, 14):\n" +
			"            print(f\"\\n⚠ Python {python_version.major}.{python_version.minor} detected\")\n            print(\"  " + py314r35 + "\")\n" +
			"            print(\"  Skipping torch.compile test, but env var hooks are working!\")\n            return True\n", form{}, "hc_code_py314_skip_print_env_hooks"},
		{"guard: caught text test", "        except RuntimeError as exc:\n            if \"" + dyn312 + "\" in str(exc):\n                print(\n" +
			"                    \"WebbGPT: skipping torch.compile because TorchDynamo is not supported on Python 3.12+ in this environment.\",\n" +
			"                    file=sys.stderr,\n                )\n                return model\n            raise\n", form{}, "hc_code_webbgpt_catch_dynamo_py312"},
		{"guard: os.name print", "    if model_type == \"compiled model\":\n        if os.name == \"nt\":\n" +
			"            print(\"torch.compile is not supported on Windows. Try Linux or WSL instead.\")\n            return model\n        return torch.compile(model)\n", form{}, "a TTA benchmark's loader (code corpus id 43530510557)"},
		{"guard: platform.system print", "    if args.compile and platform.system() == \"Windows\":\n        print(\"torch.compile is not supported on Windows here; ignoring --compile\")\n        args.compile = False\n", form{}, "a benchmark's flag (code corpus id 69279944659)"},
		{"guard: stderr write", "if sys.platform == \"win32\":\n    sys.stderr.write(\"" + win35 + "\\n\")\n    use_compile = False\n", form{}, "a write, not a logger"},
		{"guard: own note", "if sys.version_info >= (3, 12):\n    # " + dyn312 + ", so the compile tests are left out\n    collect_ignore.append(\"test_compile.py\")\n", form{}, "a note in the guard's block"},
		{"bound: setup.py", "    install_requires=[\n        'torch==2.3.1',\n    ],\n    python_requires='>=3.9, <3.12', # " + dyn312 + "\n", form{Torch: "2.3"}, "hc_setup_py_requires_comment_dynamo_pin231"},
		{"bound: pyproject", "[project]\nrequires-python = \">=3.9,<3.12\"  # " + dyn312 + "\n", form{}, "pyproject's requires-python"},
		{"bound: marker", "torch==2.3.1 ; python_version < \"3.12\"  # " + dyn312 + "\n", form{Torch: "2.3"}, "a requirement's environment marker"},
		{"commented: rst raise", "4. Put in comments the first two lines in this function, so it looks like this:\n\n   .. code-block:: console\n\n" +
			"      def check_if_dynamo_supported():\n       #if sys.platform == \"win32\":\n       #    raise RuntimeError(\"" + win35 + "\")\n" +
			"       if sys.version_info >= (3, 11):\n           `raise RuntimeError(\"Python 3.11+ not yet supported for torch.compile\")\n", form{}, "hc_rst_doc_comment_out_check_if_dynamo_supported"},
		// stay findings
		{"report: fenced source", "PyTorch does not support `torch.compile` on Python 3.14+.\n\n```python\nif sys.version_info >= (3, 14):\n" +
			"        raise RuntimeError(\"" + py314r35 + "\")\n```\n", up(5), "pina683_py314: a thread quoting the guard"},
		{"report: traceback", "Traceback (most recent call last):\n  File \"/env/lib/python3.12/site-packages/torch/__init__.py\", line 1868, in compile\n" +
			"    raise RuntimeError(\"" + dyn312 + "\")\nRuntimeError: " + dyn312 + "\n", up(3), "the frame's failing line, then the run's"},
		{"report: skip list comment", "  ] ++ lib.optionals (pythonAtLeast \"3.12\") [\n    # RuntimeError: " + dyn312 + "\n    \"test_from_save_pretrained_dynamo\"\n  ];\n", up(2), "p_nixpkgs_diffusers_disabled_dynamo_py312"},
		{"report: guard's RuntimeError line", "if sys.version_info >= (3, 12):\n    # RuntimeError: " + dyn312 + "\n    collect_ignore.append(\"test_compile.py\")\n", up(2), "a run's line recorded, as the skip lists'"},
		{"report: commented compile", "model.to(device)\n# model = torch.compile(model) # RuntimeError: " + dyn312 + "\n", up(2), "gb_mps_notebook_commented_compile_dynamo_py312"},
	})
}

// hook35 is Inductor's launch_enter_hook failure on a newer Triton, as
// hc_moshi_readme_might_encounter_launch_enter_hook's FAQ quotes it.
const hook35 = "torch._inductor.exc.InductorError: AttributeError: type object 'CompiledKernel' has no attribute 'launch_enter_hook'"

// hookBlock35 is a fenced traceback with hook35 on its last line, a blank line inside.
const hookBlock35 = "```\n  Traceback (most recent call last):\n  ...\n\n  File \"site-packages/torch/_inductor/runtime/triton_heuristics.py\", line 1153, in make_launcher\n" +
	"    \"launch_enter_hook\": binary.__class__.launch_enter_hook,\n" + hook35 + "\n```\n"

// TestFormsHypo35: a FAQ's or a README's modal lead-in that anyone may meet the failure
// ("one might encounter compilation errors like the following:", leadHypo) over a
// fenced traceback gives no finding, on every line of the block (chainLead), in the
// languages people write such FAQs in. A person's run ("I got the following error:"),
// a thing's failure ("the following test may fail"), "can", and a modal under a
// problem's heading (a fix note's own bug) stay findings.
func TestFormsHypo35(t *testing.T) {
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"hypo: moshi", "### Torch Compilation Errors\n\nWith some PyTorch/triton versions, one might encounter compilation errors\nlike the following:\n" +
			hookBlock35 + "\nIf that's the case, you can disable torch compilation by setting the following\nenvironment variable.\n", form{}, "hc_moshi_readme_might_encounter_launch_enter_hook"},
		{"hypo: you may see", "On a Triton newer than torch's, you may see an error like:\n\n" + hookBlock35, form{}, "you may see … like:"},
		{"hypo: might get following", "You might get the following error.\n" + hookBlock35, form{}, "a sentence's end"},
		{"hypo: zh", "使用较新版本的 Triton 时，可能会遇到如下错误：\n" + hookBlock35, form{}, "可能会遇到如下错误"},
		{"hypo: ja", "Triton のバージョンによっては、以下のようなエラーが出る場合があります。\n" + hookBlock35, form{}, "以下のようなエラーが出る場合があります"},
		{"hypo: ko", "일부 Triton 버전에서는 다음과 같은 오류가 발생할 수 있습니다:\n" + hookBlock35, form{}, "다음과 같은 오류가 발생할 수 있습니다"},
		{"hypo: de", "Mit manchen Triton-Versionen kann es zu folgendem Fehler kommen:\n" + hookBlock35, form{}, "kann es zu folgendem Fehler kommen"},
		{"hypo: fr", "Avec certaines versions de Triton, vous pourriez rencontrer une erreur comme celle-ci :\n" + hookBlock35, form{}, "vous pourriez rencontrer"},
		// stay findings
		{"report: I got", "With triton 3.4 installed, I got the following error:\n" + hookBlock35, tm(8), "a person's run"},
		{"report: we got", "After the upgrade we got errors like the following:\n" + hookBlock35, tm(8), "we got"},
		{"report: test may fail", "With newer Triton versions, the following test may fail:\n" + hookBlock35, tm(8), "a thing's failure: ey_vllmascend13792's shape"},
		{"report: can hit", "With newer Triton versions you can hit:\n" + hookBlock35, tm(8), "can: holdoutJ's scope note"},
		{"report: problem heading", "## Problem\n\nWhen the reference audio changes, you might see the following error:\n" + hookBlock35, tm(10), "a problem's description"},
		{"report: zh problem heading", "## 问题描述\n\n在使用 Web 界面时，特别是更换参考音频时，可能会出现以下错误：\n\n" + hookBlock35, tm(11), "t_syaofox_voxcpm_zh_gradio_thread_tls"},
	})
}

// Messages of TestFormsPurpose35.
const (
	pend35  = "Unable to hit fast path of CUDAGraphs because of pending, uninvoked backwards."
	pool35  = "cudaMallocAsync does not yet support checkPoolLiveAllocations"
	copy35  = "Cannot copy between CPU and CUDA tensors during CUDA graph capture unless the CPU tensor is pinned."
	dummy35 = "        dummy_output[\"value\"][0].backward()\n"
)

// TestFormsPurpose35: PyTorch's own message held as the object of a purpose in a source
// comment ("# To avoid UserWarning: …", wrapped over two comment lines:
// hc_code_comment_to_avoid_pending_backwards_dummy_backward; "workaround for", "avoids",
// "// to prevent", 为了避免, を回避するため, 피하기 위해) gives no finding. A retelling
// after a purpose (n_vraxion_train_comment_pending_backwards, x_latentsync_…), a message
// on a comment line of its own under "to avoid" whose comment goes on to its cause
// (el_comfyui_sam31_…), and a comment that says it was raised stay findings (the first
// two are labelled `-` since, open in OpenFalse: testdata/corpus/README.md, "Label
// questions decided").
func TestFormsPurpose35(t *testing.T) {
	pb := func(line int, m diagnose.Match) form { return form{diagnose.TreesPendingBackward, line, m, ""} }
	ai := func(line int, m diagnose.Match) form { return form{diagnose.AllocatorIncompatible, line, m, ""} }
	checkForms(t, []formTest{
		{"purpose: wrapped", "        neural_net.train()\n        # To avoid UserWarning: Unable to hit fast path of CUDAGraphs because of\n        # pending, uninvoked backwards.\n" + dummy35,
			form{}, "hc_code_comment_to_avoid_pending_backwards_dummy_backward"},
		{"purpose: one line", "        # To avoid UserWarning: " + pend35 + "\n" + dummy35, form{}, "the same on one line"},
		{"purpose: quoted", "        # To avoid the warning \"" + pend35 + "\"\n" + dummy35, form{}, "a noun and a quote between"},
		{"purpose: workaround for", "    # workaround for RuntimeError: " + pool35 + "\n    os.environ.pop(\"PYTORCH_CUDA_ALLOC_CONF\", None)\n", form{}, "workaround for"},
		{"purpose: avoids", "    # pin the staging buffer; avoids \"" + copy35 + "\"\n    buf = buf.pin_memory()\n", form{}, "avoids, a finite verb"},
		{"purpose: to prevent", "    // to prevent RuntimeError: " + pool35 + "\n    setenv(\"PYTORCH_CUDA_ALLOC_CONF\", \"\", 1);\n", form{}, "a C comment"},
		{"purpose: zh", "        # 为了避免 UserWarning: " + pend35 + "\n" + dummy35, form{}, "为了避免"},
		{"purpose: ja", "        # 「" + pend35 + "」を回避するため、ダミーの backward を実行する\n" + dummy35, form{}, "を回避するため"},
		{"purpose: ko", "        # \"" + pend35 + "\" 경고를 피하기 위해 더미 backward를 실행\n" + dummy35, form{}, "경고를 피하기 위해"},
		// stay findings
		{"purpose: retold after prevents", "        # Fence CUDA graph boundaries so reduce-overhead mode properly\n        # separates forward passes (prevents \"pending uninvoked backwards\").\n" +
			"        torch.compiler.cudagraph_mark_step_begin()\n", form{}, "n_vraxion_train_comment_pending_backwards, relabelled `-` (purposeRetold, fixneg39)"},
		{"purpose: retold after to prevent", "# Disable CUDA graphs to prevent checkPoolLiveAllocations error\nexport DISABLE_CUDA_GRAPH=1\nexport PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync\n",
			form{}, "x_latentsync_run_comfyui_fixed_sh_checkpool_pt271, relabelled `-` (purposeRetold, fixneg39)"},
		{"report: retold, met", "        # Fence CUDA graph boundaries: the last run crashed with \"pending uninvoked backwards\".\n" +
			"        torch.compiler.cudagraph_mark_step_begin()\n", pb(1, diagnose.Paraphrased), "a failure told met, no purpose"},
		{"report: retold after to prevent, met", "# Disable CUDA graphs to prevent checkPoolLiveAllocations error; it crashed before.\nexport DISABLE_CUDA_GRAPH=1\nexport PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync\n",
			ai(1, diagnose.Paraphrased), "a purpose whose comment tells the failure met (purposeMet)"},
		{"report: own line under to avoid", "            # Disable CUDA graph trees in torch.inductor to avoid\n            # \"" + pool35 + "\" error.\n" +
			"            # SAM3 lib internally uses torch.compile with max-autotune, which triggers CUDA graphs that conflict with cudaMallocAsync.\n",
			ai(2, diagnose.Exact), "el_comfyui_sam31_nodes_disable_cudagraph_trees_cudamallocasync_checkpool"},
		{"report: raised", "        # this raised UserWarning: " + pend35 + "\n" + dummy35, pb(1, diagnose.Exact), "a comment telling it happened"},
	})
}

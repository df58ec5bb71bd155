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

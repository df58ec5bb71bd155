package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRule36: a program's own rule over its own version guard gives no finding
// however long the comment block it stands in ("#" or "//" lines under a line of code:
// validate35b's 39, the rule on the block's third line), and a packaging comment whose
// consequence clause records the suite's failure ("no successfull tests remain", "all
// tests are skipped", "nothing left to test") is a record of a failure met at any
// indentation (validate35b's 33, nixpkgs' llguidance).
func TestFormsRule36(t *testing.T) {
	up := func(line int, m diagnose.Match) form { return form{diagnose.UnsupportedPython, line, m, ""} }
	const guard = "import sys as _sys\n_py_major, _py_minor = _sys.version_info[:2]\nif (_py_major == 3 and _py_minor < 12):\n    model = torch.compile(model)\n"
	const prose = "# PyTorch 2.x JIT compilation fuses small ops and reduces kernel-launch overhead,\n# giving ~1.3x-2x speedup for Autoformer/Informer at no accuracy cost.\n"
	checkForms(t, []formTest{
		{"rule: third line of a block", "unify_model = Model(args, forecast_model, norm_model).to(device)\n" + prose +
			"# torch.compile is NOT supported on Python 3.12+, so guard it.\n" + guard, form{}, "validate35b 39"},
		{"rule: fifth line of a block", "model = build(cfg).cuda()\n" + prose + "# It also lowers memory traffic.\n#\n" +
			"# torch.compile is not supported on Python 3.12+, so guard it.\n" + guard, form{}, "a longer block, an empty comment line"},
		{"rule: indented block", "def build(cfg):\n    model = Net(cfg).cuda()\n    # Compile for speed where we can.\n    # The speedup is 1.5x on A100.\n" +
			"    # Dynamo is not supported on Python 3.12+, so we check first.\n    if sys.version_info < (3, 12):\n        model = torch.compile(model)\n    return model\n", form{}, "indented"},
		{"rule: slashes", "auto model = load(path);\n// Compile the python side only where it can be.\n// The bindings below call into Python.\n" +
			"// torch.compile is not supported on Python 3.12+, so the guard stays.\n", form{}, "// comments"},
		{"rule: one blank then block", "model = Net().cuda()\n\n# Compile for speed.\n# Halves the step time.\n# torch.compile is not supported on Python 3.12+, so guard it.\n" + guard, form{}, "a blank line under the code"},
		// records of a failure met
		{"record: nix indented no tests remain", "  disabledTestPaths = [\n    \"scripts/tokenizer_test.py\"\n  ];\n\n" +
			"  # As dynamo is not supported on Python 3.13+, no successfull tests remain.\n  doCheck = pythonOlder \"3.13\";\n", up(5, diagnose.Quoted), "validate35b 33"},
		{"record: nix no test passes", "  ];\n\n  # Dynamo is not supported on Python 3.12+, so no tests pass.\n  doCheck = pythonOlder \"3.12\";\n", up(3, diagnose.Exact), "no tests pass"},
		{"record: all tests skipped", "  ];\n  # torch.compile is not supported on Python 3.14+: all the tests are skipped\n  doCheck = pythonOlder \"3.14\";\n", up(2, diagnose.Exact), "all the tests are skipped"},
		{"record: nothing left to test", "  ];\n  # Dynamo is not supported on Python 3.13+, nothing left to test.\n  doCheck = false;\n", up(2, diagnose.Exact), "nothing left to test"},
		{"record: checks fail", "  ];\n  # Dynamo is not supported on Python 3.13+, checks fail.\n  doCheck = false;\n", up(2, diagnose.Exact), "checks fail"},
		{"record: tests fail in a long block", "model = Net()\n" + prose + "# Dynamo is not supported on Python 3.12+, so the tests fail there.\n" + guard, up(4, diagnose.Exact), "a word of failing"},
		{"record: zh all skipped", "  ];\n  # Dynamo is not supported on Python 3.13+，测试全部跳过\n  doCheck = false;\n", up(2, diagnose.Exact), "测试全部跳过"},
	})
}

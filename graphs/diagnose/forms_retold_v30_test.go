package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldV30: the validation v30's misses and false findings, each as a class
// (rows_retold_v30.go, rows_retold.go): mode-and-options told with a verb of giving the
// two after a refusal, or the two joined by other words; backend-takes-no-mode told as the
// cudagraphs backend refusing the argument, wrapped over comment lines; the re-record
// limit retold only where CUDA graphs, the trees, torch.compile or Inductor are named.
// Each positive fails on main at 298e07dd; each lookalike gives no finding.
func TestFormsRetoldV30(t *testing.T) {
	t.Parallel()
	mo := func(line int) form { return form{diagnose.ModeAndOptions, line, diagnose.Paraphrased, ""} }
	nm := func(line int) form { return form{diagnose.BackendTakesNoMode, line, diagnose.Paraphrased, ""} }
	rr := func(line int) form { return form{diagnose.TreesRerecordLimit, line, diagnose.Paraphrased, ""} }
	const compiled = "model = torch.compile(model, options=opts)\n"
	checkForms(t, []formTest{
		// mode-and-options: a verb of giving after the refusal.
		{"forbids passing both mode and options", "\t\t\t\t# Torch 2.7 forbids passing both mode and options. Preserve the\n\t\t\t\t# reduce-overhead CUDA-graph option explicitly\n", form{diagnose.ModeAndOptions, 1, diagnose.Paraphrased, "2.7"}, "v30 pos/02 (code index 71550906843)"},
		{"does not permit passing `mode` and `options` together", "to `torch.compile`; PyTorch does not permit passing `mode` and `options` together.\n", mo(1), "a design note (code index 71327448882): the quoted words' literal"},
		{"refuses `mode` and `options` together", "- `torch.compile` refuses `mode` and `options` together. The construction used mode=\"default\".\n", mo(1), "a design note (code index 70985371068)"},
		{"rejects supplying both", "torch.compile rejects supplying both mode and options, so we merge them\n", mo(1), "supplying"},
		{"can't provide both", "You can't provide both mode and options to torch.compile.\n", mo(1), "provide"},
		{"errors when mixing both", "torch.compile errors when mixing both `mode=` and `options=`\n", mo(1), "mixing, both quoted with ="},
		{"passing both raises", "Passing both mode and options to torch.compile raises a RuntimeError.\n", mo(1), "the refusal after, torch.compile's dot inside the window"},
		{"passing both raised", "Passing both mode and options to torch.compile raised a RuntimeError in our CI.\n", mo(1), "the refusal after"},
		{"mode together with options", "torch.compile rejects mode together with options\n", mo(1), "together with"},
		{"mode along with options", "PyTorch refuses mode along with options\n", mo(1), "along with"},
		{"mode plus options", "torch.compile fails on mode plus options\n", mo(1), "plus"},
		{"mode and options at once", "torch.compile cannot take mode and options at once\n", mo(1), "at once"},
		{"mode= and options= are mutually exclusive", "# mode= and options= are mutually exclusive, so drop mode (torch.compile)\n", mo(1), "a wrapper's comment (code index 70955334893): the = form's literal"},
		// its lookalikes.
		{"a fix's prose: passes both", "currently passes both `mode` and `options` to `torch.compile`, although PyTorch treats those arguments as mutually exclusive.\n", form{}, "lerobot#4155 (passes, mutually exclusive after)"},
		{"an instruction: do not pass", "                # Do NOT pass mode together with options (task constraint).\n" + compiled, form{}, "a rule, no refusal told (code index 66916108530)"},
		{"another program's modes", "- Some commands reject raw mode together with options that only shape\n  normalized output, such as `institutions list --include-deleted`.\n", form{}, "a CLI's notes (code index 68310563474): no compile named"},
		{"passing both, done", "We now pass both mode and options through a merged dict.\n" + compiled, form{}, "no refusal"},
		{"a guard's f-string in a raise", "        if self.mode is not None and self.options:\n            raise ValueError(\n                f\"compile region {self.name!r} cannot set both mode and options\"\n            )\n", form{}, "v30 neg/01 (code index 69813876539): the f-string's braces end no statement (raised.go pythonEnds)"},
		{"a guard's string in a raise", "    if mode not in {None, \"default\"} and options:\n        raise XQTBackendError(\n            \"torch.compile in PyTorch 2.12 does not allow mode and options at the same time\"\n        )\n", form{Torch: "2.12"}, "v30 neg/13 (code index 68523782769): read by a row whose literal is not on the line (rowAt)"},
		{"Chinese: both given", "接收 model、fullgraph、dynamic、backend、mode 和 options。\n" + compiled, form{}, "a torch.compile walkthrough (code index 61927392801): no refusal"},
		// backend-takes-no-mode: the cudagraphs backend refuses the argument.
		{"the cudagraphs backend rejects the mode argument, wrapped", "        else:\n            # Triton-free CUDA-graph capture (no fusion). The ``cudagraphs`` backend\n            # rejects the ``mode`` argument, so it must be left unset.\n            cfg = CompileConfig(backend=\"cudagraphs\", mode=None)\n", nm(2), "v30 pos/05 (code index 62451422728)"},
		{"doesn't accept mode=", "The cudagraphs backend doesn't accept mode=, so drop it.\n", nm(1), "mode="},
		{"chokes on the mode kwarg", "backend=\"cudagraphs\" chokes on the mode kwarg on 2.6\n", nm(1), "backend=, kwarg"},
		{"refuses options", "the `cudagraphs` backend refuses the options argument\n", nm(1), "options"},
		{"passive: rejected by", "The mode argument is rejected by the cudagraphs backend.\n", nm(1), "the argument first"},
		// its lookalikes.
		{"a guard's string", "            raise ValueError(\n                \"train.torch_compile.mode is not accepted by the 'cudagraphs' backend. \"\n                \"Leave mode=None with backend='cudagraphs', or switch backend to 'inductor'.\"\n            )\n", form{}, "v30 neg/18 (code index 57583422249): a library's own guard (stringKept)"},
		{"no longer rejects", "On 2.14 the cudagraphs backend no longer rejects the mode argument.\n", form{}, "negated (2.14 takes **kwargs)"},
		{"another argument", "The cudagraphs backend rejects the fullgraph argument.\n", form{}, "another argument"},
		{"another program's mode argument", "it.each(TOOLS)(\"%s rejects the mode argument outright\", async (tool) => {\n", form{}, "an MCP server's test (code index 58663063683): no backend"},
		{"another backend's mode", "The storage backend rejects the mode argument in read-only mounts.\n", form{}, "not the cudagraphs backend"},
		// trees-rerecord-limit: an app's own limit is none.
		{"an app's toast", "\t\t\t\ttoast({\n\t\t\t\t\tvariant: \"destructive\",\n\t\t\t\t\ttitle: \"Re-record limit reached\",\n", form{}, "v30 neg/19 (code index 66446439664)"},
		{"an API's 429", "        res.status(429).json({\n          error: 'Re-record limit reached for this period',\n", form{}, "v30 neg/20 (code index 56751808191)"},
		{"re-record limit with cudagraph trees", "cudagraph trees: re-record limit reached for the decode step\n", rr(1), "the trees named"},
		{"re-record limit under torch.compile", "model = torch.compile(model, mode=\"reduce-overhead\")\nthe re-record limit was reached after 8 shapes\n", rr(2), "the compile on another line"},
		{"PyTorch's own words", "We hit the max re-recording limit after 8 shapes.\n", rr(1), "the skip's noun (open16's kept case)"},
	})
}

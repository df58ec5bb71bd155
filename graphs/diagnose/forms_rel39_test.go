package diagnose

import "testing"

// The release read in the classes of issue 21's v38 validation that fixrel39 fixed (the
// texts were lost; the classes are the testers' notes, each with siblings written here).
// tail39 is a failure the catalogue names, after the text.
const tail39 = "\n\nRuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old.\n"

// TestFormsRel39InstallReports: a package manager's report of a change (uv's "- torch==A"
// / "+ torch==B", pip's "Successfully uninstalled torch-A" / "Successfully installed
// torch-B", conda's "A --> B") gives the release installed; of two such changes the later
// (an upgrade or a revert after a first install, v38a 26, read as the first before), unless
// the output between shows the earlier failing; a print of the version after a change
// ("torch: 2.6.0+cu124", "Torch version: …") is the run's over the change's.
func TestFormsRel39InstallReports(t *testing.T) {
	t.Parallel()
	checkReleasesWhy(t, tail39, []releaseWhy{
		{"uv install then upgrade", " + torch==2.5.1\nthen upgraded\n - torch==2.5.1\n + torch==2.6.0", "2.6", "v38a 26's class: the later change"},
		{"uv with its counts", "Installed 1 package in 1.1s\n + torch==2.5.1\nUninstalled 1 package in 20ms\nInstalled 1 package in 1.1s\n - torch==2.5.1\n + torch==2.6.0+cu124", "2.6", ""},
		{"uv commands", "$ uv pip install torch==2.5.1\n + torch==2.5.1\n$ uv pip install torch==2.6.0\n - torch==2.5.1\n + torch==2.6.0", "2.6", ""},
		{"pip twice", "Successfully installed torch-2.5.1\nlater:\nSuccessfully uninstalled torch-2.5.1\nSuccessfully installed torch-2.6.0", "2.6", ""},
		{"pip among packages", "Successfully installed numpy-2.1.0 torch-2.5.1\nthen\nSuccessfully installed sympy-1.13.1 torch-2.6.0 triton-3.2.0", "2.6", ""},
		{"conda plan after pip", "Successfully installed torch-2.5.1\nThe following packages will be UPDATED:\n  pytorch    2.5.1-py3.11_cuda12.4_0 --> 2.6.0-py3.11_cuda12.4_0", "2.6", ""},
		{"revert then print", " - torch==2.5.1\n + torch==2.6.0\nreverted:\n - torch==2.6.0\n + torch==2.5.1\nthen the run prints\ntorch: 2.6.0+cu124", "2.6", "v38a 26: the run's print beats both"},
		{"print after pip", "Successfully installed torch-2.6.0\n\ntorch: 2.5.1+cu124", "2.5", "the print after the change"},
		{"version key after uv", " - torch==2.5.1\n + torch==2.6.0\nTorch version: 2.5.1", "2.5", "a version report after the change"},
		{"single uv change", " - torch==2.5.1\n + torch==2.6.0", "2.6", "as before"},
		// the other reading
		{"the earlier failed, the later works", "Successfully installed torch-2.5.1\nTraceback (most recent call last):\nRuntimeError: boom\nSuccessfully installed torch-2.6.0\nworks now", "2.5", "output between that fails keeps the earlier"},
		{"a print before the change", "torch: 2.5.1+cu124\nSuccessfully uninstalled torch-2.5.1\nSuccessfully installed torch-2.6.0", "2.6", "a print before the change is the old environment's"},
		{"uninstall only", "Successfully uninstalled torch-2.5.1\nSuccessfully installed torch-2.6.0\nFound existing installation: torch 2.6.0", "2.6", "pip's existing installation names the release replaced"},
		{"an image after a change is no print", "Successfully installed torch-2.6.0\nFROM pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime", "2.6", "a tag is no print"},
	})
}

// TestFormsRel39AsideOverBound: a title's bound ("… on < torch 2.8.0", v38a 54) is no
// release, and the writer's own release given in an aside ("(here on 2.6.0)", "(on 2.6)",
// "I'm on 2.6", "using 2.6.0 here") is read where the text shows a torch failure and
// states no other release.
func TestFormsRel39AsideOverBound(t *testing.T) {
	t.Parallel()
	checkReleasesWhy(t, tail39, []releaseWhy{
		{"v38a 54", "# torch.compile fails with triton error on < torch 2.8.0\n\nWhen compiling the model (here on 2.6.0) I get:", "2.6", ""},
		{"on 2.6", "# Inductor error for torch < 2.8.0\n\nI get this (on 2.6):", "2.6", ""},
		{"I am on", "# Inductor error on <= torch 2.7\n\nrepro (I am on 2.6.0):", "2.6", ""},
		{"using here", "# Inductor error on torch<2.8\n\nusing 2.6.0 here, the error:", "2.6", ""},
		{"we are using", "We are using 2.5 here and see:", "2.5", ""},
		{"I'm on torch", "# Inductor error for torch < 2.8\n\nI'm on torch 2.6 and get:", "2.6", "torch named: the prose row"},
		// the other reading
		{"a bound alone", "# torch.compile fails with triton error on < torch 2.8.0\n\nWhen compiling the model I get:", "", "a bound is no release"},
		{"a move's arrow", "Upgraded torch 2.5.1 -> torch 2.6.0 and now:", "2.6", "an arrow's '>' is no bound"},
		{"another release stated", "PyTorch version: 2.7.1+cu126\n\nWhen compiling the model (here on 2.6.0) I get:", "2.7", "collect_env's over an aside"},
		{"another package's aside", "transformers (here on 2.6.0) fails with:", "", "another package named on the line"},
		{"not a release", "The kernel (here on 3.11) fails:", "", "no torch minor"},
	})
}

// TestFormsRel39MoveMarkup: a move "from A to B" (upgrade, update, bump, move, migrate;
// "A -> B", "A → B") gives B where the failure is after it, its releases in a code span,
// bold or quotes too ("Updated the Torch version from `2.5.1` to `2.6.0`", v38b 19's class,
// read as 2.5 before), and a version key's move ("Torch version: 2.5.1 -> 2.6.0", read as
// its first release before).
func TestFormsRel39MoveMarkup(t *testing.T) {
	t.Parallel()
	checkReleasesWhy(t, tail39, []releaseWhy{
		{"v38b 19", "Updated the Torch version from 2.5.1 to 2.6.0\nNow compile fails:", "2.6", ""},
		{"code spans", "Updated the Torch version from `2.5.1` to `2.6.0`", "2.6", ""},
		{"bold", "Updated the Torch version from **2.5.1** to **2.6.0**", "2.6", ""},
		{"quotes", "Updated torch from \"2.5.1\" to \"2.6.0\"", "2.6", ""},
		{"arrow in spans", "Upgraded PyTorch from `2.5.1` → `2.6.0` and compile now fails", "2.6", ""},
		{"torch in a span", "Upgraded `torch` from `2.5.1` to `2.6.0`", "2.6", ""},
		{"pins in spans", "Updated `torch==2.5.1` → `torch==2.6.0`", "2.6", ""},
		{"version key arrow", "Torch version: 2.5.1 -> 2.6.0", "2.6", ""},
		{"verb and version key", "Bumped the torch version 2.5.1 -> 2.6.0; the run then fails:", "2.6", ""},
		// the other reading
		{"the target works", "Upgraded torch from `2.5.1` to `2.6.0` and it works now; before that:", "2.5", "the move fixed it"},
		{"a purpose", "Downgraded torch from `2.6.0` to `2.5.1` to avoid the crash", "2.6", "the failure came before the move"},
		{"a version key alone", "Torch version: 2.5.1", "2.5", "no move"},
		{"another package's move", "- Bumped the `einops` version from `0.6.0` to `0.6.1` due to be compatible with `torch.compile`.", "", "holdoutF1's sd-scripts changelog: einops's move"},
		{"a quote mark is no bound", "> torch 2.5.1 is what I run", "2.5", "a quote's '>'"},
		{"dependabot", "Bumps [torch](https://github.com/pytorch/pytorch) from `2.5.1` to `2.6.0`.", "", "a bot's bump runs nothing"},
	})
	// the move told after the failure, on a line of its own
	checkReleasesWhy(t, "", []releaseWhy{
		{"had updated, after the error", "Error:" + tail39 + "\nI had updated the Torch version from 2.5.1 to 2.6.0 before this.", "2.6", "the move came first"},
		{"recently, after the error", "Error:" + tail39 + "\nWe recently upgraded torch from 2.5.1 to 2.6.0.", "2.6", ""},
		{"before the crash", "Error:" + tail39 + "\nUpdated torch from `2.5.1` to `2.6.0` before the crash.", "2.6", ""},
		// the other reading
		{"a downgrade after the error", "Error:" + tail39 + "\ntorch 2.6.0->2.5.1", "2.6", "TestMoveBack's Bagel#201: the fix after the failure"},
		{"an upgrade after the error, nothing said", "Error:" + tail39 + "\nI downgraded torch from 2.6 to 2.5.1", "2.6", "TestMoveBack's from-to-after-error"},
	})
}

// TestFormsRel39ChangeNotes: a release named for a change it made ("# PyTorch 2.6 flipped
// torch.load's default", v38b 27), a project's release that tracks it ("Tracks PyTorch
// 2.9" in release notes, v38b 56) and a comment heading a skip list ("# PyTorch 2.9
// specific skip tests", v38a 29) name no run, by the corpus rule (a change dated by its
// release, a support line, a test's skip: testdata/corpus/README.md's "Label questions
// decided"); a failure said of the release, or the run's own statement, is read.
func TestFormsRel39ChangeNotes(t *testing.T) {
	t.Parallel()
	checkReleasesWhy(t, tail39, []releaseWhy{
		{"v38b 27", "# PyTorch 2.6 flipped torch.load's default\nckpt = torch.load(path, weights_only=False)", "", ""},
		{"changed the default", "PyTorch 2.6 changed the default of weights_only to True.", "", ""},
		{"now defaults", "torch 2.6 now defaults weights_only to True", "", ""},
		{"v38b 56", "| Version | Notes |\n|---|---|\n| 0.9.0 | Tracks PyTorch 2.9 |\n| 0.8.0 | Tracks PyTorch 2.8 |", "", ""},
		{"targets", "- 0.8.0: targets torch 2.8", "", ""},
		// a MUSA survey's release table (find_string "Tracks PyTorch 2.9"; stored file id 69067444225)
		{"torch_musa's table", "| torch_musa v2.9.0 | Mar 17, 2026 | Tracks PyTorch 2.9; MUSA SDK ≥ 4.3.2 |", "", "another package's release notes"},
		{"a cell's aside", "| Framework Integration | torch_musa v2.9.0 (2026-03-17; tracks PyTorch 2.9; requires MUSA SDK >= 4.3.2) | inferred |", "", ""},
		// a skip list's file (find_string "PyTorch 2.9 specific skip tests"; stored file id 18181119937)
		{"v38a 29 whole", "# PyTorch 2.9 specific skip tests\n# Tests moved to generic.py have been removed to avoid duplication\nskip_tests = {\n    \"common\": {", "", ""},
		{"v38a 29", "# PyTorch 2.9 specific skip tests\nSKIP = [\"test_compile_cudagraphs\"]", "", ""},
		{"xfails", "// torch 2.8 xfails\nconst xfail = [\"test_a\"]", "", ""},
		{"skip for", "# Skip tests for PyTorch 2.9\nSKIP = []", "", ""},
		// the other reading
		{"a failure said", "PyTorch 2.6 flipped the default of weights_only, so loading my checkpoint fails", "2.6", "a failure said of the release"},
		{"the run's print too", "# PyTorch 2.9 specific skip tests\nSKIP = []\n>>> torch.__version__\n'2.9.1+cu128'", "2.9", "the run's own print"},
		{"a repro's comment", "# fails on torch 2.5.1\ntorch.compile(model)", "2.5", "skipListComment's near miss: a repro's comment"},
		{"tracking a bug", "I'm on torch 2.9 and this breaks", "2.9", "the run's"},
		// MiniMind's README (find_string "tracks PyTorch 2.9"; stored file id 20339083540): the project's own torch
		{"a README's own torch", "This repo keeps the core training loop. It currently tracks PyTorch 2.9, Transformers 4.57, and Python 3.12.", "2.9", "the project's torch, as a requirement note's"},
		// a docstring (find_string "PyTorch 2.6 flipped"; stored file id 67105389966): a failure said of the change
		{"flipped, so it raises", "PyTorch 2.6 flipped the default `weights_only` to `True`, so this now raises `UnpicklingError`.", "2.6", "a failure said in its sentence"},
	})
}

// TestFormsRel39FinalEnv: the environment a text ends with ("Final env: torch 2.10.0",
// v38b 60, after an image's tag or an environment's name read first) is the run's over an
// earlier tag, as a move the run made is; a later statement that it works is not.
func TestFormsRel39FinalEnv(t *testing.T) {
	t.Parallel()
	checkReleasesWhy(t, "", []releaseWhy{
		{"v38b 60", "Image: pytorch/pytorch:2.6.0-cuda12.4-cudnn9-devel" + tail39 + "Final env after fixing: torch 2.10.0, triton 3.6.0\n", "2.10", ""},
		{"env name", "conda env: py311-torch-2.6.0" + tail39 + "Final env: torch 2.10.0 (cu128), same error.\n", "2.10", ""},
		{"glued tag", "Docker image `myorg/train:torch2.6.0-cu124`" + tail39 + "The final environment: torch 2.10.0+cu128\n", "2.10", ""},
		{"now on", "Image: pytorch/pytorch:2.6.0-cuda12.4-cudnn9-devel" + tail39 + "Now on torch 2.10.0 and the error is the same.\n", "2.10", ""},
		{"ended up", "conda env: py311-torch-2.6.0" + tail39 + "We ended up on torch 2.10.0, same error.\n", "2.10", ""},
		{"an environment's key", "Using env torch:2.6.0" + tail39 + "Final env: torch 2.10.0 (cu128), same error.\n", "2.10", ""},
		{"runpod image", "runpod/pytorch:2.4.0-py3.11-cuda12.4.1-devel-ubuntu22.04" + tail39 + "We ended up on torch 2.10.0, same error.\n", "2.10", ""},
		{"a key, then a move", "- torch: 2.5.1\n\nI upgraded to torch 2.6.0 and now it fails:" + tail39, "2.6", "a move told after the key"},
		// the other reading
		{"a tag alone", "Image: pytorch/pytorch:2.6.0-cuda12.4-cudnn9-devel" + tail39, "2.6", ""},
		{"final env works", "Image: pytorch/pytorch:2.6.0-cuda12.4-cudnn9-devel" + tail39 + "Final env: torch 2.10.0 works fine.\n", "2.6", "the later one works"},
		{"collect_env first", "PyTorch version: 2.6.0+cu124" + tail39 + "Final env: torch 2.10.0\n", "2.6", "torch's own print outranks prose"},
	})
}

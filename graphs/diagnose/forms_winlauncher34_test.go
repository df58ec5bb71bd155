package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsWinLauncherContext: the static launcher's OverflowError told with no launcher
// frame, anchored by PyTorch's issue or by torch.compile and Windows on one line
// (rows_winlauncher.go's staticLauncherContext); Windows alone or torch.compile alone
// leaves CPython's message to any program's int.
func TestFormsWinLauncherContext(t *testing.T) {
	t.Parallel()
	const overflow = "OverflowError (Python int too large to convert to C long)\n"
	so := func(line int) form { return form{diagnose.StaticLauncherOverflow, line, diagnose.Exact, ""} }
	checkForms(t, []formTest{
		{"an HTML README with compile=True on Windows and the issue", "<summary>(optional) Using the <code>compile=True</code> model parameter on Windows devices</summary>\nAttempting to generate speech with CUDA kernal fusion enabled on Windows devices returns the following error from the pytorch binary:</br>\n<code>\n" + overflow + "</code></br>\nTo resolve this, follow instructions listed <a href=\"https://github.com/pytorch/pytorch/issues/162430#issuecomment-3289054096\">here</a>\n", so(4), "holdoutGC's mouthpiece README"},
		{"the issue alone", overflow + "See pytorch/pytorch#162430 for the patch.\n", so(1), "the issue's number"},
		{"torch.compile on Windows", "torch.compile on Windows fails when generating:\n" + overflow, so(2), "compile and Windows on one line"},
		{"Windows, then Inductor", "On Windows 11 with torch 2.9.1, Inductor crashes at the first step:\n" + overflow, form{diagnose.StaticLauncherOverflow, 2, diagnose.Exact, "2.9"}, "Windows first, then Inductor"},
		{"Inductor, then Windows", "Inductor crashes on Windows 11 at the first step:\n" + overflow, form{}, "Inductor first is not read (an anchor in every torch/_inductor frame)"},
		// lookalikes.
		{"Windows alone", "* Fixed \"Python int too large to convert to C long\" error on Windows when accessing GEE task status\n", form{}, "holdoutGC's GEE changelog, a negative"},
		{"torch.compile alone", "We use torch.compile for the encoder.\nnumpy astype failed:\n" + overflow, form{}, "no Windows, no launcher: any program's int"},
		{"compile and Windows in two sentences", "Runs on Windows.\nThe model uses torch.compile.\n" + overflow, form{}, "not one sentence (a line that ends in a stop is not joined to the next)"},
	})
}

package diagnose

import "testing"

// TestPythonShortRetold: torch.compile's or Dynamo's refusal of a Python release told
// short, the compiler named first (rows_retold_l.go); each "want" failed before but
// doesnt-support-yet and dynamo-does-not (pythonParaphrases' already). A release that
// now works, a plan, the past, or a Python no release refuses stays quiet.
func TestPythonShortRetold(t *testing.T) {
	t.Parallel()
	tests := []codeCase{
		{"comment-decorator", "# @torch.compile (not supported on Python 3.14)\ndef step(x):", UnsupportedPython},
		{"comment-after", "@torch.compile  # not supported on Python 3.14", UnsupportedPython},
		{"not-available", "torch.compile is not available on python 3.13", UnsupportedPython},
		{"unavailable", "torch.compile unavailable under Python 3.12; running eager", UnsupportedPython},
		{"dynamo-not-available-yet", "Dynamo is not available for Python 3.13 yet", UnsupportedPython},
		{"fallback", "torch.compile not supported on Python 3.13, falling back to eager", UnsupportedPython},
		{"wont-work", "torch.compile won't work on Python 3.14.", UnsupportedPython},
		{"cannot-be-used", "torch.compile cannot be used on python 3.13", UnsupportedPython},
		{"colon", "skip torch.compile: not supported on Python 3.12+", UnsupportedPython},
		{"torchdynamo", "TorchDynamo is unsupported on Python 3.11 in torch 2.0", UnsupportedPython},
		{"disabled-colon", "# torch.compile disabled: not supported on Python 3.12", UnsupportedPython},
		{"dynamo-in-parens", "torch.compile (Dynamo) is not supported on Python 3.12", UnsupportedPython},
		{"doesnt-support-yet", "torch.compile doesn't support Python 3.12 yet", UnsupportedPython},
		{"dynamo-does-not", "Dynamo does not support Python 3.12", UnsupportedPython},
		// quiet
		{"now-supports", "torch.compile now supports Python 3.12", ""},
		{"soon", "torch.compile will soon support Python 3.13", ""},
		{"past", "torch.compile was not supported on Python 3.12 before torch 2.4", ""},
		{"old-python", "torch.compile is not available on Python 3.10", ""},
		{"planned", "support for Python 3.13 in torch.compile is planned for 2.5", ""},
		{"other-subject", "flash-attn is not available on Python 3.13 yet", ""},
		{"not-working-title", "Torch.compile not working with python 3.12 on windows", ""},
		{"disabled-elsewhere", "torch.compile disabled: not supported on Windows, see Python 3.12 notes", ""},
		{"works", "torch.compile: works on Python 3.12 with torch 2.4", ""},
	}
	checkFirstCodes(t, tests)
}

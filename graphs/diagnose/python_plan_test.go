package diagnose_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestPlanTakesLogsPython: the plan of the call a log shows runs on the Python the log
// shows, and a log that states no release is planned on the newest release that prints
// its findings' texts (sweep5 finding 3: "cuda:0 main: capture" under "Dynamo is not
// supported on Python 3.12+").
func TestPlanTakesLogsPython(t *testing.T) {
	t.Parallel()
	const call = "Traceback (most recent call last):\n  File \"/home/u/train.py\", line 40, in <module>\n" +
		"    model = torch.compile(model, mode=\"reduce-overhead\")\n"
	const site = "  File \"/home/u/.venv/lib/python3.12/site-packages/torch/__init__.py\", line 1868, in compile\n"
	tests := []struct {
		name, log                  string
		torch, python, pythonFrom  string // the plan's release and Python, how the log shows the Python
		raises, note, fixHas, from string // the plan's error, the finding's note and fix, PlanTorchFrom
	}{
		{name: "collect_env", log: "PyTorch version: 2.2.2+cu121\nPython version: 3.12.2 (main, Feb  6 2024, 20:19:44) [GCC 12.3.0] (64-bit runtime)\n" +
			call + site + "RuntimeError: Dynamo is not supported on Python 3.12+\n",
			torch: "2.2", python: "3.12", pythonFrom: "collect_env", raises: "Dynamo is not supported on Python 3.12+",
			fixHas: "Python 3.11 or older, or a torch release whose torch.compile runs on your Python: 3.12 from torch 2.4"},
		{name: "traceback alone: the release from the message", log: call + site + "RuntimeError: Dynamo is not supported on Python 3.12+\n",
			torch: "2.3", python: "3.12", pythonFrom: "path", raises: "Dynamo is not supported on Python 3.12+", from: "unsupported-python"},
		{name: "pip installed 2.4.1, the text is 2.1-2.3's", log: "Successfully installed torch-2.4.1\n" + call + site +
			"RuntimeError: Dynamo is not supported on Python 3.12+\n",
			torch: "2.4", python: "3.12", pythonFrom: "path", note: "the nearest release that does is 2.3"},
		{name: "2.4-2.5 wording", log: call + "RuntimeError: Dynamo is not supported on Python 3.13+\n",
			torch: "2.5", python: "3.13", pythonFrom: "torch.compile's message", raises: "Dynamo is not supported on Python 3.13+",
			fixHas: "3.13 from torch 2.6, 3.14 from torch 2.10", from: "unsupported-python"},
		{name: "2.6-2.9 wording", log: call + "RuntimeError: torch.compile is not supported on Python 3.14+\n",
			torch: "2.9", python: "3.14", pythonFrom: "torch.compile's message", raises: "torch.compile is not supported on Python 3.14+",
			fixHas: "3.14 from torch 2.10", from: "unsupported-python"},
		{name: "2.0 wording, from eval_frame", log: call + "RuntimeError: Python 3.11+ not yet supported for torch.compile\n",
			torch: "2.0", python: "3.11", pythonFrom: "torch.compile's message", raises: "Python 3.11+ not yet supported for torch.compile",
			fixHas: "3.11 from torch 2.1, 3.12 from torch 2.4", from: "unsupported-python"},
		{name: "banner", log: "Python 3.12.2 (main, Feb  6 2024, 20:19:44) [GCC 12.3.0] on linux\n>>> torch.__version__\n'2.2.2'\n" +
			call + "RuntimeError: Dynamo is not supported on Python 3.12+\n",
			torch: "2.2", python: "3.12", pythonFrom: "banner", raises: "Dynamo is not supported on Python 3.12+"},
		// sweep5 finding 18: a free-threaded build, as collect_env, the banner and the
		// library path show it (CPython Python/getversion.c), planned on that build.
		{name: "free-threaded collect_env", log: "PyTorch version: 2.6.0+cu124\nPython version: 3.13.1 experimental free-threading build (main, Dec  4 2024, 18:05:56) [GCC 13.3.0] (64-bit runtime)\n" +
			call + "RuntimeError: torch.compile is not supported on Python built with GIL disabled\n",
			torch: "2.6", python: "3.13.1t", pythonFrom: "collect_env", raises: "torch.compile is not supported on Python built with GIL disabled"},
		{name: "free-threaded banner, 2.9 before 3.13.3", log: "Python 3.13.2 free-threading build (main, Feb  4 2025, 14:51:09) [GCC 14.2.0] on linux\n>>> torch.__version__\n'2.9.0+cu128'\n" +
			call + "RuntimeError: torch.compile is not supported on Python < 3.13.3 built with GIL disabled. Please use Python 3.13.3+.\n",
			torch: "2.9", python: "3.13.2t", pythonFrom: "banner", raises: "torch.compile is not supported on Python < 3.13.3 built with GIL disabled. Please use Python 3.13.3+."},
		{name: "free-threaded library path", log: "torch 2.7.1\n" + call + "  File \"/opt/py/lib/python3.13t/site-packages/torch/__init__.py\", line 2525, in compile\n" +
			"RuntimeError: torch.compile is not supported on Python built with GIL disabled\n",
			torch: "2.7", python: "3.13t", pythonFrom: "path", raises: "torch.compile is not supported on Python built with GIL disabled"},
		// hostile21's D10: python.org's Windows folder (PythonXY) and the Microsoft Store's.
		{name: "windows python.org path", log: "torch==2.3.1\n" + call + "  File \"C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages\\torch\\__init__.py\", line 1868, in compile\n" +
			"RuntimeError: Dynamo is not supported on Python 3.12+\n",
			torch: "2.3", python: "3.12", pythonFrom: "path", raises: "Dynamo is not supported on Python 3.12+"},
		{name: "windows store path", log: "torch==2.3.1\n" + call + "  File \"C:\\Users\\me\\AppData\\Local\\Packages\\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\\LocalCache\\local-packages\\Python312\\site-packages\\torch\\__init__.py\", line 1868, in compile\n" +
			"RuntimeError: Dynamo is not supported on Python 3.12+\n",
			torch: "2.3", python: "3.12", pythonFrom: "path", raises: "Dynamo is not supported on Python 3.12+"},
		{name: "a newer Python than any release runs", log: "torch 2.14.1\n" + call + "RuntimeError: torch.compile is not supported on Python 3.15+\n",
			torch: "2.14", python: "3.15", pythonFrom: "torch.compile's message", fixHas: "no release up to 2.14 runs torch.compile on 3.15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.NotNil(t, d.Recovered)
			require.Equal(t, tt.torch, d.Recovered.Torch)
			require.Equal(t, tt.python, d.Recovered.Python)
			require.Equal(t, tt.pythonFrom, d.PythonFrom)
			require.Equal(t, diagnose.Code(tt.from), d.PlanTorchFrom)
			i := len(d.Findings) - 1
			require.Equal(t, diagnose.UnsupportedPython, d.Findings[i].Code)
			require.Contains(t, d.Findings[i].Note, tt.note)
			require.Contains(t, d.Findings[i].Fix, tt.fixHas)
			if tt.raises != "" {
				require.NotNil(t, d.Plan, d.PlanError)
				require.NotNil(t, d.Plan.Error)
				require.Equal(t, tt.raises, d.Plan.Error.Message)
			}
		})
	}
}

// TestPlanErrorInUserWords checks that a call the planner refuses is said without the Go
// packages' prefixes (hostile21's D11: "could not be planned: graphs: scenario resolve: …").
func TestPlanErrorInUserWords(t *testing.T) {
	t.Parallel()
	log := "    model = torch.compile(model, mode=\"reduce-overhead\")\n" +
		"  File \"/home/u/.venv/lib/python3.13t/site-packages/torch/_inductor/cudagraph_trees.py\", line 359, in get_obj\n" +
		"    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	d, err := diagnose.Read(strings.NewReader(log))
	require.NoError(t, err)
	require.Nil(t, d.Plan)
	require.NotEmpty(t, d.PlanError)
	for _, p := range []string{"graphs: ", "config: ", "diagnose: ", "scenario ", "resolve: "} {
		require.NotContains(t, d.PlanError, p) // fix brief 29 #3: "scenario resolve:" stayed
	}
}

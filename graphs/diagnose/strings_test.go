package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStringEscaped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`{"log":"RuntimeError: x\n"}`, true},
		{`err = 'Traceback (most recent call last):\n  File "a.py", line 1\nRuntimeError: x\n'`, true},
		{`err = 'one line\n'`, false},
		{`path = 'C:\Users\me\new\nodes'`, false},
		{`printf("a\nb\n")`, true},
		{`no escapes here`, false},
	} {
		require.Equal(t, tc.want, stringEscaped([]byte(tc.in)), tc.in)
	}
}

// TestStringForms reads messages held in a string's escapes: a Python repr of a str
// with several lines, and JSON inside a JSON string (branch codes: the repr of a
// captured stderr and the record inside a record were missed before; the escaped
// quote and the Windows path, which a later decoding must not break, were found).
func TestStringForms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       Code
	}{
		{"repr of a captured stderr", `stderr = 'PyTorch version: 2.11.0+cu124\n\nRecording cudagraph tree for symint key 10\nRecording cudagraph tree for symint key 11\nRecording cudagraph tree for symint key 12\n'`, DynamicShapeRerecord},
		{"repr with an escaped quote", `out = 'step 3\nskipping cudagraphs due to [\'mutated inputs\']\n'`, SkipMutatedInputs},
		{"record inside a record", `{"level":"error","payload":"{\"msg\":\"torch 2.7.0\\n\\nindex put with accumulate.\\n\"}"}`, SkipIncompatibleOp},
		{"windows path after the last decoding", `{"level":"error","payload":"{\"msg\":\"E:/ComfyUI/python_embeded/Include/Python.h:12: error: include file 'pyconfig.h' not found\\nTraceback (most recent call last):\\n  File \\\"E:\\\\ComfyUI\\\\python_embeded\\\\Lib\\\\site-packages\\\\triton\\\\runtime\\\\build.py\\\", line 40, in _build\\n\"}"}`, PythonHeadersMissing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tc.text + "\n"))
			require.NoError(t, err)
			var got []Code
			for _, f := range d.Findings {
				got = append(got, f.Code)
			}
			require.Equal(t, []Code{tc.want}, got)
		})
	}
}

// TestReprForms reads the config KeyError as Python's repr of the exception writes it
// (branch codes: not found before), under the config module's frame only.
func TestReprForms(t *testing.T) {
	t.Parallel()
	frame := `  File "/usr/lib/python3.11/site-packages/torch/utils/_config_module.py", line 321, in __getattr__` + "\n"
	for _, tc := range []struct {
		name, text string
		want       []Code
	}{
		{"repr under the frame", frame + "ERROR train: compile failed: KeyError('cudagraph_treez')", []Code{UnknownGlobal}},
		{"repr without the frame", "ERROR train: lookup failed: KeyError('cudagraph_treez')", nil},
		{"repr of another key's value", frame + "KeyError('cudagraph treez')", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tc.text + "\n"))
			require.NoError(t, err)
			var got []Code
			for _, f := range d.Findings {
				got = append(got, f.Code)
			}
			require.Equal(t, tc.want, got)
		})
	}
}

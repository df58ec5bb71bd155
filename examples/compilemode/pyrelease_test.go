package main

import (
	"encoding/json"
	"testing"
)

// TestPythonLimits are the new-user sweep's cases: each release's default Python
// compiles, and each release refuses the Pythons its torch.compile refuses, with its
// own text (config/pyfacts.go).
func TestPythonLimits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args   []string
		python string
		exit   string
		msg    string
	}{
		{[]string{"-torch", "2.0"}, "3.10", "compiles", ""},
		{[]string{"-torch", "2.0", "-python", "3.8"}, "3.8", "compiles", ""},
		{[]string{"-torch", "2.0", "-python", "3.11"}, "3.11", "raises", "Python 3.11+ not yet supported for torch.compile"},
		{[]string{"-torch", "2.2", "-python", "3.12"}, "3.12", "raises", "Dynamo is not supported on Python 3.12+"},
		{[]string{"-torch", "2.3", "-python", "3.13"}, "3.13", "raises", "Dynamo is not supported on Python 3.12+"},
		{[]string{"-torch", "2.5", "-python", "3.13"}, "3.13", "raises", "Dynamo is not supported on Python 3.13+"},
		{[]string{"-torch", "2.5"}, "3.12", "compiles", ""},
		{[]string{"-torch", "2.7", "-python", "3.14"}, "3.14", "raises", "torch.compile is not supported on Python 3.14+"},
		{[]string{"-torch", "2.8", "-python", "3.14"}, "3.14", "raises", "torch.compile is not supported on Python 3.14+"},
		{[]string{"-torch", "2.10", "-python", "3.14"}, "3.14", "compiles", ""},
	}
	for _, tc := range tests {
		out, stderr, _ := runPlan(t, nil, append(tc.args, "-json")...)
		var rep struct {
			Python string `json:"python"`
			Exit   string `json:"exit"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %v (stderr %.300s)", tc.args, err, stderr)
		}
		msg := ""
		if rep.Error != nil {
			msg = rep.Error.Message
		}
		if rep.Python != tc.python || rep.Exit != tc.exit || msg != tc.msg {
			t.Errorf("%v: python %s, %s, %q; want python %s, %s, %q", tc.args, rep.Python, rep.Exit, msg, tc.python, tc.exit, tc.msg)
		}
	}
}

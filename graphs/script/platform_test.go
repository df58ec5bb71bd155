package script

import (
	"strings"
	"testing"
)

// TestPlatformTruth: host-platform tests read as on Linux, the platform planned.
func TestPlatformTruth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cond      string
		value, ok bool
	}{
		{`sys.platform == "win32"`, false, true},
		{`sys.platform != 'win32'`, true, true},
		{`sys.platform == "linux"`, true, true},
		{`"win32" == sys.platform`, false, true},
		{`os.name == "nt"`, false, true},
		{`os.name == 'posix'`, true, true},
		{`platform.system() == "Windows"`, false, true},
		{`platform.system() == "Linux"`, true, true},
		{`sys.platform.startswith("darwin")`, false, true},
		{`sys.platform.startswith("linux")`, true, true},
		{`not sys.platform.startswith("win")`, true, true},
		{`(sys.platform == "win32")`, false, true},
		{`USE`, false, false},
		{`sys.platform == x`, false, false},
	}
	for _, tc := range tests {
		v, ok := platformTruth(tc.cond)
		if v != tc.value || ok != tc.ok {
			t.Errorf("platformTruth(%s) = %v, %v; want %v, %v", tc.cond, v, ok, tc.value, tc.ok)
		}
	}
}

// TestPlatformGuards: a global under a host-platform test is applied as on Linux:
// not under a false test (nor its chain's later branches after a true one), and
// unconditionally under a true one (usersweep item 4).
func TestPlatformGuards(t *testing.T) {
	t.Parallel()
	const head = "import sys, os, platform, torch\nimport torch._inductor.config as c\n"
	tests := []struct {
		name, body string
		set        []string // the globals in force at the site
		cond       int      // how many of them are conditional
		decided    bool     // the platform tests decide every branch
	}{
		{"win32 false", "if sys.platform == \"win32\":\n    c.compile_threads = 1\n", nil, 0, true},
		{"nt false, else runs", "if os.name == \"nt\":\n    c.compile_threads = 1\nelse:\n    c.compile_threads = 4\n", []string{"compile_threads=4"}, 0, true},
		{"Windows elif linux", "if platform.system() == \"Windows\":\n    c.compile_threads = 1\nelif sys.platform.startswith(\"linux\"):\n    c.compile_threads = 2\nelse:\n    c.compile_threads = 3\n", []string{"compile_threads=2"}, 0, true},
		{"darwin false, else under unknown", "if sys.platform.startswith(\"darwin\"):\n    c.compile_threads = 1\nelif USE:\n    c.compile_threads = 2\nelse:\n    c.compile_threads = 3\n", []string{"compile_threads=2", "compile_threads=3"}, 2, false},
		{"unknown first", "if USE:\n    c.compile_threads = 1\nelif sys.platform == \"win32\":\n    c.compile_threads = 2\n", []string{"compile_threads=1", "compile_threads=2"}, 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("p.py", []byte(head+tc.body+"m = torch.compile(f)\n"))
			if err != nil {
				t.Fatal(err)
			}
			st := s.Sites[0]
			if strings.Join(st.set, " ") != strings.Join(tc.set, " ") || st.condN != tc.cond {
				t.Errorf("set %q (%d conditional), want %q (%d)", st.set, st.condN, tc.set, tc.cond)
			}
			for _, g := range s.Globals {
				if tc.decided && !strings.Contains(g.Guard, "on Linux, the platform planned") {
					t.Errorf("global %s guard %q does not say how it is read", g.Key, g.Guard)
				}
			}
		})
	}
}

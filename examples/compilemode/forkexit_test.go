package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptForkExit: -script on a pool forked after CUDA exits as the parent does
// (a new user's report; graphs/script testdata/forkexit): 1, with a stderr line saying why, where
// the parent gathers a worker's result and so re-raises its RuntimeError; 0 where it
// gathers none, or the start method spawns.
func TestScriptForkExit(t *testing.T) {
	t.Parallel()
	pool, err := os.ReadFile(filepath.Join("..", "..", "graphs", "script", "testdata", "forkexit", "pool.py"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(pool)
	tests := []struct {
		name, src string
		args      []string
		code      int
		stderr    string // "": none
	}{
		{"pool map", src, nil, 1, "compilemode: exit 1: <stdin>:9: the parent gathers the result of `p.map(work, range(4))` and re-raises the RuntimeError its worker raises (\"Cannot re-initialize CUDA in forked subprocess\"): multiprocessing.Pool (line 8) forks it after CUDA was initialised (line 3)\n"},
		{"python 3.14 forkserver", src, []string{"-python", "3.14"}, 0, ""},
		{"apply_async without get", strings.Replace(src, "print(p.map(work, range(4)))", "p.apply_async(work, (0,))", 1), nil, 0, ""},
		{"spawn", strings.Replace(src, "with mp.Pool(4)", "with mp.get_context(\"spawn\").Pool(4)", 1), nil, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var sout, serr bytes.Buffer
			code := runIn(append(append([]string{"-no-env"}, tt.args...), "-script", "-"), strings.NewReader(tt.src), &sout, &serr, func() []string { return nil })
			if code != tt.code || serr.String() != tt.stderr {
				t.Errorf("exit %d (want %d), stderr:\n%s\nwant:\n%s", code, tt.code, serr.String(), tt.stderr)
			}
		})
	}
}

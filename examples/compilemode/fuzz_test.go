package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCLI runs the command's argument handling as a whole, in-process: the fuzzed
// string is split into arguments at NUL-free "\x1f" separators, and a second string
// is the content of a file that the arguments can name as FILE (for -scenario,
// -schema and -options @FILE). The command must not panic, must exit 0, 1 or 2, and
// must say something on stderr whenever it exits 2.
func FuzzCLI(f *testing.F) {
	for _, s := range []struct{ args, file string }{
		{"-mode\x1freduce-overhead\x1f-json", ""},
		{"-options\x1f{'triton.cudagraphs': True}\x1f-devices\x1f2\x1f-threads\x1fper-device", ""},
		{"-scenario\x1fFILE", `{"mode": "max-autotune", "workload": {"devices": 2}}`},
		{"-schema\x1fFILE", `{"format": "compilemode-schema/1"}`},
		{"-options\x1f@FILE", "{'max_autotune': True}"},
		{"-set\x1ftriton.cudagraph_trees=False\x1f-env\x1fTORCHINDUCTOR_CUDAGRAPHS=0", ""},
		{"-devices\x1f2\x1f-devices\x1f3", ""},
		{"-dynamic-shapes\x1f-sizes\x1f100\x1f-torch\x1f2.6", ""},
		{"-threads\x1fcallers\x1f-callers\x1f4\x1f-cold-start", ""},
	} {
		f.Add(s.args, s.file)
	}
	f.Fuzz(func(t *testing.T, args, file string) {
		dir := t.TempDir()
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
			t.Fatal(err)
		}
		argv := strings.Split(strings.ReplaceAll(args, "FILE", path), "\x1f")
		for _, a := range argv {
			if a == "-h" || a == "-help" || a == "--help" || a == "--h" {
				return // help is not an input
			}
		}
		var out, errb bytes.Buffer
		code := run(append(argv, "-no-env"), &out, &errb, nil)
		switch {
		case code < 0 || code > 2:
			t.Fatalf("run(%q) exit %d", argv, code)
		case code == 2 && errb.Len() == 0:
			t.Fatalf("run(%q) exit 2 with nothing on stderr", argv)
		case strings.Contains(errb.String(), "panic"):
			t.Fatalf("run(%q): %s", argv, errb.String())
		}
	})
}

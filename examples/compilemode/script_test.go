package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script"
)

func TestScriptFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.py")
	require.NoError(t, os.WriteFile(bad, []byte("import torch\nm = torch.compile(model, mode=\"reduce-overhead\"\n"), 0o644))
	none := filepath.Join(dir, "none.py")
	require.NoError(t, os.WriteFile(none, []byte("import torch\nprint(torch.__version__)\n"), 0o644))
	train := filepath.Join("..", "scripts", "train.py")
	many := filepath.Join(dir, "many.py")
	require.NoError(t, os.WriteFile(many, []byte("import torch, threading\nm = torch.compile(f)\ndef work():\n    m(1)\n"+
		strings.Repeat("threading.Thread(target=work).start()\n", 65)), 0o644))
	ddp := filepath.Join("..", "..", "graphs", "script", "testdata", "scripts", "sweep_train_ddp.py")
	optsIf := filepath.Join("..", "..", "graphs", "script", "testdata", "scripts", "sweep_s3b.py")
	// ddp with its USE_TREES switch a test the reader does not decide (the file's own,
	// os.environ.get("USE_TREES", "0") == "1", is decided by the environment: script14
	// item 3), so both branches are planned.
	ddpSrc, err := os.ReadFile(ddp)
	require.NoError(t, err)
	ddpOpen := filepath.Join(dir, "train_ddp.py")
	const treesRead = `USE_TREES = os.environ.get("USE_TREES", "0") == "1"`
	require.Contains(t, string(ddpSrc), treesRead)
	require.NoError(t, os.WriteFile(ddpOpen, []byte(strings.Replace(string(ddpSrc), treesRead, "USE_TREES = len(sys.argv) > 1", 1)), 0o644))
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"train text", []string{"-script", train}, 0, `train.py:26 torch.compile(model, mode=args.compile_mode)`},
		{"train json", []string{"-script", train, "-json"}, 0, `"format": "compilemode-script/3"`},
		{"flag wins", []string{"-script", train, "-torch", "2.14", "-json"}, 0, `"torch": "2.14"`},
		{"no site", []string{"-script", none}, 0, "no torch.compile site found"},
		{"syntax error", []string{"-script", bad}, 2, "bad.py:2:"},
		{"missing", []string{"-script", filepath.Join(dir, "nope.py")}, 2, "no such file"},
		{"with scenario", []string{"-script", train, "-scenario", bad}, 2, "cannot be combined"},
		{"limit hit", []string{"-script", many}, 2, "a limit was hit"},
		// usersweep item 3: a plan shown as raising (another branch of a conditional
		// global, another value of options) makes the exit 1, text or JSON.
		{"branch raises", []string{"-script", ddpOpen, "-devices", "2"}, 1, "-- if the mode is \"reduce-overhead\", when else (line 25) of if USE_TREES (line 23) runs:"},
		{"branch raises json", []string{"-script", ddpOpen, "-devices", "2", "-json"}, 1, `"exit": "raises"`},
		{"options value raises", []string{"-script", optsIf}, 1, "-- if options={'triton.cudagraphs': False} (line 3):"},
		{"device count given", []string{"-script", ddpOpen, "-devices", "2"}, 1, "planned for the 2 devices given"},
		// script14 item 3: the environment decides the file's own switch: unset, the
		// legacy branch, which does not raise; USE_TREES=1, cudagraph trees in two user
		// threads, which do.
		{"branch the environment decides", []string{"-script", ddp, "-devices", "2"}, 0, "(USE_TREES is not set), so it does not run"},
		// script14 item 1: the script's command line after --.
		{"argv after --", []string{"-script", train, "--", "--compile-mode", "default"}, 0, "-- if the mode is \"default\":"},
		{"argv abbreviated", []string{"-script", train, "--", "--comp=default"}, 0, "`args.compile_mode`; the command line given after -script's -- gives"},
		{"-- without -script", []string{"-mode", "default", "--", "--x"}, 2, "give -script FILE"},
		{"branch -env decides", []string{"-script", ddp, "-devices", "2", "-env", "USE_TREES=1"}, 1, "(-env sets USE_TREES=1), so it does not run"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runPlan(t, nil, tc.args...)
			require.Equal(t, tc.code, code, "stderr: %s", stderr)
			got := out
			if code == 2 {
				got = stderr
			}
			require.Contains(t, got, tc.out)
		})
	}
	// Piped text fits 100 columns, and -mode replaces the candidates with one plan.
	out, _, _ := runPlan(t, nil, "-script", train)
	for _, l := range strings.Split(out, "\n") {
		if utf8.RuneCountInString(l) > 100 {
			t.Errorf("line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
	}
	out, _, _ = runPlan(t, nil, "-script", train, "-mode", "default")
	require.NotContains(t, out, "-- if the mode is")
	out, _, _ = runPlan(t, nil, "-script", none, "-json")
	var s struct {
		Sites []any `json:"sites"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	require.NotNil(t, s.Sites)
	require.Empty(t, s.Sites)
}

// TestScriptStdin: -script - reads the script from stdin.
func TestScriptStdin(t *testing.T) {
	t.Parallel()
	var out, errb strings.Builder
	c := &cli{given: map[string]bool{"script": true}}
	c.scriptFile.Value = "-"
	code := c.script(strings.NewReader("import torch\nm = torch.compile(f, mode=\"reduce-overhead\")\n"), &out, &errb, nil)
	require.Equal(t, 0, code, errb.String())
	require.Contains(t, out.String(), "<stdin>:2 torch.compile(f, mode=\"reduce-overhead\")")
}

// TestWorkloadFlagTable: every workload flag names a real flag and a real field of
// graphs.Workload (its JSON name), so errors can be worded with the flag.
func TestWorkloadFlagTable(t *testing.T) {
	t.Parallel()
	fields := map[string]bool{}
	wt := reflect.TypeOf(graphs.Workload{})
	for i := 0; i < wt.NumField(); i++ {
		fields[strings.Split(wt.Field(i).Tag.Get("json"), ",")[0]] = true
	}
	c := &cli{}
	var out strings.Builder
	if code := run([]string{"-h"}, &out, &out, nil); code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	table := script.WorkloadFlags()
	if len(c.workloadFlagTable()) != len(table) {
		t.Errorf("%d workload flags, script.WorkloadFlags (which words their errors and notes) has %d", len(c.workloadFlagTable()), len(table))
	}
	for i, f := range c.workloadFlagTable() {
		if i < len(table) && (table[i].Flag != f.flag || table[i].Field != f.field) {
			t.Errorf("flag -%s (%s): script.WorkloadFlags()[%d] is %s (%s)", f.flag, f.field, i, table[i].Flag, table[i].Field)
		}
		if !fields[f.field] {
			t.Errorf("flag -%s: %q is not a field of graphs.Workload", f.flag, f.field)
		}
		if !strings.Contains(out.String(), "-"+f.flag+" ") && !strings.Contains(out.String(), "-"+f.flag+"\n") {
			t.Errorf("flag -%s is not in -h", f.flag)
		}
	}
}

// TestScriptVsFlags: a script that shows a workload and the flags that describe it
// give the same per-device rows.
func TestScriptVsFlags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name, src string
		flags     []string
	}{
		{"pool-cold", "import torch\nfrom concurrent.futures import ThreadPoolExecutor\nm = torch.compile(f, mode=\"reduce-overhead\")\ndef work(x):\n    return m(x)\nwith ThreadPoolExecutor(4) as ex:\n    ex.map(work, xs)\n",
			[]string{"-thread-pool", "4"}},
		{"pool-warm", "import torch\nfrom concurrent.futures import ThreadPoolExecutor\nm = torch.compile(f, mode=\"reduce-overhead\")\ndef work(x):\n    return m(x)\nm(x0)\nwith ThreadPoolExecutor(4) as ex:\n    ex.map(work, xs)\n",
			[]string{"-threads", "callers", "-callers", "4"}},
		{"threads-cold", "import torch, threading\nm = torch.compile(f, mode=\"reduce-overhead\")\ndef work(x):\n    m(x)\nfor x in xs:\n    threading.Thread(target=work, args=(x,)).start()\n",
			[]string{"-threads", "callers", "-cold-start"}},
		{"train", "import torch\nm = torch.compile(f, mode=\"reduce-overhead\")\nfor x in xs:\n    out = m(x)\n    out.sum().backward()\n    kept.append(out)\n",
			[]string{"-autograd-backward", "-outputs-kept"}},
	}
	type rows struct {
		CUDAGraphs graphs.CUDAGraphsReport `json:"cudagraphs"`
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := filepath.Join(dir, tc.name+".py")
			require.NoError(t, os.WriteFile(f, []byte(tc.src), 0o644))
			out, stderr, _ := runPlan(t, nil, "-no-env", "-script", f, "-json")
			var s struct {
				Plans []rows `json:"plans"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &s), stderr)
			require.Len(t, s.Plans, 1)
			out, stderr, _ = runPlan(t, nil, append([]string{"-no-env", "-mode", "reduce-overhead", "-json"}, tc.flags...)...)
			var want rows
			require.NoError(t, json.Unmarshal([]byte(out), &want), stderr)
			if diff := cmp.Diff(want, s.Plans[0]); diff != "" {
				t.Errorf("-script vs %v mismatch (-flags +script):\n%s", tc.flags, diff)
			}
		})
	}
}

// TestScriptFlagGivenFalse: a boolean workload flag given explicitly false overrules
// what the script shows, with a note on the site ("flags given explicitly win"): the new
// user's -outputs-kept=false still planned the overwritten-output failure, exit 1.
func TestScriptFlagGivenFalse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := filepath.Join(dir, "k.py")
	src := "import torch\nm = torch.compile(f, mode=\"reduce-overhead\")\nlosses = []\nfor x in xs:\n    loss = m(x)\n    loss.backward()\n    losses.append(loss)\nprint(torch.stack(losses).mean())\n"
	require.NoError(t, os.WriteFile(f, []byte(src), 0o644))
	out, _, code := runPlan(t, nil, "-no-env", "-script", f)
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "outputs_kept=true")
	out, _, code = runPlan(t, nil, "-no-env", "-script", f, "-outputs-kept=false")
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "-outputs-kept=false replaces outputs_kept=true (line 7)")
}

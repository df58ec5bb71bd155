package answer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
)

// TestCheck: the page's call answers are graphs.Check's, as the command prints them,
// and its refusals are the command's stderr lines.
func TestCheck(t *testing.T) {
	t.Parallel()
	ro := "reduce-overhead"
	yes, upper := true, "REDUCE-OVERHEAD"
	tests := []struct {
		name, reason string
		call         Call
		want         *graphs.Scenario // nil: refused
		wantStderr   string           // a prefix of the refusal
	}{
		{
			name: "default", reason: "the page's first state is the README's case",
			call: DefaultCall(),
			want: &graphs.Scenario{Torch: "2.11", Mode: &ro, Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice, MutatedInputs: graphs.NoMutation}},
		},
		{
			name: "globals and options", reason: "-set and -options reach the scenario as the command gives them",
			call: Call{Args: []string{"-no-env", "-torch", "2.14", "-options", "{'max_autotune': True}", "-set", "triton.cudagraph_trees=False"}},
			want: &graphs.Scenario{Torch: "2.14", Options: "{'max_autotune': True}", Set: []string{"triton.cudagraph_trees=False"}},
		},
		{
			name: "bad options", reason: "the command checks -options before planning",
			call: Call{Args: []string{"-no-env", "-options", "{'a': "}}, wantStderr: "compilemode: -options: ",
		},
		{
			name: "bad global", reason: "a global's error names -set, as the command's does",
			call: Call{Args: []string{"-no-env", "-set", "foo"}}, wantStderr: "compilemode: -set: \"foo\": want KEY=VALUE, e.g. triton.cudagraph_trees=False",
		},
		{
			name: "counts", reason: "the form's counts are read as the command reads them",
			call: Call{Args: []string{"-no-env", "-devices", " 3", "-thread-pool", "4"}},
			want: &graphs.Scenario{Torch: "2.11", Workload: graphs.Workload{Devices: 3, ThreadPool: 4}},
		},
		{
			name: "fractional devices", reason: "1.5 is the command's error, never dropped (sweep finding 8)",
			call: Call{Args: []string{"-no-env", "-devices", "1.5"}}, wantStderr: `compilemode: invalid value "1.5" for flag -devices: want a whole number in decimal, e.g. 2`,
		},
		{
			name: "hex callers", reason: "0x2 is not a count",
			call: Call{Args: []string{"-no-env", "-callers", "0x2"}, Workload: graphs.Workload{Threads: graphs.Callers}}, wantStderr: `compilemode: invalid value "0x2" for flag -callers`,
		},
		{
			name: "zero sizes", reason: "-sizes 0 is refused, as the command refuses it",
			call: Call{Args: []string{"-no-env", "-sizes", "0"}, Workload: graphs.Workload{DynamicShapes: true}}, wantStderr: "compilemode: -sizes 0: want 1 or more",
		},
		{
			name: "fullgraph", reason: "the form's fullgraph=True is the command's -fullgraph (sweep finding 31)",
			call: Call{Args: []string{"-no-env", "-torch", "2.11", "-fullgraph"}},
			want: &graphs.Scenario{Torch: "2.11", Fullgraph: &yes},
		},
		{
			name: "python", reason: "the form's Python is the command's -python (sweep finding 31)",
			call: Call{Args: []string{"-no-env", "-torch", "2.11", "-python", "3.12"}},
			want: &graphs.Scenario{Torch: "2.11", Python: "3.12"},
		},
		{
			name: "unknown mode", reason: "a mode typed freely gets the command's error (sweep finding 31)",
			call: Call{Args: []string{"-no-env", "-torch", "2.11", "-mode", "REDUCE-OVERHEAD"}},
			want: &graphs.Scenario{Torch: "2.11", Mode: &upper},
		},
		{
			name: "unknown flag", reason: "the page only gives the command's flags; anything else is refused",
			call: Call{Args: []string{"-bogus"}}, wantStderr: "compilemode: flag provided but not defined",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Check(tc.call, Options{JSON: true})
			if tc.want == nil {
				if !strings.HasPrefix(got.Stderr, tc.wantStderr) || got.Exit != 2 {
					t.Errorf("Check(%v) = exit %d, stderr %q; want exit 2, stderr %q… (%s)", tc.call.Args, got.Exit, got.Stderr, tc.wantStderr, tc.reason)
				}
				return
			}
			rep, err := graphs.Check(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			var text bytes.Buffer
			if err := rep.WriteText(&text, graphs.TextOptions{}); err != nil {
				t.Fatal(err)
			}
			data, err := json.MarshalIndent(rep, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			want := Answer{Text: text.String(), JSON: string(data) + "\n", Exit: rep.Exit.Code()}
			got.View = ""
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Check(%v) mismatch (%s) (-want +got):\n%s", tc.call.Args, tc.reason, diff)
			}
		})
	}
}

// TestDiagnoseAndScript: the log and script answers are diagnose.Read's and
// script.ReadNamed's, planned as the command plans them with -no-env.
func TestDiagnoseAndScript(t *testing.T) {
	t.Parallel()
	const log = "Traceback (most recent call last):\n    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	d, err := diagnose.Read(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := d.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if got := Diagnose(log, Options{}); got.Text != text.String() || got.Exit != 0 || got.JSON != "" {
		t.Errorf("Diagnose = %+v, want the text %q, exit 0, no JSON unless asked", got, text.String())
	}

	const src = "import torch\nm = torch.compile(m, mode=\"reduce-overhead\")\n"
	s, err := script.ReadNamed("t.py", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	planned, err := s.PlanWith(script.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text.Reset()
	if err := planned.WriteText(&text, graphs.DefaultWidth); err != nil {
		t.Fatal(err)
	}
	if got := Script("t.py", src, "", "", Options{}); got.Text != text.String() {
		t.Errorf("Script text mismatch (-want +got):\n%s", cmp.Diff(text.String(), got.Text))
	}
	if got := Script("t.py", src, "2.14", "", Options{}); !strings.Contains(got.Text, "torch 2.14") {
		t.Errorf("Script on -torch 2.14 does not plan on 2.14:\n%s", got.Text)
	}
	// a guard on torch.__version__ decided on the release planned, as the command does
	const guarded = "import torch\nif torch.__version__ >= \"2.6\":\n    m = torch.compile(m, mode=\"reduce-overhead\")\n" +
		"else:\n    m = torch.compile(m, mode=\"max-autotune\")\n"
	for _, release := range []string{"", "2.11", "2.4"} {
		want := release
		if want == "" {
			want = "2.11"
		}
		g, err := script.ReadWith(strings.NewReader(guarded), script.ReadOptions{Name: "t.py", Torch: want})
		if err != nil {
			t.Fatal(err)
		}
		planned, err := g.PlanWith(script.PlanOptions{CLI: graphs.Scenario{Torch: release, Env: map[string]string{}}})
		if err != nil {
			t.Fatal(err)
		}
		text.Reset()
		if err := planned.WriteText(&text, graphs.DefaultWidth); err != nil {
			t.Fatal(err)
		}
		if got := Script("t.py", guarded, release, "", Options{}); got.Text != text.String() {
			t.Errorf("Script of a version guard on %q (-want +got):\n%s", release, cmp.Diff(text.String(), got.Text))
		}
	}
	if got := Script("t.py", "def (:\n", "", "", Options{}); got.Exit != 2 || !strings.HasPrefix(got.Stderr, "compilemode: t.py:1:") {
		t.Errorf("Script on a syntax error = exit %d, stderr %q; want exit 2 naming t.py:1:", got.Exit, got.Stderr)
	}
}

// ExampleCheck answers the README's case as the page does.
func ExampleCheck() {
	a := Check(DefaultCall(), Options{})
	fmt.Println("exit", a.Exit)
	fmt.Println(strings.SplitN(a.Text, "\n", 2)[0])
	// Output:
	// exit 1
	// torch 2.11 (schema 2.11.0+cu130, measured; modes measured) · backend inductor ·
}

// FuzzCheck: any flags and workload the page could send are answered, never a panic,
// with the command's exit statuses.
func FuzzCheck(f *testing.F) {
	f.Add("-no-env -torch 2.11 -mode reduce-overhead", 2, "per-device")
	f.Add("-options {'a': -set x=1", 0, "")
	f.Add("-torch 9.9 -dynamic maybe", -1, "nonsense")
	f.Fuzz(func(t *testing.T, args string, devices int, threads string) {
		a := Check(Call{Args: strings.Fields(args), Workload: graphs.Workload{Devices: devices, Threads: graphs.Threads(threads)}}, Options{JSON: true})
		if a.Exit < 0 || a.Exit > 2 || (a.Exit == 2) != (a.Stderr != "") {
			t.Errorf("Check(%q, %d, %q) = exit %d, stderr %q", args, devices, threads, a.Exit, a.Stderr)
		}
	})
}

// TestRefusalWords: the page's refusals are the command's stderr byte for byte (sweep
// finding 18: the page printed "-options: config: bad literal …" and "-diagnose -:
// diagnose: empty input" where the command prints "-options: bad literal …" and
// "-diagnose run.log: empty input"). The want texts are the command's, run by hand.
func TestRefusalWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		got  Answer
		want string
	}{
		{"options", Check(Call{Args: []string{"-no-env", "-options", "{'triton.cudagraphs': true}"}}, Options{}),
			"compilemode: -options: bad literal at offset 22: Python raises NameError: name 'true' is not defined; did you mean True? (in \"{'triton.cudagraphs': true}\")\n"},
		{"env name", Check(Call{Args: []string{"-no-env", "-env", "=1"}}, Options{}),
			"compilemode: -env: \"=1\": bad environment variable name\n"},
		// sweep8 #13: the page's refusal of a file, not the system's "not implemented on
		// js" or the command's "give a file name".
		{"options file", Check(Call{Args: []string{"-no-env", "-options", "@/etc/passwd"}}, Options{}),
			"compilemode: -options @FILE: /etc/passwd: the page reads no files: paste the dict itself into the options field\n"},
		{"options stdin", Check(Call{Args: []string{"-no-env", "-options", "@-"}}, Options{}),
			"compilemode: -options @FILE: -: the page reads no files: paste the dict itself into the options field\n"},
		{"empty log", Diagnose("\x00\x00\x00", Options{}), "compilemode: -diagnose run.log: empty input: its 3 bytes are all NUL\n"},
		// sweep9 #13: the command's words (cliflags.Wording), not the library's
		// ("scenario workload: workload devices=99999: want 1 to 4096").
		{"devices", Check(Call{Args: []string{"-no-env", "-devices", "99999"}}, Options{}), "compilemode: -devices 99999: want 1 to 4096\n"},
		{"devices from the form", Check(Call{Args: []string{"-no-env"}, Workload: graphs.Workload{Devices: 99999}}, Options{}), "compilemode: -devices 99999: want 1 to 4096\n"},
		{"callers", Check(Call{Args: []string{"-no-env", "-callers", "3"}}, Options{}), "compilemode: -callers 3: applies only to -threads callers or per-thread\n"},
		{"thread pool", Check(Call{Args: []string{"-no-env", "-thread-pool", "-1"}}, Options{}), "compilemode: -thread-pool -1: want 0 to 4096\n"},
		{"torch", Check(Call{Args: []string{"-no-env", "-torch", "9.9"}}, Options{}), "compilemode: -torch: torch version \"9.9\" is not a release torch has or is near: a future release that far ahead is not known yet (a log that states a newer one is read up to 2.17, or 3.2); supported: 2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9, 2.10, 2.11, 2.12, 2.13, 2.14\n"},
		{"python", Check(Call{Args: []string{"-no-env", "-python", "2.7"}}, Options{}), "compilemode: -python: Python \"2.7\": no data for this Python; known: 3.8, 3.9, 3.10, 3.11, 3.12, 3.13, 3.14\n"},
		{"set", Check(Call{Args: []string{"-no-env", "-set", "triton.cudagraphs=maybe"}}, Options{}), "compilemode: -set: \"triton.cudagraphs=maybe\": value is not a Python literal or constant expression (strings need quotes: 'x'): bad literal at offset 0: Python raises NameError: name 'maybe' is not defined (in \"maybe\") (write KEY=VALUE with a Python literal value, e.g. triton.cudagraph_trees=False)\n"},
		{"script torch", Script("t.py", "import torch\ntorch.compile(m, mode='reduce-overhead')\n", "9.9", "", Options{}), "compilemode: -torch: torch version \"9.9\" is not a release torch has or is near: a future release that far ahead is not known yet (a log that states a newer one is read up to 2.17, or 3.2); supported: 2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9, 2.10, 2.11, 2.12, 2.13, 2.14\n"},
		{"gzip cut in its header", Diagnose("\x1f\x8b\x08", Options{}), "compilemode: -diagnose run.log: the input is a gzip stream cut inside its header (it holds 3 bytes; the header takes 10 or more): the file is cut short; copy or download it again\n"},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, tc.got.Stderr); diff != "" || tc.got.Exit != 2 {
			t.Errorf("%s: exit %d, stderr mismatch (-want +got):\n%s", tc.name, tc.got.Exit, diff)
		}
	}
	if got := Script("", "import torch\n", "", "", Options{}); !strings.HasPrefix(got.Text, "<stdin>:") {
		t.Errorf("Script with no name = %q, want the command's name for -script -, <stdin>", got.Text)
	}
}

// TestScriptPython: the Script tab's Python is the command's -python (sweep finding
// 31): it plans on that Python, and a form it does not accept is the command's
// SyntaxError line.
func TestScriptPython(t *testing.T) {
	t.Parallel()
	src := "import torch\nmatch 1:\n    case 1:\n        pass\nf = torch.compile(lambda x: x, mode=\"reduce-overhead\")\n"
	old := Script("m.py", src, "", "3.9", Options{})
	const want = "compilemode: m.py:2:1: Python 3.9 raises SyntaxError(\"invalid syntax\") (a match statement needs Python 3.10)\n"
	if diff := cmp.Diff(want, old.Stderr); diff != "" || old.Exit != 2 {
		t.Errorf("-python 3.9: exit %d, stderr (-want +got):\n%s", old.Exit, diff)
	}
	s, err := script.ReadNamed("m.py", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	planned, err := s.PlanWith(script.PlanOptions{CLI: graphs.Scenario{Python: "3.12", Env: map[string]string{}}})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := planned.WriteText(&text, graphs.DefaultWidth); err != nil {
		t.Fatal(err)
	}
	if got := Script("m.py", src, "", "3.12", Options{}); got.Text != text.String() || got.Exit != 0 {
		t.Errorf("-python 3.12: exit %d, text differs from the library's (-want +got):\n%s", got.Exit, cmp.Diff(text.String(), got.Text))
	}
}

// TestScriptNotPlannedExit (sweep5 finding 6): a site the flags leave unplanned (a
// Python or release the tool has no data for) is exit 2 with the command's stderr
// line, as compilemode -script says it, not "exit 0: no plan shown raises".
func TestScriptNotPlannedExit(t *testing.T) {
	t.Parallel()
	src := "import torch\nm = torch.compile(lambda x: x, mode='reduce-overhead')\n"
	for _, tc := range []struct{ torch, python string }{{"", "3.99"}, {"", "3.7"}} {
		got := Script("train.py", src, tc.torch, tc.python, Options{})
		if got.Exit != 2 || !strings.HasPrefix(got.Stderr, "compilemode: train.py:2: this torch.compile site is not planned: ") {
			t.Errorf("-python %s: exit %d, stderr %q, want 2 and the command's not-planned line", tc.python, got.Exit, got.Stderr)
		}
	}
	if got := Script("train.py", src, "", "3.12", Options{}); got.Exit != 0 || got.Stderr != "" {
		t.Errorf("-python 3.12: exit %d, stderr %q, want 0 and none", got.Exit, got.Stderr)
	}
}

// TestDiagnoseForAndPageWords (newuser28 #7): the Log tab's release is the command's
// -torch (its refusal the command's), the text and JSON are the command's, and the
// view's head and plan lines name the page's controls where the text names -torch and
// -json; the JSON's plan carries the changed keys, as the command's -json does.
func TestDiagnoseForAndPageWords(t *testing.T) {
	t.Parallel()
	const log = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n" +
		"model = torch.compile(model, mode=\"reduce-overhead\")\n"
	tests := []struct {
		name, reason, torch string
		textHas, stderr     string
	}{
		{"the log's release", "no -torch: the command's words in the text", "", "-torch X.Y sets one", ""},
		{"a release chosen", "-torch 2.9", "2.9", "torch 2.9 (from -torch)", ""},
		{"no such release", "refused as the command refuses -torch", "2.99", "", "compilemode: -torch: "},
		{"a newer release", "fix brief 31, finding 1: taken and planned on 2.14 before, as the command's -diagnose -torch did", "2.15", "", "compilemode: -torch: torch version \"2.15\" is newer than the newest release known, 2.14"},
	}
	for _, tt := range tests {
		a := DiagnoseFor(log, tt.torch, Options{JSON: true})
		if tt.stderr != "" {
			if !strings.HasPrefix(a.Stderr, tt.stderr) || a.Exit != 2 {
				t.Errorf("%s: %+v, want exit 2 and %q (%s)", tt.name, a, tt.stderr, tt.reason)
			}
			continue
		}
		d, err := diagnose.Options{Torch: tt.torch}.Read(strings.NewReader(log))
		if err != nil {
			t.Fatal(err)
		}
		var text bytes.Buffer
		if err := d.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		data, err := json.MarshalIndent(d, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if a.Text != text.String() || a.JSON != string(data)+"\n" || !strings.Contains(a.Text, tt.textHas) {
			t.Errorf("%s: text %q, want the command's, with %q (%s)", tt.name, a.Text, tt.textHas, tt.reason)
		}
		var v struct {
			HeadLines []string `json:"head_lines"`
			PlanLines []string `json:"plan_lines"`
			Findings  []any    `json:"findings"`
		}
		if err := json.Unmarshal([]byte(a.View), &v); err != nil {
			t.Fatal(err)
		}
		view := strings.Join(append(v.HeadLines, v.PlanLines...), "\n")
		// "(from -torch)" stays: the command line the page shows says -torch 2.9.
		if strings.Contains(view, "-torch X.Y") || strings.Contains(view, "-json") || !strings.Contains(view, PageHints().Whole) || len(v.Findings) != 1 {
			t.Errorf("%s: view lines %q, want the page's words and the findings kept", tt.name, view)
		}
	}
}

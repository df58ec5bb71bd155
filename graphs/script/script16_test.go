package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestPoolMapCount: a pool's map(fn, devices) runs fn once per item, as the loop
// [ex.submit(fn, d) for d in devices] does, so its items are the devices counted
// (newuser15 H1, script16 item 1: a one-worker pool over ["cuda:0"] was planned as 2
// devices racing, exit 1; 3 devices as 2).
func TestPoolMapCount(t *testing.T) {
	t.Parallel()
	const head = "from concurrent.futures import ThreadPoolExecutor\nimport argparse\nimport torch\nmodels = {}\ndef setup(device):\n    models[device] = torch.compile(torch.nn.Linear(8, 8).to(device), mode=\"reduce-overhead\")\n"
	perDevice := func(n int) graphs.Workload { return graphs.Workload{Threads: graphs.PerDevice, Devices: n} }
	pool := func(devs, call string) string {
		return head + "devices = " + devs + "\nwith ThreadPoolExecutor(max_workers=len(devices)) as ex:\n    " + call + "\n"
	}
	cases := []struct {
		name, src string
		argv      []string
		want      graphs.Workload
	}{
		{"one device, map", pool(`["cuda:0"]`, "list(ex.map(setup, devices))"), nil, perDevice(1)},
		{"one device, submit (the loop form)", pool(`["cuda:0"]`, "[ex.submit(setup, d).result() for d in devices]"), nil, perDevice(1)},
		{"three devices", pool(`["cuda:0", "cuda:1", "cuda:2"]`, "list(ex.map(setup, devices))"), nil, perDevice(3)},
		{"a display in place", pool(`None`, `list(ex.map(setup, ["cuda:0", "cuda:1", "cuda:2", "cuda:3"]))`), nil, perDevice(4)},
		{"a comprehension over range", pool(`[f"cuda:{i}" for i in range(3)]`, "list(ex.map(setup, devices))"), nil, perDevice(3)},
		{"the count the command line gives", strings.Replace(pool(`[f"cuda:{i}" for i in range(args.gpus)]`, "list(ex.map(setup, devices))"), "devices = ", "p = argparse.ArgumentParser()\np.add_argument(\"--gpus\", type=int, default=2)\nargs = p.parse_args()\ndevices = ", 1), []string{"--gpus", "1"}, perDevice(1)},
		{"the device count: unknown, 2 planned", pool(`[f"cuda:{i}" for i in range(torch.cuda.device_count())]`, "list(ex.map(setup, devices))"), nil, perDevice(2)},
		{"multiprocessing.dummy's map, iterable=", strings.Replace(pool(`["cuda:0"]`, "ex.map(setup, iterable=devices)"), "with ThreadPoolExecutor(max_workers=len(devices)) as ex", "from multiprocessing.dummy import Pool\nwith Pool(1) as ex", 1), nil, perDevice(1)},
		{"multiprocessing.dummy's imap_unordered", strings.Replace(pool(`["cuda:0"]`, "list(ex.imap_unordered(setup, devices))"), "with ThreadPoolExecutor(max_workers=len(devices)) as ex", "from multiprocessing.dummy import Pool\nwith Pool(1) as ex", 1), nil, perDevice(1)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Argv: tc.argv})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("workload (-want +got):\n%s\ninferred %+v", diff, s.Sites[0].Inferred)
			}
		})
	}
}

// TestArgvGuardCut: a guard that keeps out the one value the command line gives the
// mode (or its default there, the run given that list) keeps the site from running:
// NotRun, its plans those of the file's values the guard lets through (choices=,
// default=), the exit not counting them (newuser15 H2, script16 item 2: -- --mode
// none under `if compile_mode != "none"` in the def it is passed to planned every
// mode, lite too, "the file assigns it no literal", exit 1; with the guard on
// args.mode itself, not run but lite planned).
func TestArgvGuardCut(t *testing.T) {
	t.Parallel()
	const parser = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", choices=[\"none\", \"default\", \"reduce-overhead\"], default=\"default\")\np.add_argument(\"--x\")\n"
	const ternary = "def make(m, mode):\n    return torch.compile(m, mode=mode) if mode != \"none\" else m\n"
	const ifDef = "def make(m, mode):\n    if mode != \"none\":\n        m = torch.compile(m, mode=mode)\n    return m\n"
	const inDef = "def make(m, mode):\n    if mode in (\"default\", \"reduce-overhead\"):\n        m = torch.compile(m, mode=mode)\n    return m\n"
	const main = "args = p.parse_args()\nf = make(net, args.mode)\n"
	none := []string{"--mode", "none"}
	cases := []struct {
		name, src string
		argv      []string
		notRun    string // in NotRun ("": runs)
		modes     string
	}{
		{"a def's ternary", parser + ternary + main, none, "false with the command line given after -script's -- (mode = args.mode (make(…), line 9): --mode given, 'none'), so it does not run", "default reduce-overhead"},
		{"a def's if", parser + ifDef + main, none, "false with the command line given after -script's -- (mode = args.mode (make(…), line 11): --mode given, 'none'), so it does not run", "default reduce-overhead"},
		{"a def's `in`", parser + inDef + main, none, "(mode = args.mode (make(…), line 11): --mode given, 'none'), so it does not run", "default reduce-overhead"},
		{"the default none, another option given", strings.Replace(parser, "default=\"default\")", "default=\"none\")", 1) + ternary + main, []string{"--x", "1"}, "(mode = args.mode (make(…), line 9): --mode not given: its default, 'none')", "default reduce-overhead"},
		{"args.mode's if", parser + "args = p.parse_args()\nif args.mode != \"none\":\n    f = torch.compile(net, mode=args.mode)\n", none, "a condition it runs under is false", "default reduce-overhead"},
		{"args.mode's ternary", parser + "args = p.parse_args()\nf = torch.compile(net, mode=args.mode) if args.mode != \"none\" else net\n", none, "a condition it runs under is false", "default reduce-overhead"},
		{"a value that passes", parser + ternary + main, []string{"--mode", "reduce-overhead"}, "", "reduce-overhead"},
		{"no command line", parser + ternary + main, nil, "", "default reduce-overhead"},
		{"another call passes a value", parser + ternary + main + "g = make(net, \"default\")\n", none, "", "default"},
		{"a list the file writes", strings.Replace(parser+ternary+main, "parse_args()", "parse_args([\"--mode\", \"none\"])", 1), nil, "with the argument list parse_args is given", "default reduce-overhead"},
	}
	every := []string{"default", "lite", "reduce-overhead", "max-autotune"}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, tc.argv)
			if tc.notRun == "" {
				require.Empty(t, st.NotRun)
			} else {
				require.NotEmpty(t, st.NotRun)
				require.Contains(t, st.Guard+"; "+st.NotRun, tc.notRun) // the def's guard is decided with the value its call carries (paramguard.go), as args.mode's is
			}
			var got []string
			for _, m := range st.Modes(every) {
				got = append(got, valueText(m))
			}
			require.Equal(t, tc.modes, strings.ReplaceAll(strings.Join(got, " "), "\"", ""), "notes %q", st.Notes)
		})
	}
}

// TestArgvIntUnshownDefault: an int option the command line gives counts the loops
// over it whatever its default, one the file does not write as a literal too
// (newuser15 M1, script16 item 3: -- --num-gpus 4 with
// default=torch.cuda.device_count() planned 2 devices, "the script does not give
// the device count").
func TestArgvIntUnshownDefault(t *testing.T) {
	t.Parallel()
	src := func(def, loop string) string {
		return "import argparse, os, threading\nimport torch\ndef worker(rank):\n    torch.cuda.set_device(rank)\n    m = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=\"reduce-overhead\")\np = argparse.ArgumentParser()\np.add_argument(\"--num-gpus\", type=int" + def + ")\nargs = p.parse_args()\n" + loop + "\n"
	}
	const loop = "ts = [threading.Thread(target=worker, args=(r,)) for r in range(args.num_gpus)]"
	const named = "n = args.num_gpus\nfor r in range(n):\n    threading.Thread(target=worker, args=(r,)).start()"
	cases := []struct {
		name, src string
		argv      []string
		devices   int
	}{
		{"default=torch.cuda.device_count()", src(", default=torch.cuda.device_count()", loop), []string{"--num-gpus", "4"}, 4},
		{"default=torch.cuda.device_count(), one", src(", default=torch.cuda.device_count()", loop), []string{"--num-gpus=1"}, 1},
		{"a default from the environment", src(", default=int(os.environ.get(\"NGPU\", \"2\"))", loop), []string{"--num-gpus", "3"}, 3},
		{"a name bound to the option", src(", default=torch.cuda.device_count()", named), []string{"--num-gpus", "3"}, 3},
		{"not given: the device count, 2 planned", src(", default=torch.cuda.device_count()", loop), []string{}, 2},
		{"a literal default, given", src(", default=4", loop), []string{"--num-gpus", "3"}, 3},
		{"a literal default, not given", src(", default=4", loop), []string{}, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st := readArgvSite(t, tc.src, tc.argv)
			require.Equal(t, graphs.PerDevice, st.Workload.Threads, "inferred %+v", st.Inferred)
			require.Equal(t, tc.devices, st.Workload.Devices, "inferred %+v", st.Inferred)
		})
	}
}

// TestPlainLabelArgs: the "(the parser's default: a run given nothing)" label of a
// plan's head is on the plan of the parser's default mode with each argument
// alternative a run given nothing takes, not on those a command-line option gives
// (newuser15 M2, script16 item 4: dynamic=True and dynamic=False had it too).
func TestPlainLabelArgs(t *testing.T) {
	t.Parallel()
	const head = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\", choices=[\"default\", \"max-autotune\"])\n"
	const label = "(the parser's default: a run given nothing):"
	cases := []struct {
		name, src string
		labelled  []string // the heads that carry the label, by what follows `if the mode is "default" and `
	}{
		{"BooleanOptionalAction, default None", head + "p.add_argument(\"--dynamic\", action=argparse.BooleanOptionalAction, default=None)\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode, dynamic=args.dynamic)\n", []string{"dynamic=None"}},
		{"store_true", head + "p.add_argument(\"--dyn\", action=\"store_true\")\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode, dynamic=args.dyn)\n", []string{"dynamic=False"}},
		{"choices", head + "p.add_argument(\"--backend\", default=\"inductor\", choices=[\"inductor\", \"eager\"])\nargs = p.parse_args()\nm = torch.compile(net, mode=args.mode, backend=args.backend)\n", []string{"backend='inductor'"}},
		{"two calls of a def: both run", head + "args = p.parse_args()\ndef build(d):\n    return torch.compile(net, mode=args.mode, dynamic=d)\na = build(True)\nb = build(False)\n", []string{"dynamic=True", "dynamic=False"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, text := planText(t, tc.src)
			var got []string
			for _, l := range strings.Split(text, "\n") {
				if after, ok := strings.CutPrefix(l, "  -- if the mode is \"default\" and "); ok && strings.HasSuffix(l, label) {
					got = append(got, strings.Fields(after)[0])
				}
			}
			require.Equal(t, tc.labelled, got, "%s", text)
		})
	}
}

// TestArgvHelp: a list that asks for argparse's help (-h, --help, a prefix of
// --help) makes parse_args print it and exit 0 there: the sites after it do not run
// (NotRun), the exit is 0, no argv-error; an error argparse finds first (a value
// taken before the help, an ambiguous abbreviation anywhere) is its (newuser15 M3,
// script16 item 4: -- --help was planned as a run, exit 1). Measured on CPython
// 3.11.7: -h --mo x exits 2, --mode lite -h exits 2, -h --mode lite exits 0, -h
// without add_help is an unrecognized argument.
func TestArgvHelp(t *testing.T) {
	t.Parallel()
	const parser = "import argparse\nimport torch\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"default\", choices=[\"default\", \"max-autotune\"])\np.add_argument(\"--model\")\n"
	const rest = "args = p.parse_args()\nm = torch.compile(net, mode=\"nope\")\n"
	const help = "with status 0, printing the help"
	cases := []struct {
		name, src string
		argv      []string
		notRun    string // in NotRun ("": runs)
		argvErr   string // in the argv-error warning ("": none)
		exit      graphs.Exit
	}{
		{"--help", parser + rest, []string{"--help"}, help, "", graphs.Compiles},
		{"-h", parser + rest, []string{"-h"}, help, "", graphs.Compiles},
		{"a prefix of --help", parser + rest, []string{"--hel"}, help, "", graphs.Compiles},
		{"after a value taken", parser + rest, []string{"--mode", "default", "-h"}, help, "", graphs.Compiles},
		{"before a value refused", parser + rest, []string{"-h", "--mode", "lite"}, help, "", graphs.Compiles},
		{"after a value refused", parser + rest, []string{"--mode", "lite", "-h"}, "argv-error", "invalid choice: 'lite'", graphs.Raises},
		{"an ambiguous abbreviation after it", parser + rest, []string{"-h", "--mo", "x"}, "argv-error", "ambiguous option: --mo could match --mode, --model", graphs.Raises},
		{"add_help=False", strings.Replace(parser, "ArgumentParser()", "ArgumentParser(add_help=False)", 1) + rest, []string{"-h"}, "argv-error", "unrecognized arguments: -h", graphs.Raises},
		{"no help asked", parser + rest, []string{"--mode", "default"}, "", "", graphs.Raises},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, errs := readArgvErrors(t, tc.src, tc.argv)
			require.Len(t, s.Sites, 1)
			if tc.notRun == "" {
				require.Empty(t, s.Sites[0].NotRun)
			} else {
				require.Contains(t, s.Sites[0].NotRun, tc.notRun)
			}
			if tc.argvErr == "" {
				require.Empty(t, errs)
			} else {
				require.Len(t, errs, 1)
				require.Contains(t, errs[0], tc.argvErr)
			}
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			require.Equal(t, tc.exit, p.Exit())
		})
	}
}

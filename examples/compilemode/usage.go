package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/termtext"
)

// helpGroup is one topic of -h: its flags, in the order shown, and one example.
type helpGroup struct {
	title   string
	flags   []string
	example string
}

// helpGroups are the topics of -h. A registered flag that no group names is listed
// under "Other flags", so a new flag is never hidden (TestUsageListsEveryFlag).
var helpGroups = []helpGroup{
	{
		title:   "The compile call: torch.compile(model, mode=…, options=…, backend=…, dynamic=…) on a release",
		flags:   []string{"torch", "schema", "mode", "options", "backend", "dynamic", "fullgraph", "python"},
		example: `compilemode -torch 2.14 -options "{'triton.cudagraphs': True}"; compare releases: -torch 2.6,2.14`,
	},
	{
		title:   "Globals and environment: what is set before torch.compile runs",
		flags:   []string{"set", "env", "no-env"},
		example: "compilemode -set triton.cudagraph_trees=False -env TORCHINDUCTOR_CUDAGRAPHS=1",
	},
	{
		title: "The workload: devices, threads and inputs of the compiled function",
		flags: []string{"devices", "span-devices", "threads", "callers", "cold-start", "cpu-scalar",
			"mutated-inputs", "dynamic-shapes", "sizes", "moving-static-inputs", "non-tensor-inputs", "incompatible-op",
			"thread-pool", "autograd-backward", "concurrent-recompiles", "outputs-kept", "outputs-stale",
			"graph-breaks", "compiled-autograd", "capture-error-mode", "other-thread-work"},
		example: "compilemode -mode reduce-overhead -devices 2 -threads per-device",
	},
	{
		title:   "Input files: a whole scenario, a log or a script (the file may stand anywhere on the line: -diagnose -json run.log reads run.log; a file named like a flag is ./-json)",
		flags:   []string{"scenario", "diagnose", "script"},
		example: "compilemode -scenario testdata/scenarios/drafters-2.11.json; compilemode -json -diagnose run.log",
	},
	{
		title:   "Output: text wrapped to the terminal (when not one: 100 columns; -diagnose: $COLUMNS, else unwrapped), or JSON",
		flags:   []string{"json", "all", "key", "keys", "version"},
		example: "compilemode -mode max-autotune -json",
	},
}

// writeUsage prints -h: the flags grouped by topic, each group with one example,
// wrapped to width columns.
func writeUsage(w io.Writer, fs *flag.FlagSet, width int) {
	fmt.Fprintf(w, "usage: %s [flags]\n\n", fs.Name())
	cliflags.WriteWrapped(w, "", 0, "", "Tells what torch.compile(mode=…, options=…) will really do on a PyTorch "+
		"release: the effective Inductor config and who set each value, the error PyTorch would "+
		"raise, and the CUDA-graph plan per device and thread. Exit status 0: compiles and runs "+
		"(-script: no plan shown raises; a \"partial plan:\" leaves out what it could not follow); "+
		"1: PyTorch would raise; 2: unusable flags or files. Reference: go doc "+
		"github.com/compilemode/compilemode/examples/compilemode.", width)
	listed := map[string]bool{}
	for _, g := range helpGroups {
		var flags []*flag.Flag
		for _, name := range g.flags {
			if f := fs.Lookup(name); f != nil {
				flags = append(flags, f)
				listed[name] = true
			}
		}
		if len(flags) > 0 {
			writeGroup(w, g.title, flags, g.example, width)
		}
	}
	var other []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if !listed[f.Name] {
			other = append(other, f)
		}
	})
	if len(other) > 0 {
		writeGroup(w, "Other flags", other, "", width)
	}
}

// writeGroup prints one topic: its title, each flag with its argument name and usage,
// and the example.
func writeGroup(w io.Writer, title string, flags []*flag.Flag, example string, width int) {
	fmt.Fprintln(w)
	cliflags.WriteWrapped(w, "", 0, "  ", title+":", width)
	for _, f := range flags {
		arg, usage := flag.UnquoteUsage(f)
		head := "  -" + f.Name
		if arg != "" {
			head += " " + arg
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" {
			usage += fmt.Sprintf(" (default %s)", d)
		}
		cliflags.WriteWrapped(w, head, flagColumn, strings.Repeat(" ", flagColumn), usage, width)
	}
	if example != "" {
		cliflags.WriteWrapped(w, "  example: ", 0, "    ", example, width)
	}
}

// flagColumn is the column where a flag's description starts.
const flagColumn = 26

// textWidth is the width text output wraps to: the terminal's columns when w is a
// terminal (terminalWidth), graphs.DefaultWidth (100) otherwise.
func textWidth(w io.Writer) int {
	if cols, ok := terminalWidth(w); ok {
		return cols
	}
	return graphs.DefaultWidth
}

// terminalWidth returns the columns of the terminal w writes to (golang.org/x/term;
// at least minWidth), and false when w is not a terminal or its size is unknown.
func terminalWidth(w io.Writer) (int, bool) {
	f, ok := termtext.Underlying(w).(*os.File)
	if !ok {
		return 0, false
	}
	fd := int(f.Fd())
	if !term.IsTerminal(fd) {
		return 0, false
	}
	cols, _, err := term.GetSize(fd)
	if err != nil || cols <= 0 {
		return 0, false
	}
	return max(cols, minWidth), true
}

// minWidth is the narrowest width used for a terminal: narrower ones get lines of
// minWidth columns, which the terminal folds, rather than one word per line.
const minWidth = 40

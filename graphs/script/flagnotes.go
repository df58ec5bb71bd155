package script

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/compilemode/compilemode/graphs"
)

// flagRule is one way a flag replaces a site's argument: when applies holds, the
// note's part says so.
type flagRule struct {
	applies func(c *graphs.Scenario, st *Site) bool
	part    func(c *graphs.Scenario, st *Site) string
}

// flagRules are the replacements flagNotes says, in order.
func flagRules() []flagRule {
	return []flagRule{
		{func(c *graphs.Scenario, st *Site) bool { return c.Mode != nil && st.hasMode() },
			func(c *graphs.Scenario, st *Site) string {
				return fmt.Sprintf("-mode %s replaces its mode %s", flagValue(*c.Mode), st.modeShown())
			}},
		{func(c *graphs.Scenario, st *Site) bool { return c.Options != "" && st.Options != nil },
			func(_ *graphs.Scenario, st *Site) string { return "-options replaces its options=" + *st.Options }},
		{func(c *graphs.Scenario, st *Site) bool { return c.Mode != nil && c.Options == "" && st.Options != nil },
			func(_ *graphs.Scenario, st *Site) string {
				return fmt.Sprintf("-mode drops its options=%s (torch.compile takes mode or options, not both)", *st.Options)
			}},
		{func(c *graphs.Scenario, st *Site) bool { return c.Options != "" && c.Mode == nil && st.hasMode() },
			func(_ *graphs.Scenario, st *Site) string {
				return fmt.Sprintf("-options drops its mode %s (torch.compile takes mode or options, not both)", st.modeShown())
			}},
		{func(c *graphs.Scenario, st *Site) bool {
			return (c.Backend != "" || c.BackendGiven) && (st.Backend != nil || st.BackendCallable != "")
		}, func(c *graphs.Scenario, _ *Site) string {
			return "-backend " + flagValue(c.Backend) + " replaces its backend"
		}},
		{func(c *graphs.Scenario, st *Site) bool { return c.Dynamic != nil && st.Dynamic != nil },
			func(_ *graphs.Scenario, st *Site) string {
				return "-dynamic replaces its dynamic=" + pyBool(*st.Dynamic)
			}},
		{func(c *graphs.Scenario, st *Site) bool { return c.Fullgraph != nil && st.Fullgraph != nil },
			func(_ *graphs.Scenario, st *Site) string {
				return "-fullgraph replaces its fullgraph=" + pyBool(*st.Fullgraph)
			}},
	}
}

// flagValue is a flag's value as the note shows it: quoted where white space in it, or
// its being empty, would not show ("-mode \"reduce-overhead \"", fix brief 29, finding 4).
func flagValue(v string) string {
	if v == "" || strings.IndexFunc(v, unicode.IsSpace) >= 0 {
		return strconv.Quote(v)
	}
	return v
}

// flagNotes says on the site which of its own arguments the command line's replace
// ([Merge]), so that a flag never overrules the script silently (sweep4 finding 21).
func flagNotes(st *Site, o *PlanOptions) {
	var parts []string
	for _, rule := range flagRules() {
		if rule.applies(&o.CLI, st) {
			parts = append(parts, rule.part(&o.CLI, st))
		}
	}
	parts = append(parts, workloadFlagParts(st.Inferred, o.CLI.Workload)...)
	parts = append(parts, givenBoolParts(st.Inferred, o.CLI)...)
	parts = append(parts, layoutFlagPart(st, o.CLI.Workload)...)
	if len(parts) == 0 {
		return
	}
	st.Notes = append(append([]string(nil), st.Notes...), "flags: "+strings.Join(parts, "; ")+"; the plans are for the call as the flags make it")
}

// workloadFlag is a workload field the script can show (Inference.Field) and the
// flag whose value replaces it in [Merge]: value is the flag's value, "" when the
// flag is not given. Layout fields are replaced whole by -threads or -thread-pool
// (mergeWorkload), so theirs is the layout the flags give.
type workloadFlag struct {
	field string
	value func(w graphs.Workload) string
}

// workloadFlags are the workload fields whose replacement flagNotes says (sweep8 #7:
// -devices 3 planned three devices under "workload: devices=2").
func workloadFlags() []workloadFlag {
	count := func(flag string, n int) string {
		if n == 0 {
			return ""
		}
		return fmt.Sprintf("%s %d", flag, n)
	}
	layout := func(w graphs.Workload) string {
		if w.Threads == "" && w.ThreadPool == 0 {
			return ""
		}
		return strings.TrimSpace(strings.Join([]string{named("-threads", string(w.Threads)), count("-thread-pool", w.ThreadPool)}, " "))
	}
	// ownOrLayout is the field's own flag when given, else the layout that replaces it.
	ownOrLayout := func(own func(graphs.Workload) string) func(graphs.Workload) string {
		return func(w graphs.Workload) string {
			if v := own(w); v != "" {
				return v
			}
			return layout(w)
		}
	}
	return []workloadFlag{
		{"devices", func(w graphs.Workload) string { return count("-devices", w.Devices) }},
		{"threads", ownOrLayout(func(w graphs.Workload) string { return named("-threads", string(w.Threads)) })},
		{"thread_pool", ownOrLayout(func(w graphs.Workload) string { return count("-thread-pool", w.ThreadPool) })},
		{"callers", ownOrLayout(func(w graphs.Workload) string { return count("-callers", w.Callers) })},
		{"cold_start", func(w graphs.Workload) string {
			if w.ColdStart {
				return "" // -cold-start keeps it
			}
			return layout(w)
		}},
		{"distinct_sizes", func(w graphs.Workload) string { return count("-sizes", w.DistinctSizes) }},
		{"mutated_inputs", func(w graphs.Workload) string { return named("-mutated-inputs", string(w.MutatedInputs)) }},
	}
}

// layoutFlagPart says that -threads or -thread-pool replaces the thread layout the
// site's "threads: … (inferred)" note gives (threads.go, dataparallel.go), which is no
// Inference of the site (sweep9 finding 15: -threads main planned the main thread
// under "threads: per-device (inferred)" without a word).
func layoutFlagPart(st *Site, cli graphs.Workload) []string {
	if cli.Threads == "" && cli.ThreadPool == 0 || st.Workload.Threads == "" || cli.Threads == st.Workload.Threads && cli.ThreadPool == 0 {
		return nil
	}
	for _, in := range st.Inferred {
		if in.Field == "threads" || in.Field == "thread_pool" {
			return nil // workloadFlagParts says it, with the line
		}
	}
	flag := named("-threads", string(cli.Threads))
	if cli.ThreadPool != 0 {
		flag = strings.TrimSpace(fmt.Sprintf("%s -thread-pool %d", flag, cli.ThreadPool))
	}
	return []string{fmt.Sprintf("%s replaces threads=%s (the threads note)", flag, st.Workload.Threads)}
}

// named is "FLAG VALUE", or "" when value is.
func named(flag, value string) string {
	if value == "" {
		return ""
	}
	return flag + " " + value
}

// workloadFlagParts says which workload fields the script shows the flags replace
// with another value, each with the line that shows it.
func workloadFlagParts(inferred []Inference, cli graphs.Workload) []string {
	var parts []string
	for _, wf := range workloadFlags() {
		flag := wf.value(cli)
		if flag == "" {
			continue
		}
		for _, in := range inferred {
			if in.Field == wf.field && !strings.HasSuffix(flag, " "+in.Value) {
				parts = append(parts, fmt.Sprintf("%s replaces %s=%s (line %d)", flag, in.Field, in.Value, in.Line))
			}
		}
	}
	return parts
}

// hasMode reports whether the site passes a mode (a literal one or an expression).
func (st *Site) hasMode() bool {
	return st.Mode != nil || !st.ModeLiteral
}

// modeShown is the site's mode as written.
func (st *Site) modeShown() string {
	if st.Mode != nil {
		return fmt.Sprintf("%q", *st.Mode)
	}
	return "`" + st.ModeExpr + "`"
}

// givenBoolParts says which of the site's inferred boolean workload fields a flag given
// explicitly replaces (replaceGiven): "-outputs-kept=false replaces outputs_kept=true
// (line 22)".
func givenBoolParts(inferred []Inference, cli graphs.Scenario) []string {
	var parts []string
	for _, f := range commandFlags {
		if f.Bool == nil || !slices.Contains(cli.WorkloadGiven, f.Field) {
			continue
		}
		v := strconv.FormatBool(*f.Bool(&cli.Workload))
		for _, in := range inferred {
			if in.Field == f.Field && in.Value != v {
				parts = append(parts, fmt.Sprintf("-%s=%s replaces %s=%s (line %d)", f.Flag, v, in.Field, in.Value, in.Line))
			}
		}
	}
	return parts
}

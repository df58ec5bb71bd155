package script

import (
	"maps"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
)

// Scenario returns the scenario that plans site i (an index into s.Sites): the site's
// literal arguments, the literal globals and environment in force where it runs (see
// [Read] for the order), and the thread layout inferred, with cli merged on top by
// [Merge], except for cli.Env: that is the environment the script starts in, which the
// script's own changes in force at the site (os.environ[…] = …, .pop, del) replace, as in
// Python. When the site's mode is not a literal, Mode is nil: plan each of [Site.Modes]
// instead (set Mode, then call Merge with the command line again, its Env left out). It
// returns false when i is out of range (always, for a nil s).
func (s *Script) Scenario(i int, cli graphs.Scenario) (graphs.Scenario, bool) {
	return s.scenario(i, cli, cli.Env, nil, nil)
}

// siteEnv returns the environment of the site's plan: start (the environment the
// script starts in) with the script's changes in force at the site applied in program
// order; nil when it is empty.
func (st *Site) siteEnv(start map[string]string) map[string]string {
	if len(st.env) == 0 {
		return maps.Clone(start)
	}
	out := maps.Clone(start)
	if out == nil {
		out = map[string]string{}
	}
	for _, e := range st.env {
		if e.unset {
			delete(out, e.name)
			continue
		}
		out[e.name] = e.value
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// scenario is Scenario with start the environment the script starts in, without the
// globals assigned under a hasattr guard whose key skip holds (the guard is false: the
// release has no such key), and with only the globals mask keeps (nil: all; a
// combination of branches, branches.go).
func (s *Script) scenario(i int, cli graphs.Scenario, start map[string]string, skip map[string]bool, mask []bool) (graphs.Scenario, bool) {
	if s == nil || i < 0 || i >= len(s.Sites) {
		return graphs.Scenario{}, false
	}
	st := &s.Sites[i]
	var sc graphs.Scenario
	if st.ModeLiteral && st.Mode != nil {
		m := *st.Mode
		sc.Mode = &m
	}
	if st.Options != nil {
		sc.Options = *st.Options
	}
	if st.Backend != nil {
		sc.Backend, sc.BackendGiven = *st.Backend, true
	}
	sc.BackendCallable = st.BackendCallable
	if st.Dynamic != nil {
		d := *st.Dynamic
		sc.Dynamic = &d
	}
	if st.Disable != nil {
		sc.Disable = *st.Disable
	}
	sc.Kwargs = append([]string(nil), st.Kwargs...)
	sc.Set = append(dropNoOps(st.globalsIn(skip, mask)), st.patchSet...)
	sc.Env = st.siteEnv(start)
	sc.Workload = st.Workload
	if st.Threads != "" {
		sc.Workload.Threads = st.Threads
	}
	cli.Env = nil // start holds it
	return Merge(sc, cli), true
}

// globalsIn returns the persistent globals of the site's scenario: those mask keeps
// (nil: all), without those under a hasattr guard whose key skip holds.
func (st *Site) globalsIn(skip map[string]bool, mask []bool) []string {
	if len(skip) == 0 && mask == nil {
		return st.set
	}
	var set []string
	for j, kv := range st.set {
		if mask != nil && j < len(mask) && !mask[j] {
			continue
		}
		if j >= len(st.setMeta) || !skip[st.setMeta[j].requires] {
			set = append(set, kv)
		}
	}
	return set
}

// dropNoOps returns a copy of the KEY=VALUE assignments without those that assign a
// key the value it already has (they change nothing, and a repeated block of
// assignments would otherwise make every plan resolve them again).
func dropNoOps(set []string) []string {
	out := make([]string, 0, len(set))
	last := map[string]string{}
	for _, kv := range set {
		k, _, _ := strings.Cut(kv, "=")
		if v, ok := last[k]; ok && v == kv {
			continue
		}
		last[k] = kv
		out = append(out, kv)
	}
	return out
}

// Scenarios returns the scenario of every site, in the order of s.Sites (none for a
// nil s).
func (s *Script) Scenarios(cli graphs.Scenario) []graphs.Scenario {
	if s == nil {
		return nil
	}
	out := make([]graphs.Scenario, len(s.Sites))
	for i := range s.Sites {
		out[i], _ = s.Scenario(i, cli)
	}
	return out
}

// Merge returns the script's scenario with the command line's on top, in this order
// of precedence (highest first), as with a scenario file:
//  1. a field given on the command line (non-zero: a non-nil Mode, Options, Dynamic,
//     Fullgraph or Schema, a non-empty Torch, Backend, Python or Disable, a non-zero Host) replaces
//     the script's; torch.compile takes one of mode and options (both raise), so a Mode
//     given without Options replaces the script's pair (its options are dropped), and
//     Options given without Mode likewise (its mode is dropped): the command line asks
//     "what if the call passed this instead" (adding -options to the script's mode
//     would be a raise the script does not have);
//  2. Set: the script's assignments run first, then the command line's, so the
//     command line wins for a key set in both;
//  3. Env: the command line's value wins for a variable set in both;
//  4. Workload: each non-zero field of the command line's replaces the script's; a
//     given Threads or ThreadPool brings Callers, ColdStart and ThreadPool with it
//     (the script's inferred thread layout is dropped whole).
//
// Neither argument is modified.
func Merge(script, cli graphs.Scenario) graphs.Scenario {
	out := script
	out.Mode, out.Dynamic = clonePtr(script.Mode), clonePtr(script.Dynamic) // the result points into neither argument
	if cli.Torch != "" {
		out.Torch = cli.Torch
	}
	out.Mode, out.Options = mergeModeOptions(out.Mode, out.Options, cli)
	if cli.Backend != "" || cli.BackendGiven {
		out.Backend, out.BackendGiven, out.BackendCallable = cli.Backend, cli.BackendGiven, ""
	}
	if cli.BackendCallable != "" {
		out.BackendCallable = cli.BackendCallable
	}
	if cli.Dynamic != nil {
		out.Dynamic = clonePtr(cli.Dynamic)
	}
	out.Fullgraph = clonePtr(script.Fullgraph)
	if cli.Fullgraph != nil {
		out.Fullgraph = clonePtr(cli.Fullgraph)
	}
	if cli.Host != (schema.Host{}) {
		out.Host = cli.Host // the machine the command runs on, unless -no-env
	}
	if cli.Schema != nil {
		out.Schema = cli.Schema
	}
	if cli.Python != "" {
		out.Python = cli.Python
	}
	if cli.Disable != "" {
		out.Disable = cli.Disable
	}
	out.Kwargs = append(append([]string(nil), script.Kwargs...), cli.Kwargs...)
	out.Set = append(append([]string(nil), script.Set...), cli.Set...)
	if len(script.Env)+len(cli.Env) > 0 {
		out.Env = maps.Clone(script.Env)
		if out.Env == nil {
			out.Env = map[string]string{}
		}
		maps.Copy(out.Env, cli.Env)
	}
	out.Workload = mergeWorkload(script.Workload, cli.Workload)
	replaceGiven(&out.Workload, cli.Workload, cli.WorkloadGiven)
	return out
}

// replaceGiven sets each boolean field of w that given names to cli's value: a flag
// given explicitly false (-outputs-kept=false) overrules what the script shows.
func replaceGiven(w *graphs.Workload, cli graphs.Workload, given []string) {
	for _, f := range commandFlags {
		if f.Bool != nil && slices.Contains(given, f.Field) {
			*f.Bool(w) = *f.Bool(&cli)
		}
	}
}

// mergeModeOptions is Merge's rule for the pair torch.compile takes one of: the
// command line's mode or options replaces the script's pair unless it gives both.
func mergeModeOptions(mode *string, options string, cli graphs.Scenario) (*string, string) {
	switch {
	case cli.Mode != nil && cli.Options != "":
		return clonePtr(cli.Mode), cli.Options
	case cli.Mode != nil:
		return clonePtr(cli.Mode), ""
	case cli.Options != "":
		return nil, cli.Options
	}
	return mode, options
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func mergeWorkload(w, cli graphs.Workload) graphs.Workload {
	if cli.Threads != "" || cli.ThreadPool != 0 {
		// The thread layout comes whole from the command line.
		w.Threads, w.Callers, w.ColdStart, w.ThreadPool = cli.Threads, cli.Callers, cli.ColdStart, cli.ThreadPool
	}
	if cli.Callers != 0 {
		w.Callers = cli.Callers
	}
	w.ColdStart = w.ColdStart || cli.ColdStart
	if cli.Devices != 0 {
		w.Devices = cli.Devices
	}
	w.SpanDevices = w.SpanDevices || cli.SpanDevices
	w.AutogradBackward = w.AutogradBackward || cli.AutogradBackward
	w.ConcurrentRecompiles = w.ConcurrentRecompiles || cli.ConcurrentRecompiles
	w.OutputsKept = w.OutputsKept || cli.OutputsKept
	return mergeInputs(w, cli)
}

// mergeInputs merges the fields that describe the inputs and the allocator.
func mergeInputs(w, cli graphs.Workload) graphs.Workload {
	w.DynamicShapes = w.DynamicShapes || cli.DynamicShapes
	if cli.DistinctSizes != 0 {
		w.DistinctSizes = cli.DistinctSizes
	}
	w.CPUInputs = w.CPUInputs || cli.CPUInputs
	if cli.CPUInputName != "" {
		w.CPUInputName = cli.CPUInputName
	}
	if cli.MutatedInputs != "" {
		w.MutatedInputs = cli.MutatedInputs
	}
	w.MovingStaticInputs = w.MovingStaticInputs || cli.MovingStaticInputs
	w.NonTensorInputs = w.NonTensorInputs || cli.NonTensorInputs
	if cli.IncompatibleOp != "" {
		w.IncompatibleOp = cli.IncompatibleOp
	}
	if cli.Allocator != "" {
		w.Allocator = cli.Allocator
	}
	return w
}

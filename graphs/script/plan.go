package script

import (
	"errors"
	"fmt"
	"hash/maphash"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// SitePlan is a site's plan, filled by [Script.Planned]. Exactly one of Report and
// Modes is set: Report when the site's mode is known (a literal, or given on the
// command line), Modes (one per value of [Site.Modes]) when it is not. Sites that
// plan the same scenario share one *graphs.Report: do not modify it.
type SitePlan struct {
	Report *graphs.Report `json:"report,omitempty"`
	// Branches are Report's scenario under the other consistent combinations of the
	// branches the site's conditional global assignments are under (see
	// [Global.Guard]): an if's else instead of its if, or no branch, or a guard that
	// does not hold. Each is kept only where it changes the outcome: the exit, what
	// PyTorch raises, the CUDA-graph verdict or a device's outcome, or the warnings'
	// codes. Report takes the branch of each if chain that the parser's defaults take
	// where a test of an argparse option decides it (no option given: `if
	// args.no_cudagraphs:` does not run), or a test of an environment variable where
	// no environment was given (not set: `if os.environ.get("NO_CG"):` does not run),
	// else its first branch that assigns a global,
	// and every other guard holding (the site's notes say which).
	Branches []BranchPlan `json:"branches,omitempty"`
	Modes    []ModePlan   `json:"modes,omitempty"`
}

// Exit returns the site's class: graphs.Raises when any plan shown for it raises
// (its report, the report of any candidate mode, or any of them under another
// combination of branches: Branches); else graphs.Compiles. A nil p compiles
// (nothing was planned).
func (p *SitePlan) Exit() graphs.Exit {
	if p.raising() != nil {
		return graphs.Raises
	}
	return graphs.Compiles
}

// raising returns the first plan shown for p that raises, in Exit's order (nil: none,
// or a nil p).
func (p *SitePlan) raising() *graphs.Report {
	if p == nil {
		return nil
	}
	reports := []*graphs.Report{p.Report}
	for _, b := range p.Branches {
		reports = append(reports, b.Report)
	}
	for _, mp := range p.Modes {
		reports = append(reports, mp.Report)
		for _, b := range mp.Branches {
			reports = append(reports, b.Report)
		}
	}
	for _, r := range reports {
		if r != nil && r.Exit == graphs.Raises {
			return r
		}
	}
	return nil
}

// Exit returns the script's class, the command's exit rule: graphs.Raises when any
// plan shown for a site that runs raises ([SitePlan.Exit]; a site whose NotRun is set
// compiles nothing in the run planned, and its plans are not counted), when
// argparse refuses the list the file's parse_args reads (an argv-error warning: the
// run fails there), or when the parent re-raises the error of a worker forked after
// CUDA ([Script.RunFailure]); else graphs.Compiles.
func (s *Script) Exit() graphs.Exit {
	if s == nil {
		return graphs.Compiles
	}
	for _, st := range s.Sites {
		if st.NotRun == "" && st.Plan.Exit() == graphs.Raises {
			return graphs.Raises
		}
	}
	if hasCode(s.Warnings, WarningArgvError) || s.forkFails() {
		return graphs.Raises
	}
	return graphs.Compiles
}

// RunFailure returns, in one line, why [Script.Exit] is graphs.Raises, the first cause
// in Exit's order: a plan shown for a site that runs raises ("FILE:LINE: torch.compile
// raises RuntimeError at compile: …", or "FILE:LINE: the first call on cuda:0 (main)
// raises …"; these two cut at [MaxCallText] bytes); argparse
// refuses the command line (the argv-error warning: "FILE:LINE: parse_args exits here
// (status 2): …"); the parent gathers the result of a task that fails in a process
// forked after CUDA ("FILE:LINE: the parent gathers the result of
// `p.map(work, range(4))` and re-raises the RuntimeError its worker raises (…):
// multiprocessing.Pool (line 8) forks it after CUDA was initialised (line 3)"). ""
// when Exit is not graphs.Raises, or s is nil.
func (s *Script) RunFailure() string {
	if s == nil {
		return ""
	}
	for _, st := range s.Sites {
		if rep := st.Plan.raising(); st.NotRun == "" && rep != nil {
			return fmt.Sprintf("%s:%d: %s", s.File, st.Line, cut(raiseText(rep), MaxCallText))
		}
	}
	for _, w := range s.Warnings {
		if w.Code == WarningArgvError {
			return fmt.Sprintf("%s:%d: %s", s.File, w.Line, cut(w.Message, MaxCallText))
		}
	}
	if !s.forkFails() {
		return ""
	}
	return s.File + ":" + s.failed
}

// raiseText says what the raising report rep says PyTorch raises, and where: its
// Error's, else the first device row's that raises (the fields [graphs.Report.Err]
// reads).
func raiseText(rep *graphs.Report) string {
	if e := rep.Error; e != nil {
		return "torch.compile raises " + e.Exception + " at " + e.Stage + ": " + e.Message
	}
	for _, d := range rep.CUDAGraphs.Devices {
		if d.Outcome == graphs.Fail {
			return "the first call on " + d.Label() + " (" + d.Thread + ") raises " + d.Exception + ": " + d.Message
		}
	}
	return "torch.compile raises"
}

// forkFails reports whether the parent re-raises a forked worker's error in the run
// planned: by the default start method, only on a Python that forks by default (up to
// 3.13; 3.14's default is forkserver), the first plan's, else the release's.
func (s *Script) forkFails() bool {
	if s == nil || s.failed == "" {
		return false
	}
	for _, st := range s.Sites {
		if st.Plan != nil && st.Plan.Report != nil && s.failedDefault {
			m, err := pythonMinor(st.Plan.Report.Python)
			return err != nil || m < 14
		}
	}
	return true
}

// ModePlan is the plan of a site for one value of a mode that is not a literal.
type ModePlan struct {
	Mode *string `json:"mode"` // nil: None
	// ModeGiven reports that Mode is the site's literal mode (or the command line's),
	// not one of its candidates: the plan is one of Args's combinations.
	ModeGiven bool `json:"mode_given,omitempty"`
	// Args names the values of the site's argument alternatives this plan takes
	// (Site.Alternatives), e.g. `options={'triton.cudagraphs': False} (line 3)`.
	Args     string         `json:"args,omitempty"`
	Report   *graphs.Report `json:"report"`
	Branches []BranchPlan   `json:"branches,omitempty"` // as SitePlan.Branches, for this mode
	Error    string         `json:"error,omitempty"`    // why the scenario could not be planned

	notPlain bool // a value of Args is not, or not known to be, a run given nothing's (argCombo.notPlain)
}

// DefaultMaxPlans is how many distinct scenarios [Script.Planned] plans in one file.
const DefaultMaxPlans = 512

// PlanOptions are the choices of [Script.PlanWith]. The zero value plans the script
// alone, in a clean environment, on the default release.
type PlanOptions struct {
	// CLI is the command line's scenario, merged on top of each site's ([Merge]).
	CLI graphs.Scenario
	// ProcessEnv is the environment the script starts in, with CLI.Env on top: the
	// script's own assignments and removals beat both, as in Python.
	ProcessEnv map[string]string
	// AllKeys keeps every key of each plan's configuration in the JSON form (as -all
	// does); by default it carries the changed keys only.
	AllKeys bool
	// MaxPlans bounds the distinct scenarios planned (0: DefaultMaxPlans); the sites
	// past it are not planned, and a WarningPlansCut warning says so.
	MaxPlans int
}

// Planned is PlanWith(PlanOptions{CLI: cli, ProcessEnv: processEnv}).
func (s *Script) Planned(cli graphs.Scenario, processEnv map[string]string) (*Script, error) {
	return s.PlanWith(PlanOptions{CLI: cli, ProcessEnv: processEnv})
}

// PlanWith returns a copy of s whose sites carry their plans, each from
// [graphs.Check] on the site's scenario ([Script.Scenario] with o.CLI merged on top).
// A site whose mode is known gets one report; a site whose mode is not a literal one
// report per value of [Site.Modes] for the release (o.CLI.Torch, or the default). A
// site whose scenario cannot be used gets PlanError instead. Each distinct scenario
// is planned once and its report shared, so the cost grows with the distinct
// scenarios (at most o.MaxPlans), not with the sites. s is not modified. It returns an
// *inputerr.ZeroError for a nil s, and an error wrapping a *modes.VersionError for an
// o.CLI.Torch that is not a supported release (the words of every entry point that
// takes one); the zero Script plans no site.
func (s *Script) PlanWith(o PlanOptions) (*Script, error) {
	if s == nil {
		return nil, &inputerr.ZeroError{Func: "script.Script.PlanWith", Arg: "the *Script (read one with Read)"}
	}
	every, err := releaseModes(o.CLI.Torch)
	if err != nil {
		return nil, fmt.Errorf("script: PlanOptions.CLI.Torch: %w", err) // the *modes.VersionError every entry point gives
	}
	out := *s
	out.allKeys, out.planned = o.AllKeys, true
	out.Sites = append([]Site(nil), s.Sites...)
	p := &planner{o: o, cache: map[planKey]planned{}, max: o.MaxPlans, seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
	if p.max <= 0 {
		p.max = DefaultMaxPlans
	}
	for i := range out.Sites {
		p.site(&out, i, every)
		caughtNote(&out.Sites[i])
		flagNotes(&out.Sites[i], &p.o)
	}
	if p.cut > 0 {
		out.Warnings = append(append([]Warning(nil), out.Warnings...), Warning{Line: p.cutLine, Code: WarningPlansCut,
			Message: fmt.Sprintf("more than %d distinct scenarios: %d site plans from line %d on are not planned (PlanOptions.MaxPlans)", p.max, p.cut, p.cutLine)})
	}
	sort.SliceStable(out.Warnings, func(i, j int) bool { return out.Warnings[i].Line < out.Warnings[j].Line })
	return &out, nil
}

// planner plans the sites of one file, each distinct scenario once.
type planner struct {
	o       PlanOptions
	cache   map[planKey]planned
	max     int
	cut     int // site plans not planned past max
	cutLine int
	warned  map[string]bool // code:line of the warnings added
	// ownWarnings reports that the Script's Warnings were copied (the input's are
	// never appended to).
	ownWarnings bool
	seeds       [2]maphash.Seed // for the states of branch combinations
	sels        []branchSel     // the site now planned's branch combinations (the first: its plan's)
	selsCut     bool            // more combinations than maxBranchCombos
	ix          *setIndex       // the file's globals, indexed for branch combinations (made on first use)
}

type planned struct {
	_   [0]func() // incomparable: no equality code (examples/web: Transfer size)
	rep *graphs.Report
	msg string
}

// planKey identifies a site's scenario without building it: the globals and the
// environment in force by their state (see state), the config.patch globals (a few
// at most) by their text.
type planKey struct {
	set        state  // the persistent globals in force (see state)
	env        state  // the environment in force, likewise
	patch      string // the config.patch globals in force, joined
	mode       string
	modeNone   bool
	options    string
	backend    string
	hasBackend bool
	dynamic    int8
	disable    string // "=" and disable= as written, "" when not given
	kwargs     string // the other keyword arguments, joined
	callable   string // backend= a callable: its name and the keywords it does not take
	workload   graphs.Workload
	masked     bool // set is a branch combination's state (the planner's seeds)
}

func keyOf(st *Site, mode *string, sel *branchSel) planKey {
	k := planKey{set: st.setState, env: st.envState, patch: strings.Join(st.patchSet, "\x00"), workload: st.Workload}
	if sel != nil && sel.masked {
		k.set, k.masked = sel.st, true
	}
	k.modeNone = mode == nil
	if mode != nil {
		k.mode = *mode
	}
	if st.Options != nil {
		k.options = "=" + *st.Options
	}
	if st.Backend != nil {
		k.backend, k.hasBackend = *st.Backend, true
	}
	if st.Disable != nil {
		k.disable = "=" + *st.Disable
	}
	k.kwargs = strings.Join(st.Kwargs, "\x00")
	if st.BackendCallable != "" {
		// A callable backend's plan is not Inductor's: two sites that differ only in it
		// are two scenarios (script11: a tutorial's backend=custom_backend site was
		// shown as "the same plan as" a plain torch.compile(f)).
		k.callable = st.BackendCallable + "\x00" + strings.Join(st.backendRejects, ",")
	}
	if st.Dynamic != nil {
		k.dynamic = 1
		if *st.Dynamic {
			k.dynamic = 2
		}
	}
	return k
}

func (p *planner) site(s *Script, i int, every []string) {
	st := &s.Sites[i]
	if st.limitErr != "" {
		st.Plan, st.PlanError = nil, st.limitErr
		return
	}
	p.deviceNote(st)
	if p.ix == nil {
		p.ix = newSetIndex(s, p.seeds)
	}
	p.sels, p.selsCut = branchSels(st, p.ix)
	if len(st.Alternatives) > 0 {
		p.siteCombos(s, i, every)
		return
	}
	if st.ModeLiteral || p.o.CLI.Mode != nil {
		// A mode given on the command line replaces the script's, literal or not.
		rep, msg := p.plan(s, i, st.Mode, false, &p.sels[0])
		alts, full := p.branches(s, i, st.Mode, false, rep)
		st.Plan, st.PlanError = &SitePlan{Report: rep, Branches: alts}, msg
		if rep == nil {
			st.Plan = nil
		}
		p.branchNote(st, len(alts) > 0, full)
		return
	}
	var plans []ModePlan
	differs, full := false, false
	for _, m := range st.Modes(every) {
		rep, msg := p.plan(s, i, m, true, &p.sels[0])
		alts, f := p.branches(s, i, m, true, rep)
		differs, full = differs || len(alts) > 0, full || f
		plans = append(plans, ModePlan{Mode: m, Report: rep, Branches: alts, Error: msg})
	}
	st.Plan = &SitePlan{Modes: plans}
	p.branchNote(st, differs, full)
}

// deviceNote replaces "give the device count" in a per-device note by the count
// the command line gives. The site's Notes are shared with the input: a copy is
// changed.
func (p *planner) deviceNote(st *Site) {
	n := p.o.CLI.Workload.Devices
	if n <= 0 {
		return
	}
	unknown := map[string]bool{workloadRows[factDevicesUnknown].shows: true, workloadRows[factDeviceFnsUnknown].shows: true}
	for j, in := range st.Inferred {
		if in.Field == "devices" && unknown[in.Shows] {
			// The count the command line gives replaces the 2 planned for want of one.
			st.Inferred = append(append([]Inference(nil), st.Inferred[:j]...), st.Inferred[j+1:]...)
			break
		}
	}
	for j, note := range st.Notes {
		if strings.HasSuffix(note, giveDevices) {
			st.Notes = append([]string(nil), st.Notes...)
			st.Notes[j] = strings.TrimSuffix(note, giveDevices) + fmt.Sprintf("; planned for the %d devices given", n)
			return
		}
	}
}

// siteCombos plans a site whose arguments have alternatives: each combination of
// their values (the command line's own arguments replace theirs), with each mode,
// as one of Plan.Modes, whose Args names the combination.
func (p *planner) siteCombos(s *Script, i int, every []string) {
	orig := s.Sites[i]
	skip := map[string]bool{"options": p.o.CLI.Options != "", "backend": p.o.CLI.Backend != "", "dynamic": p.o.CLI.Dynamic != nil}
	combos, cut := orig.combos(skip)
	modes, setMode := []*string{orig.Mode}, false
	if !orig.ModeLiteral && p.o.CLI.Mode == nil {
		modes, setMode = orig.Modes(every), true
	}
	var plans []ModePlan
	differs, full := false, false
	for _, c := range combos {
		s.Sites[i] = orig.with(c)
		for _, m := range modes {
			if !orig.consistent(c, m, setMode) {
				continue // linked.go: the branches of one test go together
			}
			rep, msg := p.plan(s, i, m, setMode, &p.sels[0])
			alts, f := p.branches(s, i, m, setMode, rep)
			differs, full = differs || len(alts) > 0, full || f
			plans = append(plans, ModePlan{Mode: m, ModeGiven: !setMode, Args: c.label(), Report: rep, Branches: alts, Error: msg, notPlain: c.notPlain()})
		}
	}
	s.Sites[i] = orig
	st := &s.Sites[i]
	st.Plan = &SitePlan{Modes: plans}
	if cut {
		st.Notes = append(st.Notes[:len(st.Notes):len(st.Notes)], fmt.Sprintf("more than %d combinations of the arguments' values: the first %d are planned", maxArgCombos, maxArgCombos))
	}
	p.branchNote(st, differs, full)
}

// branches plans site i under each other combination of its conditional globals'
// branches when rep was planned, and returns those whose outcome differs from rep's:
// "plan both outcomes where it matters" (issue 22 item 2). The plans are cached as
// every other, so each costs one more plan per distinct scenario at most. full
// reports that some were not planned: PlanOptions.MaxPlans was reached.
func (p *planner) branches(s *Script, i int, mode *string, setMode bool, rep *graphs.Report) (alts []BranchPlan, full bool) {
	if rep == nil {
		return nil, false
	}
	km := mode
	if p.o.CLI.Mode != nil {
		km = p.o.CLI.Mode
	}
	for j := 1; j < len(p.sels); j++ {
		sel := &p.sels[j]
		if _, ok := p.cache[keyOf(&s.Sites[i], km, sel)]; !ok && len(p.cache) >= p.max {
			full = true // no room: this outcome is left out, and no site plan is cut for it
			continue
		}
		alt, _ := p.plan(s, i, mode, setMode, sel)
		if alt != nil && !sameOutcome(rep, alt) {
			alts = append(alts, BranchPlan{Assumes: sel.desc, Report: alt})
		}
	}
	if alt := p.accumAlt(s, i, mode, setMode, &p.sels[0]); alt != nil && !sameOutcome(rep, alt.Report) {
		alts = append(alts, *alt) // accumcount.go: the micro-step count 1
	}
	return alts, full
}

// branchNote says, for a site with conditional globals, which branches its plan
// assumes and whether the other combinations change it. The site's Notes are shared
// with the input: appended to a copy.
func (p *planner) branchNote(st *Site, differs, full bool) {
	if st.condN == 0 || st.Plan == nil || len(p.sels) == 0 {
		return
	}
	n := []string{"the plan assumes: " + p.sels[0].desc}
	other := fmt.Sprintf("the %d other combination(s) of these branches", len(p.sels)-1)
	if p.selsCut {
		other = "the combination where each takes its last choice (the others, too many, are not planned)"
	}
	switch {
	case len(p.sels) == 1:
	case full:
		n = append(n, other+": not all planned, the file reached PlanOptions.MaxPlans distinct scenarios")
	case differs:
		n = append(n, other+": where the outcome differs, that plan is shown too, headed by what it assumes")
	default:
		n = append(n, other+": the outcome is the same")
	}
	st.Notes = append(st.Notes[:len(st.Notes):len(st.Notes)], n...)
}

// sameOutcome reports whether a and b agree on what the user sees: the exit, what
// PyTorch raises, the CUDA-graph verdict and implementation, each device's thread
// and outcome, and the warnings' codes (sweep10 finding 2: --no-cudagraphs given
// beside reduce-overhead is mode-overrides-global, the flag doing nothing, where the
// run without it has no warning and the same verdict).
func sameOutcome(a, b *graphs.Report) bool {
	if a.Exit != b.Exit || (a.Error == nil) != (b.Error == nil) || a.Error != nil && (a.Error.Exception != b.Error.Exception || a.Error.Message != b.Error.Message) {
		return false
	}
	ca, cb := a.CUDAGraphs, b.CUDAGraphs
	if ca.Enabled != cb.Enabled || ca.Implementation != cb.Implementation || len(ca.Devices) != len(cb.Devices) {
		return false
	}
	for j := range ca.Devices {
		da, db := ca.Devices[j], cb.Devices[j]
		if da.Device != db.Device || da.Thread != db.Thread || da.Outcome != db.Outcome {
			return false
		}
	}
	return sameWarnings(a.Warnings, b.Warnings)
}

// sameWarnings reports whether a and b hold the same warning codes, in order.
func sameWarnings(a, b []config.Warning) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Code != b[i].Code {
			return false
		}
	}
	return true
}

// plan returns the plan of site i with mode (set on the scenario when setMode),
// with the globals of the branch combination sel, from the cache when an earlier
// site planned the same; the scenario is built only when it was not.
func (p *planner) plan(s *Script, i int, mode *string, setMode bool, sel *branchSel) (*graphs.Report, string) {
	rep, msg := p.planScenario(s, i, mode, setMode, sel)
	rep = duplicateTypeError(&s.Sites[i], positionalTypeError(&s.Sites[i], rep))
	rep = stanceRecompileError(&s.Sites[i], optimizeKeywordError(&s.Sites[i], rep))
	rep = frameworkWorded(&s.Sites[i], gradsOverwritten(&s.Sites[i], rep))
	return frameworkRaised(&s.Sites[i], suppressed(&s.Sites[i], p.backendKeywordError(&s.Sites[i], rep))), msg
}

// raisedReport returns a copy of rep in which PyTorch raises e at the call: no
// explanation and no CUDA-graph plan. rep itself, shared through the cache, is not
// changed.
func raisedReport(rep *graphs.Report, e *graphs.RaisedError) *graphs.Report {
	out := *rep
	out.Exit, out.Explain, out.CUDAGraphs = graphs.Raises, "", graphs.CUDAGraphsReport{}
	out.Error = e
	return &out
}

// raisedBeforeCall reports whether rep already raises before the torch.compile call
// (importing the config, a global assignment, a config.patch), so that nothing the
// call itself raises is reached.
func raisedBeforeCall(rep *graphs.Report) bool {
	e := rep.Error
	return e != nil && e.Stage != "compile" && e.Stage != "first-call" && e.Stage != "decorate" && e.Stage != "recompile"
}

// positionalTypeError returns rep as torch.compile's TypeError when the site passes
// more than one positional argument (sweep finding 25): every parameter after model
// is keyword-only (torch/__init__.py def compile(model=None, *, …) from 2.0; measured
// on 2.6.0 and 2.14.1 in the CPU chroots: torch.compile(f, 'inductor') raises
// "TypeError: compile() takes from 0 to 1 positional arguments but 2 were given"),
// so the call raises before anything else. rep itself, shared through the cache, is
// not changed.
func positionalTypeError(st *Site, rep *graphs.Report) *graphs.Report {
	if st.positional < 2 || rep == nil {
		return rep
	}
	return raisedReport(rep, &graphs.RaisedError{Stage: "compile", Exception: "TypeError",
		Message: fmt.Sprintf("compile() takes from 0 to 1 positional arguments but %d were given", st.positional), Evidence: modes.Measured})
}

// planScenario plans site i's scenario (see plan).
func (p *planner) planScenario(s *Script, i int, mode *string, setMode bool, sel *branchSel) (*graphs.Report, string) {
	st := &s.Sites[i]
	km := mode
	if p.o.CLI.Mode != nil {
		km = p.o.CLI.Mode
	}
	k := keyOf(st, km, sel)
	if got, ok := p.cache[k]; ok {
		return got.rep, got.msg
	}
	if len(p.cache) >= p.max {
		if p.cut++; p.cut == 1 {
			p.cutLine = st.Line
		}
		return nil, fmt.Sprintf("not planned: the file has more than %d distinct scenarios (PlanOptions.MaxPlans)", p.max)
	}
	var skip map[string]bool
	build := func() graphs.Scenario {
		sc, _ := s.scenario(i, p.o.CLI, underlay(p.o.CLI.Env, p.o.ProcessEnv), skip, sel.mask())
		if setMode {
			sc.Mode = mode
			cli := p.o.CLI
			cli.Env = nil // in sc already, under the script's changes
			sc = Merge(sc, cli)
		}
		return sc
	}
	rep, msg := check(build())
	for tries := 0; tries < maxGuardRetries; tries++ {
		m, ge := raisingGlobal(st, rep, sel.mask())
		if m == nil {
			break
		}
		if m.requires == "" || skip[m.requires] {
			p.warnOnce(s, m.line, WarningGlobalRaises, "setting %s%s raises on torch %s: AttributeError: %s; the plan assumes it runs", ge.Key, guardSuffix(m.guard), rep.Torch, ge.Message())
			break
		}
		if skip == nil {
			skip = map[string]bool{}
		}
		skip[m.requires] = true
		p.warnOnce(s, m.line, WarningGuardFalse, "the assignment runs only under %s: on torch %s torch._inductor.config has no %s, so it does not run and the plan leaves it out", m.guard, rep.Torch, m.requires)
		rep, msg = check(build())
	}
	p.cache[k] = planned{rep: rep, msg: msg}
	return rep, msg
}

// maxGuardRetries bounds how many hasattr guards one plan may find false.
const maxGuardRetries = 16

// raisingGlobal returns the global assignment of the site that makes rep raise
// AttributeError (the first one assigning the key PyTorch names), if any.
func raisingGlobal(st *Site, rep *graphs.Report, mask []bool) (*setMeta, *config.GlobalError) {
	var ge *config.GlobalError
	if rep == nil || rep.Result == nil || !errors.As(rep.Result.Err, &ge) {
		return nil, nil
	}
	for j, kv := range st.set {
		if k, _, _ := strings.Cut(kv, "="); k == string(ge.Key) && j < len(st.setMeta) && (mask == nil || mask[j]) {
			return &st.setMeta[j], ge
		}
	}
	return nil, nil
}

func guardSuffix(g string) string {
	if g == "" {
		return ""
	}
	return " under " + g
}

// warnOnce adds a warning to s unless one with the same code and line is there.
func (p *planner) warnOnce(s *Script, line int, code, format string, args ...any) {
	k := fmt.Sprintf("%s:%d", code, line)
	if p.warned[k] {
		return
	}
	if p.warned == nil {
		p.warned = map[string]bool{}
	}
	p.warned[k] = true
	if !p.ownWarnings {
		s.Warnings = append([]Warning(nil), s.Warnings...)
		p.ownWarnings = true
	}
	s.Warnings = append(s.Warnings, Warning{Line: line, Code: code, Message: fmt.Sprintf(format, args...)})
}

// check plans one scenario; an unusable one gives its error's text.
func check(sc graphs.Scenario) (*graphs.Report, string) {
	rep, err := graphs.Check(&sc)
	if err != nil {
		return nil, graphs.CallErrorWords(err) // the script's call: no scenario field names
	}
	return rep, ""
}

// releaseModes returns the modes of the release torch names ("" for the default).
func releaseModes(torch string) ([]string, error) {
	v := modes.DefaultRelease()
	if torch != "" {
		var err error
		if v, err = modes.ParseVersion(torch); err != nil {
			return nil, err
		}
	}
	t, err := modes.For(v)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range t.Known() {
		out = append(out, string(m))
	}
	return out, nil
}

// underlay returns env with every variable of base that env does not set.
func underlay(env, base map[string]string) map[string]string {
	if len(base) == 0 {
		return env
	}
	out := make(map[string]string, len(env)+len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range env {
		out[k] = v
	}
	return out
}

// LimitHit returns the first warning that says a site was cut by one of the
// reader's or the planner's limits (WarningPlansCut, WarningThreadsNotFollowed), or
// nil: its plan is incomplete, which the command reports with exit status 2, as for
// every other limit. A nil s hits none.
func (s *Script) LimitHit() *Warning {
	if s == nil {
		return nil
	}
	for i, w := range s.Warnings {
		if w.Code == WarningPlansCut || w.Code == WarningThreadsNotFollowed {
			return &s.Warnings[i]
		}
	}
	return nil
}

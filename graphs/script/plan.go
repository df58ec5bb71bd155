package script

import (
	"errors"
	"fmt"
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
	// Unguarded is Report's scenario without the conditional global assignments in
	// force at the site (as if none of their guards held; see [Global.Guard]), set
	// only where that changes the outcome: the exit, what PyTorch raises, or the
	// CUDA-graph verdict or a device's outcome. Report assumes they all run.
	Unguarded *graphs.Report `json:"unguarded,omitempty"`
	Modes     []ModePlan     `json:"modes,omitempty"`
}

// Exit returns the site's class: graphs.Raises when any plan shown for it raises
// (its report, the report of any candidate mode, or any of them without the
// conditional global assignments: Unguarded); else graphs.Compiles. A nil p compiles
// (nothing was planned).
func (p *SitePlan) Exit() graphs.Exit {
	if p == nil {
		return graphs.Compiles
	}
	reports := []*graphs.Report{p.Report, p.Unguarded}
	for _, mp := range p.Modes {
		reports = append(reports, mp.Report, mp.Unguarded)
	}
	for _, r := range reports {
		if r != nil && r.Exit == graphs.Raises {
			return graphs.Raises
		}
	}
	return graphs.Compiles
}

// Exit returns the script's class, the command's exit rule: graphs.Raises when any
// plan shown for any site raises ([SitePlan.Exit]), else graphs.Compiles.
func (s *Script) Exit() graphs.Exit {
	if s == nil {
		return graphs.Compiles
	}
	for _, st := range s.Sites {
		if st.Plan.Exit() == graphs.Raises {
			return graphs.Raises
		}
	}
	return graphs.Compiles
}

// ModePlan is the plan of a site for one value of a mode that is not a literal.
type ModePlan struct {
	Mode *string `json:"mode"` // nil: None
	// ModeGiven reports that Mode is the site's literal mode (or the command line's),
	// not one of its candidates: the plan is one of Args's combinations.
	ModeGiven bool `json:"mode_given,omitempty"`
	// Args names the values of the site's argument alternatives this plan takes
	// (Site.Alternatives), e.g. `options={'triton.cudagraphs': False} (line 3)`.
	Args      string         `json:"args,omitempty"`
	Report    *graphs.Report `json:"report"`
	Unguarded *graphs.Report `json:"unguarded,omitempty"` // as SitePlan.Unguarded, for this mode
	Error     string         `json:"error,omitempty"`     // why the scenario could not be planned
}

// DefaultMaxPlans is how many distinct scenarios [Script.Planned] plans in one file.
const DefaultMaxPlans = 512

// PlanOptions are the choices of [Script.PlanWith]. The zero value plans the script
// alone, in a clean environment, on the default release.
type PlanOptions struct {
	// CLI is the command line's scenario, merged on top of each site's ([Merge]).
	CLI graphs.Scenario
	// ProcessEnv is the environment the script starts in: the script's own
	// assignments beat it, CLI.Env beats both.
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
// *inputerr.ZeroError for a nil s; the zero Script plans no site.
func (s *Script) PlanWith(o PlanOptions) (*Script, error) {
	if s == nil {
		return nil, &inputerr.ZeroError{Func: "script.Script.PlanWith", Arg: "the *Script (read one with Read)"}
	}
	every, err := releaseModes(o.CLI.Torch)
	if err != nil {
		return nil, err
	}
	out := *s
	out.allKeys = o.AllKeys
	out.Sites = append([]Site(nil), s.Sites...)
	p := &planner{o: o, cache: map[planKey]planned{}, max: o.MaxPlans}
	if p.max <= 0 {
		p.max = DefaultMaxPlans
	}
	for i := range out.Sites {
		p.site(&out, i, every)
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
}

type planned struct {
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
	workload   graphs.Workload
	unguarded  bool // set is the site's ucState: its conditional globals left out
}

func keyOf(st *Site, mode *string, unguarded bool) planKey {
	k := planKey{set: st.setState, env: st.envState, patch: strings.Join(st.patchSet, "\x00"), workload: st.Workload, unguarded: unguarded}
	if unguarded {
		k.set = st.ucState
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
	if len(st.Alternatives) > 0 {
		p.siteCombos(s, i, every)
		return
	}
	if st.ModeLiteral || p.o.CLI.Mode != nil {
		// A mode given on the command line replaces the script's, literal or not.
		rep, msg := p.plan(s, i, st.Mode, false, false)
		ung, full := p.unguarded(s, i, st.Mode, false, rep)
		st.Plan, st.PlanError = &SitePlan{Report: rep, Unguarded: ung}, msg
		if rep == nil {
			st.Plan = nil
		}
		p.unguardedNote(st, ung != nil, full)
		return
	}
	var plans []ModePlan
	differs, full := false, false
	for _, m := range st.Modes(every) {
		rep, msg := p.plan(s, i, m, true, false)
		ung, f := p.unguarded(s, i, m, true, rep)
		differs, full = differs || ung != nil, full || f
		plans = append(plans, ModePlan{Mode: m, Report: rep, Unguarded: ung, Error: msg})
	}
	st.Plan = &SitePlan{Modes: plans}
	p.unguardedNote(st, differs, full)
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
			rep, msg := p.plan(s, i, m, setMode, false)
			ung, f := p.unguarded(s, i, m, setMode, rep)
			differs, full = differs || ung != nil, full || f
			plans = append(plans, ModePlan{Mode: m, ModeGiven: !setMode, Args: c.label(), Report: rep, Unguarded: ung, Error: msg})
		}
	}
	s.Sites[i] = orig
	st := &s.Sites[i]
	st.Plan = &SitePlan{Modes: plans}
	if cut {
		st.Notes = append(st.Notes[:len(st.Notes):len(st.Notes)], fmt.Sprintf("more than %d combinations of the arguments' values: the first %d are planned", maxArgCombos, maxArgCombos))
	}
	p.unguardedNote(st, differs, full)
}

// unguarded plans site i without its conditional globals when it has some and rep
// was planned, and returns that plan when its outcome differs from rep's (nil
// otherwise): "plan both outcomes where it matters" (issue 22 item 2). The plan is
// cached as every other, so it costs one more plan per distinct scenario at most.
// full reports that it was not planned: PlanOptions.MaxPlans was reached.
func (p *planner) unguarded(s *Script, i int, mode *string, setMode bool, rep *graphs.Report) (alt *graphs.Report, full bool) {
	if s.Sites[i].condN == 0 || rep == nil {
		return nil, false
	}
	km := mode
	if p.o.CLI.Mode != nil {
		km = p.o.CLI.Mode
	}
	if _, ok := p.cache[keyOf(&s.Sites[i], km, true)]; !ok && len(p.cache) >= p.max {
		return nil, true // no room: the second outcome is left out, and no site plan is cut for it
	}
	alt, _ = p.plan(s, i, mode, setMode, true)
	if alt == nil || sameOutcome(rep, alt) {
		return nil, false
	}
	return alt, false
}

// unguardedNote says, for a site with conditional globals, whether leaving them out
// changes its plan. The site's Notes are shared with the input: appended to a copy.
func (p *planner) unguardedNote(st *Site, differs, full bool) {
	if st.condN == 0 || st.Plan == nil {
		return
	}
	n := "without the conditional global assignments (their guards false) the outcome is the same"
	switch {
	case full:
		n = "not planned without the conditional global assignments: the file reached PlanOptions.MaxPlans distinct scenarios"
	case differs:
		n = "without the conditional global assignments (their guards false) the outcome differs: that plan is shown too, as \"if the conditional globals do not run\""
	}
	st.Notes = append(st.Notes[:len(st.Notes):len(st.Notes)], n)
}

// sameOutcome reports whether a and b agree on what the user sees: the exit, what
// PyTorch raises, the CUDA-graph verdict and implementation, and each device's
// thread and outcome.
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
	return true
}

// plan returns the plan of site i with mode (set on the scenario when setMode),
// without its conditional globals when unguarded, from the cache when an earlier
// site planned the same; the scenario is built only when it was not.
func (p *planner) plan(s *Script, i int, mode *string, setMode, unguarded bool) (*graphs.Report, string) {
	st := &s.Sites[i]
	km := mode
	if p.o.CLI.Mode != nil {
		km = p.o.CLI.Mode
	}
	k := keyOf(st, km, unguarded)
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
		sc, _ := s.scenario(i, p.o.CLI, skip, unguarded)
		sc.Env = underlay(sc.Env, p.o.ProcessEnv)
		if setMode {
			sc.Mode = mode
			sc = Merge(sc, p.o.CLI)
		}
		return sc
	}
	rep, msg := check(build())
	for tries := 0; tries < maxGuardRetries; tries++ {
		m, ge := raisingGlobal(st, rep)
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
	p.cache[k] = planned{rep, msg}
	return rep, msg
}

// maxGuardRetries bounds how many hasattr guards one plan may find false.
const maxGuardRetries = 16

// raisingGlobal returns the global assignment of the site that makes rep raise
// AttributeError (the first one assigning the key PyTorch names), if any.
func raisingGlobal(st *Site, rep *graphs.Report) (*setMeta, *config.GlobalError) {
	var ge *config.GlobalError
	if rep == nil || rep.Result == nil || !errors.As(rep.Result.Err, &ge) {
		return nil, nil
	}
	for j, kv := range st.set {
		if k, _, _ := strings.Cut(kv, "="); k == string(ge.Key) && j < len(st.setMeta) {
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
		return nil, err.Error()
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

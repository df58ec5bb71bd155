package config

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/internal/termtext"
	"github.com/compilemode/compilemode/modes"
)

// Warning codes for environment variables that do not do what they seem to do. They
// belong to the one catalogue of [Code]; like every
// code they are stable, and new ones are added at the end.
const (
	// WarnEnvSwitchMisread occurs when a variable that PyTorch reads as a switch is set
	// to a value a person reads as on or off, and PyTorch reads it otherwise. A person
	// reads what a terminal shows: "1\x1b[2J" (an escape sequence), "\u200b1" (a
	// zero-width space), "1\u202e", the fullwidth "１" and a quoted "1" (kept by a
	// Docker --env-file) read as 1.
	//
	//	TORCHINDUCTOR_CUDAGRAPHS=true  →  triton.cudagraphs stays False (only "1" counts)
	//	TORCHINDUCTOR_PROFILE=0        →  profile_bandwidth is True (any value but "" counts)
	//
	// Fix: write the value PyTorch compares with ("1" or "0"), or unset the variable.
	WarnEnvSwitchMisread Code = "env-switch-misread"

	// WarnNoCUDAGraphsModeCaptures occurs when mode="max-autotune-no-cudagraphs" runs
	// with triton.cudagraphs already True from the environment or a global: the mode's
	// patch does not set it to False, so CUDA graphs are captured.
	//
	//	TORCHINDUCTOR_CUDAGRAPHS=1, mode="max-autotune-no-cudagraphs"  →  CUDA graphs on
	//
	// Fix: unset the variable (or drop the global), or pass the mode's options with
	// "triton.cudagraphs": False instead of the mode.
	WarnNoCUDAGraphsModeCaptures Code = "no-cudagraphs-mode-captures"

	// WarnEnvVarOtherRelease occurs when a variable is set that the resolved release
	// does not read but another release compilemode has read does: it was renamed,
	// removed, or is newer than the release.
	//
	//	-torch 2.2 -env TORCHINDUCTOR_GRAPH_PARTITION=1  →  read from a later release only
	//
	// Fix: drop it, or use the name this release reads (the hint names a close one).
	WarnEnvVarOtherRelease Code = "env-var-other-release"

	// WarnEnvVarMisspelled occurs when a TORCHINDUCTOR_* variable is set that no release
	// compilemode has read uses, within two edits (or a change of case) of one that
	// some release reads.
	//
	//	TORCHINDUCTOR_CUDAGRAPH=1  →  did you mean TORCHINDUCTOR_CUDAGRAPHS?
	//
	// Fix: the name in the hint.
	WarnEnvVarMisspelled Code = "env-var-misspelled"
)

// envTrap is one row of the environment-variable traps: a code, where its facts come
// from and the small function that finds it. Every row runs once per resolution, from
// [Resolver.envTraps].
type envTrap struct {
	code   Code
	source string // where PyTorch's behaviour is written or measured
	find   func(t *trapInput) []Warning
}

// envTrapRows is the table of traps, in the order their warnings are reported. The
// fifth trap of the catalogue, a variable whose value a mode's patch or options
// replace, is reported as mode-overrides-global (row envOverriddenByPatch).
func envTrapRows() [5]envTrap {
	return [...]envTrap{
		{WarnEnvSwitchMisread, "torch/_inductor/config.py (os.environ.get(V) == \"1\" and friends); measured on 2.11: " +
			"TORCHINDUCTOR_CUDAGRAPHS='true' and ' 1' give False (testdata/torch/2.11/torch_defaults.json env_edge_cases), " +
			"TORCHINDUCTOR_PROFILE=0 turns profile_bandwidth on (torch_env_effects.json)", findSwitchMisread},
		{"mode-overrides-global", "torch/_inductor/compile_fx.py: the per-compile patch is a config.patch around the compile; " +
			"the variable only set the default at import (torch/utils/_config_module.py)", findEnvOverriddenByPatch},
		{WarnNoCUDAGraphsModeCaptures, "torch/_inductor/__init__.py list_mode_options: max-autotune-no-cudagraphs sets max_autotune " +
			"(and coordinate_descent_tuning from 2.6), never triton.cudagraphs; measured on 2.11 (torch_static.json per_mode, wrapper_config)", findNoCUDAGraphsModeCaptures},
		{WarnEnvVarOtherRelease, "the env_var_names of each schema under config/schema (2.11 measured; 2.2, 2.6, 2.7, 2.14 read in source)", findOtherRelease},
		{WarnEnvVarMisspelled, "the env_var_names of each schema under config/schema", findMisspelled},
	}
}

// trapInput is what the traps look at: the finished resolution and its request.
type trapInput struct {
	r      *Resolver
	res    *Result
	req    Request
	env    map[string]string
	names  []string         // the set variables, sorted
	extras []schema.KeySpec // extraSwitches()
}

// envTraps adds the warnings of every trap row to res. It runs once, at the end of a
// successful resolution.
func (r *Resolver) envTraps(res *Result, req Request, env map[string]string) {
	if len(env) == 0 && res.Mode != modes.MaxAutotuneNoCUDAGraphs {
		return // every trap needs a variable, but the mode's global case
	}
	names := make([]string, 0, len(env))
	for name := range env {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	t := &trapInput{r: r, res: res, req: req, env: env, names: names, extras: extraSwitches(r.facts)}
	for _, row := range envTrapRows() {
		res.Warnings = append(res.Warnings, row.find(t)...)
	}
}

// switchReading is how PyTorch reads one kind of switch variable: the Python
// expression and, in words, which values count ({V} is the variable, {E} the rule's
// Equals).
type switchReading struct {
	kind, python, counts string
}

// switchReadings are the env rule kinds (config/schema/FORMAT.md) that make a bool
// key a switch. Source: torch/_inductor/config.py and torch/utils/_config_module.py
// of each release read.
func switchReadings() []switchReading {
	return []switchReading{
		{"eq", `os.environ.get({V}) == "{E}"`, `only exactly "{E}" is True; any other value, "true" and " 1" included, is False`},
		{"ne", `os.environ.get({V}, "{E}") != "{E}"`, `any value other than "{E}" is True, "0" and "false" included`},
		{"tristate", `get_tristate_env({V})`, `"1" is True, "0" is False, any other value leaves the default`},
		{"read_env", `Config(env_name_default={V})`, `"1" is True, "0" is False, any other value is that string (and a non-empty string counts as true)`},
		{"force", `Config(env_name_force={V})`, `"1" is True, "0" is False, any other value is that string (and a non-empty string counts as true)`},
		{"any_eq", `os.environ.get({V}) == "{E}"`, `only exactly "{E}" is True`},
	}
}

// extraSwitches are switch variables read outside torch._inductor.config that
// resolution uses. Source: torch/_dynamo/config.py disable =
// os.environ.get("TORCH_COMPILE_DISABLE", "0") == "1" from 2.8 (an eq rule, whose
// misreadings the switch trap reports); up to 2.7 os.environ.get(…, False), read by its
// truth value ([Facts.CompileDisableTruthy]): any non-empty value is on, which
// compile-disabled reports, so the variable is no misread switch there.
func extraSwitches(f Facts) []schema.KeySpec {
	if f.CompileDisableTruthy {
		return nil
	}
	return []schema.KeySpec{{Key: "torch._dynamo.config.disable", Default: literal.Bool(false), DeclaredType: "<class 'bool'>",
		Env: &schema.EnvRule{Kind: "eq", Vars: []string{"TORCH_COMPILE_DISABLE"}, Equals: "1"}}}
}

// personReading says whether a person reads raw as on (true) or off (false); ok is
// false for values that read as neither. A person reads what a terminal shows: a
// terminal escape sequence, a control character and an invisible format character
// (a zero-width space, a bidirectional mark) show nothing, so TORCHINDUCTOR_CUDAGRAPHS
// "1\x1b[2J" reads as 1, which PyTorch's == "1" makes False.
func personReading(raw string) (on, ok bool) {
	switch unquote(strings.ToLower(strings.TrimSpace(norm.NFKC.String(shownText(raw))))) {
	case "1", "true", "t", "yes", "y", "on", "1.0", "enable", "enabled":
		return true, true
	case "0", "false", "f", "no", "n", "off", "0.0", "disable", "disabled", "":
		return false, true
	}
	return false, false
}

// unquote removes one pair of matching quotes around s: an env file or a compose
// file that keeps them (TORCHINDUCTOR_CUDAGRAPHS="1" in a Docker --env-file) gives
// PyTorch the quotes too, while a person reads the value inside.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// terminalSequence matches a terminal escape sequence a terminal consumes without
// showing it: CSI (ESC [ or U+009B, parameters, a final byte), OSC (ESC ] up to BEL
// or ESC \) and a two-byte ESC sequence.
var terminalSequence = &lazyregexp.Regexp{Expr: `(?:\x1b\[|\x{9b})[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]`}

// shownText is raw as a terminal shows it: without its escape sequences, control
// characters (termtext.Hidden) and invisible format characters (Unicode Cf: U+200B,
// U+FEFF, bidirectional marks).
func shownText(raw string) string {
	raw = terminalSequence.ReplaceAllString(raw, "")
	return strings.Map(func(r rune) rune {
		if termtext.Hidden(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, raw)
}

// findSwitchMisread reports switch variables whose value PyTorch reads otherwise than
// a person does: a spelling of on or off that is not the one PyTorch compares with,
// or the compared spelling itself where PyTorch reads it the other way ("0" for a
// != "" test).
func findSwitchMisread(t *trapInput) []Warning {
	var out []Warning
	for _, name := range t.names {
		raw := t.env[name]
		want, ok := personReading(raw)
		if !ok {
			continue
		}
		var got []string
		var first *schema.KeySpec
		for _, k := range t.switchSpecs(name) {
			val, read := t.envValue(k, name, raw)
			if !read {
				continue
			}
			if val.Truthy() == want && (raw == canonical(want) || val.String() == t.canonicalValue(k, name, want).String()) {
				continue
			}
			got = append(got, fmt.Sprintf("%s=%s", k.Key, val))
			if first == nil {
				first = &k
			}
		}
		if first != nil {
			out = append(out, t.switchWarning(name, raw, want, *first, got))
		}
	}
	return out
}

// switchSpecs returns the bool keys whose switch rule reads the variable.
func (t *trapInput) switchSpecs(name string) []schema.KeySpec {
	var specs []schema.KeySpec
	for _, i := range t.r.byVar[name] {
		specs = append(specs, t.r.schema.At(i))
	}
	for _, k := range t.extras {
		if slices.Contains(k.Env.Vars, name) {
			specs = append(specs, k)
		}
	}
	return slices.DeleteFunc(specs, func(k schema.KeySpec) bool {
		return k.Env == nil || !isSwitchKind(k.Env.Kind) || !(k.Default.Kind() == literal.BoolKind || strings.Contains(k.DeclaredType, "bool"))
	})
}

func isSwitchKind(kind string) bool {
	return slices.ContainsFunc(switchReadings(), func(s switchReading) bool { return s.kind == kind })
}

// canonical is the spelling PyTorch's switches compare with for on and off.
func canonical(on bool) string {
	if on {
		return "1"
	}
	return "0"
}

// envValue is key k's default with the variable set to raw; read is false when the
// rule takes its value from another variable of its chain.
func (t *trapInput) envValue(k schema.KeySpec, name, raw string) (literal.Value, bool) {
	env := t.env
	if env[name] != raw {
		env = maps.Clone(t.env)
		env[name] = raw
	}
	d, ok, err := k.DefaultUnder(env, t.req.Host)
	if err != nil || (ok && d.From != name && d.From != "") {
		return literal.Value{}, false
	}
	if !ok {
		return k.Default, true
	}
	return d.Val, true
}

func (t *trapInput) canonicalValue(k schema.KeySpec, name string, on bool) literal.Value {
	v, _ := t.envValue(k, name, canonical(on))
	return v
}

// switchWarning words the trap for key k (the first misread one): what PyTorch does
// with the value, and the fix.
func (t *trapInput) switchWarning(name, raw string, want bool, k schema.KeySpec, got []string) Warning {
	reads := ""
	for _, s := range switchReadings() {
		if s.kind == k.Env.Kind {
			fill := strings.NewReplacer("{V}", name, "{E}", k.Env.Equals)
			reads = fmt.Sprintf("PyTorch reads %s: %s", fill.Replace(s.python), fill.Replace(s.counts))
		}
	}
	person := map[bool]string{true: "on", false: "off"}[want]
	fix := fmt.Sprintf("write %s=%s", name, canonical(want))
	if v := t.canonicalValue(k, name, want); v.Truthy() != want {
		fix = fmt.Sprintf("unset %s: any value turns it on", name)
	}
	ev := t.r.schemaEv
	if _, inSchema := t.r.schema.Lookup(k.Key); !inSchema {
		ev = EvidenceFor(t.r.facts.Torch)
	}
	return Warning{
		Code: WarnEnvSwitchMisread, Key: k.Key,
		Message: fmt.Sprintf("%s=%q looks like %s, but PyTorch makes it %s. %s",
			name, raw, person, strings.Join(got, ", "), reads),
		Recommendation: fix,
		Evidence:       ev,
	}
}

// findEnvOverriddenByPatch reports a variable whose default the mode's patch or the
// options replace with another value: the variable has no effect on this compile. A
// key a global assignment also set is reported by the global case of
// mode-overrides-global (applyCompile).
func findEnvOverriddenByPatch(t *trapInput) []Warning {
	var out []Warning
	for _, e := range t.res.over {
		src := e.origin.Source
		if src != FromMode && src != FromOptions {
			continue
		}
		k := t.r.schema.At(e.idx)
		if k.Env == nil || slices.ContainsFunc(t.req.Globals, func(a Assignment) bool { return a.Key == k.Key }) {
			continue
		}
		d, ok, err := k.DefaultUnder(t.env, t.req.Host)
		if err != nil || !ok || d.From == "" || d.Forced || d.Val.String() == e.val.String() || t.meantAsPatch(k, d.From, e.val) {
			continue
		}
		how := "the options"
		fix := fmt.Sprintf("drop %q from options to let %s apply", string(k.Key), d.From)
		if src == FromMode {
			how = fmt.Sprintf("mode=%q", e.origin.Detail)
			fix = fmt.Sprintf("to get %s=%s with this mode, pass options={**torch._inductor.list_mode_options(%q), %q: %s} instead of mode=%q (mode and options cannot be combined)",
				k.Key, d.Val, e.origin.Detail, string(k.Key), d.Val, e.origin.Detail)
		}
		out = append(out, Warning{
			Code: "mode-overrides-global", Key: k.Key,
			Message: fmt.Sprintf("%s=%q makes the default of %s %s, but %s sets it to %s for this compile (%s): the variable has no effect here, because a variable only sets a default, which the per-compile patch replaces",
				d.From, t.env[d.From], k.Key, d.Val, how, e.val, e.origin),
			Recommendation: fix,
			Evidence:       EvidenceFor(t.r.facts.Torch),
		})
	}
	return out
}

// meantAsPatch reports whether variable name holds a spelling of on or off that
// switch key k misreads (env-switch-misread) and that was meant to give val, the value
// the patch sets: the compile gets what the variable looks like, so a fix that keeps
// the misread value would point the other way (sweep8 #5: TORCHINDUCTOR_CUDAGRAPHS=
// "true" with mode="reduce-overhead" was told how to get triton.cudagraphs=False).
func (t *trapInput) meantAsPatch(k schema.KeySpec, name string, val literal.Value) bool {
	want, ok := personReading(t.env[name])
	if !ok || !slices.ContainsFunc(t.switchSpecs(name), func(s schema.KeySpec) bool { return s.Key == k.Key }) {
		return false
	}
	return t.canonicalValue(k, name, want).String() == val.String()
}

// findNoCUDAGraphsModeCaptures reports mode="max-autotune-no-cudagraphs" with CUDA
// graphs on from the environment or a global: the mode's name promises what its
// patch does not do.
func findNoCUDAGraphsModeCaptures(t *trapInput) []Warning {
	if t.res.Mode != modes.MaxAutotuneNoCUDAGraphs || !t.res.CUDAGraphsOn() {
		return nil
	}
	cg, _ := t.res.Get("triton.cudagraphs")
	if src := cg.Origin.Source; src != FromEnv && src != FromGlobal {
		return nil
	}
	entry, err := t.r.table.Resolve(string(modes.MaxAutotuneNoCUDAGraphs))
	if err != nil {
		return nil
	}
	var keys []string
	for _, o := range entry.Patch {
		keys = append(keys, fmt.Sprintf("%q: %s", o.Key, o.Literal))
	}
	drop := "drop the global assignment triton.cudagraphs = True"
	if cg.Origin.Source == FromEnv {
		drop = fmt.Sprintf("unset %s (or set it to 0)", cg.Origin.Detail)
	}
	return []Warning{{
		Code: WarnNoCUDAGraphsModeCaptures, Key: "triton.cudagraphs",
		Message: fmt.Sprintf("mode=\"max-autotune-no-cudagraphs\" does not turn CUDA graphs off: its patch sets only %s (list_mode_options, %s), so triton.cudagraphs keeps True from %s and Inductor captures CUDA graphs",
			strings.Join(keys, ", "), t.r.table.Evidence, cg.Origin),
		Recommendation: fmt.Sprintf("%s, or pass options={%s, \"triton.cudagraphs\": False} instead of the mode", drop, strings.Join(keys, ", ")),
		Evidence:       t.r.table.Evidence,
	}}
}

// findOtherRelease reports variables this release does not read that another release
// compilemode has read does.
func findOtherRelease(t *trapInput) []Warning {
	var out []Warning
	for _, name := range t.names {
		if !t.unreadHere(name) {
			continue
		}
		readers := t.r.otherReaders()[name]
		if len(readers) == 0 {
			continue
		}
		verb := "does not read it"
		if slices.IndexFunc(readers, func(v modes.Version) bool { return t.r.facts.Torch.Less(v) }) < 0 {
			verb = "no longer reads it"
		} else if slices.IndexFunc(readers, func(v modes.Version) bool { return v.Less(t.r.facts.Torch) }) < 0 {
			verb = "does not read it yet"
		}
		hint := hintOr(didYouMean(name, t.r.schema.EnvVarNames), "remove it: it has no effect on this release")
		out = append(out, Warning{
			Code: WarnEnvVarOtherRelease,
			Message: fmt.Sprintf("%s is read by torch %s, but torch %s %s: it changes nothing here",
				name, joinVersions(readers), t.r.facts.Torch, verb),
			Recommendation: hint,
			Evidence:       t.r.schemaEv,
		})
	}
	return out
}

// findMisspelled reports TORCHINDUCTOR_* variables no release reads that are within
// two edits, or a change of case, of one that some release reads.
func findMisspelled(t *trapInput) []Warning {
	var out []Warning
	for _, name := range t.names {
		if !strings.HasPrefix(strings.ToUpper(name), "TORCHINDUCTOR_") || !t.unreadHere(name) || len(t.r.otherReaders()[name]) > 0 {
			continue
		}
		near, readers := t.r.nearName(name)
		if near == "" {
			continue
		}
		where := fmt.Sprintf("torch %s reads %s", t.r.facts.Torch, near)
		if !t.r.schema.ReadsEnv(near) {
			where = fmt.Sprintf("torch %s reads %s (torch %s does not)", joinVersions(readers), near, t.r.facts.Torch)
		}
		out = append(out, Warning{
			Code: WarnEnvVarMisspelled,
			Message: fmt.Sprintf("%s is set, but no release compilemode has read (%s) reads it, so it changes nothing; %s",
				name, joinVersions(schemaReleases()), where),
			Recommendation: fmt.Sprintf("did you mean %s?", near),
			Evidence:       t.r.schemaEv,
		})
	}
	return out
}

// unreadHere reports whether name is a variable this release (and, for a release
// that borrows a schema, the next one read) does not read, and no other part of
// PyTorch compilemode knows reads.
func (t *trapInput) unreadHere(name string) bool {
	r := t.r
	return !r.schema.ReadsEnv(name) && !readElsewhere(name) && (r.next == nil || !r.next.ReadsEnv(name) || r.schema.KnownUnread(name)) &&
		!slices.ContainsFunc(t.extras, func(k schema.KeySpec) bool { return slices.Contains(k.Env.Vars, name) })
}

// nearName returns the name some release reads that is closest to name, when it is
// within two edits or differs only in case, and the releases that read it. Only the
// candidates within two runes of name's length are compared (nearIndex), each with a
// bounded edit distance, so a call costs O(len(name)) per candidate compared.
func (r *Resolver) nearName(name string) (string, []modes.Version) {
	if r.near == nil {
		return "", nil
	}
	idx := r.near()
	best, bound := "", 2
	ln := lowerRunes(nil, name)
	var rows [2][]int
	for l := len(ln) - 2; l <= len(ln)+2 && bound >= 0; l++ {
		for _, c := range idx.byLen[l] {
			// Within bound edits: the best so far; later ones must be strictly closer.
			if d, ok := editDistanceWithin(ln, c.lower, bound, &rows); ok {
				best, bound = c.name, d-1
			}
		}
	}
	return best, idx.readers[best]
}

// nearCand is one variable name some release reads, lower-cased.
type nearCand struct {
	name  string
	lower []rune
}

// nearIndex is every variable name this release or another reads, by rune length.
type nearIndex struct {
	byLen   map[int][]nearCand
	readers map[string][]modes.Version
}

// loadNearIndex builds the index once per Resolver, on first use.
func loadNearIndex(r *Resolver) func() nearIndex {
	return sync.OnceValue(func() nearIndex {
		idx := nearIndex{byLen: map[int][]nearCand{}, readers: r.otherReaders()}
		seen := map[string]bool{}
		for _, c := range slices.Concat(r.schema.EnvVarNames, slices.Sorted(maps.Keys(idx.readers))) {
			if seen[c] {
				continue
			}
			seen[c] = true
			lc := lowerRunes(nil, c)
			idx.byLen[len(lc)] = append(idx.byLen[len(lc)], nearCand{name: c, lower: lc})
		}
		return idx
	})
}

// envTrapClaims reports whether a trap row reports the unread TORCHINDUCTOR_* variable
// name, so that unknown-env-var does not report it twice.
func (r *Resolver) envTrapClaims(name string) bool {
	if len(r.otherReaders()[name]) > 0 {
		return true
	}
	near, _ := r.nearName(name)
	return near != ""
}

// otherReaders maps every variable that an embedded schema of another release reads
// to those releases, oldest first. It is computed once per Resolver, on first use.
func (r *Resolver) otherReaders() map[string][]modes.Version {
	if r.others == nil {
		return nil
	}
	return r.others()
}

// loadOtherReaders parses the embedded schemas of releases other than v.
func loadOtherReaders(v modes.Version) func() map[string][]modes.Version {
	return sync.OnceValue(func() map[string][]modes.Version {
		out := map[string][]modes.Version{}
		for _, rel := range schemaReleases() {
			if rel == v {
				continue
			}
			s, _, err := schema.Builtin(rel)
			if err != nil {
				continue
			}
			for name := range readNames(s) {
				out[name] = append(out[name], rel)
			}
		}
		for _, vs := range out {
			sort.Slice(vs, func(i, j int) bool { return vs[i].Less(vs[j]) })
		}
		return out
	})
}

// readNames is every variable schema s reads: its env_var_names and every variable a
// rule names.
func readNames(s *schema.Schema) map[string]bool {
	names := map[string]bool{}
	for _, n := range s.EnvVarNames {
		names[n] = true
	}
	for i := range s.Len() {
		if k := s.At(i); k.Env != nil {
			for _, n := range k.Env.Vars {
				names[n] = true
			}
		}
	}
	return names
}

// schemaReleases are the releases with an embedded schema of their own, oldest first.
func schemaReleases() []modes.Version {
	var out []modes.Version
	for _, row := range schema.Rows() {
		for v := row.Releases.From; !row.Releases.To.Less(v); v.Minor++ {
			if row.File == fmt.Sprintf("torch-%s.json", v) {
				out = append(out, v)
			}
		}
	}
	return out
}

func joinVersions(vs []modes.Version) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.String()
	}
	return strings.Join(s, ", ")
}

package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// readElsewhere are TORCHINDUCTOR_* variables that parts of PyTorch other than
// torch._inductor.config read (the cache directory; torch.compiler.config's
// force_disable_caches, which 2.11's Inductor config only aliases).
func readElsewhere(name string) bool {
	return name == "TORCHINDUCTOR_CACHE_DIR" || name == "TORCHINDUCTOR_FORCE_DISABLE_CACHES"
}

// envWarnings reports TORCHINDUCTOR_* variables the release never reads, and
// variables whose effect the library does not model.
func (r *Resolver) envWarnings(res *Result, env map[string]string) {
	var names []string
	for name := range env {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	for _, name := range names {
		if !strings.HasPrefix(name, "TORCHINDUCTOR_") || r.schema.ReadsEnv(name) || readElsewhere(name) {
			continue
		}
		if r.next != nil && r.next.ReadsEnv(name) && !r.schema.KnownUnread(name) {
			// The borrowed schema does not read it, the next one read does: not known
			// (sweep5 finding 9: the traps below claimed such names and said nothing).
			res.Warnings = append(res.Warnings, r.unreadEnvWarning(name))
			continue
		}
		if r.envTrapClaims(name) {
			continue // env-var-other-release or env-var-misspelled (envtraps.go)
		}
		res.Warnings = append(res.Warnings, r.unreadEnvWarning(name))
	}
	for i := range r.schema.Len() {
		k := r.schema.At(i)
		if k.Env == nil || k.Env.Kind != "opaque" {
			continue
		}
		for _, v := range k.Env.Vars {
			if _, set := env[v]; set {
				res.Warnings = append(res.Warnings, Warning{
					Code: "env-not-modelled", Key: k.Key,
					Message:  fmt.Sprintf("%s is set; it changes the default of %s in a way compilemode does not model (%s): the value shown is the clean default", v, k.Key, k.Env.Expr),
					Evidence: r.schemaEv,
				})
			}
		}
	}
}

// unreadEnvWarning is a TORCHINDUCTOR_* variable the release's config does not read:
// uncertain-env-var when the next release read reads it, unknown-env-var otherwise.
func (r *Resolver) unreadEnvWarning(name string) Warning {
	if r.next != nil && r.next.ReadsEnv(name) {
		return Warning{
			Code: "uncertain-env-var",
			Message: fmt.Sprintf("%s is read by torch %s but not by torch %s (the schema torch %s borrows); whether torch %s reads it is not known, so compilemode ignores it",
				name, r.next.Torch, r.schema.Torch, r.facts.Torch, r.facts.Torch),
			Recommendation: "check with config/dump_schema.py on your torch (-schema)",
			Evidence:       modes.Inferred,
		}
	}
	msg := fmt.Sprintf("%s is set, but torch %s's Inductor config (torch._inductor.config) reads no such variable, so it changes no key here", name, r.facts.Torch)
	hint := hintOr(didYouMean(name, r.schema.EnvVarNames), "check the variable's name against the release")
	noCG := strings.Contains(name, "DISABLE") && strings.Contains(name, "CUDAGRAPH")
	if noCG {
		// testdata/reference/field-reports.md F6: no variable turns CUDA graphs off,
		// and the near name turns them on.
		msg += " (none of the releases read, 2.2, 2.6, 2.7, 2.11 and 2.14, reads a variable that disables CUDA graphs)"
		hint = "to run without CUDA graphs use a mode without them (max-autotune-no-cudagraphs, or no mode) or options={\"triton.cudagraphs\": False}; TORCHINDUCTOR_CUDAGRAPHS=0 only sets the default, which a mode's patch overrides"
	} else if strings.Contains(name, "DISABLE") && !strings.Contains(hint, "DISABLE") {
		hint = "check the variable's name against the release"
	}
	return Warning{Code: "unknown-env-var", Message: msg, Recommendation: hint, Evidence: r.schemaEv, AdvisesNoCUDAGraphs: noCG}
}

func hintOr(h, alt string) string {
	if h != "" {
		return h
	}
	return alt
}

// legacyAssumption says what the legacy implementation does with static inputs under
// the resolved size_asserts.
func legacyAssumption(res *Result) string {
	if res.SizeAsserts() {
		return "asserts that static inputs (parameters) never change address"
	}
	return "assumes that static inputs (parameters) never change address, without checking (size_asserts=False): a moved parameter is read at its old address"
}

// treesFlagFix is the fix of trees-flag-does-not-disable-cudagraphs, noCG being how
// to run without CUDA graphs. It does not assume what the False was for (newuser27:
// gpt-fast's generate.py sets it on purpose, "# Bug with cudagraph trees in this
// case"): set to turn CUDA graphs off, noCG does that; chosen on purpose, the legacy
// implementation stays, at its cost (legacyCost); to keep CUDA graphs with cudagraph
// trees, the flag is left at its default, True.
func treesFlagFix(noCG string, res *Result) string {
	return "if you set it to turn CUDA graphs off, use " + noCG + " instead; if you chose the legacy " +
		"implementation on purpose (a workaround for cudagraph trees), keep it, at its cost: " + legacyCost(res) +
		"; to keep CUDA graphs with cudagraph trees, leave cudagraph_trees at its default, True"
}

// legacyCost says what choosing the legacy implementation costs a run, under the
// resolved size_asserts: a static input (a parameter) replaced at a new address between
// calls fails its assert, `assert dst.data_ptr() == src.data_ptr()` (compile_fx.py
// cudagraphify_impl @ T2.2.2, T2.6.0, T2.7.1; measured: graphs/fieldscenarios_test.go
// B19-legacy-static-moved-2.2; the diagnose code legacy-static-input-moved), where
// cudagraph trees re-record; without size_asserts nothing checks it (legacyAssumption).
func legacyCost(res *Result) string {
	if res.SizeAsserts() {
		return "a parameter (or other static input) replaced at a new address between calls fails its address assert (AssertionError, legacy-static-input-moved), where cudagraph trees re-record"
	}
	return "a parameter (or other static input) replaced at a new address between calls is read at its old address, unchecked (size_asserts=False), where cudagraph trees re-record"
}

func overrideRecommendation(m modes.Mode, cur *Resolved, p patchEntry) string {
	if p.origin.Source == FromMode {
		return fmt.Sprintf("to keep %s=%s, pass options={**torch._inductor.list_mode_options(%q), %q: %s} instead of mode=%q (mode and options cannot be combined)",
			cur.Key, cur.Value, string(m), string(cur.Key), cur.Value, string(m))
	}
	return fmt.Sprintf("drop %q from options to keep the %s value", string(cur.Key), cur.Origin)
}

// uncertainKeyWarning is a key a borrowed schema lacks but the next release read has.
func uncertainKeyWarning(k schema.Key, note string) Warning {
	return Warning{Code: "uncertain-key", Key: k, Message: note, Evidence: modes.Inferred,
		Recommendation: "check with config/dump_schema.py on your torch (-schema)"}
}

// globalWrongTypeWarning is a global assignment of a value the key's declared type
// does not admit; PyTorch stores it unchecked (measured on 2.11).
func globalWrongTypeWarning(g Assignment, spec schema.KeySpec) Warning {
	return Warning{
		Code: "global-wrong-type", Key: g.Key,
		Message: fmt.Sprintf("%s is declared %s, but the global assignment stores a value of type %s (%s): PyTorch does not check global assignments (measured on 2.11), so code reading it may misbehave",
			g.Key, spec.DeclaredType, g.Value.PyType(), g.Value),
		Recommendation: fmt.Sprintf("assign a value of type %s", strings.TrimSuffix(strings.TrimPrefix(spec.DeclaredType, "<class '"), "'>")),
		Evidence:       modes.Measured,
	}
}

// envForceWarning is an env_name_force variable beating a patch or global that set
// the key to another value.
func envForceWarning(k schema.Key, cur literal.Value, o Origin, forced schema.EnvDefault) Warning {
	return Warning{
		Code: "env-force-overrides", Key: k,
		Message: fmt.Sprintf("%s=%s comes from %s, but %s is an env_name_force variable and beats it: %s stays %s",
			k, cur, o, forced.From, k, forced.Val),
		Recommendation: fmt.Sprintf("unset %s to let the %s value apply", forced.From, o),
		Evidence:       modes.Source,
	}
}

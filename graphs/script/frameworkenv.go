package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// accelerate's own environment (sweep4 finding 3): TorchDynamoPlugin.__post_init__
// reads ACCELERATE_DYNAMO_BACKEND (default "no") when backend= is not given,
// ACCELERATE_DYNAMO_MODE (default "default") when mode= is not, _USE_FULLGRAPH and
// _USE_REGIONAL_COMPILATION through str_to_bool (default "False") and _USE_DYNAMIC when
// set (huggingface/accelerate @16cb6eb8 src/accelerate/utils/dataclasses.py
// TorchDynamoPlugin.__post_init__; str_to_bool in src/accelerate/utils/environment.py:
// y/yes/t/true/on/1 and n/no/f/false/off/0, lower-cased, else ValueError "invalid truth
// value …"). A bare Accelerator() builds TorchDynamoPlugin() (accelerator.py:329), and
// `accelerate launch` writes these variables from --dynamo_backend/--dynamo_mode/… or the
// dynamo_config block of the accelerate config file (src/accelerate/utils/launch.py:189-193).
// to_kwargs drops values equal to the defaults read in a cleared environment, so mode
// "default" and fullgraph False reach torch.compile as not given.

// dynamoEnvVar is one variable TorchDynamoPlugin reads when its keyword is not given.
type dynamoEnvVar struct {
	_       [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	name    string    // the variable
	keyword string    // the plugin's keyword that, given, keeps it unread
	to      string    // torch.compile's keyword it sets ("" none: regional compilation)
	def     string    // accelerate's default ("" : not read when unset)
	isBool  bool      // read through str_to_bool
}

// dynamoEnvVars are the rows of TorchDynamoPlugin.__post_init__ (accelerate @16cb6eb8).
func dynamoEnvVars() []dynamoEnvVar {
	return []dynamoEnvVar{
		{name: "ACCELERATE_DYNAMO_BACKEND", keyword: "backend", to: "backend", def: "no"},
		{name: "ACCELERATE_DYNAMO_MODE", keyword: "mode", to: "mode", def: "default"},
		{name: "ACCELERATE_DYNAMO_USE_FULLGRAPH", keyword: "fullgraph", to: "fullgraph", def: "False", isBool: true},
		{name: "ACCELERATE_DYNAMO_USE_DYNAMIC", keyword: "dynamic", to: "dynamic", isBool: true},
		{name: "ACCELERATE_DYNAMO_USE_REGIONAL_COMPILATION", keyword: "use_regional_compilation", def: "False", isBool: true},
	}
}

// strToBool is accelerate's str_to_bool: the truth of v, and false when it raises.
func strToBool(v string) (truth, ok bool) {
	switch strings.ToLower(v) {
	case "y", "yes", "t", "true", "on", "1":
		return true, true
	case "n", "no", "f", "false", "off", "0":
		return false, true
	}
	return false, false
}

// envAt returns the value variable k has where the reader runs now: the script's own
// last assignment (os.environ[k] = v, .update), else the environment given to
// ReadWith (-env, then the process's); from says which; ok is false when neither.
func (r *reader) envAt(k string) (v, from string, ok bool) {
	for i := len(r.out.Env) - 1; i >= 0; i-- {
		e := r.out.Env[i]
		if e.Name != k || e.How == "putenv" || e.Kept != "" {
			continue
		}
		if e.Value == nil {
			return "", "", false
		}
		from = fmt.Sprintf("set by the script at line %d", e.Line)
		if e.Guard != "" {
			from += " (" + e.Guard + ")"
		}
		return *e.Value, from, true
	}
	if g, ok := r.givenEnv[k]; ok {
		return g.value, "from " + r.envFrom(k), true
	}
	return "", "", false
}

// dynamoPluginCall reports whether c builds accelerate's TorchDynamoPlugin itself, or
// (an Accelerator) one from the environment: no dynamo_backend= and no dynamo_plugin=.
func dynamoPluginCall(fc *frameworkCompiler, c *expr) bool {
	if !fc.readsAccelEnv {
		return false
	}
	for _, a := range c.args {
		if a.star != 0 || a.keyword == "dynamo_plugin" {
			return false // ** not followed: not known; a given plugin is that call's
		}
	}
	return true
}

// givenKeyword reports whether c gives keyword k (or ** that may).
func givenKeyword(c *expr, k string) bool {
	return slices.ContainsFunc(c.args, func(a arg) bool { return a.keyword == k || a.star == 2 })
}

// readAccelEnv records the ACCELERATE_DYNAMO_ variables the plugin c builds reads, so
// a -env of one is not said to be read by nothing.
func (r *reader) readAccelEnv(fc *frameworkCompiler, c *expr) {
	if !fc.readsAccelEnv {
		return
	}
	for _, ev := range dynamoEnvVars() {
		if fc.accelKw(ev) != "" && givenKeyword(c, fc.accelKw(ev)) {
			continue
		}
		if _, seen := r.envReadAt[ev.name]; seen {
			continue
		}
		if r.envReadAt == nil {
			r.envReadAt = map[string]int{}
		}
		r.envReadAt[ev.name] = int(c.line)
		rd := EnvRead{Line: int(c.line), Name: ev.name}
		if g, ok := r.givenEnv[ev.name]; ok {
			v := g.value
			rd.Value, rd.From = &v, g.from
		}
		r.out.EnvReads = append(r.out.EnvReads, rd)
	}
}

// accelKw is the keyword of fc's call that stands for the plugin's keyword of ev
// ("" when the call has none: Accelerator gives only the backend).
func (fc *frameworkCompiler) accelKw(ev dynamoEnvVar) string {
	for k, to := range fc.kws {
		if to == ev.to && to != "" {
			return k
		}
	}
	if ev.to == "" && fc.kws["backend"] != "" {
		return ev.keyword // TorchDynamoPlugin(use_regional_compilation=…)
	}
	return ""
}

// frameworkFromEnv plans or warns about a TorchDynamoPlugin whose backend comes from
// ACCELERATE_DYNAMO_BACKEND (a bare Accelerator(), a plugin without backend=), and
// reports whether it did; false leaves c to frameworkCompile's other paths. An
// Accelerator never prepared is done with here: it compiles nothing.
func (r *reader) frameworkFromEnv(fc *frameworkCompiler, call, c *expr) bool {
	r.readAccelEnv(fc, c)
	if fc.prepared && r.accelNeverPrepared(call) {
		return true // Accelerator.__init__ read the variables; nothing compiles (accelprepare.go)
	}
	if !dynamoPluginCall(fc, c) || givenKeyword(c, fc.accelKw(dynamoEnvVars()[0])) {
		return false
	}
	b, from, ok := r.envAt("ACCELERATE_DYNAMO_BACKEND")
	if !ok {
		return fc.kws["backend"] == "" && r.accelUnset(c) // a plugin keeps its own warning
	}
	if strings.ToUpper(b) == fc.offBackend {
		return true // "no": prepare compiles nothing
	}
	var args []arg
	var shown []string
	for _, a := range c.args {
		if to := fc.kws[a.keyword]; to != "" && a.star == 0 {
			args = append(args, arg{keyword: to, value: a.value})
			shown = append(shown, to+"="+oneLine(r.text(a.value)))
		}
	}
	st := r.site(call, Framework, append([]arg{{value: &expr{kind: name, name: "model"}}}, args...))
	setFrameworkBackend(fc, st, b)
	shown = append([]string{fmt.Sprintf("backend=%q", frameworkBackendText(fc, b))}, append(shown, r.applyAccelEnv(fc, c, st)...)...)
	r.warn(int(c.line), WarningFrameworkCompile, "%s calls torch.compile(%s) for this script (%s): ACCELERATE_DYNAMO_BACKEND=%s (%s); the call is not in this file: it is planned as a site of kind framework at this line, with the values that reach it%s",
		fc.who, strings.Join(append([]string{"model"}, shown...), ", "), fc.source, b, from, notDynamoBackend(fc, b))
	return true
}

// accelUnset warns that a bare Accelerator() compiles only when the launcher says so.
func (r *reader) accelUnset(c *expr) bool {
	r.warn(int(c.line), WarningFrameworkCompile, "accelerate's Accelerator.prepare calls torch.compile(model, …) for this script when ACCELERATE_DYNAMO_BACKEND names a backend other than \"no\" (accelerate utils/dataclasses.py TorchDynamoPlugin.__post_init__): `accelerate launch` sets it from --dynamo_backend or the dynamo_config of the accelerate config file, with ACCELERATE_DYNAMO_MODE, _USE_FULLGRAPH, _USE_DYNAMIC; neither the script nor the environment given sets it, so nothing is planned: plan it with -env ACCELERATE_DYNAMO_BACKEND=inductor and -env ACCELERATE_DYNAMO_MODE=<mode>")
	return true
}

// applyAccelEnv gives the framework site st the mode, fullgraph and dynamic that
// ACCELERATE_DYNAMO_ variables set when c does not give them, and returns them as
// torch.compile's keywords.
func (r *reader) applyAccelEnv(fc *frameworkCompiler, c *expr, st *siteState) []string {
	var shown []string
	for _, ev := range dynamoEnvVars()[1:] {
		if kw := fc.accelKw(ev); kw != "" && givenKeyword(c, kw) {
			continue
		}
		v, from, ok := r.envAt(ev.name)
		if !ok {
			continue
		}
		if s := r.accelEnvValue(st, ev, v, from); s != "" {
			shown = append(shown, s)
		}
	}
	return shown
}

// accelEnvValue applies variable ev's value v (from where) to st: the keyword it
// hands torch.compile ("" none).
func (r *reader) accelEnvValue(st *siteState, ev dynamoEnvVar, v, from string) string {
	truth, ok := strToBool(v)
	switch {
	case ev.isBool && !ok:
		if st.frameworkErr == nil {
			st.frameworkErr = &graphs.RaisedError{Stage: "framework", Exception: "ValueError",
				Message: "invalid truth value " + strings.ToLower(v), Evidence: modes.Inferred}
		}
		st.note("%s=%s (%s) is not a truth value accelerate's str_to_bool reads: TorchDynamoPlugin raises ValueError", ev.name, v, from)
		return ""
	case ev.to == "mode" && v != "default":
		st.Mode, st.ModeLiteral = r.strPtr(v), true
		return fmt.Sprintf("mode=%q", v)
	case ev.to == "fullgraph" && truth:
		st.Fullgraph = &truth
		return "fullgraph=True"
	case ev.to == "dynamic":
		st.Dynamic = &truth
		return fmt.Sprintf("dynamic=%s", pyBool(truth))
	case ev.to == "" && truth:
		st.note("%s=%s (%s): accelerate compiles the model's repeated blocks one by one (compile_regions) with these keywords instead of the whole model", ev.name, v, from)
	}
	return ""
}

// pyBool is Python's spelling of b.
func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

package config_test

// The second and third probes (issue 26): testdata/torch/*-debian/calls2.json and
// calls3.json, written by testdata/probe/cpu_calls2.py and cpu_calls3.py (same format;
// the third holds calls the library was not fixed against). Each call is compared byte for byte (stage, exception
// and message; or the effective config, the backend's keyword arguments and whether
// torch.compile returned the function unchanged). A call the library cannot express
// is an observation too, "cannot express: why", so it is counted and listed in
// knownMismatches like any disagreement.

import (
	"errors"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

type calls2Dump struct {
	Torch  string               `json:"torch"`
	Python string               `json:"python"`
	Calls  map[string]call2Case `json:"calls"`
}

type call2Case struct {
	Call struct {
		Mode, Options, Backend, Dynamic *string
		Fullgraph, Disable, Name        *string
		RecompileLimit                  *string `json:"recompile_limit"`
		IsolateRecompiles               *string `json:"isolate_recompiles"`
		DynamicShapes                   *string `json:"dynamic_shapes"`
		BackendCallable                 string  `json:"backend_callable"`
		Globals                         []string
		Patch                           *struct{ Args, Kwargs, Form string }
		Decorator                       bool
		FirstCall                       bool `json:"first_call"`
		Env                             map[string]string
	} `json:"call"`
	Result struct {
		Stage string `json:"stage"`
		Error *struct {
			Exception string `json:"exception"`
			Message   string `json:"message"`
		} `json:"error"`
		OK            bool              `json:"ok"`
		Wrapper       *string           `json:"wrapper"`
		Changed       map[string]string `json:"changed"`
		BackendKwargs []string          `json:"backend_kwargs"`
		Disabled      bool              `json:"disabled"`
		ProbeError    string            `json:"probe_error"`
	} `json:"result"`
}

// calls2Stats counts a release's calls: all, matching, and those the library cannot express.
type calls2Stats struct{ all, match, inexpressible int }

// compareCalls2 compares the dump PART.json (calls2 or calls3); each call is the
// observation RELEASE/PART/CASE.
func compareCalls2(t *testing.T, obs *observations, rel measuredRelease, r *config.Resolver, base, part string) {
	var d calls2Dump
	if !readJSON(t, filepath.Join(base, part+".json"), &d) {
		return
	}
	names := make([]string, 0, len(d.Calls))
	for n := range d.Calls {
		names = append(names, n)
	}
	sort.Strings(names)
	var st calls2Stats
	pv, err := pyver.Parse(strings.Join(strings.SplitN(d.Python, ".", 3)[:2], "."))
	if err != nil {
		t.Fatalf("%s/%s: python %q: %v", rel.dir, part, d.Python, err)
	}
	py := pyver.MustFor(pv)
	rerun := rerunCases(t, base, part)
	for _, n := range names {
		c := d.Calls[n]
		if rerun[n] {
			continue // builtins.json holds its record, measured with Python's builtins
		}
		if c.Result.ProbeError != "" {
			t.Errorf("%s/%s/%s: the probe failed: %s", rel.dir, part, n, c.Result.ProbeError)
			continue
		}
		want := want2(c)
		got := got2(r, c, py)
		st.all++
		switch {
		case strings.HasPrefix(got, "cannot express"):
			st.inexpressible++
		case got == want:
			st.match++
		}
		obs.add(rel.dir+"/"+part+"/"+n, want, got)
	}
	t.Logf("%s %s (Python %s): %d calls, %d match byte for byte, %d cannot be expressed, %d disagree",
		rel.dir, part, d.Python, st.all, st.match, st.inexpressible, st.all-st.match-st.inexpressible)
}

// rerunCases returns the cases of PART.json that builtins.json (testdata/probe/
// cpu_builtins.py) re-ran: their texts name a builtin, and PART's probe evaluated them
// with none, as no script does.
func rerunCases(t *testing.T, base, part string) map[string]bool {
	var d calls2Dump
	if part == "builtins" || !readJSON(t, filepath.Join(base, "builtins.json"), &d) {
		return nil
	}
	out := map[string]bool{}
	for n := range d.Calls {
		if rest, ok := strings.CutPrefix(n, part+"/"); ok {
			out[rest] = true
		}
	}
	return out
}

// want2 is the measured answer: "STAGE: Exception: message", or "OK" and what the
// call set up.
func want2(c call2Case) string {
	if e := c.Result.Error; e != nil {
		// A SyntaxError names the probe's file and line ("<literal>", 1), which in a
		// script are the script's: left out.
		return c.Result.Stage + ": " + e.Exception + ": " + strings.TrimSuffix(e.Message, " (<literal>, line 1)")
	}
	out := "OK"
	if c.Result.Disabled {
		out += " (disabled)"
	}
	if c.Result.Wrapper != nil && *c.Result.Wrapper == "_TorchCompileWrapper" {
		return out + " kwargs=" + strings.Join(c.Result.BackendKwargs, ",")
	}
	return out + " config: " + changedText(c.Result.Changed)
}

// got2 is the library's answer for c, in want2's form.
func got2(r *config.Resolver, c call2Case, py *pyver.Python) string {
	req, why := request2(c, py)
	if why != "" {
		if strings.HasPrefix(why, "parse: ") {
			return why
		}
		return "cannot express: " + why
	}
	res, err := r.Resolve(req)
	if err != nil {
		return res.Stage + ": " + pyText(err)
	}
	out := "OK"
	if res.Unwrapped {
		out += " (disabled)"
	}
	if res.Backend != "inductor" {
		return out + " kwargs=" + strings.Join(res.BackendKwargs, ",")
	}
	m := map[string]string{}
	for _, k := range res.Changed() {
		m[string(k.Key)] = res.Repr(k.Value)
	}
	return out + " config: " + changedText(m)
}

// lit2 parses a literal of the call; a refusal with Python's own error is the
// "parse" stage, any other refusal cannot be expressed.
func lit2(src string, py *pyver.Python) (literal.Value, string) {
	v, err := literal.ParseFor(src, py)
	if err == nil {
		return v, ""
	}
	var le *literal.Error
	if errors.As(err, &le) && le.Exception != "" {
		return v, "parse: " + le.Exception + ": " + le.PyMessage
	}
	return v, "literal refused: " + err.Error()
}

// request2 builds the Request of c; "" when it can be expressed, else why not (or the
// "parse: …" error the library gives for its text).
func request2(c call2Case, py *pyver.Python) (config.Request, string) {
	var req config.Request
	call := c.Call
	if call.Patch != nil {
		p, why := patch2(call.Patch.Args, call.Patch.Kwargs, py)
		if why != "" {
			return req, why
		}
		req.Patches = append(req.Patches, p)
	}
	req.Decorator, req.FirstCall = call.Decorator, call.FirstCall
	switch call.BackendCallable {
	case "named":
		req.BackendCallable = "my_backend"
	case "lambda":
		req.BackendCallable = "<lambda>"
	}
	for _, kw := range []struct {
		name string
		src  *string
	}{{"fullgraph", call.Fullgraph}, {"disable", call.Disable}, {"name", call.Name}, {"recompile_limit", call.RecompileLimit}, {"isolate_recompiles", call.IsolateRecompiles}, {"dynamic_shapes", call.DynamicShapes}} {
		if kw.src == nil {
			continue
		}
		v, why := lit2(*kw.src, py)
		if why != "" {
			return req, why
		}
		req.Kwargs = append(req.Kwargs, config.Kwarg{Name: kw.name, Value: v})
	}
	for _, g := range call.Globals {
		a, err := config.ParseAssignmentFor(g, py)
		if err != nil {
			var le *literal.Error
			if errors.As(err, &le) && le.Exception != "" {
				return req, "parse: " + le.Exception + ": " + le.PyMessage
			}
			return req, "global: " + err.Error()
		}
		req.Globals = append(req.Globals, a)
	}
	if why := args2(&req, c, py); why != "" {
		return req, why
	}
	if len(call.Env) > 0 {
		env := make([]string, 0, len(call.Env))
		for k, v := range call.Env {
			env = append(env, k+"="+v)
		}
		req.Env = func() []string { return env }
	}
	return req, ""
}

// args2 sets mode, options, backend and dynamic.
func args2(req *config.Request, c call2Case, py *pyver.Python) string {
	call := c.Call
	if s := call.Mode; s != nil {
		v, why := lit2(*s, py)
		if why != "" {
			return why
		}
		if m, ok := v.AsStr(); ok {
			req.Mode = &m
		} else if v.Kind() != literal.NoneKind {
			req.ModeValue = &v
		}
	}
	if s := call.Options; s != nil {
		v, why := lit2(*s, py)
		if why != "" {
			return why
		}
		req.Options = &v
	}
	if s := call.Backend; s != nil {
		v, why := lit2(*s, py)
		if why != "" {
			return why
		}
		req.BackendValue = &v
	}
	if s := call.Dynamic; s != nil {
		v, why := lit2(*s, py)
		if why != "" {
			return why
		}
		b, ok := v.AsBool()
		switch {
		case ok:
			req.Dynamic = &b
		case v.Kind() != literal.NoneKind:
			req.Kwargs = append(req.Kwargs, config.Kwarg{Name: "dynamic", Value: v})
		}
	}
	return ""
}

// patch2 builds a Patch from the probe's argument tuple and keyword dict literals.
func patch2(args, kwargs string, py *pyver.Python) (config.Patch, string) {
	var p config.Patch
	if args == "" {
		args = "()"
	}
	if kwargs == "" {
		kwargs = "{}"
	}
	a, why := lit2(args, py)
	if why != "" {
		return p, why
	}
	k, why := lit2(kwargs, py)
	if why != "" {
		return p, why
	}
	p.Args, p.Kwargs = a.Items(), k.DictItems()
	return p, ""
}

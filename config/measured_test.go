package config_test

// TestMeasured compares the library's answers with what real PyTorch builds printed:
// the dumps committed under testdata/torch/ (2.6.0 and 2.14.1 from Debian's CPU
// builds, made by the probes in testdata/probe/; 2.11.0+cu130 from the GPU machine,
// where its files have the same shape). It needs no PyTorch: only the dumps.
//
// Every comparison is an observation named RELEASE/PART/CASE. A disagreement fails
// the test unless knownMismatches names it, with the reason; a row whose case now
// agrees (or that names no case) fails too, so fixing the library means deleting
// rows and the table cannot go stale. testdata/torch/FINDINGS.md explains each class.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// measuredRelease is one folder of dumps.
type measuredRelease struct {
	dir string        // under testdata/torch
	v   modes.Version // the minor release the library answers for
}

var measuredReleases = []measuredRelease{
	{"2.6.0-debian", modes.Version{Major: 2, Minor: 6}},
	{"2.11", modes.Version{Major: 2, Minor: 11}},
	{"2.14.1-debian", modes.Version{Major: 2, Minor: 14}},
}

// hostDependentKeys have defaults computed from the machine (CPU count, compiler,
// install path, working directory): the Debian builds differ from upstream wheels
// there for host reasons, so their values are not compared.
var hostDependentKeys = map[string]bool{
	"compile_threads": true, "cpp.cxx": true, "cuda.cutlass_dir": true,
	"cutlass.cutlass_dir": true, "xpu.cutlass_dir": true,
}

// observation is one comparison.
type observation struct {
	name, want, got string
}

type observations struct {
	list []observation
}

func (o *observations) add(name, want, got string) {
	o.list = append(o.list, observation{name, want, got})
}

func TestMeasured(t *testing.T) {
	t.Parallel()
	var obs observations
	for _, rel := range measuredReleases {
		r, err := config.NewResolver(rel.v)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join("..", "testdata", "torch", rel.dir)
		if _, err := os.Stat(base); err != nil {
			t.Fatalf("%s: %v", rel.dir, err)
		}
		compareSchema(t, &obs, rel, r, base)
		compareModes(t, &obs, rel, r, base)
		compareBackends(t, &obs, rel, r, base)
		compareCalls(t, &obs, rel, r, base)
		compareThreads(t, &obs, rel, r, base)
		compareEnv(t, &obs, rel, r, base)
		compareCalls2(t, &obs, rel, r, base, "calls2")
		compareCalls2(t, &obs, rel, r, base, "calls3")
		compareCalls2(t, &obs, rel, r, base, "calls4")
		compareCalls2(t, &obs, rel, r, base, "calls5")
		compareCalls2(t, &obs, rel, r, base, "calls6")
		compareCalls2(t, &obs, rel, r, base, "calls7")
		compareCalls2(t, &obs, rel, r, base, "calls8")
		compareCalls2(t, &obs, rel, r, base, "builtins")
		compareCalls2(t, &obs, rel, r, base, "intstr")
		compareCalls2(t, &obs, rel, r, base, "builtins2")
	}

	seen := map[string]bool{}
	var unexpected []string
	for _, o := range obs.list {
		if seen[o.name] {
			t.Errorf("observation %s made twice", o.name)
		}
		seen[o.name] = true
		reason, known := knownMismatches[o.name]
		switch {
		case o.want != o.got && !known:
			unexpected = append(unexpected, fmt.Sprintf("%q: \"\", // want %.300q, got %.300q", o.name, o.want, o.got))
		case o.want == o.got && known:
			t.Errorf("knownMismatches[%q] is stale: the library now agrees with PyTorch (%s); delete the row", o.name, reason)
		}
	}
	if len(unexpected) > 0 {
		t.Errorf("%d disagreements with the measured dumps are not in knownMismatches:\n%s", len(unexpected), strings.Join(unexpected, "\n"))
	}
	for name, reason := range knownMismatches {
		if reason == "" {
			t.Errorf("knownMismatches[%q] has no reason", name)
		}
		if !seen[name] {
			t.Errorf("knownMismatches[%q] names no observation", name)
		}
	}
	t.Logf("%d observations, %d known mismatches", len(obs.list), len(knownMismatches))
}

func readJSON(t *testing.T, path string, v any) bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return true
}

// --- schema -------------------------------------------------------------------

type schemaDump struct {
	Torch string `json:"torch"`
	Keys  []struct {
		Key          string `json:"key"`
		Repr         string `json:"repr"`
		DeclaredType string `json:"declared_type"`
		Host         string `json:"host"`
	} `json:"keys"`
	EnvVarNames []string `json:"env_var_names"`
}

// pythonTypeString normalises str(get_type(k)) across Python versions: 3.14 prints
// Optional[Literal[...]] as "typing.Literal[...] | None".
func pythonTypeString(s string) string {
	if strings.HasPrefix(s, "typing.Literal[") && strings.HasSuffix(s, "] | None") {
		return "typing.Optional[" + strings.TrimSuffix(s, " | None") + "]"
	}
	return s
}

func compareSchema(t *testing.T, obs *observations, rel measuredRelease, r *config.Resolver, base string) {
	var d schemaDump
	if !readJSON(t, filepath.Join(base, "schema.json"), &d) {
		return
	}
	ours := r.Schema().Keys()
	var wantKeys, gotKeys []string
	for _, k := range d.Keys {
		wantKeys = append(wantKeys, k.Key)
	}
	byKey := map[schema.Key]schema.KeySpec{}
	for _, k := range ours {
		gotKeys = append(gotKeys, string(k.Key))
		byKey[k.Key] = k
	}
	obs.add(rel.dir+"/schema/key-order", strings.Join(wantKeys, ","), strings.Join(gotKeys, ","))
	for _, k := range d.Keys {
		spec, ok := byKey[schema.Key(k.Key)]
		if !ok {
			continue // reported by key-order
		}
		if !hostDependentKeys[k.Key] && k.Host == "" {
			obs.add(rel.dir+"/schema/default/"+k.Key, k.Repr, spec.Repr)
		}
		obs.add(rel.dir+"/schema/declared-type/"+k.Key, pythonTypeString(k.DeclaredType), pythonTypeString(spec.DeclaredType))
	}
	obs.add(rel.dir+"/schema/env-var-names", strings.Join(d.EnvVarNames, ","), strings.Join(r.Schema().EnvVarNames, ","))
}

// --- modes --------------------------------------------------------------------

type staticDump struct {
	Torch string `json:"torch"`
	Host  struct {
		CPUs int    `json:"cpus"`
		Cwd  string `json:"cwd"`
	} `json:"host"`
	Modes struct {
		All     [][]json.RawMessage        `json:"list_mode_options()"`
		PerMode map[string]json.RawMessage `json:"per_mode"`
	} `json:"modes"`
	Backends struct {
		ListBackends []string `json:"list_backends"`
		All          []string `json:"list_backends_all"`
	} `json:"backends"`
	AliasKeys  map[string]string   `json:"alias_keys"`
	Calls      map[string]callCase `json:"calls"`
	ThreadView map[string]bool     `json:"thread_view"`
}

type callCase struct {
	Call struct {
		Mode    *string  `json:"mode"`
		Options *string  `json:"options"`
		Backend *string  `json:"backend"`
		Dynamic *string  `json:"dynamic"`
		Globals []string `json:"globals"`
	} `json:"call"`
	Result struct {
		Stage string `json:"stage"`
		Error *struct {
			Exception string `json:"exception"`
			Message   string `json:"message"`
		} `json:"error"`
		OK            bool              `json:"ok"`
		Wrapper       string            `json:"wrapper"`
		Changed       map[string]string `json:"changed"`
		BackendKwargs []string          `json:"backend_kwargs"`
	} `json:"result"`
}

func compareModes(t *testing.T, obs *observations, rel measuredRelease, r *config.Resolver, base string) {
	var d staticDump
	if !readJSON(t, filepath.Join(base, "static.json"), &d) {
		return
	}
	var wantOrder []string
	for _, row := range d.Modes.All {
		var name string
		if err := json.Unmarshal(row[0], &name); err != nil {
			t.Fatal(err)
		}
		wantOrder = append(wantOrder, name)
	}
	tbl := r.Table()
	var gotOrder []string
	for _, e := range tbl.Entries {
		gotOrder = append(gotOrder, string(e.Mode))
	}
	obs.add(rel.dir+"/modes/order", strings.Join(wantOrder, ","), strings.Join(gotOrder, ","))
	for _, e := range tbl.Entries {
		raw, ok := d.Modes.PerMode[fmt.Sprintf("'%s'", e.Mode)]
		if !ok {
			continue // reported by order
		}
		var pairs [][2]string
		if err := json.Unmarshal(raw, &pairs); err != nil {
			obs.add(rel.dir+"/modes/patch/"+string(e.Mode), string(raw), e.Patch.String())
			continue
		}
		var parts []string
		for _, p := range pairs {
			parts = append(parts, fmt.Sprintf("'%s': %s", p[0], p[1]))
		}
		obs.add(rel.dir+"/modes/patch/"+string(e.Mode), "{"+strings.Join(parts, ", ")+"}", e.Patch.String())
	}
}

// --- backends -----------------------------------------------------------------

func compareBackends(t *testing.T, obs *observations, rel measuredRelease, r *config.Resolver, base string) {
	var all []string
	var d staticDump
	if readJSON(t, filepath.Join(base, "static.json"), &d) {
		all = d.Backends.All
	} else {
		var b struct {
			All     []string          `json:"list_backends_all"`
			Compile map[string]string `json:"compile_backend"`
		}
		if !readJSON(t, filepath.Join(base, "backends.json"), &b) {
			return
		}
		all = b.All
		// 2.11's compile_backend: repr(name) -> "OK" or "module.Exception: message".
		for lit, want := range b.Compile {
			v, err := literal.Parse(lit)
			if err != nil {
				t.Fatal(err)
			}
			name, _ := v.AsStr()
			_, err = r.Resolve(config.Request{Backend: name, BackendGiven: true})
			got := "OK"
			if err != nil {
				got = pyText(err)
			}
			want = strings.TrimPrefix(want, "torch._dynamo.exc.")
			obs.add(rel.dir+"/backends/compile/"+lit, want, got)
		}
	}
	want := slices.Clone(all)
	sort.Strings(want)
	got := slices.Clone(r.Facts().Backends)
	sort.Strings(got)
	obs.add(rel.dir+"/backends/list_backends(exclude_tags=())", strings.Join(want, ","), strings.Join(got, ","))
}

// --- torch.compile calls --------------------------------------------------------

func pyText(err error) string {
	var pe config.PythonError
	if errors.As(err, &pe) {
		return pe.Exception() + ": " + pe.Message()
	}
	return "non-Python error: " + err.Error()
}

// requestFor builds the Request for a measured call; "" when the call can be
// expressed, else why not.
func requestFor(c callCase) (config.Request, string) {
	var req config.Request
	if s := c.Call.Mode; s != nil {
		v, err := literal.Parse(*s)
		if err != nil {
			return req, "mode literal: " + err.Error()
		}
		switch v.Kind() {
		case literal.NoneKind:
		case literal.StrKind:
			m, _ := v.AsStr()
			req.Mode = &m
		default:
			req.ModeValue = &v
		}
	}
	if s := c.Call.Options; s != nil {
		v, err := literal.Parse(*s)
		if err != nil {
			return req, "options literal refused: " + err.Error()
		}
		req.Options = &v
	}
	if s := c.Call.Backend; s != nil {
		if why := backendFor(&req, *s); why != "" {
			return req, why
		}
	}
	if s := c.Call.Dynamic; s != nil {
		v, err := literal.Parse(*s)
		if err != nil {
			return req, "dynamic literal: " + err.Error()
		}
		if b, ok := v.AsBool(); ok {
			req.Dynamic = &b
		}
	}
	for _, g := range c.Call.Globals {
		a, err := config.ParseAssignment(g)
		if err != nil {
			return req, "global: " + err.Error()
		}
		req.Globals = append(req.Globals, a)
	}
	return req, ""
}

// backendFor sets req's backend from the literal s; "" when it can be expressed.
func backendFor(req *config.Request, s string) string {
	v, err := literal.Parse(s)
	if err != nil {
		return "backend literal: " + err.Error()
	}
	b, ok := v.AsStr()
	switch {
	case v.Kind() == literal.NoneKind:
		req.BackendNone = true
	case !ok:
		return "Request.Backend is a string: cannot express backend=" + s
	default:
		req.Backend, req.BackendGiven = b, true
	}
	return ""
}

// changedText prints changed keys sorted, host-dependent keys left out.
func changedText(m map[string]string) string { return keysText(m, hostDependentKeys) }

// keysText prints m's keys sorted as k=v, leaving out the keys in skip.
func keysText(m map[string]string, skip map[string]bool) string {
	var parts []string
	for k, v := range m {
		if !skip[k] {
			parts = append(parts, k+"="+v)
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

func resultChanged(res *config.Result) map[string]string {
	m := map[string]string{}
	for _, k := range res.Changed() {
		m[string(k.Key)] = k.Value.String()
	}
	return m
}

func compareCalls(t *testing.T, obs *observations, rel measuredRelease, r *config.Resolver, base string) {
	var d staticDump
	if !readJSON(t, filepath.Join(base, "static.json"), &d) {
		return
	}
	names := make([]string, 0, len(d.Calls))
	for n := range d.Calls {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := d.Calls[n]
		name := rel.dir + "/calls/" + n
		want := "OK"
		if e := c.Result.Error; e != nil {
			want = c.Result.Stage + ": " + e.Exception + ": " + e.Message
		}
		req, why := requestFor(c)
		if why != "" {
			obs.add(name, want, "cannot express: "+why)
			continue
		}
		res, err := r.Resolve(req)
		got := "OK"
		if err != nil {
			got = res.Stage + ": " + pyText(err)
		}
		if want != "OK" || got != "OK" {
			obs.add(name, want, got)
			continue
		}
		obs.add(name, "OK", "OK")
		if c.Result.Wrapper == "_TorchCompileWrapper" {
			w := slices.Clone(c.Result.BackendKwargs)
			sort.Strings(w)
			g := slices.Clone(res.BackendKwargs)
			sort.Strings(g)
			obs.add(name+"/backend-kwargs", strings.Join(w, ","), strings.Join(g, ","))
			continue
		}
		obs.add(name+"/config", changedText(c.Result.Changed), changedText(resultChanged(res)))
	}
}

// --- threads ------------------------------------------------------------------

func compareThreads(t *testing.T, obs *observations, rel measuredRelease, r *config.Resolver, base string) {
	var d staticDump
	if !readJSON(t, filepath.Join(base, "static.json"), &d) || d.ThreadView == nil {
		return
	}
	// The probe flips triton.cudagraphs in the main thread and reads it in a new thread.
	def := d.ThreadView["default_triton.cudagraphs"]
	flipped := literal.Bool(!def)
	res, err := r.Resolve(config.Request{Globals: []config.Assignment{{Key: "triton.cudagraphs", Value: flipped}}})
	if err != nil {
		t.Fatal(err)
	}
	got := "nil"
	if res.Threaded != nil {
		v, _ := res.Threaded.Get("triton.cudagraphs")
		got = v.Value.String()
	}
	want := map[bool]string{true: "True", false: "False"}[d.ThreadView["main_set_thread_reads"]]
	obs.add(rel.dir+"/threads/main-sets-global-thread-reads", want, got)
}

// --- environment --------------------------------------------------------------

type envDump struct {
	Host *struct {
		CPUs int    `json:"cpus"`
		Cwd  string `json:"cwd"`
	} `json:"host"`
	Effects     map[string]map[string]map[string]string `json:"effects"`
	EdgeEffects map[string]map[string]map[string]string `json:"edge_effects"`
}

func compareEnv(t *testing.T, obs *observations, rel measuredRelease, r *config.Resolver, base string) {
	var d envDump
	file := "env_effects.json"
	if !readJSON(t, filepath.Join(base, file), &d) {
		file = "torch_env_effects.json"
		if !readJSON(t, filepath.Join(base, file), &d) {
			return
		}
	}
	// 2.11's dumping host: 32 CPUs, working directory /work/steering/probe.
	host := schema.Host{CPUs: 32, Dir: "/work/steering/probe"}
	if d.Host != nil {
		host = schema.Host{CPUs: d.Host.CPUs, Dir: d.Host.Cwd}
	}
	for part, effects := range map[string]map[string]map[string]map[string]string{"env": d.Effects, "env-edge": d.EdgeEffects} {
		for name, byVal := range effects {
			for val, want := range byVal {
				res, err := r.Resolve(config.Request{Env: func() []string { return []string{name + "=" + val} }, Host: host})
				got := map[string]string{}
				if err != nil {
					got["__error__"] = pyText(err)
				} else {
					got = resultChanged(res)
				}
				// The dump's host is known, so host-dependent keys are compared too.
				obs.add(fmt.Sprintf("%s/%s/%s=%q", rel.dir, part, name, val), keysText(want, nil), keysText(got, nil))
			}
		}
	}
}

package graphs

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// ErrNilScenario is what [Check] of a nil *Scenario wraps.
var ErrNilScenario = errors.New("nil *Scenario: pass &graphs.Scenario{} for torch.compile(model) on the default release")

// Check answers a scenario whole: it validates the scenario, resolves the compile call
// against the release's schema (or sc.Schema), plans CUDA graphs for the workload and
// assembles the [Report] the command prints. It is the library's entry point; the
// command only turns flags into a Scenario and prints what Check returns.
//
// The zero Scenario (&Scenario{}) is torch.compile(model) on the default release
// (modes.DefaultRelease(), 2.11: the one measured) in a clean environment, one device,
// main thread; a nil sc is an error (a *ScenarioError wrapping ErrNilScenario), as a
// missing scenario is a caller's mistake, not a question. sc.Env is the whole
// environment: nothing is read from the process. sc is not modified.
//
// When PyTorch would raise, Check returns a Report with Exit [Raises] and a nil error:
// Report.Error holds what raises before any device runs (torch.compile itself,
// importing its config, a global assignment), a row of CUDAGraphs.Devices with
// Outcome [Fail] what a device's first call raises (a device thread's AssertionError
// under cudagraph trees before 2.14), with Report.Error nil. [Report.Err] returns
// either as a *[RaiseError]: test rep.Err() != nil, not rep.Error. It returns
// an error only for a scenario that cannot be used (exit class [InputError]): a
// *ScenarioError naming the field, wrapping the parser's error (a *literal.Error,
// *config.AssignmentError, *modes.VersionError, *WorkloadError, …). Its fields are
// validated first, as [LoadScenario] validates a file's: every string free of NUL and
// invalid UTF-8, the environment as -env takes it, the limits (config.MaxEnvEntries,
// MaxDevices, MaxDeviceThreads, MaxDistinctSizes) checked before any work.
func Check(sc *Scenario) (*Report, error) {
	if sc == nil {
		return nil, &ScenarioError{Err: ErrNilScenario}
	}
	if err := sc.validate(); err != nil {
		return nil, err
	}
	in, err := sc.compileInput()
	if err != nil {
		return nil, err
	}
	w := sc.Workload
	// torch._dynamo.config assignments change what Inductor is given, not its config:
	// they go to the workload (Workload.Dynamo).
	_, dynamo := splitDynamo(sc.Set)
	if len(dynamo) > 0 {
		w.Dynamo = strings.Join(append(w.dynamo(), dynamo...), ",")
	}
	// torch._dynamo.config.disable turns compilation off (config.Request.DynamoDisable).
	if v, ok := w.dynamoValue("disable"); ok {
		in.req.DynamoDisable = v
	}
	in.req.Stance = w.Stance
	in.req.ThreadsInheritContext = w.InheritContext
	if w.Allocator == "" {
		w.Allocator = catalog.AllocatorFromEnvOn(func(name string) string { return sc.Env[name] }, in.resolver.Facts().Torch)
	}
	if w, err = w.Normalize(); err != nil {
		return nil, &ScenarioError{Path: "workload", Err: err}
	}
	res, rerr := in.resolver.Resolve(in.req)
	if rerr != nil {
		var pe config.PythonError
		if !errors.As(rerr, &pe) {
			return nil, &ScenarioError{Path: resolvePath(rerr), Err: rerr}
		}
		return newReport(in.resolver, res, nil, w), nil
	}
	plan, err := Build(res, w)
	if err != nil {
		return nil, &ScenarioError{Path: "workload", Err: err}
	}
	rep := newReport(in.resolver, res, plan, w)
	if v, ok := w.dynamoValue("suppress_errors"); ok && v {
		rep = rep.SuppressedErrors(suppressErrorsWhy)
	}
	return rep, nil
}

// compileInput is a scenario's compile call, parsed and checked.
type compileInput struct {
	resolver *config.Resolver
	req      config.Request
}

// compileInput parses every field of the compile call, in the order a reader meets
// them: the release (and schema), the backend, the mode, the options, the global
// assignments, the environment and dynamic.
func (s *Scenario) compileInput() (*compileInput, error) {
	r, err := s.resolver()
	if err != nil {
		return nil, err
	}
	in := &compileInput{resolver: r}
	req := &in.req
	req.Backend, req.Mode, req.Dynamic = s.Backend, s.Mode, s.Dynamic
	req.Fullgraph = s.Fullgraph != nil && *s.Fullgraph
	if req.Backend == "" && !s.BackendGiven {
		req.Backend = "inductor"
	}
	req.BackendGiven = s.BackendGiven
	req.BackendCallable = s.BackendCallable
	if s.Python != "" {
		b, err := pyver.ParseBuild(s.Python)
		if err == nil {
			_, err = pyver.For(b.Version)
		}
		if err != nil {
			return nil, &ScenarioError{Path: "python", Err: err}
		}
		req.Python, req.FreeThreaded = b.Version, b.FreeThreaded
		if b.PatchGiven {
			req.PythonPatch = &b.Patch
		}
	}
	// The Python that runs the script reads its text: its Unicode and its texts.
	py := config.PythonFor(r.Facts().Torch, req.Python)
	if s.Options != "" {
		o, err := config.ParseOptionsFor(s.Options, py)
		if err != nil {
			return nil, &ScenarioError{Path: "options", Err: err}
		}
		req.Options = &o
	}
	if req.Globals, err = s.globals(py); err != nil {
		return nil, err
	}
	kws, err := s.kwargs(py)
	if err != nil {
		return nil, err
	}
	req.Kwargs = append(req.Kwargs, kws...)
	env := s.environ()
	req.Env = func() []string { return env }
	req.Host = s.Host
	return in, nil
}

// globals parses the scenario's set entries: the Inductor assignments, in order; a
// torch._dynamo.config key, which Check gives to the workload, is checked here so that
// its error names the entry (libsweep finding 7: "workload dynamo=…").
func (s *Scenario) globals(py literal.Lang) ([]config.Assignment, error) {
	var out []config.Assignment
	for i, a := range s.Set {
		if _, dyn := splitDynamo([]string{a}); len(dyn) > 0 {
			if we := checkDynamoAssignment(dyn[0], dynamoKnown()); we != nil {
				return nil, &ScenarioError{Path: fmt.Sprintf("set[%d]", i), Err: &setEntryError{inputerr.Cut(a, 80), we}}
			}
			continue
		}
		g, err := config.ParseAssignmentFor(a, py)
		if err != nil {
			return nil, &ScenarioError{Path: fmt.Sprintf("set[%d]", i), Err: err}
		}
		out = append(out, g)
	}
	return out, nil
}

// setEntryError is a set entry's *WorkloadError (of the workload field the entry goes
// to) told as the entry, quoted as an Inductor entry's error quotes it.
type setEntryError struct {
	entry string
	err   *WorkloadError
}

func (e *setEntryError) Error() string { return fmt.Sprintf("%q: %s", e.entry, e.err.Msg) }
func (e *setEntryError) Unwrap() error { return e.err }

// resolver returns the resolver for the scenario's release, or for its schema. A
// scenario that names a release and carries a schema of another release is an error.
func (s *Scenario) resolver() (*config.Resolver, error) {
	v := modes.DefaultRelease()
	if s.Torch != "" {
		var err error
		if v, err = modes.ParseVersion(s.Torch); err != nil {
			return nil, &ScenarioError{Path: "torch", Err: err}
		}
	}
	if s.Schema == nil {
		r, err := config.NewResolver(v)
		if err != nil {
			return nil, &ScenarioError{Path: "torch", Err: err}
		}
		return r, nil
	}
	if s.Torch != "" && s.Schema.Version != v {
		return nil, &ScenarioError{Path: "torch", Err: fmt.Errorf("%s, but the schema describes torch %s: drop it (the schema names its release) or give %s", v, s.Schema.Torch, s.Schema.Version)}
	}
	r, err := config.NewResolverFromSchema(s.Schema)
	if err != nil {
		return nil, &ScenarioError{Path: "schema", Err: err}
	}
	return r, nil
}

// environ returns the environment as NAME=VALUE strings in name order. validate has
// checked every name and value as the -env flag does.
func (s *Scenario) environ() []string {
	names := make([]string, 0, len(s.Env))
	for name := range s.Env {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	env := make([]string, 0, len(s.Env))
	for _, name := range names {
		env = append(env, name+"="+s.Env[name])
	}
	return env
}

// kwargs parses Disable and Kwargs, the keyword arguments config.Request.Kwargs holds.
func (s *Scenario) kwargs(py literal.Lang) ([]config.Kwarg, error) {
	var out []config.Kwarg
	if s.Disable != "" {
		v, err := literal.ParseFor(s.Disable, py)
		if err != nil {
			return nil, &ScenarioError{Path: "disable", Err: err}
		}
		out = append(out, config.Kwarg{Name: "disable", Value: v})
	}
	for i, kv := range s.Kwargs {
		kw, err := parseKwarg(kv, py)
		if err != nil {
			return nil, &ScenarioError{Path: fmt.Sprintf("kwargs[%d]", i), Err: err}
		}
		out = append(out, kw)
	}
	return out, nil
}

// parseKwarg reads one of Scenario.Kwargs, NAME=VALUE: NAME a Python identifier,
// VALUE a Python literal.
// fieldKwargs are torch.compile's parameters a scenario gives as fields of its own,
// by the field's name ("" for model, which the scenario does not name).
var fieldKwargs = map[string]string{"mode": "mode", "options": "options", "backend": "backend", "model": ""}

func parseKwarg(kv string, py literal.Lang) (config.Kwarg, error) {
	name, value, ok := strings.Cut(kv, "=")
	if !ok || !isIdentifier(name) {
		return config.Kwarg{}, fmt.Errorf("want NAME=VALUE with NAME a keyword argument's name, got %q", kv)
	}
	if field, own := fieldKwargs[name]; own {
		// torch.compile takes it (model as its first parameter): not an unexpected
		// keyword, a field of the scenario's own (sweep5 finding 2: planned as
		// "compile() got an unexpected keyword argument 'mode'").
		if field == "" {
			return config.Kwarg{}, fmt.Errorf("model is torch.compile's first parameter, the function it compiles: a scenario does not give it")
		}
		return config.Kwarg{}, fmt.Errorf("%s is torch.compile's argument: give it as the scenario's %q field, not in kwargs", name, field)
	}
	v, err := literal.ParseFor(value, py)
	if err != nil {
		return config.Kwarg{}, err
	}
	return config.Kwarg{Name: name, Value: v}, nil
}

// isIdentifier reports whether s is an ASCII Python identifier.
func isIdentifier(s string) bool {
	for i, c := range s {
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}

// resolvePath is the scenario field that an error of config.Resolve (one that is no
// PythonError) is about: "python" for a Python the resolver cannot plan (a
// free-threaded build whose outcome is not known, a Python without data), else none.
// It is never the name of a step of Check: "scenario resolve:" reached users (fix
// brief 29, finding 3).
func resolvePath(err error) string {
	var fe *config.FreeThreadedError
	var pe *pyver.Error
	if errors.As(err, &fe) || errors.As(err, &pe) {
		return "python"
	}
	return ""
}

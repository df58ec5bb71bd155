package graphs

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// ReportFormat is the value of Report.Format: the name and version of the JSON
// contract. A change that is not backward compatible gets a new version.
const ReportFormat = "compilemode-report/1"

// Exit classes a scenario falls in. Their text forms are the report's "exit" field.
type Exit string

const (
	// Compiles: torch.compile accepts the call and the first call runs on every device.
	Compiles Exit = "compiles"
	// Raises: torch.compile (or importing its config, or a global assignment) raises,
	// or the first call raises on some device.
	Raises Exit = "raises"
	// InputError: the scenario cannot be used (Check returned an error, no report).
	InputError Exit = "input-error"
)

// Code returns the command's exit status for the class: 0, 1 or 2.
func (e Exit) Code() int {
	switch e {
	case Compiles:
		return 0
	case Raises:
		return 1
	}
	return 2
}

// Report is the whole answer to a [Scenario]: what the command prints, as data. Its
// JSON form (json.Marshal) is the documented report, "format" compilemode-report/1;
// field names are stable. Build it with [Check]; it is not modified afterwards and may
// be read from any goroutine.
type Report struct {
	Format string `json:"format"` // ReportFormat
	// Torch is the minor release resolved for ("2.11"); Schema the release string of
	// the schema used ("2.11.0+cu130"; a release without its own schema borrows one).
	Torch  string `json:"torch"`
	Schema string `json:"schema"`
	// Python is the Python resolved for ("3.14"): the scenario's, or the release's
	// default (config.Facts.Python).
	Python  string `json:"python"`
	Backend string `json:"backend"`
	// Mode is the mode argument as given; nil means None (not given).
	Mode *string `json:"mode"`
	// Exit is the scenario's class: compiles or raises.
	Exit Exit `json:"exit"`
	// Error is what PyTorch raises, when it raises before any device runs; nil when
	// only a device's first call raises (a CUDAGraphs.Devices row with Outcome Fail).
	// [Report.Err] gives either.
	Error *RaisedError `json:"error"`
	// Config is every key in PyTorch's order (get_config_copy), with its value and
	// where it came from; empty when importing the config fails.
	Config ConfigReport `json:"config"`
	// CUDAGraphs is the verdict and the per-device, per-thread plan.
	CUDAGraphs CUDAGraphsReport `json:"cudagraphs"`
	// CompileDisabled reports that a switch turned torch.compile off (DisabledBy):
	// nothing is compiled.
	CompileDisabled bool `json:"compile_disabled,omitempty"`
	// DisabledBy is that switch, as written (config.Result.DisabledBy).
	DisabledBy string `json:"disabled_by,omitempty"`
	// Warnings are resolution's and the plan's hazards merged: a plan warning with the code of a resolution warning (its workload-aware version) takes its place.
	Warnings []config.Warning `json:"warnings"`
	// Explain is a paragraph in plain words ("" when torch.compile raises). Do not
	// depend on its wording being stable.
	Explain string `json:"explain"`
	// Evidence says how the mode table, the schema and the release's facts are known.
	Evidence ReportEvidence `json:"evidence"`

	// Result and Plan are the lower-level answers the report was built from (Plan is
	// nil when torch.compile raises). They are not part of the JSON form.
	Result *config.Result `json:"-"`
	Plan   *Plan          `json:"-"`
}

// RaisedError is an exception PyTorch raises, exactly as it prints it.
type RaisedError struct {
	// Stage is where (config.Result.Stage): "parse" (Python reading the call's text),
	// "import" (importing torch._inductor.config with a malformed variable), "global"
	// (a global assignment), "patch" (config.patch), "compile" (torch.compile itself),
	// "decorate" (the decorator form, when applied), "first-call", "recompile" (a later
	// call that recompiles under set_stance("fail_on_recompile"): graphs/script),
	// "stance" (torch.compiler.set_stance, on a release without it: Workload.Stance) or
	// "framework" (a framework that calls torch.compile for a script raises before it:
	// graphs/script).
	Stage     string `json:"stage"`
	Exception string `json:"exception"` // the Python class name, e.g. "RuntimeError"
	Message   string `json:"message"`   // exactly what PyTorch prints after "Exception: "
	// Hint is compilemode's suggestion ("did you mean …?"), not PyTorch's.
	Hint     string         `json:"hint,omitempty"`
	Evidence modes.Evidence `json:"evidence"`
}

// ConfigReport is every resolved key in PyTorch's order. It marshals to a JSON object
// whose members keep that order.
type ConfigReport []KeyReport

// KeyReport is one key of the report.
type KeyReport struct {
	_     [0]func()     // incomparable: no equality code (examples/web: Transfer size)
	Key   schema.Key    `json:"-"`
	Value literal.Value `json:"value"`
	// Source is default, env:NAME, global, mode:NAME or options.
	Source string `json:"source"`
	// Changed reports whether the value differs from the clean-environment default.
	Changed  bool           `json:"changed"`
	Evidence modes.Evidence `json:"evidence"`
	// repr is Value's repr as the report's Python prints it (config.Result.Repr: a str's
	// characters that Python's Unicode does not know are escaped); "" for Value.String.
	repr string
}

// Value returns the report of one key ("triton.cudagraphs", or with its module path as
// Python writes it, "torch._inductor.config.triton.cudagraphs", as Scenario.Set takes
// it): its value, source and evidence. ok is false for a key the release's schema does not have (and for every
// key when importing the config failed: Config is then empty).
func (r *Report) Value(key string) (k KeyReport, ok bool) {
	if r == nil {
		return KeyReport{}, false
	}
	// As ParseAssignment (Scenario.Set) takes it: with its module path too (libsweep finding 3).
	key = strings.TrimPrefix(key, config.InductorPrefix)
	for _, k := range r.Config {
		if string(k.Key) == key {
			return k, true
		}
	}
	return KeyReport{}, false
}

// Changed returns the keys whose value differs from the clean-environment default,
// in PyTorch's order (what the text report lists as "Changed keys"). The slice is
// the caller's.
func (r *Report) Changed() ConfigReport {
	out := ConfigReport{}
	if r == nil {
		return out
	}
	for _, k := range r.Config {
		if k.Changed {
			out = append(out, k)
		}
	}
	return out
}

// Bool returns the value when it is a Python bool; ok is false otherwise.
func (k KeyReport) Bool() (b bool, ok bool) { return k.Value.AsBool() }

// Int returns the value when it is a Python int (not a bool) that fits an int64;
// ok is false otherwise.
func (k KeyReport) Int() (n int64, ok bool) { return k.Value.AsInt() }

// Str returns the value when it is a Python str; ok is false otherwise (None
// included).
func (k KeyReport) Str() (s string, ok bool) { return k.Value.AsStr() }

// String returns KEY=VALUE with the value's Python repr, as the command's -key prints
// it (triton.cudagraphs=True).
func (k KeyReport) String() string { return string(k.Key) + "=" + k.Repr() }

// Repr returns the value's Python repr as the Python of the report prints it: a str
// holding a character newer than that Python's Unicode shows it escaped
// ('\U00010efd' on 3.8, '𐻽' on 3.12).
func (k KeyReport) Repr() string {
	if k.repr != "" {
		return k.repr
	}
	return k.Value.String()
}

// MarshalJSON writes {"KEY": {"value", "source", "changed", "evidence"}, …} in order.
func (c ConfigReport) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		name, err := json.Marshal(string(k.Key))
		if err != nil {
			return nil, err
		}
		b.Write(name)
		b.WriteByte(':')
		v, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// CUDAGraphsReport is the CUDA-graph verdict and plan.
type CUDAGraphsReport struct {
	Enabled        bool           `json:"enabled"`
	Implementation Implementation `json:"implementation"`
	// WorkerThreads is the verdict in user threads that compile when it differs from
	// the main thread's (from 2.12 they do not see global assignments); nil otherwise,
	// also for callers of a function the main thread called first, which run its code
	// (Workload.workersCompile).
	WorkerThreads *config.Verdict `json:"worker_threads,omitempty"`
	Devices       []DevicePlan    `json:"devices"`
}

// ReportEvidence says how the report's sources are known: measured, source, inferred.
// Its labels are those of the README's release table (modes.ReleaseRows): the text
// report's header prints the same words.
type ReportEvidence struct {
	_      [0]func()      // incomparable: no equality code (examples/web: Transfer size)
	Modes  modes.Evidence `json:"modes"`
	Schema modes.Evidence `json:"schema"`
	// Facts is how the release's static facts are known (defaults, mode tables,
	// environment rules, argument errors, backends): the table's "static facts" row
	// (modes.StaticEvidenceOf). FactsBuild names the build they were measured on
	// when that is not the GPU machine ("CPU build 2.6.0").
	Facts      modes.Evidence `json:"facts"`
	FactsBuild string         `json:"facts_build,omitempty"`
	// CUDA is how its CUDA behaviour is known (capture, cudagraph trees, skips): the
	// table's "CUDA behaviour" row (modes.EvidenceOf).
	CUDA modes.Evidence `json:"cuda"`
}

// reportEvidence is the evidence of a report on release v.
func reportEvidence(r *config.Resolver, v modes.Version) ReportEvidence {
	ev := ReportEvidence{Modes: r.Table().Evidence, Schema: r.SchemaEvidence(), Facts: modes.StaticEvidenceOf(v), CUDA: modes.EvidenceOf(v)}
	for _, row := range modes.ReleaseRows() {
		if row.Releases.Contains(v) && row.Static != "" {
			ev.FactsBuild = strings.TrimPrefix(row.StaticBuild, "Debian ")
		}
	}
	return ev
}

// newReport assembles the report of a resolution and its plan (nil when resolution
// failed) for workload w.
func newReport(r *config.Resolver, res *config.Result, plan *Plan, w Workload) *Report {
	rep := &Report{
		Format: ReportFormat, Torch: res.Torch.String(), Schema: res.SchemaTorch, Python: pythonName(res), Backend: res.Backend,
		Mode: clonePtr(res.RequestedMode), Exit: Compiles, Config: ConfigReport{}, CompileDisabled: res.CompileDisabled, DisabledBy: res.DisabledBy,
		CUDAGraphs: CUDAGraphsReport{Enabled: res.CUDAGraphs.Enabled, Implementation: res.CUDAGraphs.Implementation, Devices: []DevicePlan{}},
		Evidence:   reportEvidence(r, res.Torch),
		Warnings:   []config.Warning{},
		Result:     res, Plan: plan,
	}
	for _, k := range res.Keys() {
		rep.Config = append(rep.Config, KeyReport{Key: k.Key, Value: k.Value, Source: k.Origin.String(), Changed: k.Origin.Changed, Evidence: k.Origin.Evidence, repr: res.Repr(k.Value)})
	}
	if res.Err != nil {
		rep.Exit, rep.Error = Raises, raised(res)
		rep.CUDAGraphs.Enabled, rep.CUDAGraphs.Implementation = false, NoCUDAGraphs
		rep.Warnings = append(rep.Warnings, res.Warnings...)
		return rep
	}
	rep.Warnings = append(rep.Warnings, mergeWarnings(res.Warnings, plan.Warnings)...)
	rep.CUDAGraphs.Devices = append(rep.CUDAGraphs.Devices, plan.Devices...) // the report's own copy
	if w.workersCompile() && res.Threaded != nil && res.Threaded.CUDAGraphs != res.CUDAGraphs {
		v := res.Threaded.CUDAGraphs
		rep.CUDAGraphs.WorkerThreads = &v
	}
	for _, d := range plan.Devices {
		if d.Outcome == Fail {
			rep.Exit = Raises
		}
	}
	rep.Explain = explainPlan(res, plan)
	return rep
}

// raised returns the report's view of res.Err.
func raised(res *config.Result) *RaisedError {
	var pe config.PythonError
	if !errors.As(res.Err, &pe) {
		return nil
	}
	e := &RaisedError{Stage: res.Stage, Exception: pe.Exception(), Message: pe.Message(), Evidence: res.ErrEvidence}
	var h config.Hinter
	if errors.As(res.Err, &h) {
		e.Hint = h.Hint()
	}
	return e
}

// pythonName is the Python res was resolved for as -python names it: "3.13", or
// "3.13t" for a free-threaded build.
func pythonName(res *config.Result) string {
	if res.FreeThreaded {
		return res.Python.String() + "t"
	}
	return res.Python.String()
}

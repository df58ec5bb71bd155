package graphs_test

import (
	"bytes"
	"errors"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/graphs/internal/textwrap"
	"github.com/compilemode/compilemode/modes"
)

// nilSafePackages are the package directories (relative to graphs/) whose exported
// functions and methods must not panic on nil or zero arguments and receivers. The
// names are read from the source with go/doc, for the files the default build
// selects (the cuda-tagged backend files are compiled only on the GPU machine and
// are not listed). To cover a new package, add its directory here and its cases to
// nilCases; examples/internal/cliflags has its own copy of this test, as graphs may
// not import it.
var nilSafePackages = []string{"../config", "../modes", ".", "internal/textwrap", "backend"}

// mustErr fails the test when err is nil: a nil or zero input that cannot do the work
// must say so.
func mustErr(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Error("got a nil error for a nil or zero input")
	}
}

// nilErrs calls Error on a nil pointer of each error type, and on a zero one.
func nilErrs[T any, P interface {
	*T
	error
}]() {
	_ = P(nil).Error()
	_ = P(new(T)).Error()
}

// nilCases holds one case per exported function or method, keyed "pkg.Func" or
// "pkg.Type.Method". Each calls it with nil and zero arguments (and a nil and a zero
// receiver); the case passes when nothing panics and, where the call cannot do its
// work, an error comes back. Add a case for every new exported name: the test lists
// the names with go/doc and fails for one without a case.
var nilCases = map[string]func(t *testing.T){
	// Rows: read-only views, no arguments.
	"config.FactRows":     func(t *testing.T) { _ = config.FactRows() },
	"config.SchemaRows":   func(t *testing.T) { _ = config.SchemaRows() },
	"graphs.Hazards":      func(t *testing.T) { _ = graphs.Hazards() },
	"graphs.Placeholders": func(t *testing.T) { _ = graphs.Placeholders() },
	"graphs.Rules":        func(t *testing.T) { _ = graphs.Rules() },
	"modes.ModeRows":      func(t *testing.T) { _ = modes.ModeRows() },
	"modes.ReleaseRows":   func(t *testing.T) { _ = modes.ReleaseRows() },
	"modes.SiteRows":      func(t *testing.T) { _ = modes.SiteRows() },
	"modes.EvidenceOf": func(t *testing.T) {
		_ = modes.EvidenceOf(modes.Version{})
		_ = modes.EvidenceOf(modes.Version{Major: -1, Minor: -1})
	},
	"modes.StaticEvidenceOf": func(t *testing.T) {
		_ = modes.StaticEvidenceOf(modes.Version{})
		_ = modes.StaticEvidenceOf(modes.Version{Major: -1, Minor: -1})
	},
	"modes.Minors": func(t *testing.T) {
		if modes.Minors(0, 0).Valid() || modes.Minors(9, 1).Valid() {
			t.Error("a zero or reversed range is valid")
		}
	},
	"modes.Releases.Contains": func(t *testing.T) { _ = modes.Releases{}.Contains(modes.Version{}) },
	"modes.Releases.Overlaps": func(t *testing.T) { _ = modes.Releases{}.Overlaps(modes.Releases{}) },
	"modes.Releases.String":   func(t *testing.T) { _ = modes.Releases{}.String() },
	"modes.Releases.Valid": func(t *testing.T) {
		if (modes.Releases{}).Valid() {
			t.Error("the zero Releases is valid")
		}
	},
	// backend (untagged part): the handoff options.
	"backend.Handoff.GoString":   func(t *testing.T) { _ = backend.Handoff(0).GoString(); _ = backend.Handoff(-1).GoString() },
	"backend.Handoff.String":     func(t *testing.T) { _ = backend.Handoff(0).String(); _ = backend.Handoff(-1).String() },
	"backend.HandoffError.Error": func(t *testing.T) { nilErrs[backend.HandoffError]() },
	"backend.ParseHandoff": func(t *testing.T) {
		_, err := backend.ParseHandoff("\x00nonsense")
		mustErr(t, err)
	},
	"backend.WithGPUTiming": func(t *testing.T) { _ = backend.WithGPUTiming(false).String() },
	"backend.WithHandoff":   func(t *testing.T) { _ = backend.WithHandoff(backend.Handoff(-1)).String() },
	"backend.WithSpin":      func(t *testing.T) { _ = backend.WithSpin(0, -1).String() },
	// config: constructors and parsers.
	"config.Bool":  func(t *testing.T) { _ = config.Bool(false).String() },
	"config.Dict":  func(t *testing.T) { _ = config.Dict().String(); _ = config.Dict(config.DictItem{}).String() },
	"config.Float": func(t *testing.T) { _ = config.Float(0).String() },
	"config.Int":   func(t *testing.T) { _ = config.Int(0).String() },
	"config.List":  func(t *testing.T) { _ = config.List().String(); _ = config.List(config.Value{}).String() },
	"config.None":  func(t *testing.T) { _ = config.None().String() },
	"config.Opaque": func(t *testing.T) {
		_ = config.Opaque("", "").String()
	},
	"config.Str":   func(t *testing.T) { _ = config.Str("").String() },
	"config.Tuple": func(t *testing.T) { _ = config.Tuple().String(); _ = config.Tuple(config.Value{}).String() },
	"config.BuiltinSchema": func(t *testing.T) {
		_, _, err := config.BuiltinSchema(modes.Version{})
		mustErr(t, err)
	},
	"config.CheckStrictJSON": func(t *testing.T) {
		mustErr(t, config.CheckStrictJSON(nil))
		mustErr(t, config.CheckStrictJSON([]byte{}))
	},
	"config.CheckText":   func(t *testing.T) { _ = config.CheckText("") },
	"config.EvidenceFor": func(t *testing.T) { _ = config.EvidenceFor(modes.Version{}) },
	"config.FactsFor":    func(t *testing.T) { _ = config.FactsFor(modes.Version{}) },
	"config.LoadSchema": func(t *testing.T) {
		_, err := config.LoadSchema("", nil)
		var z *config.ZeroError
		if !errors.As(err, &z) {
			t.Errorf("LoadSchema(nil reader) = %v, want a *config.ZeroError", err)
		}
		_, err = config.LoadSchema("", strings.NewReader(""))
		mustErr(t, err)
	},
	"config.MustParseLiteral": func(t *testing.T) {
		// A Must function panics on bad input by design (constant input only); the
		// zero input is bad input. It must panic with the *LiteralError, nothing else.
		defer func() {
			var le *config.LiteralError
			if err, _ := recover().(error); !errors.As(err, &le) {
				t.Errorf("MustParseLiteral(\"\") panicked with %v, want a *config.LiteralError", err)
			}
		}()
		config.MustParseLiteral("")
	},
	"config.NewResolver": func(t *testing.T) {
		_, err := config.NewResolver(modes.Version{})
		mustErr(t, err)
	},
	"config.NewResolverFromSchema": func(t *testing.T) {
		_, err := config.NewResolverFromSchema(nil)
		mustErr(t, err)
		_, err = config.NewResolverFromSchema(&config.Schema{})
		mustErr(t, err)
	},
	"config.ParseAssignment":    func(t *testing.T) { _, err := config.ParseAssignment(""); mustErr(t, err) },
	"config.ParseEnvAssignment": func(t *testing.T) { _, _, err := config.ParseEnvAssignment(""); mustErr(t, err) },
	"config.ParseLiteral":       func(t *testing.T) { _, err := config.ParseLiteral(""); mustErr(t, err) },
	"config.ParseOptions":       func(t *testing.T) { _, err := config.ParseOptions(""); mustErr(t, err) },
	"config.Resolve": func(t *testing.T) {
		_, err := config.Resolve(modes.Version{}, config.Request{})
		mustErr(t, err)
		if _, err := config.Resolve(modes.Latest(), config.Request{}); err != nil {
			t.Errorf("Resolve(latest, zero Request) = %v, want the clean config", err)
		}
	},
	// config: methods.
	"config.Assignment.String": func(t *testing.T) { _ = config.Assignment{}.String() },
	"config.Origin.String":     func(t *testing.T) { _ = config.Origin{}.String() },
	"config.Resolver.Facts":    func(t *testing.T) { _ = (*config.Resolver)(nil).Facts(); _ = new(config.Resolver).Facts() },
	"config.Resolver.Resolve": func(t *testing.T) {
		for _, r := range []*config.Resolver{nil, new(config.Resolver)} {
			res, err := r.Resolve(config.Request{})
			var z *config.ZeroError
			if !errors.As(err, &z) || res != nil {
				t.Errorf("(%#v).Resolve = %v, %v; want nil, a *config.ZeroError", r, res, err)
			}
		}
	},
	"config.Resolver.Schema": func(t *testing.T) {
		if (*config.Resolver)(nil).Schema() != nil || new(config.Resolver).Schema() != nil {
			t.Error("want a nil *Schema")
		}
	},
	"config.Resolver.SchemaEvidence": func(t *testing.T) {
		_ = (*config.Resolver)(nil).SchemaEvidence()
		_ = new(config.Resolver).SchemaEvidence()
	},
	"config.Resolver.Table": func(t *testing.T) { _ = (*config.Resolver)(nil).Table(); _ = new(config.Resolver).Table() },
	"config.Result.CUDAGraphOrError": func(t *testing.T) {
		forResults(func(r *config.Result) { _ = r.CUDAGraphOrError() })
	},
	"config.Result.CUDAGraphTrees": func(t *testing.T) { forResults(func(r *config.Result) { _ = r.CUDAGraphTrees() }) },
	"config.Result.CUDAGraphsOn":   func(t *testing.T) { forResults(func(r *config.Result) { _ = r.CUDAGraphsOn() }) },
	"config.Result.Changed":        func(t *testing.T) { forResults(func(r *config.Result) { _ = r.Changed() }) },
	"config.Result.Get":            func(t *testing.T) { forResults(func(r *config.Result) { _, _ = r.Get("") }) },
	"config.Result.Getenv":         func(t *testing.T) { forResults(func(r *config.Result) { _ = r.Getenv("") }) },
	"config.Result.GraphPartition": func(t *testing.T) { forResults(func(r *config.Result) { _ = r.GraphPartition() }) },
	"config.Result.Keys":           func(t *testing.T) { forResults(func(r *config.Result) { _ = r.Keys() }) },
	"config.Result.Len":            func(t *testing.T) { forResults(func(r *config.Result) { _ = r.Len() }) },
	"config.Result.RerecordLimit":  func(t *testing.T) { forResults(func(r *config.Result) { _, _ = r.RerecordLimit() }) },
	"config.Result.SizeAsserts":    func(t *testing.T) { forResults(func(r *config.Result) { _ = r.SizeAsserts() }) },
	"config.Result.SkipDynamicGraphs": func(t *testing.T) {
		forResults(func(r *config.Result) { _ = r.SkipDynamicGraphs() })
	},
	"config.Result.SupportInputMutation": func(t *testing.T) {
		forResults(func(r *config.Result) { _ = r.SupportInputMutation() })
	},
	"config.Schema.Keys":     func(t *testing.T) { _ = (*config.Schema)(nil).Keys(); _ = new(config.Schema).Keys() },
	"config.Schema.Len":      func(t *testing.T) { _ = (*config.Schema)(nil).Len(); _ = new(config.Schema).Len() },
	"config.Schema.Lookup":   func(t *testing.T) { _, _ = (*config.Schema)(nil).Lookup(""); _, _ = new(config.Schema).Lookup("") },
	"config.Schema.ReadsEnv": func(t *testing.T) { _ = (*config.Schema)(nil).ReadsEnv(""); _ = new(config.Schema).ReadsEnv("") },
	"config.Value.AsBool":    func(t *testing.T) { _, _ = config.Value{}.AsBool() },
	"config.Value.AsInt":     func(t *testing.T) { _, _ = config.Value{}.AsInt() },
	"config.Value.AsStr":     func(t *testing.T) { _, _ = config.Value{}.AsStr() },
	"config.Value.DictItems": func(t *testing.T) { _ = config.Value{}.DictItems(); _ = config.Dict().DictItems() },
	"config.Value.Equal":     func(t *testing.T) { _ = config.Value{}.Equal(config.Value{}); _ = config.List().Equal(config.Dict()) },
	"config.Value.GoString":  func(t *testing.T) { _ = config.Value{}.GoString() },
	"config.Value.Items":     func(t *testing.T) { _ = config.Value{}.Items(); _ = config.Tuple().Items() },
	"config.Value.Kind":      func(t *testing.T) { _ = config.Value{}.Kind() },
	"config.Value.MarshalJSON": func(t *testing.T) {
		for _, v := range zeroValues() {
			if _, err := v.MarshalJSON(); err != nil {
				t.Errorf("MarshalJSON(%#v): %v", v, err)
			}
		}
	},
	"config.Value.PyType": func(t *testing.T) { forValues(func(v config.Value) { _ = v.PyType() }) },
	"config.Value.String": func(t *testing.T) { forValues(func(v config.Value) { _ = v.String() }) },
	"config.Value.Truthy": func(t *testing.T) { forValues(func(v config.Value) { _ = v.Truthy() }) },
	// config: errors.
	"config.AssignmentError.Error":     func(t *testing.T) { nilErrs[config.AssignmentError]() },
	"config.AssignmentError.Unwrap":    func(t *testing.T) { _ = (*config.AssignmentError)(nil).Unwrap() },
	"config.EnvError.Error":            func(t *testing.T) { nilErrs[config.EnvError]() },
	"config.EnvError.Exception":        func(t *testing.T) { _ = (*config.EnvError)(nil).Exception() },
	"config.EnvError.Hint":             func(t *testing.T) { _ = (*config.EnvError)(nil).Hint(); _ = new(config.EnvError).Hint() },
	"config.EnvError.Message":          func(t *testing.T) { _ = (*config.EnvError)(nil).Message() },
	"config.GlobalError.Error":         func(t *testing.T) { nilErrs[config.GlobalError]() },
	"config.GlobalError.Exception":     func(t *testing.T) { _ = (*config.GlobalError)(nil).Exception() },
	"config.GlobalError.Hint":          func(t *testing.T) { _ = (*config.GlobalError)(nil).Hint(); _ = new(config.GlobalError).Hint() },
	"config.GlobalError.Message":       func(t *testing.T) { _ = (*config.GlobalError)(nil).Message() },
	"config.InvalidBackendError.Error": func(t *testing.T) { nilErrs[config.InvalidBackendError]() },
	"config.InvalidBackendError.Exception": func(t *testing.T) {
		_ = (*config.InvalidBackendError)(nil).Exception()
	},
	"config.InvalidBackendError.Hint": func(t *testing.T) {
		_ = (*config.InvalidBackendError)(nil).Hint()
		_ = new(config.InvalidBackendError).Hint()
	},
	"config.InvalidBackendError.Message": func(t *testing.T) { _ = (*config.InvalidBackendError)(nil).Message() },
	"config.LimitError.Error":            func(t *testing.T) { nilErrs[config.LimitError]() },
	"config.LiteralError.Error":          func(t *testing.T) { nilErrs[config.LiteralError]() },
	"config.LiteralError.Unwrap":         func(t *testing.T) { _ = (*config.LiteralError)(nil).Unwrap() },
	"config.ModeAndOptionsError.Error":   func(t *testing.T) { nilErrs[config.ModeAndOptionsError]() },
	"config.ModeAndOptionsError.Exception": func(t *testing.T) {
		_ = (*config.ModeAndOptionsError)(nil).Exception()
	},
	"config.ModeAndOptionsError.Hint": func(t *testing.T) {
		_ = (*config.ModeAndOptionsError)(nil).Hint()
		_ = new(config.ModeAndOptionsError).Hint()
	},
	"config.ModeAndOptionsError.Is": func(t *testing.T) {
		_ = (*config.ModeAndOptionsError)(nil).Is(nil)
	},
	"config.ModeAndOptionsError.Message": func(t *testing.T) { _ = (*config.ModeAndOptionsError)(nil).Message() },
	"config.OptionTypeError.Error":       func(t *testing.T) { nilErrs[config.OptionTypeError]() },
	"config.OptionTypeError.Exception":   func(t *testing.T) { _ = (*config.OptionTypeError)(nil).Exception() },
	"config.OptionTypeError.Message":     func(t *testing.T) { _ = (*config.OptionTypeError)(nil).Message() },
	"config.OptionsShapeError.Error":     func(t *testing.T) { nilErrs[config.OptionsShapeError]() },
	"config.OptionsShapeError.Exception": func(t *testing.T) { _ = (*config.OptionsShapeError)(nil).Exception() },
	"config.OptionsShapeError.Message":   func(t *testing.T) { _ = (*config.OptionsShapeError)(nil).Message() },
	"config.PositionError.Error":         func(t *testing.T) { nilErrs[config.PositionError]() },
	"config.PositionError.Unwrap":        func(t *testing.T) { _ = (*config.PositionError)(nil).Unwrap() },
	"config.SchemaError.Error":           func(t *testing.T) { nilErrs[config.SchemaError]() },
	"config.SchemaError.Unwrap":          func(t *testing.T) { _ = (*config.SchemaError)(nil).Unwrap() },
	"config.UnknownOptionError.Error":    func(t *testing.T) { nilErrs[config.UnknownOptionError]() },
	"config.UnknownOptionError.Exception": func(t *testing.T) {
		_ = (*config.UnknownOptionError)(nil).Exception()
	},
	"config.UnknownOptionError.Hint": func(t *testing.T) {
		_ = (*config.UnknownOptionError)(nil).Hint()
		_ = new(config.UnknownOptionError).Hint()
	},
	"config.UnknownOptionError.Message": func(t *testing.T) { _ = (*config.UnknownOptionError)(nil).Message() },
	"config.ZeroError.Error":            func(t *testing.T) { nilErrs[config.ZeroError]() },

	// modes.
	"modes.First":     func(t *testing.T) { _ = modes.First() },
	"modes.Last":      func(t *testing.T) { _ = modes.Last() },
	"modes.Latest":    func(t *testing.T) { _ = modes.Latest() },
	"modes.Supported": func(t *testing.T) { _ = modes.Supported() },
	"modes.For":       func(t *testing.T) { _, err := modes.For(modes.Version{}); mustErr(t, err) },
	// "" selects the default mode from 2.7 on, as torch.compile(mode="") does.
	"modes.Options": func(t *testing.T) { _, _ = modes.Options("") },
	"modes.Parse":   func(t *testing.T) { _, _ = modes.Parse("") },
	"modes.ParseVersion": func(t *testing.T) {
		_, err := modes.ParseVersion("")
		mustErr(t, err)
	},
	"modes.Patch.String": func(t *testing.T) { _ = modes.Patch(nil).String(); _ = modes.Patch{{}}.String() },
	"modes.Table.Known":  func(t *testing.T) { _ = (*modes.Table)(nil).Known(); _ = new(modes.Table).Known() },
	"modes.Table.Resolve": func(t *testing.T) {
		for _, tb := range []*modes.Table{nil, new(modes.Table)} {
			_, err := tb.Resolve("")
			mustErr(t, err)
		}
	},
	"modes.UnknownModeError.Error":     func(t *testing.T) { nilErrs[modes.UnknownModeError]() },
	"modes.UnknownModeError.Exception": func(t *testing.T) { _ = (*modes.UnknownModeError)(nil).Exception() },
	"modes.UnknownModeError.Hint": func(t *testing.T) {
		_ = (*modes.UnknownModeError)(nil).Hint()
		_ = new(modes.UnknownModeError).Hint()
	},
	"modes.UnknownModeError.Message": func(t *testing.T) { _ = (*modes.UnknownModeError)(nil).Message() },
	"modes.Version.AtLeast":          func(t *testing.T) { _ = modes.Version{}.AtLeast(modes.Version{}) },
	"modes.Version.Less":             func(t *testing.T) { _ = modes.Version{}.Less(modes.Version{}) },
	"modes.Version.String":           func(t *testing.T) { _ = modes.Version{}.String() },
	"modes.VersionError.Error":       func(t *testing.T) { nilErrs[modes.VersionError]() },

	// graphs.
	"graphs.AllocatorFromConf": func(t *testing.T) { _ = graphs.AllocatorFromConf("") },
	"graphs.AllocatorFromEnv": func(t *testing.T) {
		if got := graphs.AllocatorFromEnv(nil); got != "native" {
			t.Errorf("AllocatorFromEnv(nil) = %q, want native (an empty environment)", got)
		}
	},
	"graphs.Build": func(t *testing.T) {
		_, err := graphs.Build(nil, graphs.Workload{})
		mustErr(t, err)
		_, err = graphs.Build(&config.Result{}, graphs.Workload{})
		mustErr(t, err)
	},
	"graphs.Check": func(t *testing.T) {
		if _, err := graphs.Check(nil); err != nil {
			t.Errorf("Check(nil) = %v, want the zero Scenario's report", err)
		}
		if _, err := graphs.Check(&graphs.Scenario{Schema: &config.Schema{}}); err == nil {
			t.Error("Check with a zero Schema: want an error")
		}
	},
	"graphs.ConfigReport.MarshalJSON": func(t *testing.T) {
		_, _ = graphs.ConfigReport(nil).MarshalJSON()
		_, _ = graphs.ConfigReport{{}}.MarshalJSON()
	},
	"graphs.Exit.Code": func(t *testing.T) { _ = graphs.Exit("").Code() },
	"graphs.Explain": func(t *testing.T) {
		_ = graphs.Explain(nil, nil)
		_ = graphs.Explain(&config.Result{}, &graphs.Plan{})
	},
	"graphs.LoadScenario": func(t *testing.T) {
		_, err := graphs.LoadScenario("", nil)
		var z *config.ZeroError
		if !errors.As(err, &z) {
			t.Errorf("LoadScenario(nil reader) = %v, want a *config.ZeroError", err)
		}
		_, err = graphs.LoadScenario("", strings.NewReader(""))
		mustErr(t, err)
	},
	"graphs.MergeWarnings": func(t *testing.T) { _ = graphs.MergeWarnings(nil, nil) },
	"graphs.Report.WriteText": func(t *testing.T) {
		mustErr(t, (*graphs.Report)(nil).WriteText(io.Discard, graphs.TextOptions{}))
		_ = new(graphs.Report).WriteText(io.Discard, graphs.TextOptions{})
		rep, err := graphs.Check(nil)
		if err != nil {
			t.Fatal(err)
		}
		mustErr(t, rep.WriteText(nil, graphs.TextOptions{}))
	},
	"graphs.Scenario.ParsedOptions": func(t *testing.T) {
		_, err := (*graphs.Scenario)(nil).ParsedOptions()
		mustErr(t, err)
		_, err = new(graphs.Scenario).ParsedOptions()
		mustErr(t, err)
	},
	"graphs.ScenarioError.Error":  func(t *testing.T) { nilErrs[graphs.ScenarioError]() },
	"graphs.ScenarioError.Unwrap": func(t *testing.T) { _ = (*graphs.ScenarioError)(nil).Unwrap() },
	"graphs.Workload.Normalize":   func(t *testing.T) { _, _ = graphs.Workload{}.Normalize() },
	"graphs.WorkloadError.Error":  func(t *testing.T) { nilErrs[graphs.WorkloadError]() },
	"graphs.WorkloadError.Unwrap": func(t *testing.T) { _ = (*graphs.WorkloadError)(nil).Unwrap() },

	// graphs/internal/textwrap.
	"textwrap.Wrap": func(t *testing.T) { _ = textwrap.Wrap("", 0, 0); _ = textwrap.Wrap("a b", -1, -1) },
	"textwrap.Printer.Err": func(t *testing.T) {
		_ = (*textwrap.Printer)(nil).Err()
	},
	"textwrap.Printer.Line": func(t *testing.T) {
		(*textwrap.Printer)(nil).Line("x")
		new(textwrap.Printer).Line("x")
	},
	"textwrap.Printer.Para": func(t *testing.T) {
		(*textwrap.Printer)(nil).Para("", "", "x")
		new(textwrap.Printer).Para("", "", "x")
	},
	"textwrap.Printer.Table": func(t *testing.T) {
		(*textwrap.Printer)(nil).Table("").Row()
		new(textwrap.Printer).Table("").Flush()
	},
	"textwrap.Table.Row": func(t *testing.T) {
		(*textwrap.Table)(nil).Row("x")
		new(textwrap.Table).Row("x")
	},
	"textwrap.Table.Flush": func(t *testing.T) {
		(*textwrap.Table)(nil).Flush()
		new(textwrap.Table).Flush()
		p := &textwrap.Printer{W: new(bytes.Buffer)}
		p.Table("").Flush()
	},

	// graphs/backend (the parts built without the cuda tag).
	"backend.CaptureMode.GoString":   func(t *testing.T) { _ = backend.CaptureMode(0).GoString(); _ = backend.CaptureMode(-1).GoString() },
	"backend.CaptureMode.String":     func(t *testing.T) { _ = backend.CaptureMode(0).String(); _ = backend.CaptureMode(-1).String() },
	"backend.CaptureModeError.Error": func(t *testing.T) { nilErrs[backend.CaptureModeError]() },
	"backend.DeviceError.Error":      func(t *testing.T) { nilErrs[backend.DeviceError]() },
	"backend.DeviceError.Unwrap":     func(t *testing.T) { _ = (*backend.DeviceError)(nil).Unwrap() },
	"backend.ExecMode.Limit":         func(t *testing.T) { _ = backend.ExecMode{}.Limit() },
	"backend.ExecMode.String":        func(t *testing.T) { _ = backend.ExecMode{}.String() },
	"backend.ExecModeFor":            func(t *testing.T) { _ = backend.ExecModeFor("", "") },
	"backend.Options.String":         func(t *testing.T) { _ = backend.Options(nil).String(); _ = backend.Options{nil}.String() },
	"backend.PanicError.Error":       func(t *testing.T) { nilErrs[backend.PanicError]() },
	// "" means ThreadLocal, PyTorch's default capture_error_mode.
	"backend.ParseCaptureMode": func(t *testing.T) { _, _ = backend.ParseCaptureMode("") },
	"backend.StaticAddressError.Error": func(t *testing.T) {
		nilErrs[backend.StaticAddressError]()
	},
	"backend.StaticAddressPolicy.GoString": func(t *testing.T) { _ = backend.StaticAddressPolicy(-1).GoString() },
	"backend.StaticAddressPolicy.String":   func(t *testing.T) { _ = backend.StaticAddressPolicy(-1).String() },
	"backend.WithThreadCaptureMode":        func(t *testing.T) { _ = backend.WithThreadCaptureMode(0).String() },
}

// forResults runs f on a nil, a zero and a failed *config.Result.
func forResults(f func(*config.Result)) {
	f(nil)
	f(&config.Result{})
	r, _ := config.NewResolver(modes.Latest())
	bad := "no-such-mode"
	res, _ := r.Resolve(config.Request{Mode: &bad})
	f(res)
	f(res.Threaded)
}

// zeroValues are the zero Value and the zero composite values.
func zeroValues() []config.Value {
	return []config.Value{{}, config.List(), config.Tuple(), config.Dict(), config.Opaque("", ""), config.Dict(config.DictItem{}), config.List(config.Value{})}
}

func forValues(f func(config.Value)) {
	for _, v := range zeroValues() {
		f(v)
	}
}

// exportedNames lists "pkg.Func" and "pkg.Type.Method" for every exported function
// and method of the packages in dirs, as go/doc sees them in the default build.
func exportedNames(t *testing.T, dirs []string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for _, dir := range dirs {
		fset := token.NewFileSet()
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var files []*ast.File
		for _, e := range ents {
			n := e.Name()
			if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				continue
			}
			if ok, err := build.Default.MatchFile(dir, n); err != nil || !ok {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		p, err := doc.NewFromFiles(fset, files, "example.com/"+dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range p.Funcs {
			names[p.Name+"."+f.Name] = true
		}
		for _, ty := range p.Types {
			for _, f := range ty.Funcs {
				names[p.Name+"."+f.Name] = true
			}
			for _, m := range ty.Methods {
				names[p.Name+"."+ty.Name+"."+m.Name] = true
			}
		}
	}
	return names
}

// TestNilSafety calls every exported function and method of the library with nil and
// zero arguments and receivers (issue 16): none may panic, and each that cannot do its
// work returns an error. A new exported name without a case in nilCases fails it.
func TestNilSafety(t *testing.T) {
	t.Parallel()
	names := exportedNames(t, nilSafePackages)
	var missing []string
	for n := range names {
		if nilCases[n] == nil {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	for _, n := range missing {
		t.Errorf("%s has no case in nilCases: add one that calls it with nil and zero inputs", n)
	}
	for name, f := range nilCases {
		if !names[name] {
			t.Errorf("nilCases has %s, which is not an exported name any more: remove it", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("panicked: %v", p)
				}
			}()
			f(t)
		})
	}
}

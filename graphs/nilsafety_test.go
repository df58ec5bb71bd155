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
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/config/strictjson"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/backend"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/internal/textwrap"
	"github.com/compilemode/compilemode/graphs/script"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// nilSafePackages are the package directories (relative to graphs/) whose exported
// functions and methods must not panic on nil or zero arguments and receivers. The
// names are read from the source with go/doc, for the files the default build
// selects (the cuda-tagged backend files are compiled only on the GPU machine and
// are not listed). To cover a new package, add its directory here and its cases to
// nilCases; examples/internal/cliflags has its own copy of this test, as graphs may
// not import it.
var nilSafePackages = []string{"../config", "../config/inputerr", "../config/literal", "../config/strictjson", "../config/schema", "../modes", ".", "internal/textwrap", "../internal/catalog", "backend", "diagnose", "script", "script/pytoken"}

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
	"config.FactRows": func(t *testing.T) { _ = config.FactRows() },
	"config.FactReleases": func(t *testing.T) {
		if config.FactReleases("", nil).Valid() || config.FactReleases(config.FactCompileOptions, []string(nil)).Valid() {
			t.Error("no row gives valid releases")
		}
	},
	"modes.SiteReleases": func(t *testing.T) {
		if modes.SiteReleases("").Valid() {
			t.Error("no site gives valid releases")
		}
	},
	"modes.Releases.Intersect": func(t *testing.T) {
		_ = modes.Releases{}.Intersect(modes.Releases{})
		if modes.Minors(1, 5).Intersect(modes.Minors(6, 9)).Valid() {
			t.Error("disjoint ranges intersect")
		}
	},
	"schema.Next":          func(t *testing.T) { _ = schema.Next(modes.Version{}) },
	"schema.CheckKeyParts": func(t *testing.T) { _ = schema.CheckKeyParts("") },
	"schema.KeySpec.DefaultUnder": func(t *testing.T) {
		_, _, _ = schema.KeySpec{}.DefaultUnder(nil, schema.Host{})
		_, _, _ = schema.KeySpec{Env: &schema.EnvRule{}}.DefaultUnder(nil, schema.Host{})
	},
	"schema.Schema.At":          func(t *testing.T) { _ = (*schema.Schema)(nil).At(0); _ = new(schema.Schema).At(-1) },
	"schema.Schema.Index":       func(t *testing.T) { _, _ = (*schema.Schema)(nil).Index(""); _, _ = new(schema.Schema).Index("") },
	"schema.Schema.IsPrefix":    func(t *testing.T) { _ = (*schema.Schema)(nil).IsPrefix(""); _ = new(schema.Schema).IsPrefix("") },
	"literal.IntDigits":         func(t *testing.T) { _, _ = literal.IntDigits("") },
	"inputerr.At":               func(t *testing.T) { _ = inputerr.At(nil, 0, "").Error() },
	"inputerr.Cut":              func(t *testing.T) { _ = inputerr.Cut("", 0) },
	"inputerr.LimitNote":        func(t *testing.T) { _ = inputerr.LimitNote(nil); _ = inputerr.LimitNote((*inputerr.LimitError)(nil)) },
	"schema.Rows":               func(t *testing.T) { _ = schema.Rows() },
	"schema.EnvRows":            func(t *testing.T) { _ = schema.EnvRows() },
	"schema.BuiltinEnvVarNames": func(t *testing.T) { _ = schema.BuiltinEnvVarNames() },
	"graphs.Hazards":            func(t *testing.T) { _ = graphs.Hazards() },
	"graphs.Rules":              func(t *testing.T) { _ = graphs.Rules() },
	"graphs.FixSentence":        func(t *testing.T) { _ = graphs.FixSentence("") },
	"modes.ModeRows":            func(t *testing.T) { _ = modes.ModeRows() },
	"modes.ReleaseRows":         func(t *testing.T) { _ = modes.ReleaseRows() },
	"modes.SiteRows":            func(t *testing.T) { _ = modes.SiteRows() },
	"modes.EvidenceOf": func(t *testing.T) {
		_ = modes.EvidenceOf(modes.Version{})
		_ = modes.EvidenceOf(modes.Version{Major: -1, Minor: -1})
	},
	"modes.ModesEvidenceOf": func(t *testing.T) {
		_ = modes.ModesEvidenceOf(modes.Version{})
		_ = modes.ModesEvidenceOf(modes.Version{Major: -1, Minor: -1})
	},
	"modes.StaticEvidenceOf": func(t *testing.T) {
		_ = modes.StaticEvidenceOf(modes.Version{})
		_ = modes.StaticEvidenceOf(modes.Version{Major: -1, Minor: -1})
	},
	"modes.Minors": func(t *testing.T) {
		if (modes.Releases{}).Valid() || modes.Minors(9, 1).Valid() {
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
	"backend.Handoff.GoString":       func(t *testing.T) { _ = backend.Handoff(0).GoString(); _ = backend.Handoff(-1).GoString() },
	"backend.Handoff.String":         func(t *testing.T) { _ = backend.Handoff(0).String(); _ = backend.Handoff(-1).String() },
	"backend.HandoffError.Error":     func(t *testing.T) { nilErrs[backend.HandoffError]() },
	"backend.CoResidencyError.Error": func(t *testing.T) { nilErrs[backend.CoResidencyError]() },
	"backend.ParseHandoff": func(t *testing.T) {
		_, err := backend.ParseHandoff("\x00nonsense")
		mustErr(t, err)
	},
	"backend.WithGPUTiming": func(t *testing.T) { _ = backend.WithGPUTiming(false).String() },
	"backend.WithHandoff":   func(t *testing.T) { _ = backend.WithHandoff(backend.Handoff(-1)).String() },
	"backend.WithSpin":      func(t *testing.T) { _ = backend.WithSpin(0, -1).String() },
	// config: constructors and parsers.
	"literal.Bool":  func(t *testing.T) { _ = literal.Bool(false).String() },
	"literal.Dict":  func(t *testing.T) { _ = literal.Dict().String(); _ = literal.Dict(literal.DictItem{}).String() },
	"literal.Float": func(t *testing.T) { _ = literal.Float(0).String() },
	"literal.Int":   func(t *testing.T) { _ = literal.Int(0).String() },
	"literal.List":  func(t *testing.T) { _ = literal.List().String(); _ = literal.List(literal.Value{}).String() },
	"literal.None":  func(t *testing.T) { _ = literal.None().String() },
	"literal.Opaque": func(t *testing.T) {
		_ = literal.Opaque("", "").String()
	},
	"literal.Set":   func(t *testing.T) { _ = literal.Set().String(); _ = literal.Set(literal.Value{}).String() },
	"literal.Str":   func(t *testing.T) { _ = literal.Str("").String() },
	"literal.Tuple": func(t *testing.T) { _ = literal.Tuple().String(); _ = literal.Tuple(literal.Value{}).String() },
	"schema.Builtin": func(t *testing.T) {
		_, _, err := schema.Builtin(modes.Version{})
		mustErr(t, err)
	},
	"strictjson.Check": func(t *testing.T) {
		mustErr(t, strictjson.Check(nil))
		mustErr(t, strictjson.Check([]byte{}))
	},
	"inputerr.CheckText":      func(t *testing.T) { _ = inputerr.CheckText("") },
	"inputerr.EncodingNote":   func(t *testing.T) { _ = inputerr.EncodingNote(""); _ = inputerr.EncodingNote("\xff") },
	"inputerr.UserWords":      func(t *testing.T) { _ = inputerr.UserWords(""); _ = inputerr.UserWords("graphs: ") },
	"inputerr.ModulePackages": func(t *testing.T) { _ = inputerr.ModulePackages() },
	"config.EvidenceFor":      func(t *testing.T) { _ = config.EvidenceFor(modes.Version{}) },
	"config.UnexpectedKeyword": func(t *testing.T) {
		if got := config.UnexpectedKeyword("", ""); got != "() got an unexpected keyword argument ''" {
			t.Errorf("config.UnexpectedKeyword(\"\", \"\") = %q", got)
		}
	},
	"config.StanceOf": func(t *testing.T) {
		if _, _, ok := config.StanceOf("", modes.Version{}); ok {
			t.Error("config.StanceOf on the zero Version: ok")
		}
	},
	"config.FactsFor": func(t *testing.T) { _ = config.FactsFor(modes.Version{}) },
	"schema.Load": func(t *testing.T) {
		_, err := schema.Load("", nil)
		var z *inputerr.ZeroError
		if !errors.As(err, &z) {
			t.Errorf("schema.Load(nil reader) = %v, want a *inputerr.ZeroError", err)
		}
		_, err = schema.Load("", strings.NewReader(""))
		mustErr(t, err)
	},
	"literal.MustParse": func(t *testing.T) {
		// A Must function panics on bad input by design (constant input only); the
		// zero input is bad input. It must panic with the *literal.Error, nothing else.
		defer func() {
			var le *literal.Error
			if err, _ := recover().(error); !errors.As(err, &le) {
				t.Errorf("literal.MustParse(\"\") panicked with %v, want a *literal.Error", err)
			}
		}()
		literal.MustParse("")
	},
	"config.NewResolver": func(t *testing.T) {
		_, err := config.NewResolver(modes.Version{})
		mustErr(t, err)
	},
	"config.NewResolverFromSchema": func(t *testing.T) {
		_, err := config.NewResolverFromSchema(nil)
		mustErr(t, err)
		_, err = config.NewResolverFromSchema(&schema.Schema{})
		mustErr(t, err)
	},
	"config.ParseAssignment":    func(t *testing.T) { _, err := config.ParseAssignment(""); mustErr(t, err) },
	"config.ParseAssignmentFor": func(t *testing.T) { _, err := config.ParseAssignmentFor("", nil); mustErr(t, err) },
	"config.ParseOptionsFor":    func(t *testing.T) { _, err := config.ParseOptionsFor("", nil); mustErr(t, err) },
	"config.PythonFor":          func(t *testing.T) { _ = config.PythonFor(modes.Version{}, pyver.Version{}) },
	"config.ParseEnvAssignment": func(t *testing.T) { _, _, err := config.ParseEnvAssignment(""); mustErr(t, err) },
	"literal.Parse":             func(t *testing.T) { _, err := literal.Parse(""); mustErr(t, err) },
	"literal.ParseFor":          func(t *testing.T) { _, err := literal.ParseFor("", nil); mustErr(t, err) },
	"literal.ParseJSON":         func(t *testing.T) { _, err := literal.ParseJSON(""); mustErr(t, err) },
	"literal.QuoteStr":          func(t *testing.T) { _ = literal.QuoteStr("", func(rune) bool { return true }) },
	"literal.Complex":           func(t *testing.T) { _ = literal.Complex(0, 0).String() },
	"literal.Ellipsis":          func(t *testing.T) { _ = literal.Ellipsis().String() },
	"literal.Value.AsComplex":   func(t *testing.T) { _, _, _ = literal.Value{}.AsComplex() },
	"config.Patch.String":       func(t *testing.T) { _ = config.Patch{}.String() },
	"config.Result.Repr":        func(t *testing.T) { var r *config.Result; _ = r.Repr(literal.Value{}) },
	"literal.Value.ReprWith":    func(t *testing.T) { _ = literal.Value{}.ReprWith(func(rune) bool { return false }) },
	"literal.Value.PyRepr":      func(t *testing.T) { _, _ = literal.Value{}.PyRepr(nil) },
	"literal.Value.PyStr":       func(t *testing.T) { _, _ = literal.Value{}.PyStr(nil) },
	"literal.IntStrError.Error": func(t *testing.T) {
		var e *literal.IntStrError
		_, _, _ = e.Error(), e.Exception(), e.Message()
		e = new(literal.IntStrError)
		_, _, _ = e.Error(), e.Exception(), e.Message()
	},
	"literal.IntStrError.Exception": func(t *testing.T) { _ = (*literal.IntStrError)(nil).Exception() },
	"literal.IntStrError.Message":   func(t *testing.T) { _ = (*literal.IntStrError)(nil).Message() },
	"config.ParseOptions":           func(t *testing.T) { _, err := config.ParseOptions(""); mustErr(t, err) },
	"config.Resolve": func(t *testing.T) {
		_, err := config.Resolve(modes.Version{}, config.Request{})
		mustErr(t, err)
		if _, err := config.Resolve(modes.DefaultRelease(), config.Request{}); err != nil {
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
			var z *inputerr.ZeroError
			if !errors.As(err, &z) || res != nil {
				t.Errorf("(%#v).Resolve = %v, %v; want nil, a *inputerr.ZeroError", r, res, err)
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
	"config.Resolver.KeyNotKnown": func(t *testing.T) {
		_ = (*config.Resolver)(nil).KeyNotKnown("triton.cudagraphs")
		_ = new(config.Resolver).KeyNotKnown("")
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
	"config.Result.MaxAutotune":    func(t *testing.T) { forResults(func(r *config.Result) { _ = r.MaxAutotune() }) },
	"config.Result.Len":            func(t *testing.T) { forResults(func(r *config.Result) { _ = r.Len() }) },
	"config.Result.RerecordLimit":  func(t *testing.T) { forResults(func(r *config.Result) { _, _ = r.RerecordLimit() }) },
	"config.Result.SizeAsserts":    func(t *testing.T) { forResults(func(r *config.Result) { _ = r.SizeAsserts() }) },
	"config.Result.SkipDynamicGraphs": func(t *testing.T) {
		forResults(func(r *config.Result) { _ = r.SkipDynamicGraphs() })
	},
	"config.Result.SupportInputMutation": func(t *testing.T) {
		forResults(func(r *config.Result) { _ = r.SupportInputMutation() })
	},
	"schema.Schema.Keys":     func(t *testing.T) { _ = (*schema.Schema)(nil).Keys(); _ = new(schema.Schema).Keys() },
	"schema.Schema.Len":      func(t *testing.T) { _ = (*schema.Schema)(nil).Len(); _ = new(schema.Schema).Len() },
	"schema.Schema.Lookup":   func(t *testing.T) { _, _ = (*schema.Schema)(nil).Lookup(""); _, _ = new(schema.Schema).Lookup("") },
	"schema.Schema.ReadsEnv": func(t *testing.T) { _ = (*schema.Schema)(nil).ReadsEnv(""); _ = new(schema.Schema).ReadsEnv("") },
	"schema.Schema.KnownUnread": func(t *testing.T) {
		_ = (*schema.Schema)(nil).KnownUnread("")
		_ = new(schema.Schema).KnownUnread("")
	},
	"literal.Value.AsBool":    func(t *testing.T) { _, _ = literal.Value{}.AsBool() },
	"literal.Value.AsInt":     func(t *testing.T) { _, _ = literal.Value{}.AsInt() },
	"literal.Value.AsStr":     func(t *testing.T) { _, _ = literal.Value{}.AsStr() },
	"literal.Value.DictItems": func(t *testing.T) { _ = literal.Value{}.DictItems(); _ = literal.Dict().DictItems() },
	"literal.Value.Equal": func(t *testing.T) {
		_ = literal.Value{}.Equal(literal.Value{})
		_ = literal.List().Equal(literal.Dict())
	},
	"literal.Value.GoString": func(t *testing.T) { _ = literal.Value{}.GoString() },
	"literal.Value.Items":    func(t *testing.T) { _ = literal.Value{}.Items(); _ = literal.Tuple().Items() },
	"literal.Value.Kind":     func(t *testing.T) { _ = literal.Value{}.Kind() },
	"literal.Value.MarshalJSON": func(t *testing.T) {
		for _, v := range zeroValues() {
			if _, err := v.MarshalJSON(); err != nil {
				t.Errorf("MarshalJSON(%#v): %v", v, err)
			}
		}
	},
	"literal.Value.PyType": func(t *testing.T) { forValues(func(v literal.Value) { _ = v.PyType() }) },
	"literal.Value.String": func(t *testing.T) { forValues(func(v literal.Value) { _ = v.String() }) },
	"literal.Value.Truthy": func(t *testing.T) { forValues(func(v literal.Value) { _ = v.Truthy() }) },
	// config: errors.
	"config.AssignmentError.Error":  func(t *testing.T) { nilErrs[config.AssignmentError]() },
	"config.AssignmentError.Unwrap": func(t *testing.T) { _ = (*config.AssignmentError)(nil).Unwrap() },
	"schema.EnvError.Error":         func(t *testing.T) { nilErrs[schema.EnvError]() },
	"schema.EnvError.Exception":     func(t *testing.T) { _ = (*schema.EnvError)(nil).Exception() },
	"schema.EnvError.Hint":          func(t *testing.T) { _ = (*schema.EnvError)(nil).Hint(); _ = new(schema.EnvError).Hint() },
	"schema.EnvError.Message":       func(t *testing.T) { _ = (*schema.EnvError)(nil).Message() },
	"config.GlobalError.Error":      func(t *testing.T) { nilErrs[config.GlobalError]() },
	"config.FreeThreadedError.Error": func(t *testing.T) {
		var e *config.FreeThreadedError
		_ = e.Error()
		_ = (&config.FreeThreadedError{}).Error()
	},
	"config.CallError.Error":           func(t *testing.T) { var e *config.CallError; _ = e.Error() },
	"config.CallError.Exception":       func(t *testing.T) { var e *config.CallError; _ = e.Exception() },
	"config.CallError.Message":         func(t *testing.T) { var e *config.CallError; _ = e.Message() },
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
	"inputerr.LimitError.Error":          func(t *testing.T) { nilErrs[inputerr.LimitError]() },
	"literal.Error.Error":                func(t *testing.T) { nilErrs[literal.Error]() },
	"literal.Error.Unwrap":               func(t *testing.T) { _ = (*literal.Error)(nil).Unwrap() },
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
	"inputerr.PositionError.Error":       func(t *testing.T) { nilErrs[inputerr.PositionError]() },
	"inputerr.PositionError.Unwrap":      func(t *testing.T) { _ = (*inputerr.PositionError)(nil).Unwrap() },
	"schema.Error.Error":                 func(t *testing.T) { nilErrs[schema.Error]() },
	"schema.Error.Unwrap":                func(t *testing.T) { _ = (*schema.Error)(nil).Unwrap() },
	"config.UnknownOptionError.Error":    func(t *testing.T) { nilErrs[config.UnknownOptionError]() },
	"config.UnknownOptionError.Exception": func(t *testing.T) {
		_ = (*config.UnknownOptionError)(nil).Exception()
	},
	"config.UnknownOptionError.Hint": func(t *testing.T) {
		_ = (*config.UnknownOptionError)(nil).Hint()
		_ = new(config.UnknownOptionError).Hint()
	},
	"config.UnknownOptionError.Message": func(t *testing.T) { _ = (*config.UnknownOptionError)(nil).Message() },
	"inputerr.ZeroError.Error":          func(t *testing.T) { nilErrs[inputerr.ZeroError]() },

	// modes.
	"modes.First": func(t *testing.T) { _ = modes.First() },
	//lint:ignore SA1019 deprecated names stay exported for one release and must stay nil-safe
	"modes.Last": func(t *testing.T) { _ = modes.Last() },
	//lint:ignore SA1019 deprecated names stay exported for one release and must stay nil-safe
	"modes.Latest":            func(t *testing.T) { _ = modes.Latest() },
	"modes.DefaultRelease":    func(t *testing.T) { _ = modes.DefaultRelease() },
	"config.Codes":            func(t *testing.T) { _ = config.Codes() },
	"graphs.KeyReport.Bool":   func(t *testing.T) { _, _ = graphs.KeyReport{}.Bool() },
	"graphs.KeyReport.Int":    func(t *testing.T) { _, _ = graphs.KeyReport{}.Int() },
	"graphs.KeyReport.Str":    func(t *testing.T) { _, _ = graphs.KeyReport{}.Str() },
	"graphs.KeyReport.String": func(t *testing.T) { _ = graphs.KeyReport{}.String() },
	"graphs.KeyReport.Repr":   func(t *testing.T) { _ = graphs.KeyReport{}.Repr() },
	"graphs.Ptr":              func(t *testing.T) { _ = graphs.Ptr(0); _ = graphs.Ptr[*int](nil) },
	"graphs.DevicePlan.Label": func(t *testing.T) {
		if (graphs.DevicePlan{}).Label() != "cuda:0" {
			t.Error("the zero DevicePlan is not cuda:0")
		}
	},
	"graphs.PlannedDynamoKey": func(t *testing.T) {
		if graphs.PlannedDynamoKey("") || !graphs.PlannedDynamoKey("capture_scalar_outputs") {
			t.Error("only a modelled key is planned")
		}
	},
	"graphs.Report.Changed": func(t *testing.T) {
		var r *graphs.Report
		_ = r.Changed()
		_ = (&graphs.Report{}).Changed()
	},
	"graphs.RaisedError.Where": func(t *testing.T) {
		var e *graphs.RaisedError
		if e.Where() != "" {
			t.Error("a nil error is raised nowhere")
		}
		if got := (&graphs.RaisedError{}).Where(); got != "PyTorch raises" {
			t.Errorf("a zero error's stage: %q", got)
		}
	},
	"graphs.Report.HoldNoCUDAGraphs": func(t *testing.T) {
		w := config.Warning{Recommendation: "x", AdvisesNoCUDAGraphs: true}
		if (*graphs.Report)(nil).HoldNoCUDAGraphs(&w) || new(graphs.Report).HoldNoCUDAGraphs(&w) || new(graphs.Report).HoldNoCUDAGraphs(nil) {
			t.Error("a nil or empty report changed a warning")
		}
	},
	"graphs.Report.SuppressedErrors": func(t *testing.T) {
		_ = (*graphs.Report)(nil).SuppressedErrors("")
		_ = new(graphs.Report).SuppressedErrors("")
	},
	"graphs.Report.Value": func(t *testing.T) {
		var r *graphs.Report
		_, _ = r.Value("")
		_, _ = (&graphs.Report{}).Value("x")
	},
	"modes.Newest": func(t *testing.T) { _ = modes.Newest() },
	"graphs.CallErrorWords": func(t *testing.T) {
		if got := graphs.CallErrorWords(nil); got != "" {
			t.Errorf("CallErrorWords(nil) = %q", got)
		}
		_ = graphs.CallErrorWords(&graphs.ScenarioError{})
	},
	"modes.LastPatch": func(t *testing.T) {
		if _, ok := modes.LastPatch(modes.Version{}); ok {
			t.Error("LastPatch of the zero Version: a patch")
		}
	},
	"modes.PatchesEnded": func(t *testing.T) {
		if got := modes.PatchesEnded(modes.Version{}); got != "" {
			t.Errorf("PatchesEnded of the zero Version = %q, want \"\"", got)
		}
	},
	"graphs.Scenario.MarshalJSON": func(t *testing.T) {
		if _, err := (graphs.Scenario{}).MarshalJSON(); err != nil {
			t.Error(err)
		}
	},
	"graphs.Scenario.UnmarshalJSON": func(t *testing.T) {
		var s graphs.Scenario
		for _, in := range []string{"", "null", "{}"} {
			_ = s.UnmarshalJSON([]byte(in))
		}
		_ = s.UnmarshalJSON(nil)
	},
	"graphs.Workload.UnmarshalJSON": func(t *testing.T) {
		var w graphs.Workload
		for _, in := range []string{"", "null", "{}"} {
			_ = w.UnmarshalJSON([]byte(in))
		}
		_ = w.UnmarshalJSON(nil)
	},
	"modes.Supported": func(t *testing.T) { _ = modes.Supported() },
	"modes.For":       func(t *testing.T) { _, err := modes.For(modes.Version{}); mustErr(t, err) },
	// "" selects the default mode from 2.7 on, as torch.compile(mode="") does.
	"modes.Options": func(t *testing.T) { _, _ = modes.Options("") },
	"modes.Parse":   func(t *testing.T) { _, _ = modes.Parse("") },
	"modes.ParseVersion": func(t *testing.T) {
		_, err := modes.ParseVersion("")
		mustErr(t, err)
	},
	"modes.ParseRelease": func(t *testing.T) {
		_, err := modes.ParseRelease("")
		mustErr(t, err)
	},
	"modes.Near": func(t *testing.T) {
		if modes.Near(modes.Version{}) {
			t.Error("Near of the zero Version: near")
		}
	},
	"modes.Patch.String": func(t *testing.T) { _ = modes.Patch(nil).String(); _ = modes.Patch{{}}.String() },
	"inputerr.IsNil":     func(t *testing.T) { _ = inputerr.IsNil(nil); _ = inputerr.IsNil((*strings.Reader)(nil)) },
	"inputerr.ReadAll": func(t *testing.T) {
		_, _ = inputerr.ReadAll("", nil, 0)
		_, _ = inputerr.ReadAll("", strings.NewReader(""), 0)
	},
	"inputerr.Writer": func(t *testing.T) { _, _ = inputerr.Writer("", nil) },
	"inputerr.Reader": func(t *testing.T) {
		var z *strings.Reader
		for _, r := range []io.Reader{nil, z} {
			if _, err := inputerr.Reader("", r).Read(make([]byte, 1)); err == nil {
				t.Error("inputerr.Reader of a nil reader read without an error")
			}
		}
	},
	"inputerr.StreamError.Error": func(t *testing.T) {
		_ = (*inputerr.StreamError)(nil).Error()
		_ = new(inputerr.StreamError).Error()
	},
	"inputerr.StreamError.Unwrap": func(t *testing.T) {
		_ = (*inputerr.StreamError)(nil).Unwrap()
		_ = new(inputerr.StreamError).Unwrap()
	},
	"modes.Table.Clone":   func(t *testing.T) { _ = (*modes.Table)(nil).Clone(); _ = new(modes.Table).Clone() },
	"schema.Schema.Clone": func(t *testing.T) { _ = (*schema.Schema)(nil).Clone(); _ = new(schema.Schema).Clone() },
	"modes.Table.Known":   func(t *testing.T) { _ = (*modes.Table)(nil).Known(); _ = new(modes.Table).Known() },
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
	"catalog.AllocatorEnv": func(t *testing.T) {
		vars := catalog.AllocatorEnv()
		if len(vars) == 0 {
			t.Fatal("AllocatorEnv() is empty")
		}
		vars[0].Name = "changed"
		if catalog.AllocatorEnv()[0].Name == "changed" {
			t.Error("AllocatorEnv returns the table itself, not a copy")
		}
	},
	"catalog.AllocatorFromEnvOn": func(t *testing.T) {
		if got := catalog.AllocatorFromEnvOn(nil, modes.Version{}); got != "native" {
			t.Errorf("AllocatorFromEnvOn(nil) = %q, want native", got)
		}
	},
	"catalog.AllocatorFromEnv": func(t *testing.T) {
		if got := catalog.AllocatorFromEnv(nil); got != "native" {
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
		if _, err := graphs.Check(nil); !errors.Is(err, graphs.ErrNilScenario) {
			t.Errorf("Check(nil) = %v, want graphs.ErrNilScenario", err)
		}
		if _, err := graphs.Check(&graphs.Scenario{}); err != nil {
			t.Errorf("Check(&Scenario{}) = %v, want the zero Scenario's report", err)
		}
		if _, err := graphs.Check(&graphs.Scenario{Schema: &schema.Schema{}}); err == nil {
			t.Error("Check with a zero Schema: want an error")
		}
	},
	"graphs.ConfigReport.MarshalJSON": func(t *testing.T) {
		_, _ = graphs.ConfigReport(nil).MarshalJSON()
		_, _ = graphs.ConfigReport{{}}.MarshalJSON()
	},
	"graphs.Exit.Code": func(t *testing.T) { _ = graphs.Exit("").Code() },
	"graphs.LoadScenario": func(t *testing.T) {
		_, err := graphs.LoadScenario("", nil)
		var z *inputerr.ZeroError
		if !errors.As(err, &z) {
			t.Errorf("LoadScenario(nil reader) = %v, want a *inputerr.ZeroError", err)
		}
		_, err = graphs.LoadScenario("", strings.NewReader(""))
		mustErr(t, err)
	},
	"graphs.Report.WriteText": func(t *testing.T) {
		mustErr(t, (*graphs.Report)(nil).WriteText(io.Discard, graphs.TextOptions{}))
		_ = new(graphs.Report).WriteText(io.Discard, graphs.TextOptions{})
		rep, err := graphs.Check(&graphs.Scenario{})
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

	// graphs/diagnose.
	"diagnose.CUDAGraphCodes": func(t *testing.T) { _ = diagnose.CUDAGraphCodes() },
	"diagnose.Codes":          func(t *testing.T) { _ = diagnose.Codes() },
	"diagnose.CaptureFailCodes": func(t *testing.T) {
		a, b := diagnose.CaptureFailCodes(), diagnose.CaptureFailCodes()
		if len(a) == 0 || len(a) != len(b) {
			t.Fatalf("CaptureFailCodes() = %v, %v: want the same codes on each call", a, b)
		}
		a[0] = ""
		if b[0] == "" || diagnose.CaptureFailCodes()[0] == "" {
			t.Error("CaptureFailCodes() shares its slice between calls")
		}
	},
	"diagnose.Inferences": func(t *testing.T) { _ = diagnose.Inferences() },
	"diagnose.Signatures": func(t *testing.T) { _ = diagnose.Signatures() },
	"diagnose.Code.Silent": func(t *testing.T) {
		if diagnose.Code("").Silent() {
			t.Error("the zero Code is silent")
		}
	},
	"diagnose.Code.Planned": func(t *testing.T) {
		if diagnose.Code("").Planned() {
			t.Error("the zero Code is planned")
		}
	},
	"diagnose.Anchors": func(t *testing.T) { _, _ = diagnose.Anchors() },
	"diagnose.Options.Read": func(t *testing.T) {
		_, _ = diagnose.Options{}.Read(nil)
		_, _ = diagnose.Options{}.Read(strings.NewReader(""))
	},
	"diagnose.NewTextReader": func(t *testing.T) {
		var z *inputerr.ZeroError
		var buf *bytes.Buffer
		for _, in := range []io.Reader{nil, buf} {
			if r, err := diagnose.NewTextReader(in); !errors.As(err, &z) || r != nil {
				t.Errorf("NewTextReader(%#v) = %v, %v; want nil, a *inputerr.ZeroError", in, r, err)
			}
		}
		r, err := diagnose.NewTextReader(strings.NewReader(""))
		if err != nil || r == nil {
			t.Fatalf("NewTextReader(empty) = %v, %v; want a reader", r, err)
		}
		if data, err := io.ReadAll(r); err != nil || len(data) != 0 {
			t.Errorf("NewTextReader(empty) reads %q, %v; want nothing", data, err)
		}
	},
	"diagnose.Read": func(t *testing.T) {
		d, err := diagnose.Read(nil)
		var z *inputerr.ZeroError
		if !errors.As(err, &z) || d != nil {
			t.Errorf("Read(nil) = %v, %v; want nil, a *inputerr.ZeroError", d, err)
		}
		for _, in := range []string{"", " \n\t\r\n"} {
			if d, err := diagnose.Read(strings.NewReader(in)); !errors.Is(err, diagnose.ErrEmpty) || d != nil {
				t.Errorf("Read(%q) = %v, %v; want nil, ErrEmpty", in, d, err)
			}
		}
		var buf *bytes.Buffer // a typed nil reader: a ZeroError, as script.Read gives (sweep finding 5)
		if _, err := diagnose.Read(buf); !errors.As(err, &z) {
			t.Errorf("Read((*bytes.Buffer)(nil)) = %v, want a *inputerr.ZeroError", err)
		}
	},
	"diagnose.Diagnosis.WriteText": func(t *testing.T) {
		var z *inputerr.ZeroError
		if err := (*diagnose.Diagnosis)(nil).WriteText(io.Discard); !errors.As(err, &z) {
			t.Errorf("(*Diagnosis)(nil).WriteText = %v, want a *inputerr.ZeroError", err)
		}
		if err := new(diagnose.Diagnosis).WriteText(nil); !errors.As(err, &z) {
			t.Errorf("WriteText(nil) = %v, want a *inputerr.ZeroError", err)
		}
		var b strings.Builder
		// newuser27 #3: the release line follows NoSignature, saying none is stated.
		if err := new(diagnose.Diagnosis).WriteText(&b); err != nil || b.String() != strings.Join(new(diagnose.Diagnosis).HeadLines(), "\n")+"\n" {
			t.Errorf("zero Diagnosis: WriteText = %q, %v; want NoSignature and the release line", b.String(), err)
		}
		_ = (&diagnose.Diagnosis{Findings: []diagnose.Finding{{}}}).WriteText(io.Discard)
	},
	"diagnose.Diagnosis.HeadLines": func(t *testing.T) {
		if got := (*diagnose.Diagnosis)(nil).HeadLines(); got != nil {
			t.Errorf("(*Diagnosis)(nil).HeadLines() = %q, want none", got)
		}
		if got := new(diagnose.Diagnosis).HeadLines(); len(got) != 4 || got[0] != diagnose.NoSignature || got[1] != diagnose.ScopeCovers || got[2] != diagnose.ScopeLacks || got[3] != "torch: not stated in the text" {
			t.Errorf("zero Diagnosis: HeadLines() = %q, want NoSignature, the catalogue's scope and that no release is stated", got)
		}
	},
	"diagnose.Diagnosis.PlanLines": func(t *testing.T) {
		if got := (*diagnose.Diagnosis)(nil).PlanLines(); got != nil {
			t.Errorf("(*Diagnosis)(nil).PlanLines() = %q, want none", got)
		}
		if got := new(diagnose.Diagnosis).PlanLines(); got != nil {
			t.Errorf("zero Diagnosis: PlanLines() = %q, want none (no call recovered)", got)
		}
		_ = (&diagnose.Diagnosis{Recovered: &graphs.Scenario{}}).PlanLines()
		_ = (&diagnose.Diagnosis{Recovered: &graphs.Scenario{}, Plan: new(graphs.Report)}).PlanLines()
	},
	"diagnose.Diagnosis.HeadLinesWith": func(t *testing.T) {
		if got := (*diagnose.Diagnosis)(nil).HeadLinesWith(diagnose.Hints{}); got != nil {
			t.Errorf("(*Diagnosis)(nil).HeadLinesWith() = %q, want none", got)
		}
		// newuser28 #7: the page's hint in place of the command's, an empty one left out.
		d := &diagnose.Diagnosis{Findings: []diagnose.Finding{{}}}
		if got := d.HeadLinesWith(diagnose.Hints{Torch: "the selector sets one"}); len(got) != 1 || got[0] != "torch: not stated in the text (each fix is for all releases that print it; the selector sets one)" {
			t.Errorf("HeadLinesWith(a hint) = %q", got)
		}
		if got := d.HeadLinesWith(diagnose.Hints{}); len(got) != 1 || got[0] != "torch: not stated in the text (each fix is for all releases that print it)" {
			t.Errorf("HeadLinesWith(no hint) = %q", got)
		}
	},
	"diagnose.Diagnosis.FindingsWith": func(t *testing.T) {
		if got := (*diagnose.Diagnosis)(nil).FindingsWith(diagnose.Hints{}); got != nil {
			t.Errorf("(*Diagnosis)(nil).FindingsWith() = %v, want none", got)
		}
		if got := new(diagnose.Diagnosis).FindingsWith(diagnose.Hints{Given: "from the selector"}); got != nil {
			t.Errorf("zero Diagnosis: FindingsWith() = %v, want none", got)
		}
	},
	"diagnose.Diagnosis.PlanLinesWith": func(t *testing.T) {
		if got := (*diagnose.Diagnosis)(nil).PlanLinesWith(diagnose.Hints{}); got != nil {
			t.Errorf("(*Diagnosis)(nil).PlanLinesWith() = %q, want none", got)
		}
		_ = (&diagnose.Diagnosis{Recovered: &graphs.Scenario{}, Plan: new(graphs.Report)}).PlanLinesWith(diagnose.Hints{})
	},
	"diagnose.Diagnosis.MarshalJSON": func(t *testing.T) {
		if _, err := (diagnose.Diagnosis{}).MarshalJSON(); err != nil {
			t.Errorf("zero Diagnosis: MarshalJSON: %v", err)
		}
		if _, err := (diagnose.Diagnosis{Plan: new(graphs.Report)}).MarshalJSON(); err != nil {
			t.Errorf("Diagnosis with a zero Plan: MarshalJSON: %v", err)
		}
	},
	"diagnose.CommandHints": func(t *testing.T) {
		if h := diagnose.CommandHints(); h.Torch == "" || h.Whole == "" {
			t.Errorf("CommandHints() = %+v, want both hints", h)
		}
	},
	"diagnose.Finding.Head": func(t *testing.T) {
		if got := (diagnose.Finding{}).Head(); got != "line 0: " {
			t.Errorf("zero Finding: Head() = %q", got)
		}
	},
	"graphs.Report.WriteTextWidth": func(t *testing.T) {
		mustErr(t, (*graphs.Report)(nil).WriteTextWidth(io.Discard, 0))
		_ = new(graphs.Report).WriteTextWidth(io.Discard, -1)
		mustErr(t, new(graphs.Report).WriteTextWidth(nil, 0))
	},
	"graphs.Report.Err": func(t *testing.T) {
		if err := (*graphs.Report)(nil).Err(); err != nil {
			t.Errorf("(*Report)(nil).Err() = %v, want nil", err)
		}
		if err := new(graphs.Report).Err(); err != nil {
			t.Errorf("new(Report).Err() = %v, want nil (Exit is not raises)", err)
		}
		if err := (&graphs.Report{Exit: graphs.Raises}).Err(); err == nil || err.Error() == "" {
			t.Errorf("a raises report with nothing else: Err() = %v, want an error", err)
		}
	},
	"graphs.RaiseError.Error": func(t *testing.T) {
		if got := (*graphs.RaiseError)(nil).Error(); got == "" {
			t.Error("(*RaiseError)(nil).Error() is empty")
		}
		if got := new(graphs.RaiseError).Error(); got == "" {
			t.Error("new(RaiseError).Error() is empty")
		}
	},
	"script.Script.WriteTextWidth": func(t *testing.T) {
		var z *inputerr.ZeroError
		if err := (*script.Script)(nil).WriteTextWidth(io.Discard, 0); !errors.As(err, &z) {
			t.Errorf("(*Script)(nil).WriteTextWidth = %v, want a *inputerr.ZeroError", err)
		}
		if err := new(script.Script).WriteTextWidth(nil, 0); !errors.As(err, &z) {
			t.Errorf("new(Script).WriteTextWidth(nil, 0) = %v, want a *inputerr.ZeroError", err)
		}
	},
	"graphs.Report.Heading": func(t *testing.T) {
		if got := (*graphs.Report)(nil).Heading(); got != "" {
			t.Errorf("(*Report)(nil).Heading() = %q, want \"\"", got)
		}
		_ = new(graphs.Report).Heading()
	},
	"graphs.Report.HostDefaults": func(t *testing.T) {
		if got := (*graphs.Report)(nil).HostDefaults(); got != "" {
			t.Errorf("(*Report)(nil).HostDefaults() = %q, want \"\"", got)
		}
		if got := new(graphs.Report).HostDefaults(); got != "" {
			t.Errorf("zero Report: HostDefaults() = %q, want \"\"", got)
		}
	},
	"graphs.Report.ExplainText": func(t *testing.T) {
		if got := (*graphs.Report)(nil).ExplainText(); got != "" {
			t.Errorf("(*Report)(nil).ExplainText() = %q, want \"\"", got)
		}
		_ = new(graphs.Report).ExplainText()
	},
	"diagnose.Diagnosis.WriteTextWidth": func(t *testing.T) {
		var z *inputerr.ZeroError
		if err := (*diagnose.Diagnosis)(nil).WriteTextWidth(io.Discard, 0); !errors.As(err, &z) {
			t.Errorf("(*Diagnosis)(nil).WriteTextWidth = %v, want a *inputerr.ZeroError", err)
		}
		if err := new(diagnose.Diagnosis).WriteTextWidth(nil, 80); !errors.As(err, &z) {
			t.Errorf("WriteTextWidth(nil) = %v, want a *inputerr.ZeroError", err)
		}
		_ = (&diagnose.Diagnosis{Findings: []diagnose.Finding{{}}}).WriteTextWidth(io.Discard, -1)
	},
	"diagnose.ReadError.Error":       func(t *testing.T) { nilErrs[diagnose.ReadError]() },
	"diagnose.CompressedError.Error": func(t *testing.T) { nilErrs[diagnose.CompressedError]() },
	"diagnose.NotTextError.Error":    func(t *testing.T) { nilErrs[diagnose.NotTextError]() },
	"diagnose.CutHeaderError.Error":  func(t *testing.T) { nilErrs[diagnose.CutHeaderError]() },
	"diagnose.CutHeaderError.Unwrap": func(t *testing.T) {
		_ = (*diagnose.CutHeaderError)(nil).Unwrap()
		_ = new(diagnose.CutHeaderError).Unwrap()
	},
	"diagnose.EmptyError.Error": func(t *testing.T) { nilErrs[diagnose.EmptyError]() },
	"diagnose.EmptyError.Is": func(t *testing.T) {
		if !(*diagnose.EmptyError)(nil).Is(diagnose.ErrEmpty) || new(diagnose.EmptyError).Is(nil) {
			t.Error("EmptyError.Is: a nil receiver must match ErrEmpty and nothing else")
		}
	},
	"diagnose.ParseTorch": func(t *testing.T) {
		if _, err := diagnose.ParseTorch(""); err == nil {
			t.Error(`ParseTorch(""): no error`)
		}
	},
	"diagnose.ReadError.Unwrap": func(t *testing.T) { _ = (*diagnose.ReadError)(nil).Unwrap(); _ = new(diagnose.ReadError).Unwrap() },

	// graphs/script.
	"script.Read": func(t *testing.T) {
		for _, r := range []io.Reader{strings.NewReader(""), bytes.NewReader(nil)} {
			s, err := script.Read(r)
			if err != nil || s == nil || len(s.Sites) != 0 {
				t.Errorf("Read(%#v) = %v, %v; want an empty Script", r, s, err)
			}
		}
		var z *inputerr.ZeroError
		if _, err := script.Read(nil); !errors.As(err, &z) {
			t.Errorf("Read(nil) = %v, want a *inputerr.ZeroError", err)
		}
		// A typed nil is caught before any Read, as inputerr.ReadAll does for every
		// reader of the module.
		if _, err := script.Read((*strings.Reader)(nil)); !errors.As(err, &z) {
			t.Errorf("Read(typed nil) = %v, want a *inputerr.ZeroError", err)
		}
	},
	"script.ReadNamed": func(t *testing.T) {
		var z *inputerr.ZeroError
		if _, err := script.ReadNamed("", nil); !errors.As(err, &z) {
			t.Errorf("ReadNamed(\"\", nil) = %v, want a *inputerr.ZeroError", err)
		}
		if s, err := script.ReadNamed("", strings.NewReader("")); err != nil || s == nil {
			t.Errorf("ReadNamed(\"\", empty) = %v, %v; want an empty Script", s, err)
		}
	},
	"script.ReadWith": func(t *testing.T) {
		var z *inputerr.ZeroError
		if _, err := script.ReadWith(nil, script.ReadOptions{}); !errors.As(err, &z) {
			t.Errorf("ReadWith(nil, zero) = %v, want a *inputerr.ZeroError", err)
		}
		if s, err := script.ReadWith(strings.NewReader(""), script.ReadOptions{}); err != nil || s == nil {
			t.Errorf("ReadWith(empty, zero) = %v, %v; want an empty Script", s, err)
		}
	},
	"script.Script.RunFailure": func(t *testing.T) {
		if got := (*script.Script)(nil).RunFailure(); got != "" {
			t.Errorf("(*Script)(nil).RunFailure = %q, want \"\"", got)
		}
		if got := new(script.Script).RunFailure(); got != "" {
			t.Errorf("new(Script).RunFailure = %q, want \"\"", got)
		}
	},
	"script.Script.ReplacedEnv": func(t *testing.T) {
		if got := (*script.Script)(nil).ReplacedEnv([]string{"X"}); got != nil {
			t.Errorf("(*Script)(nil).ReplacedEnv = %v, want nil", got)
		}
	},
	"script.Script.ArgvUnread": func(t *testing.T) {
		if (*script.Script)(nil).ArgvUnread() != "" || new(script.Script).ArgvUnread() != "" {
			t.Errorf("ArgvUnread of a nil or zero Script is not empty")
		}
	},
	"script.Script.UnreadEnv": func(t *testing.T) {
		if got := (*script.Script)(nil).UnreadEnv(nil); got != nil {
			t.Errorf("(*Script)(nil).UnreadEnv(nil) = %v, want nil", got)
		}
		_ = new(script.Script).UnreadEnv([]string{""})
	},
	"script.Script.Exit": func(t *testing.T) {
		if got := (*script.Script)(nil).Exit(); got != graphs.Compiles {
			t.Errorf("(*Script)(nil).Exit() = %v, want %v", got, graphs.Compiles)
		}
		_ = new(script.Script).Exit()
	},
	"script.ReadError.Error":  func(t *testing.T) { nilErrs[script.ReadError]() },
	"script.ReadError.Unwrap": func(t *testing.T) { _ = (*script.ReadError)(nil).Unwrap(); _ = new(script.ReadError).Unwrap() },
	"script.SitePlan.Exit": func(t *testing.T) {
		if (*script.SitePlan)(nil).Exit() != graphs.Compiles || new(script.SitePlan).Exit() != graphs.Compiles {
			t.Errorf("a nil or zero SitePlan does not compile")
		}
		_ = (&script.SitePlan{Modes: []script.ModePlan{{}}}).Exit()
	},
	"script.Script.SyntaxFor": func(t *testing.T) {
		for _, s := range []*script.Script{nil, new(script.Script), zeroSiteScript()} {
			if err := s.SyntaxFor("3.8"); err != nil {
				t.Errorf("SyntaxFor(\"3.8\") on a nil, zero or form-free Script = %v, want nil", err)
			}
		}
		var re *script.ReadError
		s, err := script.ReadNamed("m.py", strings.NewReader("match x:\n    case 1:\n        pass\n"))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SyntaxFor(""); !errors.As(err, &re) {
			t.Errorf("SyntaxFor(\"\") = %v, want a *script.ReadError", err)
		}
	},
	"script.Script.LimitHit": func(t *testing.T) {
		if (*script.Script)(nil).LimitHit() != nil || new(script.Script).LimitHit() != nil || zeroSiteScript().LimitHit() != nil {
			t.Errorf("a nil, zero or warning-free Script hits a limit")
		}
	},
	"script.Script.PlanWith": func(t *testing.T) {
		var z *inputerr.ZeroError
		if s, err := (*script.Script)(nil).PlanWith(script.PlanOptions{}); !errors.As(err, &z) || s != nil {
			t.Errorf("(*Script)(nil).PlanWith = %v, %v; want nil, a *inputerr.ZeroError", s, err)
		}
		if _, err := new(script.Script).PlanWith(script.PlanOptions{}); err != nil {
			t.Errorf("zero Script: PlanWith = %v", err)
		}
	},
	"script.Merge": func(t *testing.T) {
		if sc := script.Merge(graphs.Scenario{}, graphs.Scenario{}); sc.Mode != nil || sc.Env != nil || len(sc.Set) != 0 {
			t.Errorf("Merge of zero scenarios = %#v, want the zero Scenario", sc)
		}
	},
	"script.Script.KernelNotes": func(t *testing.T) {
		_ = (*script.Script)(nil).KernelNotes()
		_ = new(script.Script).KernelNotes()
	},
	"script.Script.KernelPython": func(t *testing.T) {
		_ = (*script.Script)(nil).KernelPython()
		_ = new(script.Script).KernelPython()
	},
	"script.Script.Planned": func(t *testing.T) {
		var z *inputerr.ZeroError
		if s, err := (*script.Script)(nil).Planned(graphs.Scenario{}, nil); !errors.As(err, &z) || s != nil {
			t.Errorf("(*Script)(nil).Planned = %v, %v; want nil, a *inputerr.ZeroError", s, err)
		}
		if _, err := new(script.Script).Planned(graphs.Scenario{}, nil); err != nil {
			t.Errorf("zero Script: Planned = %v, want no error", err)
		}
		_, _ = zeroSiteScript().Planned(graphs.Scenario{}, nil)
	},
	"script.Script.WriteText": func(t *testing.T) {
		var z *inputerr.ZeroError
		if err := (*script.Script)(nil).WriteText(io.Discard, 0); !errors.As(err, &z) {
			t.Errorf("(*Script)(nil).WriteText = %v, want a *inputerr.ZeroError", err)
		}
		for _, s := range []*script.Script{new(script.Script), zeroSiteScript(), plannedScript(t)} {
			if err := s.WriteText(nil, 0); !errors.As(err, &z) {
				t.Errorf("WriteText(nil writer) = %v, want a *inputerr.ZeroError", err)
			}
			if err := s.WriteText(io.Discard, -1); err != nil {
				t.Errorf("WriteText(width -1) = %v", err)
			}
		}
	},
	"script.Script.Scenario": func(t *testing.T) {
		for _, s := range []*script.Script{nil, new(script.Script)} {
			if _, ok := s.Scenario(0, graphs.Scenario{}); ok {
				t.Errorf("(%#v).Scenario(0) reports a site", s)
			}
		}
		_, _ = zeroSiteScript().Scenario(-1, graphs.Scenario{})
		_, _ = zeroSiteScript().Scenario(0, graphs.Scenario{})
	},
	"script.Script.Scenarios": func(t *testing.T) {
		for _, s := range []*script.Script{nil, new(script.Script)} {
			if sc := s.Scenarios(graphs.Scenario{}); len(sc) != 0 {
				t.Errorf("(%#v).Scenarios = %v, want none", s, sc)
			}
		}
		_ = zeroSiteScript().Scenarios(graphs.Scenario{})
	},
	"script.Script.MarshalJSON": func(t *testing.T) {
		for _, s := range []*script.Script{nil, new(script.Script), zeroSiteScript()} {
			if _, err := s.MarshalJSON(); err != nil {
				t.Errorf("(%#v).MarshalJSON: %v", s, err)
			}
		}
	},
	"script.Site.Modes": func(t *testing.T) {
		if m := (*script.Site)(nil).Modes(nil); len(m) != 0 {
			t.Errorf("(*Site)(nil).Modes(nil) = %v, want none", m)
		}
		_ = new(script.Site).Modes(nil)
		_ = new(script.Site).Modes([]string{""})
		_ = (&script.Site{ModeLiteral: true}).Modes(nil)
		_ = (&script.Site{ModeCandidates: []script.Candidate{{}}}).Modes(nil)
	},
	"script.SyntaxError.Error": func(t *testing.T) { nilErrs[script.SyntaxError]() },
	"script.SyntaxError.Where": func(t *testing.T) {
		if w := (*script.SyntaxError)(nil).Where(); w != "" {
			t.Errorf("(*SyntaxError)(nil).Where() = %q, want \"\"", w)
		}
		_ = new(script.SyntaxError).Where()
	},
	"script.WorkloadFlags": func(t *testing.T) { _ = script.WorkloadFlags() },

	// graphs/script/pytoken.
	"pytoken.Tokenize": func(t *testing.T) {
		for _, src := range [][]byte{nil, {}} {
			toks, err := pytoken.Tokenize(src)
			if err != nil || len(toks) == 0 || toks[len(toks)-1].Kind != pytoken.EOF {
				t.Errorf("Tokenize(%#v) = %v, %v; want tokens ending in EOF", src, toks, err)
			}
		}
	},
	"pytoken.NewScanner": func(t *testing.T) { _ = pytoken.NewScanner(nil) },
	"pytoken.NewStringScanner": func(t *testing.T) {
		if tok, err := pytoken.NewStringScanner("").Next(); err != nil {
			t.Errorf("NewStringScanner(\"\").Next() = %v, %v", tok, err)
		}
	},
	"pytoken.Scanner.Next": func(t *testing.T) {
		s := pytoken.NewScanner(nil)
		for i := 0; i < 4; i++ {
			if tok, err := s.Next(); err != nil || (i > 0 && tok.Kind != pytoken.EOF) {
				t.Errorf("NewScanner(nil).Next() #%d = %v, %v", i, tok, err)
			}
		}
		var z *inputerr.ZeroError
		for _, s := range []*pytoken.Scanner{nil, new(pytoken.Scanner)} {
			if _, err := s.Next(); !errors.As(err, &z) {
				t.Errorf("(%#v).Next() = %v, want a *inputerr.ZeroError", s, err)
			}
		}
	},
	"pytoken.Scanner.Forms": func(t *testing.T) {
		for _, s := range []*pytoken.Scanner{nil, new(pytoken.Scanner), pytoken.NewScanner(nil)} {
			if f := s.Forms(); len(f) != 0 {
				t.Errorf("(%#v).Forms() = %v, want none", s, f)
			}
		}
	},
	"pytoken.Scanner.DeferParserErrors": func(t *testing.T) {
		var none *pytoken.Scanner
		if got := none.DeferParserErrors(); got != nil {
			t.Errorf("(*Scanner)(nil).DeferParserErrors() = %#v, want nil", got)
		}
		for _, s := range []*pytoken.Scanner{new(pytoken.Scanner), pytoken.NewScanner(nil)} {
			if got := s.DeferParserErrors(); got != s {
				t.Errorf("(%#v).DeferParserErrors() = %#v, want the same Scanner", s, got)
			}
			if _, err := s.Next(); err == nil && s.Deferred() != (pytoken.Deferred{}) {
				t.Errorf("(%#v).Deferred() after an empty input = %#v, want none", s, s.Deferred())
			}
		}
	},
	"pytoken.Scanner.Deferred": func(t *testing.T) {
		for _, s := range []*pytoken.Scanner{nil, new(pytoken.Scanner), pytoken.NewScanner(nil)} {
			if d := s.Deferred(); d != (pytoken.Deferred{}) {
				t.Errorf("(%#v).Deferred() = %#v, want the zero Deferred", s, d)
			}
		}
	},
	"pytoken.Kind.String": func(t *testing.T) {
		for _, k := range []pytoken.Kind{0, pytoken.Dedent + 1, 255} {
			if k.String() == "" {
				t.Errorf("Kind(%d).String() is empty", k)
			}
		}
	},
	"pytoken.Error.Error": func(t *testing.T) { nilErrs[pytoken.Error]() },
}

// zeroSiteScript is a Script with one zero Site and one zero item in every list.
func zeroSiteScript() *script.Script {
	return &script.Script{Sites: []script.Site{{}}, Globals: []script.Global{{}}, Env: []script.EnvSet{{}},
		Threads: []script.Thread{{}}, Warnings: []script.Warning{{}}}
}

// plannedScript is a real script with one site, planned.
func plannedScript(t *testing.T) *script.Script {
	t.Helper()
	s, err := script.ReadNamed("x.py", strings.NewReader("import torch\nf = torch.compile(g, mode=m)\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Planned(graphs.Scenario{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// forResults runs f on a nil, a zero and a failed *config.Result.
func forResults(f func(*config.Result)) {
	f(nil)
	f(&config.Result{})
	r, _ := config.NewResolver(modes.DefaultRelease())
	bad := "no-such-mode"
	res, _ := r.Resolve(config.Request{Mode: &bad})
	f(res)
	f(res.Threaded)
}

// zeroValues are the zero Value and the zero composite values.
func zeroValues() []literal.Value {
	return []literal.Value{{}, literal.List(), literal.Tuple(), literal.Dict(), literal.Opaque("", ""), literal.Dict(literal.DictItem{}), literal.List(literal.Value{}), literal.Set()}
}

func forValues(f func(literal.Value)) {
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

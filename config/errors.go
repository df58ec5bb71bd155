package config

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/internal/exactname"
	"github.com/compilemode/compilemode/modes"
)

// PythonError is an error PyTorch raises, as the library predicts it. Exception is
// the Python class name ("RuntimeError"); Message is exactly what Python prints after
// "RuntimeError: ", byte for byte — the text users search for.
type PythonError interface {
	error
	Exception() string
	Message() string
}

// Hinter is implemented by errors that can suggest what the user meant. The hint is
// ours, never part of PyTorch's message.
type Hinter interface {
	Hint() string
}

// ErrModeAndOptions is torch.compile's RuntimeError when both mode and options are
// given (each tested with "is not None", so mode="default", options={} raises too;
// measured on 2.11, same text in every release read). Resolve returns it as a
// *ModeAndOptionsError, which carries the working alternative; test with errors.Is.
var ErrModeAndOptions error = &ModeAndOptionsError{}

// ModeAndOptionsError is the error behind [ErrModeAndOptions] for one call: mode and
// options both given. Alternative is the options dict that does what the caller meant
// (the mode's table expanded, the caller's options winning), and Equivalent the mode
// whose effective config equals it, if any (testdata/reference/field-reports.md F1, F2).
type ModeAndOptionsError struct {
	Mode        string // the mode as given
	Alternative string // options={...} as a Python dict literal, "" if unknown
	Equivalent  string // a mode with the same effective config, "" if none
	// Rejected is what the merged dict raises in turn (an option key the release does
	// not have), "" when it compiles; then Alternative is "" and the hint offers no dict.
	Rejected string
}

// Is reports whether target is ErrModeAndOptions.
func (e *ModeAndOptionsError) Is(target error) bool { return target == ErrModeAndOptions }

func (e *ModeAndOptionsError) Exception() string { return "RuntimeError" }
func (e *ModeAndOptionsError) Message() string {
	return "Either mode or options can be specified, but both can't be specified at the same time."
}
func (e *ModeAndOptionsError) Error() string {
	if e == nil {
		return "config: <nil *ModeAndOptionsError>"
	}
	return "config: torch.compile: RuntimeError: " + e.Message()
}

// Hint gives the working alternative: the mode's options merged with the caller's.
func (e *ModeAndOptionsError) Hint() string {
	if e == nil {
		return ""
	}
	if e.Rejected != "" {
		return "pass mode alone: one options dict with the mode's table expanded would raise too (" + e.Rejected + ")"
	}
	if e.Alternative == "" {
		return ""
	}
	h := fmt.Sprintf("pass one dict: options=%s (torch._inductor.list_mode_options(%q) expanded, your options winning)", e.Alternative, e.Mode)
	if e.Equivalent != "" {
		h += fmt.Sprintf("; that is the same effective config as mode=%q", e.Equivalent)
	}
	return h
}

// UnknownOptionError is apply_options' RuntimeError for an option key the release's
// config does not have. Source: torch/__init__.py _TorchCompileInductorWrapper.apply_options;
// the 2.11 text (all 543 keys) is measured. Known is the caller's copy: changing
// it changes no other answer.
type UnknownOptionError struct {
	Key    string       // the key as given, before "-" became "_"
	Known  []schema.Key // every key of the release, in get_config_copy() order
	Origin Origin       // where the option came from (options)
	Note   string       // ours: the release that first accepts the option, when known
}

func (e *UnknownOptionError) Exception() string { return "RuntimeError" }

// Message returns PyTorch's text: the key and the Python list of all known keys.
func (e *UnknownOptionError) Message() string {
	if e == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("Unexpected optimization option ")
	b.WriteString(e.Key)
	b.WriteString(", known options are [")
	for i, k := range e.Known {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(literal.Str(string(k)).String())
	}
	b.WriteString("]")
	return b.String()
}

func (e *UnknownOptionError) Error() string {
	if e == nil {
		return "config: <nil *UnknownOptionError>"
	}
	return fmt.Sprintf("config: option %q (from %s): RuntimeError: Unexpected optimization option %s (%d known options)", e.Key, e.Origin, e.Key, len(e.Known))
}

// Hint suggests the nearest known key, or says from which release the option is
// accepted; "" when it has nothing to say.
func (e *UnknownOptionError) Hint() string {
	if e == nil {
		return ""
	}
	if e.Note != "" {
		return e.Note
	}
	if h := exactname.Hint("option", e.Key, keysToStrings(e.Known)); h != "" {
		return h // "max_autotune " (fix brief 29, finding 4)
	}
	return didYouMean(strings.ReplaceAll(e.Key, "-", "_"), keysToStrings(e.Known))
}

// OptionTypeError is apply_options' RuntimeError for an option value of the wrong
// type. Want is type(current value).__name__, which can read NoneType even where the
// annotation is Optional[X]. Source: torch/__init__.py apply_options; measured on 2.11.
type OptionTypeError struct {
	Key    string // the key as given
	Got    string // type(value).__name__
	Want   string // type(current value).__name__
	Origin Origin
}

func (e *OptionTypeError) Exception() string { return "RuntimeError" }
func (e *OptionTypeError) Message() string {
	if e == nil {
		return ""
	}
	return fmt.Sprintf("Unexpected type of attr %s, got %s should be %s", e.Key, e.Got, e.Want)
}
func (e *OptionTypeError) Error() string {
	if e == nil {
		return "config: <nil *OptionTypeError>"
	}
	return fmt.Sprintf("config: option %q (from %s): RuntimeError: %s", e.Key, e.Origin, e.Message())
}

// GlobalError is the AttributeError of an assignment torch._inductor.config.KEY = V
// to a name the config does not have. Name is the part PyTorch names: the first
// missing attribute of the dotted path. Source: torch/utils/_config_module.py
// ConfigModule.__setattr__/__getattr__; measured on 2.11.
//
// When a prefix of the path is itself a key (triton.cudagraphs.x), Python sets an
// attribute on that value instead: ValueType is its type and the message is
// "'bool' object has no attribute 'x'". Known is the caller's copy, as
// UnknownOptionError's.
type GlobalError struct {
	Key       schema.Key   // the whole key as given
	Name      string       // the dotted path PyTorch names, e.g. "triton.no_such_knob"
	Known     []schema.Key // the release's keys, for the hint
	ValueType string       // type(value).__name__ when a prefix of schema.Key is a value key
	// NoDict is what the Python adds when the value has no __dict__ (3.13+: " and no
	// __dict__ for setting new attributes"; pyver.SetAttrNoDict).
	NoDict string
	// Exc and Msg, when Msg is set, are what setattr on the value raised instead, as
	// the Python words it (a read-only attribute: "attribute 'real' of 'int' objects
	// is not writable"; pyver.Python.SetAttr).
	Exc, Msg string
}

func (e *GlobalError) Exception() string {
	if e != nil && e.Exc != "" {
		return e.Exc
	}
	return "AttributeError"
}

func (e *GlobalError) Message() string {
	if e == nil {
		return ""
	}
	if e.Msg != "" {
		return e.Msg
	}
	if e.ValueType != "" {
		return fmt.Sprintf("'%s' object has no attribute '%s'%s", e.ValueType, e.Name, e.NoDict)
	}
	return fmt.Sprintf("torch._inductor.config.%s does not exist", e.Name)
}
func (e *GlobalError) Error() string {
	if e == nil {
		return "config: <nil *GlobalError>"
	}
	return fmt.Sprintf("config: global %s: %s: %s", e.Key, e.Exception(), e.Message())
}

// Hint suggests the nearest known key, or "".
func (e *GlobalError) Hint() string {
	if e == nil {
		return ""
	}
	if e.ValueType != "" {
		return ""
	}
	if h := exactname.Hint("config key", string(e.Key), keysToStrings(e.Known)); h != "" {
		return h
	}
	return didYouMean(string(e.Key), keysToStrings(e.Known))
}

// InvalidBackendError is torch.compile's torch._dynamo.exc.InvalidBackend for a
// backend name the release does not register (names are exact: "Inductor" and
// "inductor " are invalid). Measured on 2.6.0, 2.11 and 2.14.1; the text is the
// release's ([Facts.InvalidBackendSuggests]). Known and Listed are the caller's
// copies, as UnknownOptionError's Known.
type InvalidBackendError struct {
	Name  string   // the backend as given
	Known []string // torch._dynamo.list_backends(exclude_tags=()) and "inductor"
	// Listed is torch._dynamo.list_backends(), the names 2.14's text suggests from.
	Listed []string
	// Suggests: the release's text suggests close names (2.14).
	Suggests bool
	// KeyError: the release looks the name up unchecked and raises KeyError with the
	// name's repr as its message (2.0, [Facts.InvalidBackendKeyError]).
	KeyError bool
}

// Exception is "InvalidBackend", or "KeyError" where the release raises that.
func (e *InvalidBackendError) Exception() string {
	if e != nil && e.KeyError {
		return "KeyError"
	}
	return "InvalidBackend"
}

// Message is the exception's text as the release prints it.
func (e *InvalidBackendError) Message() string {
	if e == nil {
		return ""
	}
	if e.KeyError {
		return literal.Str(e.Name).String()
	}
	const see = "`torch._dynamo.list_backends()` for available backends."
	if !e.Suggests {
		return fmt.Sprintf("Invalid backend: %s, see %s", literal.Str(e.Name).String(), see)
	}
	close := closeMatches(e.Name, e.Listed, 2, 0.6)
	if len(close) == 0 {
		return fmt.Sprintf("Invalid backend: %s. See %s", literal.Str(e.Name).String(), see)
	}
	reprs := make([]string, len(close))
	for i, c := range close {
		reprs[i] = literal.Str(c).String()
	}
	return fmt.Sprintf("Invalid backend: %s, did you mean: %s? See %s", literal.Str(e.Name).String(), strings.Join(reprs, ", "), see)
}
func (e *InvalidBackendError) Error() string {
	if e == nil {
		return "config: <nil *InvalidBackendError>"
	}
	return "config: torch.compile: " + e.Exception() + ": " + e.Message()
}

// Hint suggests the nearest backend name, or "".
func (e *InvalidBackendError) Hint() string {
	if e == nil {
		return ""
	}
	if strings.TrimSpace(e.Name) == "" {
		return "leave backend out (Inductor) or name a registered backend"
	}
	if h := exactname.Hint("backend", e.Name, e.Known); h != "" {
		return h // "inductor ", "Inductor"
	}
	return didYouMean(strings.TrimSpace(e.Name), e.Known)
}

// OptionsShapeError is the AttributeError torch.compile raises when options is not a
// dict ("'list' object has no attribute 'items'") or a key is not a str ("'int'
// object has no attribute 'replace'"). Measured on 2.11.
type OptionsShapeError struct {
	PyType string // type name of the offending object
	Attr   string // "items" or "replace"
}

func (e *OptionsShapeError) Exception() string { return "AttributeError" }
func (e *OptionsShapeError) Message() string {
	if e == nil {
		return ""
	}
	return fmt.Sprintf("'%s' object has no attribute '%s'", e.PyType, e.Attr)
}
func (e *OptionsShapeError) Error() string {
	if e == nil {
		return "config: <nil *OptionsShapeError>"
	}
	return "config: options: AttributeError: " + e.Message()
}

// Compile-time checks keep their own type; make sure they all are PythonErrors.
var (
	_ PythonError = (*ModeAndOptionsError)(nil)
	_ PythonError = (*UnknownOptionError)(nil)
	_ PythonError = (*OptionTypeError)(nil)
	_ PythonError = (*GlobalError)(nil)
	_ PythonError = (*OptionsShapeError)(nil)
	_ PythonError = (*schema.EnvError)(nil)
	_ PythonError = (*InvalidBackendError)(nil)
	_ PythonError = (*modes.UnknownModeError)(nil)
)

func keysToStrings(ks []schema.Key) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// didYouMean returns "did you mean X?" for the candidate nearest to s by edit
// distance, when it is close enough to be a plausible typo; "" otherwise. Its time is
// linear in len(s) and in the candidates' total length: only candidates within the
// allowed distance are compared, each in a band of that width (a 1 MB key costs no
// more than a short one).
func didYouMean(s string, candidates []string) string {
	ls := lowerRunes(nil, s)
	limit := max(2, len(s)/4)
	best, bestD := "", -1
	var lc []rune
	var rows [2][]int
	for _, c := range candidates {
		bound := limit
		if bestD >= 0 {
			bound = min(bound, bestD-1)
		}
		if len(s) > 4*(len(c)+bound) || len(c) > 4*(len(s)+bound) {
			continue // more than bound runes apart in length alone (a rune is 1 to 4 bytes)
		}
		lc = lowerRunes(lc[:0], c)
		if d, ok := editDistanceWithin(ls, lc, bound, &rows); ok {
			best, bestD = c, d
		}
	}
	if bestD < 0 || best == s {
		// A key that differs only in its subconfig prefix is a common slip too.
		tail := s[strings.LastIndex(s, ".")+1:]
		for _, c := range candidates {
			if c == tail || (strings.HasSuffix(c, tail) && len(c) > len(tail) && c[len(c)-len(tail)-1] == '.') {
				return fmt.Sprintf("did you mean %s?", c)
			}
		}
		return ""
	}
	return fmt.Sprintf("did you mean %s?", best)
}

// lowerRunes appends the runes of s, lower-cased, to buf.
func lowerRunes(buf []rune, s string) []rune {
	for _, r := range s {
		buf = append(buf, unicode.ToLower(r))
	}
	return buf
}

// editDistanceWithin returns the Levenshtein distance of a and b and true when it is
// at most k, and false otherwise, in time O(min(len(a), len(b)) * k): only the band
// of cells within k of the diagonal is computed, and it stops as soon as every cell
// of a row is past k.
//
// rows holds the two rows' storage between calls (it may point to zero slices).
func editDistanceWithin(a, b []rune, k int, rows *[2][]int) (int, bool) {
	if k < 0 || abs(len(a)-len(b)) > k {
		return 0, false
	}
	a, b = trimCommon(a, b)
	if len(a) > len(b) {
		a, b = b, a
	}
	for i := range rows {
		if cap(rows[i]) < len(b)+1 {
			rows[i] = make([]int, len(b)+1)
		}
	}
	prev, cur := rows[0][:len(b)+1], rows[1][:len(b)+1]
	for j := range prev {
		prev[j] = farCell
		if j <= k {
			prev[j] = j
		}
	}
	for i := 1; i <= len(a); i++ {
		if bandRow(a, b, i, k, prev, cur) > k {
			return 0, false
		}
		prev, cur = cur, prev
	}
	return prev[len(b)], prev[len(b)] <= k
}

// farCell is a distance past any bound, for cells outside the band.
const farCell = 1 << 30

// trimCommon drops the common prefix and suffix of a and b: they do not change the
// distance (names that share "TORCHINDUCTOR_" are compared on the rest only).
func trimCommon(a, b []rune) ([]rune, []rune) {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	return a, b
}

// bandRow computes row i of the distance table into cur from prev, only within k of
// the diagonal, and returns the row's least cell.
func bandRow(a, b []rune, i, k int, prev, cur []int) int {
	lo, hi := max(1, i-k), min(len(b), i+k)
	cur[0] = farCell
	if i <= k {
		cur[0] = i
	}
	if lo > 1 {
		cur[lo-1] = farCell // a stale cell from two rows before
	}
	rowMin := cur[0]
	for j := lo; j <= hi; j++ {
		d := prev[j-1]
		if a[i-1] != b[j-1] {
			d = 1 + min(d, prev[j], cur[j-1])
		} else {
			d = min(d, 1+prev[j], 1+cur[j-1])
		}
		cur[j] = d
		rowMin = min(rowMin, d)
	}
	if hi < len(b) {
		cur[hi+1] = farCell
	}
	return rowMin
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// UnexpectedKeyword is Python's TypeError message for a keyword argument that the
// function fn, which has no **kwargs, does not take: "compile() got an unexpected
// keyword argument 'cudagraphs'" (measured on 2.6.0 and 2.14.1 for torch.compile and
// torch._dynamo.optimize: graphs/script/testdata/measured/optimize_kwargs.out). The one
// place this wording is built (torch.compile here, _optimize and a backend's own
// function in graphs/script).
func UnexpectedKeyword(fn, kw string) string {
	return fmt.Sprintf("%s() got an unexpected keyword argument '%s'", fn, kw)
}

// CallError is an error PyTorch (or Python, binding torch.compile's arguments)
// raises that has no type of its own here: an unexpected keyword argument, a Python
// torch.compile refuses, a malformed config.patch, an unhashable mode. Exc and Msg
// are Python's class name and message, byte for byte; Arg names the argument or
// layer at fault.
type CallError struct {
	Stage string // where it is raised ([Result.Stage]); "" means "compile"
	Arg   string // e.g. "name=", "mode", "config.patch", "Python 3.14"
	Exc   string // the Python exception class name
	Msg   string // its message
}

func (e *CallError) Exception() string {
	if e == nil {
		return ""
	}
	return e.Exc
}

func (e *CallError) Message() string {
	if e == nil {
		return ""
	}
	return e.Msg
}

func (e *CallError) Error() string {
	if e == nil {
		return "config: <nil *CallError>"
	}
	if e.Msg == "" {
		return fmt.Sprintf("config: %s: %s", e.Arg, e.Exc)
	}
	return fmt.Sprintf("config: %s: %s: %s", e.Arg, e.Exc, e.Msg)
}

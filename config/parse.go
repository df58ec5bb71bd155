package config

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// AssignmentError reports a KEY=VALUE argument that cannot be used.
type AssignmentError struct {
	Arg string // the argument as given (cut to 80 bytes)
	Msg string
	Err error // the literal's error, if the value failed to parse
}

func (e *AssignmentError) Error() string {
	if e == nil {
		return "config: <nil *AssignmentError>"
	}
	if e.Err != nil {
		return fmt.Sprintf("config: %q: %s: %v", e.Arg, e.Msg, e.Err)
	}
	return fmt.Sprintf("config: %q: %s", e.Arg, e.Msg)
}

// Unwrap returns the literal's error, or the *LimitError or *PositionError behind the
// refusal, or nil.
func (e *AssignmentError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// ParseAssignment parses "KEY=VALUE" (a -set argument): a dotted key and a Python
// literal. The key may be written with its module path, as the assignment is written
// in Python (torch._inductor.config.triton.cudagraphs=True names triton.cudagraphs).
// The key is not checked against a release here; [Resolver.Resolve] does
// that as PyTorch does. It returns an *AssignmentError (wrapping a *literal.Error for a
// bad value, a *LimitError for a key of more than MaxKeyParts parts).
func ParseAssignment(arg string) (Assignment, error) { return ParseAssignmentFor(arg, nil) }

// ParseAssignmentFor is [ParseAssignment] as the Python py reads the value (see
// [literal.ParseFor]); a nil py is ParseAssignment.
func ParseAssignmentFor(arg string, py literal.Lang) (Assignment, error) {
	cut := inputerr.Cut(arg, 80)
	k, v, ok := strings.Cut(arg, "=")
	if !ok {
		return Assignment{}, &AssignmentError{Arg: cut, Msg: "want KEY=VALUE, e.g. triton.cudagraph_trees=False"}
	}
	k = strings.TrimPrefix(strings.TrimSpace(k), InductorPrefix)
	if err := otherModule(k); err != nil {
		return Assignment{}, &AssignmentError{Arg: cut, Msg: err.Error()}
	}
	if err := schema.CheckKeyParts(k); err != nil {
		return Assignment{}, &AssignmentError{Arg: cut, Msg: "key has too many parts", Err: err}
	}
	if err := checkKeySyntax(k); err != nil {
		return Assignment{}, &AssignmentError{Arg: cut, Msg: err.Error()}
	}
	val, err := literal.ParseFor(v, py)
	if err != nil {
		return Assignment{}, &AssignmentError{Arg: cut, Msg: "value is not a Python literal or constant expression (strings need quotes: 'x')", Err: err}
	}
	return Assignment{Key: schema.Key(k), Value: val}, nil
}

// otherModule refuses a key that names another module's config
// (torch._functorch.config.x, torch.fx.config.x): a -set assigns
// torch._inductor.config keys, and graphs takes torch._dynamo.config ones out before
// they reach here. Read as an Inductor key it would be "torch", which PyTorch refuses
// with AttributeError, an answer to a question the user did not ask.
func otherModule(k string) error {
	if !strings.HasPrefix(k, "torch.") {
		return nil
	}
	module := k
	if i := strings.LastIndexByte(k, '.'); i > 0 {
		module = k[:i]
	}
	return fmt.Errorf("%s is not torch._inductor.config or torch._dynamo.config: -set assigns Inductor keys "+
		"(KEY or torch._inductor.config.KEY) and Dynamo keys (torch._dynamo.config.KEY); the effect of "+
		"%s is not planned: drop it to plan without it", inputerr.Cut(module, 80), inputerr.Cut(module, 80))
}

// checkKeySyntax accepts a dotted Python attribute path.
func checkKeySyntax(k string) error {
	if k == "" {
		return fmt.Errorf("empty key")
	}
	for _, part := range strings.Split(k, ".") {
		if part == "" {
			return fmt.Errorf("key %q has an empty part", inputerr.Cut(k, 80))
		}
		for i, c := range part {
			// Non-ASCII letters are left to setattr, which takes any name (an unknown
			// one raises AttributeError, measured: calls4.json "uni global 'é = 1'").
			ok := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && c >= '0' && c <= '9') || c >= 0x80
			if !ok {
				if c == '-' {
					return fmt.Errorf("key %q: '-' is not allowed in a Python attribute name (options accept it, globals do not); did you mean %s?", inputerr.Cut(k, 80), inputerr.Cut(strings.ReplaceAll(k, "-", "_"), 80))
				}
				return fmt.Errorf("key %q: %q is not allowed in a Python attribute name", inputerr.Cut(k, 80), c)
			}
		}
	}
	return nil
}

// ParseEnvAssignment parses "NAME=VALUE" (an -env argument). The value is taken as
// is, spaces included, as the process environment would hold it. It returns an
// *AssignmentError for a missing "=", a name that is empty or holds a space or a tab,
// and (wrapping a *PositionError with the byte offset) a NUL byte or invalid UTF-8
// anywhere: a Python str from os.environ could not carry them unchanged.
func ParseEnvAssignment(arg string) (name, value string, err error) {
	cut := inputerr.Cut(arg, 80)
	if err := inputerr.CheckText(arg); err != nil {
		return "", "", &AssignmentError{Arg: cut, Msg: "bad environment variable", Err: err}
	}
	name, value, ok := strings.Cut(arg, "=")
	if !ok {
		return "", "", &AssignmentError{Arg: cut, Msg: "want NAME=VALUE, e.g. TORCHINDUCTOR_CUDAGRAPHS=1"}
	}
	if name == "" || strings.ContainsAny(name, "\x00 \t") {
		return "", "", &AssignmentError{Arg: cut, Msg: "bad environment variable name"}
	}
	if strings.ContainsRune(value, 0) {
		return "", "", &AssignmentError{Arg: cut, Msg: "value holds a NUL byte, which no environment can"}
	}
	return name, value, nil
}

// ParseOptions parses an options argument: a Python literal or constant expression,
// as a script evaluates it (normally a dict; JSON is a subset; see [literal.Parse]). Any literal is returned: torch.compile's own check of its shape happens
// in [Resolver.Resolve], in PyTorch's order. It returns a *literal.Error.
func ParseOptions(src string) (literal.Value, error) { return literal.Parse(src) }

// ParseOptionsFor is [ParseOptions] as the Python py reads the text (see
// [literal.ParseFor]; [PythonFor] picks it); a nil py is ParseOptions.
func ParseOptionsFor(src string, py literal.Lang) (literal.Value, error) {
	return literal.ParseFor(src, py)
}

// PythonFor returns the semantics of the Python that reads a script's text: py when
// it is not zero, else the Python release torch was measured on ([Facts.Python]).
// It returns nil (the literal package's defaults) when there are no data for it.
func PythonFor(torch modes.Version, py pyver.Version) literal.Lang {
	if py == (pyver.Version{}) {
		v, err := pyver.Parse(FactsFor(torch).Python)
		if err != nil {
			return nil
		}
		py = v
	}
	p, err := pyver.For(py)
	if err != nil {
		return nil
	}
	return p
}

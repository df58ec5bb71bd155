package config

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits on input beyond those of a literal ([MaxLiteralBytes], [MaxLiteralDepth],
// [MaxIntDigits]) and a schema file ([MaxSchemaBytes]). Each is checked before the
// input is parsed or stored, and an input past one gets a *LimitError naming it.
const (
	// MaxKeyParts is the most dotted parts a config key may have ("triton.cudagraphs"
	// has 2; the deepest key of any release read has 3). It bounds global assignments
	// (-set, Request.Globals) and schema keys; an option key is looked up whole, as
	// PyTorch does, and needs no such bound.
	MaxKeyParts = 32
	// MaxJSONDepth is the deepest nesting of JSON objects and arrays together that
	// [CheckStrictJSON] accepts.
	MaxJSONDepth = MaxLiteralDepth
	// MaxEnvEntries is the most environment variables one request may hold (a login
	// shell has about 50, a CI job a few hundred).
	MaxEnvEntries = 4096
	// MaxNonDecimalDigits bounds a hexadecimal, octal or binary int literal, in
	// digits. Python accepts any length; converting one costs time quadratic in its
	// length here, so the library refuses longer ones (a 64-bit value has 16 hex digits).
	MaxNonDecimalDigits = 4300
)

// LimitError reports an input past one of the package's limits. The check runs
// before the input is parsed or stored. Other packages' limits (graphs.MaxDevices,
// graphs.MaxScenarioBytes, …) are reported with it too.
type LimitError struct {
	Limit string // the limit's exported name, e.g. "config.MaxLiteralBytes"
	Max   int64  // its value
	Got   int64  // the input's value: more than Max (for a reader, Max+1 means "more")
	What  string // what was counted, e.g. "bytes", "nesting depth", "dotted key parts"
}

func (e *LimitError) Error() string {
	if e == nil {
		return "config: <nil *LimitError>"
	}
	got := fmt.Sprint(e.Got)
	if e.Got == e.Max+1 {
		got = fmt.Sprintf("more than %d", e.Max)
	}
	return fmt.Sprintf("config: %s is %s, over the limit %s = %d", e.What, got, e.Limit, e.Max)
}

// PositionError reports input that is malformed at one place: a NUL byte, invalid
// UTF-8, a byte order mark, a lone UTF-16 surrogate escape or, in JSON, a syntax
// error or a repeated key. Err, when not nil, is the *LimitError behind it.
type PositionError struct {
	Offset int    // byte offset of the problem, 0-based
	Line   int    // line of Offset, 1-based (0 when the input is one line)
	Column int    // column of Offset in bytes, 1-based (0 when Line is 0)
	Msg    string // what is wrong
	Err    error  // the limit passed, if any
}

func (e *PositionError) Error() string {
	if e == nil {
		return "config: <nil *PositionError>"
	}
	msg := e.Msg + limitNote(e.Err)
	if e.Line > 0 {
		return fmt.Sprintf("config: line %d, column %d (byte offset %d): %s", e.Line, e.Column, e.Offset, msg)
	}
	return fmt.Sprintf("config: byte offset %d: %s", e.Offset, msg)
}

// Unwrap returns the *LimitError behind the error, or nil.
func (e *PositionError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// limitNote names the limit behind an error, for its message: " (limit
// config.MaxJSONDepth = 64)", or "".
func limitNote(err error) string {
	le, ok := err.(*LimitError)
	if !ok || le == nil {
		return ""
	}
	return fmt.Sprintf(" (limit %s = %d)", le.Limit, le.Max)
}

// positionErr builds a *PositionError at off in src; line and column are filled in
// when src has more than one line.
func positionErr(src []byte, off int, msg string) *PositionError {
	e := &PositionError{Offset: off, Msg: msg}
	if off > len(src) {
		off = len(src)
	}
	if nl := strings.Count(string(src), "\n"); nl > 0 {
		before := src[:off]
		e.Line = strings.Count(string(before), "\n") + 1
		e.Column = off - (strings.LastIndexByte(string(before), '\n') + 1) + 1
	}
	return e
}

// bomMsg is the message for a UTF-8 byte order mark at the start of an input.
const bomMsg = "the input starts with a UTF-8 byte order mark (U+FEFF), which Python refuses too " +
	"(ast.literal_eval: invalid non-printable character U+FEFF; json.load: Unexpected UTF-8 BOM): save it as UTF-8 without a BOM"

// CheckText reports the first NUL byte or invalid UTF-8 sequence in s as a
// *PositionError, or nil. Every string the library takes (flag values, environment
// names and values, scenario fields) is held to it: no input can carry a byte that a
// Python str from argv, a file or the environment could not, or that would turn into
// U+FFFD silently.
func CheckText(s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0 {
			return positionErr([]byte(s), i, "NUL byte (no argument, environment variable or Python source can hold one)")
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return positionErr([]byte(s), i, fmt.Sprintf("invalid UTF-8 (byte 0x%02x)", c))
		}
		i += n
	}
	return nil
}

// checkKeyParts refuses a dotted key with more than MaxKeyParts parts, before it is
// split.
func checkKeyParts(k string) error {
	if n := strings.Count(k, ".") + 1; n > MaxKeyParts {
		return &LimitError{Limit: "config.MaxKeyParts", Max: MaxKeyParts, Got: int64(n), What: "the number of dotted key parts"}
	}
	return nil
}

// checkRequest holds a request built in Go to the limits the parsers apply: global
// keys of at most MaxKeyParts parts and at most MaxEnvEntries environment variables.
// [Resolver.Resolve] calls it first, so that no later step does work beyond them.
func checkRequest(req Request) error {
	for _, g := range req.Globals {
		if err := checkKeyParts(string(g.Key)); err != nil {
			return fmt.Errorf("config: global %.80s: %w", g.Key, err)
		}
	}
	if req.Env != nil {
		if n := len(req.Env()); n > MaxEnvEntries {
			return &LimitError{Limit: "config.MaxEnvEntries", Max: MaxEnvEntries, Got: int64(n), What: "the number of environment variables"}
		}
	}
	return nil
}

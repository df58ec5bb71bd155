package strictjson

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config/inputerr"
)

// MaxDepth is the deepest nesting of JSON objects and arrays together that [Check]
// accepts: literal.MaxDepth, the limit on a Python literal's brackets.
const MaxDepth = 64

// Check reports the first reason data is not one strict JSON object, as a
// *inputerr.PositionError with the byte offset (and line and column): a UTF-8 byte order mark,
// invalid UTF-8 or a NUL (encoding/json would silently replace the one and keep the
// other), a lone UTF-16 surrogate escape such as "\ud800" (encoding/json would turn it
// into U+FFFD), a top level other than an object (null included), a key repeated in
// one object (encoding/json keeps the last silently), objects and arrays nested deeper
// than MaxDepth (the *inputerr.LimitError is wrapped), a syntax error, or data after the
// object. Schema and scenario files are checked with it before they are decoded.
//
// It reads data once, in time linear in its length, and allocates only the keys of
// the objects open at one time.
func Check(data []byte) error {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return inputerr.At(data, 0, inputerr.BOMMsg)
	}
	if err := inputerr.CheckText(string(data)); err != nil {
		pe := err.(*inputerr.PositionError)
		return inputerr.At(data, pe.Offset, pe.Msg)
	}
	sc := &jsonScanner{data: data}
	sc.space()
	if sc.pos >= len(data) || data[sc.pos] != '{' {
		return sc.fail("want a JSON object at the top level")
	}
	if err := sc.value(); err != nil {
		return err
	}
	sc.space()
	if sc.pos < len(data) {
		return sc.fail("data after the JSON object")
	}
	return nil
}

// jsonScanner is a strict JSON reader that checks without building values.
type jsonScanner struct {
	data  []byte
	pos   int
	depth int
	path  []string // the keys and indexes of the open objects and arrays, for messages
}

func (sc *jsonScanner) fail(msg string) error {
	return inputerr.At(sc.data, sc.pos, msg)
}

func (sc *jsonScanner) space() {
	for sc.pos < len(sc.data) {
		switch sc.data[sc.pos] {
		case ' ', '\t', '\n', '\r':
			sc.pos++
		default:
			return
		}
	}
}

// where names the value being read, e.g. "workload.devices" or "keys[3].default".
func (sc *jsonScanner) where() string {
	if len(sc.path) == 0 {
		return "the top-level object"
	}
	return strings.TrimPrefix(strings.Join(sc.path, ""), ".")
}

func (sc *jsonScanner) value() error {
	sc.space()
	if sc.pos >= len(sc.data) {
		return sc.fail("unexpected end of JSON input")
	}
	switch c := sc.data[sc.pos]; {
	case c == '{' || c == '[':
		sc.depth++
		if sc.depth > MaxDepth {
			e := inputerr.At(sc.data, sc.pos, fmt.Sprintf("objects and arrays nested more than %d levels deep", MaxDepth))
			e.Err = &inputerr.LimitError{Limit: "strictjson.MaxDepth", Max: MaxDepth, Got: int64(sc.depth), What: "the JSON nesting depth"}
			return e
		}
		var err error
		if c == '{' {
			err = sc.object()
		} else {
			err = sc.array()
		}
		sc.depth--
		return err
	case c == '"':
		_, err := sc.str(false)
		return err
	case c == '-' || (c >= '0' && c <= '9'):
		return sc.number()
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(sc.data[sc.pos:], []byte(lit)) {
				sc.pos += len(lit)
				return nil
			}
		}
		return sc.fail(fmt.Sprintf("invalid character %s looking for the beginning of a value", quoteChar(sc.data[sc.pos:])))
	}
}

func (sc *jsonScanner) object() error {
	sc.pos++ // '{'
	seen := map[string]bool{}
	sc.space()
	if sc.pos < len(sc.data) && sc.data[sc.pos] == '}' {
		sc.pos++
		return nil
	}
	for {
		sc.space()
		if sc.pos >= len(sc.data) || sc.data[sc.pos] != '"' {
			return sc.fail("want a string key in " + sc.where())
		}
		start := sc.pos
		k, err := sc.str(true)
		if err != nil {
			return err
		}
		if seen[k] {
			return inputerr.At(sc.data, start, fmt.Sprintf("key %q appears twice in %s", inputerr.Cut(k, 80), sc.where()))
		}
		seen[k] = true
		sc.space()
		if sc.pos >= len(sc.data) || sc.data[sc.pos] != ':' {
			return sc.fail(fmt.Sprintf("want ':' after key %q", inputerr.Cut(k, 80)))
		}
		sc.pos++
		sc.path = append(sc.path, "."+inputerr.Cut(k, 80))
		err = sc.value()
		sc.path = sc.path[:len(sc.path)-1]
		if err != nil {
			return err
		}
		if done, err := sc.next('}'); done || err != nil {
			return err
		}
	}
}

func (sc *jsonScanner) array() error {
	sc.pos++ // '['
	sc.space()
	if sc.pos < len(sc.data) && sc.data[sc.pos] == ']' {
		sc.pos++
		return nil
	}
	for i := 0; ; i++ {
		sc.path = append(sc.path, "["+strconv.Itoa(i)+"]")
		err := sc.value()
		sc.path = sc.path[:len(sc.path)-1]
		if err != nil {
			return err
		}
		if done, err := sc.next(']'); done || err != nil {
			return err
		}
	}
}

// next reads the ',' between members or the closing delimiter end.
func (sc *jsonScanner) next(end byte) (done bool, err error) {
	sc.space()
	if sc.pos >= len(sc.data) {
		return true, sc.fail("unexpected end of JSON input")
	}
	switch sc.data[sc.pos] {
	case ',':
		sc.pos++
		return false, nil
	case end:
		sc.pos++
		return true, nil
	}
	return true, sc.fail(fmt.Sprintf("invalid character %s after a value in %s (want ',' or '%c')", quoteChar(sc.data[sc.pos:]), sc.where(), end))
}

// str reads a string; keep asks for its decoded text (for keys).
func (sc *jsonScanner) str(keep bool) (string, error) {
	sc.pos++ // '"'
	var b strings.Builder
	for sc.pos < len(sc.data) {
		c := sc.data[sc.pos]
		switch {
		case c == '"':
			sc.pos++
			return b.String(), nil
		case c < 0x20:
			return "", sc.fail(fmt.Sprintf("control character U+%04X in a string (JSON needs it escaped)", c))
		case c == '\\':
			r, err := sc.escape()
			if err != nil {
				return "", err
			}
			if keep {
				b.WriteRune(r)
			}
		default:
			if keep {
				b.WriteByte(c)
			}
			sc.pos++
		}
	}
	return "", sc.fail("unexpected end of JSON input in a string")
}

// escape reads one escape sequence at sc.pos ('\\') and returns its rune.
func (sc *jsonScanner) escape() (rune, error) {
	if sc.pos+1 >= len(sc.data) {
		return 0, sc.fail("unexpected end of JSON input in an escape")
	}
	c := sc.data[sc.pos+1]
	if i := strings.IndexByte(`"\/bfnrt`, c); i >= 0 {
		sc.pos += 2
		return rune("\"\\/\b\f\n\r\t"[i]), nil
	}
	if c != 'u' {
		return 0, sc.fail(fmt.Sprintf("invalid escape \\%s in a string", quoteChar(sc.data[sc.pos+1:])))
	}
	r, ok := sc.hex4(sc.pos + 2)
	if !ok {
		return 0, sc.fail(`invalid \u escape: want 4 hex digits`)
	}
	switch {
	case r == 0:
		return 0, sc.fail(`\u0000 escape: NUL (no argument, environment variable or Python source can hold one)`)
	case utf16.IsSurrogate(r) && r < 0xdc00:
		if sc.pos+7 < len(sc.data) && sc.data[sc.pos+6] == '\\' && sc.data[sc.pos+7] == 'u' {
			if lo, ok := sc.hex4(sc.pos + 8); ok && lo >= 0xdc00 && lo <= 0xdfff {
				sc.pos += 12
				return utf16.DecodeRune(r, lo), nil
			}
		}
		fallthrough
	case utf16.IsSurrogate(r):
		return 0, sc.fail(fmt.Sprintf(`lone UTF-16 surrogate \u%04x (not a character; encoding/json would turn it into U+FFFD)`, r))
	}
	sc.pos += 6
	return r, nil
}

func (sc *jsonScanner) hex4(at int) (rune, bool) {
	if at+4 > len(sc.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(sc.data[at:at+4]), 16, 32)
	return rune(n), err == nil
}

func (sc *jsonScanner) number() error {
	start := sc.pos
	sc.skip('-')
	first := sc.pos
	if n := sc.digits(); n == 0 || (n > 1 && sc.data[first] == '0') {
		sc.pos = start
		return sc.fail("invalid number")
	}
	if sc.skip('.') && sc.digits() == 0 {
		return sc.fail("invalid number: want digits after '.'")
	}
	if sc.skip('e') || sc.skip('E') {
		_ = sc.skip('+') || sc.skip('-')
		if sc.digits() == 0 {
			return sc.fail("invalid number: want digits in the exponent")
		}
	}
	return nil
}

// skip reads c if it comes next, and reports whether it did.
func (sc *jsonScanner) skip(c byte) bool {
	if sc.pos < len(sc.data) && sc.data[sc.pos] == c {
		sc.pos++
		return true
	}
	return false
}

// digits reads decimal digits and returns how many.
func (sc *jsonScanner) digits() int {
	n := 0
	for sc.pos < len(sc.data) && sc.data[sc.pos] >= '0' && sc.data[sc.pos] <= '9' {
		sc.pos++
		n++
	}
	return n
}

// quoteChar quotes the character at the start of b for a message.
func quoteChar(b []byte) string {
	r, _ := utf8.DecodeRune(b)
	return strconv.QuoteRune(r)
}

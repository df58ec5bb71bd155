package literal

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
)

// tripleAt reports whether s holds three q quotes from i on.
func tripleAt(s string, i int, q byte) bool {
	return i+2 < len(s) && s[i] == q && s[i+1] == q && s[i+2] == q
}

// checkLiteralInput enforces the size, encoding, digit and depth limits before the
// parser runs (one linear pass, literalscan.go), so that no input can make the
// recursive parser exhaust the stack or spend quadratic time.
func checkLiteralInput(src string, lang Lang) error {
	if strings.TrimSpace(src) == "" {
		return literalErr(src, 0, "empty literal")
	}
	if len(src) > MaxBytes {
		e := literalErr(src, MaxBytes, fmt.Sprintf("literal is %d bytes, more than the limit of %d", len(src), MaxBytes))
		e.Err = &inputerr.LimitError{Limit: "literal.MaxBytes", Max: MaxBytes, Got: int64(len(src)), What: "the literal's length in bytes"}
		return e
	}
	return scanLiteralInput(src, lang)
}

// MaxIntDigits is Python's own limit on int conversion from a string (sys.int_info.
// default_max_str_digits, Python 3.11+): ast.literal_eval refuses longer int literals.
const MaxIntDigits = 4300

// MaxNonDecimalDigits bounds a hexadecimal, octal or binary int literal, in digits.
// Python accepts any length; converting one costs time quadratic in its length here,
// so the package refuses longer ones (a 64-bit value has 16 hex digits).
const MaxNonDecimalDigits = 4300

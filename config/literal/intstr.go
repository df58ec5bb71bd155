package literal

import "fmt"

// Python refuses to write an int of more than MaxIntDigits decimal digits as text:
// str(), repr(), f-strings, %d, %s, format() with no type or 'd' or 'n', and every
// container holding such an int raise ValueError (sys.get_int_max_str_digits(),
// since 3.8.14, 3.9.14, 3.10.7 and 3.11; measured on 3.8.18-3.14.10:
// config/literal/testdata/exprs-*.json, the "int str limit" cases of
// testdata/probe/gen_exprs.py). Hexadecimal, octal and binary text has no limit. The
// value itself is an ordinary int: it computes, compares and hashes as any other.

// IntStrError is Python's ValueError for writing an int of more than MaxIntDigits
// decimal digits as text ([Value.PyStr], [Value.PyRepr]). It implements the
// Exception and Message methods of config.PythonError.
type IntStrError struct {
	Digits int    // the int's decimal digits, its sign aside
	Msg    string // Python's text, as the Lang's version words it
}

func (e *IntStrError) Error() string {
	if e == nil {
		return "literal: <nil *IntStrError>"
	}
	return "literal: Python raises ValueError: " + e.Msg
}

// Exception returns "ValueError" ("" for nil).
func (e *IntStrError) Exception() string {
	if e == nil {
		return ""
	}
	return "ValueError"
}

// Message returns Python's text.
func (e *IntStrError) Message() string {
	if e == nil {
		return ""
	}
	return e.Msg
}

// decimalDigits returns the number of decimal digits of an int, its sign aside.
func (v Value) decimalDigits() int {
	s := v.intString()
	if s[0] == '-' {
		return len(s) - 1
	}
	return len(s)
}

// longIntIn returns the digits of the first int inside v (v itself, an item of a
// list, tuple or set, a key or value of a dict) that Python refuses to write as text,
// or 0 when there is none.
func longIntIn(v Value) int {
	switch v.kind {
	case IntKind:
		if d := v.decimalDigits(); d > MaxIntDigits {
			return d
		}
	case ListKind, TupleKind, SetKind, FrozenSetKind, RangeKind:
		for _, it := range v.items() {
			if d := longIntIn(it); d > 0 {
				return d
			}
		}
	case DictKind:
		for _, it := range v.dictItems() {
			if d := max(longIntIn(it.Key), longIntIn(it.Val)); d > 0 {
				return d
			}
		}
	}
	return 0
}

// intStrErr is Python's ValueError for writing v as text when v holds an int past
// the limit, nil otherwise.
func (ev *evaluator) intStrErr(v Value) *pyErr {
	if d := longIntIn(v); d > 0 {
		return &pyErr{exc: "ValueError", msg: ev.text(TextIntStrLimit, MaxIntDigits)}
	}
	return nil
}

// str is str(v) as the evaluator's Python writes it.
func (ev *evaluator) str(v Value) (string, *pyErr) {
	if v.kind == StrKind {
		return v.s, nil
	}
	return ev.repr(v)
}

// repr is repr(v) as the evaluator's Python writes it (its printable characters).
func (ev *evaluator) repr(v Value) (string, *pyErr) {
	if err := ev.intStrErr(v); err != nil {
		return "", err
	}
	if ev.lang == nil {
		return v.String(), nil
	}
	return v.ReprWith(ev.lang.IsPrintable), nil
}

// PyRepr returns repr(v) as the Python lang writes it (nil: Python 3.13's texts and
// Go's Unicode tables), or an *IntStrError where that Python raises ValueError
// instead: v holds an int of more than MaxIntDigits decimal digits. [Value.String]
// never fails: it writes such an int in full, as Python would only after
// sys.set_int_max_str_digits(0).
func (v Value) PyRepr(lang Lang) (string, error) {
	ev := &evaluator{lang: lang}
	s, err := ev.repr(v)
	return s, ev.intStrError(v, err)
}

// PyStr returns str(v) as the Python lang writes it: a str itself, anything else
// its [Value.PyRepr]; an *IntStrError where that Python raises.
func (v Value) PyStr(lang Lang) (string, error) {
	ev := &evaluator{lang: lang}
	s, err := ev.str(v)
	return s, ev.intStrError(v, err)
}

// intStrError converts the evaluator's ValueError for v to an *IntStrError.
func (ev *evaluator) intStrError(v Value, err *pyErr) error {
	if err == nil {
		return nil
	}
	if err.exc != "ValueError" {
		return fmt.Errorf("literal: unexpected %v", err) // not reached: repr raises nothing else
	}
	return &IntStrError{Digits: longIntIn(v), Msg: err.msg}
}

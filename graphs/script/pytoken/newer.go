package pytoken

// Form names a form of Python source that only newer Pythons accept (older ones
// raise SyntaxError): the tokenizer records where each first occurs, so that a
// reader asked about one Python version can refuse what that version refuses.
// Measured with CPython 3.8.18-3.14.10: graphs/script/testdata/pyversion.
type Form string

// The forms the tokenizer records (PEP 701 and t-strings, PEP 750); the first Python
// that accepts each, and what older ones raise, are graphs/script's newerForms table.
const (
	// FormFStringQuoteReuse: a string in an f-string's replacement field with the
	// f-string's own quote (f"{d["k"]}"), so also any nesting of f-strings deeper
	// than the four quote kinds allow.
	FormFStringQuoteReuse Form = "f-string-quote-reuse"
	// FormFStringBackslash: a backslash in a replacement field's expression.
	FormFStringBackslash Form = "f-string-backslash"
	// FormFStringComment: a comment in a replacement field.
	FormFStringComment Form = "f-string-comment"
	// FormTString: a t-string (t"…", PEP 750).
	FormTString Form = "t-string"
)

// FormAt is where a form first occurs.
type FormAt struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Form Form
	Pos  Pos
}

// Forms returns the first occurrence of each form the scanner met so far, in the
// order met; nil for a nil Scanner.
func (s *Scanner) Forms() []FormAt {
	if s == nil {
		return nil
	}
	return s.forms
}

// form records the first occurrence of f, at byte offset i.
func (s *Scanner) form(f Form, i int) {
	for _, x := range s.forms {
		if x.Form == f {
			return
		}
	}
	s.forms = append(s.forms, FormAt{Form: f, Pos: s.pos(i)})
}

package pytoken

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// kinds returns "KIND:text" for each token, without the final EOF.
func kinds(t *testing.T, src string) []string {
	t.Helper()
	toks, err := Tokenize([]byte(src))
	if err != nil {
		t.Fatalf("Tokenize(%q): %v", src, err)
	}
	var out []string
	for _, tk := range toks[:len(toks)-1] {
		out = append(out, tk.Kind.String()+":"+strings.TrimSpace(tk.Text))
	}
	return out
}

func TestTokens(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		want              []string
	}{
		{"walrus", "':=' is one operator", "(n := 10)\n",
			[]string{"OP:(", "NAME:n", "OP::=", "NUMBER:10", "OP:)", "NEWLINE:"}},
		{"fstring-nested-312", "PEP 701: the same quote inside a replacement field", `f"{x["a"]!r:>{w}}"` + "\n",
			[]string{`STRING:f"{x["a"]!r:>{w}}"`, "NEWLINE:"}},
		{"fstring-escaped-braces", "{{ and }} are literal braces", "f'{{x}} {y}'\n",
			[]string{"STRING:f'{{x}} {y}'", "NEWLINE:"}},
		{"prefixes", "every prefix, any case", "rb'\\x' Br\"\" u'' F'{1}' tR''\n",
			[]string{`STRING:rb'\x'`, `STRING:Br""`, "STRING:u''", "STRING:F'{1}'", "STRING:tR''", "NEWLINE:"}},
		{"triple", "a triple-quoted string spans lines", "s = '''a\n'b'\n'''\nx\n",
			[]string{"NAME:s", "OP:=", "STRING:'''a\n'b'\n'''", "NEWLINE:", "NAME:x", "NEWLINE:"}},
		{"continuation", "a backslash joins lines", "x = 1 + \\\n    2\n",
			[]string{"NAME:x", "OP:=", "NUMBER:1", "OP:+", "NUMBER:2", "NEWLINE:"}},
		{"brackets", "newlines inside brackets are not NEWLINE", "f(a,\n  b)\n",
			[]string{"NAME:f", "OP:(", "NAME:a", "OP:,", "NAME:b", "OP:)", "NEWLINE:"}},
		{"indent", "INDENT and DEDENT around a block; comments and blank lines skipped", "if x:\n    # c\n\n    y\nz\n",
			[]string{"NAME:if", "NAME:x", "OP::", "NEWLINE:", "INDENT:", "NAME:y", "NEWLINE:", "DEDENT:", "NAME:z", "NEWLINE:"}},
		{"numbers", "ints, floats, imaginary, underscores, bases", "1_000 0x_ff 1.5e-3j .5 1.\n",
			[]string{"NUMBER:1_000", "NUMBER:0x_ff", "NUMBER:1.5e-3j", "NUMBER:.5", "NUMBER:1.", "NEWLINE:"}},
		{"operators", "longest match", "a **= b // c -> d ... @e != f\n",
			[]string{"NAME:a", "OP:**=", "NAME:b", "OP://", "NAME:c", "OP:->", "NAME:d", "OP:...", "OP:@", "NAME:e", "OP:!=", "NAME:f", "NEWLINE:"}},
		{"unicode-name", "PEP 3131 identifiers", "café = 1\n",
			[]string{"NAME:café", "OP:=", "NUMBER:1", "NEWLINE:"}},
		{"middle-dot-inside", "U+00B7 continues a name (XID_Continue): a lookalike of the refused start", "x\u00b7y = 1\n",
			[]string{"NAME:x\u00b7y", "OP:=", "NUMBER:1", "NEWLINE:"}},
		{"ethiopic-inside", "U+1369 continues a name", "a\u1369 = 1\n",
			[]string{"NAME:a\u1369", "OP:=", "NUMBER:1", "NEWLINE:"}},
		{"ligature", "U+FB01 is XID_Start (NFKC: fi)", "\ufb01 = 1\n",
			[]string{"NAME:\ufb01", "OP:=", "NUMBER:1", "NEWLINE:"}},
		{"zwnj-inside", "ZWNJ continues a name from Unicode 15.1 (CPython 3.13)", "a\u200cb\n",
			[]string{"NAME:a\u200cb", "NEWLINE:"}},
		{"no-final-newline", "a NEWLINE is added at the end", "x",
			[]string{"NAME:x", "NEWLINE:"}},
		{"crlf", "\\r\\n ends lines", "x\r\ny\r\n",
			[]string{"NAME:x", "NEWLINE:", "NAME:y", "NEWLINE:"}},
		{"bom", "a UTF-8 byte order mark is skipped", "\xef\xbb\xbfx\n",
			[]string{"NAME:x", "NEWLINE:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, kinds(t, tt.src)); diff != "" {
				t.Errorf("Tokenize(%q) mismatch (-want +got) (%s):\n%s", tt.src, tt.reason, diff)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		want              Error
	}{
		{"unterminated", "Python's message and the string's start", "x = 'abc\n",
			Error{Line: 1, Col: 5, Msg: "unterminated string literal (detected at line 1)"}},
		{"unterminated-triple", "reported at the start, detected at the end", "x = 1\ny = '''abc\n\n",
			Error{Line: 2, Col: 5, Msg: "unterminated triple-quoted string literal (detected at line 4)"}},
		{"never-closed", "an open bracket at the end", "f(a,\n  b\n",
			Error{Line: 1, Col: 2, Msg: "'(' was never closed"}},
		{"mismatch", "closing bracket of another kind", "[1, 2)\n",
			Error{Line: 1, Col: 6, Msg: "closing parenthesis ')' does not match opening parenthesis '['"}},
		{"unmatched", "closing bracket without an opener", "x)\n",
			Error{Line: 1, Col: 2, Msg: "unmatched ')'"}},
		{"dedent", "a dedent to no outer level", "if x:\n    y\n  z\n",
			Error{Line: 3, Col: 3, Msg: "unindent does not match any outer indentation level"}},
		{"stray-ascii", "$ is an OP token CPython's parser refuses: invalid syntax at it (3.8-3.13 measured; was invalid character '$'); the column counts characters", "é = $\n",
			Error{Line: 1, Col: 5, Msg: "invalid syntax"}},
		{"backtick", "` likewise (newuser28 finding 9)", "y = `a`\n",
			Error{Line: 1, Col: 5, Msg: "invalid syntax"}},
		{"middle-dot-start", "U+00B7 is XID_Continue, not XID_Start (newuser28 finding 8: was a name)", "\u00b7x = 1\n",
			Error{Line: 1, Col: 1, Msg: "invalid character '·' (U+00B7)"}},
		{"middle-dot-alone", "a · b: the dot starts a possible identifier CPython refuses (was invalid syntax)", "a \u00b7 b\n",
			Error{Line: 1, Col: 3, Msg: "invalid character '·' (U+00B7)"}},
		{"ethiopic-digit", "U+1369 is Other_ID_Continue only (was a name)", "\u1369 = 1\n",
			Error{Line: 1, Col: 1, Msg: "invalid character '፩' (U+1369)"}},
		{"ypogegrammeni", "U+037A is ID_Start but not XID_Start (NFKC makes it a space and a mark)", "\u037a = 1\n",
			Error{Line: 1, Col: 1, Msg: "invalid character 'ͺ' (U+037A)"}},
		{"ypogegrammeni-inside", "nor XID_Continue (was a name)", "a\u037a = 1\n",
			Error{Line: 1, Col: 2, Msg: "invalid character 'ͺ' (U+037A)"}},
		{"superscript", "x² is refused before NFKC would make it x2 (lookalike: refused on main too)", "x\u00b2 = 1\n",
			Error{Line: 1, Col: 2, Msg: "invalid character '²' (U+00B2)"}},
		{"nbsp", "a non-printable character is named by its code only (was invalid character ' ')", "a\u00a0= 1\n",
			Error{Line: 1, Col: 2, Msg: "invalid non-printable character U+00A0"}},
		{"zwsp", "U+200B, a format character, likewise", "a\u200b = 1\n",
			Error{Line: 1, Col: 2, Msg: "invalid non-printable character U+200B"}},
		{"control", "an ASCII control character: CPython 3.11+'s tokenizer error", "y = \x01a\n",
			Error{Line: 1, Col: 5, Msg: "invalid non-printable character U+0001"}},
		{"nul", "CPython's message for a NUL byte", "y = \x00\n",
			Error{Line: 1, Col: 5, Msg: "source code cannot contain null bytes"}},
		{"euro", "a printable non-identifier character (as on main)", "\u20ac = 1\n",
			Error{Line: 1, Col: 1, Msg: "invalid character '€' (U+20AC)"}},
		{"continuation", "text after a backslash", "x = 1 \\ 2\n",
			Error{Line: 1, Col: 8, Msg: "unexpected character after line continuation character"}},
		{"fstring-brace", "a single } in an f-string", "f'a}'\n",
			Error{Line: 1, Col: 4, Msg: "f-string: single '}' is not allowed"}},
		{"fstring-open", "in a replacement field the quote opens a nested string (PEP 701), which the line end leaves open", "f'{x'\n",
			Error{Line: 1, Col: 5, Msg: "unterminated string literal (detected at line 1)"}},
		{"fstring-eof", "a replacement field open at the end", "f'{x",
			Error{Line: 1, Col: 3, Msg: "f-string: expecting '}'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Tokenize([]byte(tt.src))
			var got *Error
			if !errors.As(err, &got) {
				t.Fatalf("Tokenize(%q) = %v, want an *Error (%s)", tt.src, err, tt.reason)
			}
			if diff := cmp.Diff(tt.want, *got); diff != "" {
				t.Errorf("Tokenize(%q) error mismatch (-want +got) (%s):\n%s", tt.src, tt.reason, diff)
			}
		})
	}
}

func TestDeferred(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, src string
		want              []string
		stray, unclosed   *Error
	}{
		{"stray", "a $ is an Op token, recorded", "y = $a\n", []string{"NAME:y", "OP:=", "OP:$", "NAME:a", "NEWLINE:"},
			&Error{Line: 1, Col: 5, Msg: "invalid syntax"}, nil},
		{"unclosed", "an open bracket at the end ends the input as if closed", "x = = 1\nfoo(\n", []string{"NAME:x", "OP:=", "OP:=", "NUMBER:1", "NEWLINE:", "NAME:foo", "OP:(", "NEWLINE:"},
			nil, &Error{Line: 2, Col: 4, Msg: "'(' was never closed"}},
		{"plain", "nothing deferred", "x = 1\n", []string{"NAME:x", "OP:=", "NUMBER:1", "NEWLINE:"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := NewStringScanner(tt.src).DeferParserErrors()
			var got []string
			for {
				tk, err := s.Next()
				if err != nil {
					t.Fatalf("Next: %v (%s)", err, tt.reason)
				}
				if tk.Kind == EOF {
					break
				}
				got = append(got, tk.Kind.String()+":"+strings.TrimSpace(tk.Text))
			}
			d := s.Deferred()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tokens (-want +got) (%s):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff(tt.stray, d.Stray); diff != "" {
				t.Errorf("Stray (-want +got) (%s):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff(tt.unclosed, d.Unclosed); diff != "" {
				t.Errorf("Unclosed (-want +got) (%s):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("(", MaxBrackets+1) + strings.Repeat(")", MaxBrackets+1) + "\n"
	var e *Error
	if _, err := Tokenize([]byte(deep)); !errors.As(err, &e) || e.Msg != "too many nested parentheses" {
		t.Errorf("Tokenize(%d brackets) = %v, want too many nested parentheses", MaxBrackets+1, err)
	}
	var b strings.Builder
	for i := 0; i <= MaxIndent+1; i++ {
		b.WriteString(strings.Repeat(" ", i) + "if x:\n")
	}
	if _, err := Tokenize([]byte(b.String())); !errors.As(err, &e) || e.Msg != "too many levels of indentation" {
		t.Errorf("Tokenize(%d levels) = %v, want too many levels of indentation", MaxIndent+2, err)
	}
	fs := strings.Repeat(`f"{`, MaxFStringNesting+1) + strings.Repeat(`}"`, MaxFStringNesting+1) + "\n"
	if _, err := Tokenize([]byte(fs)); !errors.As(err, &e) {
		t.Errorf("Tokenize(%d nested f-strings) = %v, want an *Error", MaxFStringNesting+1, err)
	}
}

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"x = 1\n", "f'{a[\"b\"]!r:{w}}'", "if x:\n  y\n", "'''\n", "(\n", "\\\n", "0x_1j", "é\t\f#c\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		toks, err := Tokenize(src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Col < 1 {
				t.Fatalf("Tokenize error %v is not an *Error with a position", err)
			}
			return
		}
		checkTokens(t, src, toks)
	})
}

// checkTokens checks what holds for every token list: EOF at the end, positions in
// range, INDENT and DEDENT balanced.
func checkTokens(t *testing.T, src []byte, toks []Token) {
	t.Helper()
	if len(toks) == 0 || toks[len(toks)-1].Kind != EOF {
		t.Fatal("no EOF at the end")
	}
	depth := 0
	for _, tk := range toks {
		switch tk.Kind {
		case Indent:
			depth++
		case Dedent:
			depth--
		}
		if depth < 0 || tk.Pos.Offset < 0 || tk.Pos.Offset+len(tk.Text) > len(src) || tk.Pos.Line < 1 {
			t.Fatalf("bad token %+v", tk)
		}
		if string(src[tk.Pos.Offset:tk.Pos.Offset+len(tk.Text)]) != tk.Text {
			t.Fatalf("token %+v: Text is not the source at its offset", tk)
		}
	}
	if depth != 0 {
		t.Fatalf("INDENT and DEDENT do not balance: %d", depth)
	}
}

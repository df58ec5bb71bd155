package literal

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Python's identifiers (the tokenizer and the compiler; CPython Parser/lexer.c
// verify_identifier and Python/ast.c forbidden_name / validate_name @ 3.13, 3.14):
//   - a run of bytes >= 0x80, letters, digits and '_' is read as one identifier; when
//     it holds a character that cannot start (XID_Start) or continue (XID_Continue)
//     one, the text raises SyntaxError "invalid character 'C' (U+XXXX)", or "invalid
//     non-printable character U+XXXX" when C is not printable (str.isprintable);
//   - an identifier is NFKC-normalised ('ﬁ' is the name fi, 'Ｔrue' is True), and a
//     name that normalises to None, True or False raises ValueError "identifier field
//     can't represent 'True' constant".
//
// Measured on 2.6.0 (Python 3.13.5) and 2.14.1 (Python 3.14.10):
// testdata/torch/*-debian/calls3.json "opt unicode epilogue_fusion=…".
// The character classes are the Lang's: a *pyver.Python reads XID_Start and
// XID_Continue of its own Unicode version, generated from that Python
// (testdata/probe/gen_pyunicode.py: str.isidentifier() of every code point). Without
// a Lang they are Go's (Unicode 15.0): ID_Start (letters, Nl and Other_ID_Start, less
// Pattern_Syntax and Pattern_White_Space) and ID_Continue (plus Mn, Mc, Nd, Pc and
// Other_ID_Continue), which differ from Python 3.13.5's on 645 code points (NFKC
// closure: U+037A, U+0E33, U+309B, U+FC5E…; 15.1's U+200C, U+200D, U+30FB) and from
// 3.14.10's on about 5,000 (Unicode 16.0's new letters).

// identSyntaxErr is the SyntaxError message for the identifier text id, "" when
// Python reads it as an identifier.
func identSyntaxErr(id string, lang Lang) string {
	start, cont, printable := isIDStart, isIDContinue, goPrintable
	if lang != nil {
		start, cont, printable = lang.IsIDStart, lang.IsIDContinue, lang.IsPrintable
	}
	first := true
	for _, r := range id {
		ok := r == '_' || start(r) || (!first && cont(r))
		first = false
		if ok {
			continue
		}
		if printable(r) {
			return fmt.Sprintf("invalid character '%c' (U+%04X)", r, r)
		}
		return fmt.Sprintf("invalid non-printable character U+%04X", r)
	}
	return ""
}

func isIDStart(r rune) bool {
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

func isIDContinue(r rune) bool {
	return isIDStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

// pyName is the name Python reads for an identifier: its NFKC form.
func pyName(id string) string {
	for i := 0; i < len(id); i++ {
		if id[i] >= utf8.RuneSelf {
			return norm.NFKC.String(id)
		}
	}
	return id
}

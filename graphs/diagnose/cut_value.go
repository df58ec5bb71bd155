package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A message cut short inside a structured value: a JSON, YAML or TOML string, a Python
// string literal (a dict of known errors), a markdown table's cell, a CSV or TSV cell, a
// markdown code span (the text a writer copied from the output: "`cuda.h: No such
// file`（丢 CUDA env）", holdoutZ's gpupedia runbook),
// whose text is the message's head and ends where the value ends ("symptom":
// "RuntimeError: accessing tensor output of CUDAGraphs", holdoutAA's MetaInfer
// inference blueprint, cut after "CUDAGraphs"). The value's delimiters mark the cut, as
// an ellipsis does for the general rule (matchCut), and the rule is the cut raise
// line's (matchCutRaise) on a value: the value's text, less the exception's class
// and "Error: " prefixes, is the start of a row's literal, minCut characters or more
// (squeezed), and every row whose literal starts so is of one code. What is decisive of
// a code's message is what the prefilter anchors it by: the value must hold one of the
// row's anchors whole (its literal's first third for a long literal, its first half
// for a shorter one: literalPieces), so that the head kept names the message (for the
// overwritten output, "accessing tensor output of C"; "accessing tensor output" alone
// does not). A CUDA error's runtime text that no row has ("operation not permitted")
// is read as matchCutRaise reads it.

// valueCells returns the values of line b (a clean line) that a structured text
// delimits: quoted strings after a key, an opening bracket or a separator, a YAML
// mapping's plain value, table cells, tab-separated (raw, the line before tabs were
// read as spaces) and comma-separated cells (no space after a comma: prose's commas
// have one).
func valueCells(b, raw []byte) [][]byte {
	out := quotedValues(b)
	if m := yamlPlain.FindSubmatch(b); m != nil && m[1][0] != '"' && m[1][0] != '\'' {
		out = append(out, m[1])
	}
	if bytes.IndexByte(raw, '\t') >= 0 {
		out = append(out, bytes.Split(bytes.TrimRight(raw, "\r\n"), []byte("\t"))...)
	}
	if t := bytes.TrimSpace(b); len(t) > 1 && t[0] == '|' && bytes.Count(t, []byte("|")) >= 2 {
		out = append(out, bytes.Split(t[1:], []byte("|"))...)
	}
	if bytes.Count(b, []byte(",")) >= 2 && !bytes.Contains(b, []byte(", ")) {
		out = append(out, bytes.Split(b, []byte(","))...)
	}
	// Markdown's code spans, the text a writer copied from the output.
	spans := bytes.Split(b, []byte("`"))
	for i := 1; i < len(spans)-1; i += 2 {
		out = append(out, spans[i])
	}
	return out
}

// yamlPlain is a YAML mapping's plain (unquoted) value, to the line's end: a key in
// lower case (an exception's class, "RuntimeError:", is no key), a list item's dash
// allowed before it.
var yamlPlain = &lazyregexp.Regexp{Expr: `^\s*(?:-\s+)?[a-z_][\w.-]*:\s+(\S.*)$`}

// valueOpens are what may stand before a value's opening quote (white space between):
// a key's colon or equals sign, a separator, an opening bracket, a table's bar, a list
// item's dash.
const valueOpens = ":=,[{|-"

// valueCloses are what may follow a value's closing quote (white space between), or the
// line's end.
const valueCloses = ",}];:|"

// quotedValues returns the text inside each quoted string of b that a structured text
// delimits: an opening quote at the line's start or after one of valueOpens, its closing
// quote (the same mark, not escaped) before one of valueCloses or the line's end.
func quotedValues(b []byte) [][]byte {
	var out [][]byte
	for i := 0; i < len(b); i++ {
		q := b[i]
		if q != '"' && q != '\'' {
			continue
		}
		p := bytes.TrimRight(b[:i], " \t")
		if len(p) > 0 && bytes.IndexByte([]byte(valueOpens), p[len(p)-1]) < 0 {
			continue
		}
		j := closingMark(b, i+1, q)
		if j < 0 {
			return out
		}
		rest := bytes.TrimLeft(b[j+1:], " \t")
		if len(rest) == 0 || bytes.IndexByte([]byte(valueCloses), rest[0]) >= 0 {
			out = append(out, b[i+1:j])
		}
		i = j
	}
	return out
}

// closingMark returns the index of the first q in b from i that no backslash escapes,
// -1 for none.
func closingMark(b []byte, i int, q byte) int {
	for ; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case q:
			return i
		}
	}
	return -1
}

// matchValueCut looks for a message cut short inside a structured value of entry k's
// line, among the line's anchored rows; it reports whether it recorded a hit.
func (s *scanner) matchValueCut(k int) bool {
	e := s.entry(k)
	for _, v := range valueCells(e.clean, e.raw) {
		raw := bytes.Trim(v, " \t\x60*_")
		if i := s.cellEndRow(e.rows, raw); i >= 0 {
			s.hit(i, e, e.clean, Quoted)
			return true
		}
		if m := cutRaised.FindSubmatch(raw); m != nil {
			raw = m[1] // the exception's class and "Error: " prefixes left out
		}
		msg, runtime := cutRuntime(squeeze(nil, raw))
		if len(msg) < minCut || runtime && !s.runtimeCutTaken(msg) {
			continue
		}
		if fits := s.valueCutRows(e.rows, raw, msg); len(fits) > 0 {
			for _, i := range fits {
				s.hit(i, e, e.clean, Truncated)
			}
			return true
		}
	}
	return false
}

// cellEndRow returns the first of rows whose Pattern ends at the line's end ("skipping
// cudagraphs due to mutated inputs\s*$": the legacy implementation's line, which has no
// "(N instances)" after it) and matches cell, a value whose end is the message's: "|
// decode | skipping cudagraphs due to mutated inputs | 3 |" holds it as a bare line does;
// -1 for none.
func (s *scanner) cellEndRow(rows []int, cell []byte) int {
	for _, i := range rows {
		if r := &s.rows[i]; r.endsLine && !r.Paraphrase && s.match(r.re(), cell) {
			return i
		}
	}
	return -1
}

// valueCutRows returns the rows whose literal msg (squeezed) starts, where one of rows
// (the line's anchored rows) has an anchor that raw (the value's text) holds whole and
// every such row is of its code or one it supersedes (a row whose Requires the log has
// not shown aside), as oneCodeFits does for the general rule: the diagnosis keeps the
// one whose context the log shows. nil otherwise.
func (s *scanner) valueCutRows(rows []int, raw, msg []byte) []int {
	found := -1
	for _, i := range rows {
		r := &s.rows[i]
		if !r.uncut() && cutStartOf(r.squeezed, msg, false) && holdsPiece(raw, r.literal) {
			found = i
			break
		}
	}
	if found < 0 {
		return nil
	}
	var fits []int
	for i := range s.rows {
		r := &s.rows[i]
		if r.uncut() || !cutStartOf(r.squeezed, msg, false) {
			continue
		}
		if r.requires >= 0 && !s.contexts[r.requires].seen && r.Code != s.rows[found].Code {
			continue
		}
		if !s.related(found, i) {
			return nil
		}
		fits = append(fits, i)
	}
	return fits
}

// holdsPiece reports whether raw holds one of lit's anchors (literalPieces) whole.
func holdsPiece(raw, lit []byte) bool {
	for _, p := range literalPieces(string(lit)) {
		if bytes.Contains(raw, []byte(p)) {
			return true
		}
	}
	return false
}

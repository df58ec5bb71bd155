package diagnose

import "bytes"

// Markup a page, an editor or a converter puts into a message's text, removed before
// the prefilter looks at a line (issue 21's presentation classes, branch codes
// 2026-12-03): HTML tags as a page's source holds them (GitHub's highlighter splits
// "torch<span class="pl-k">.</span>compile", a rendered identifier is in <code>), and
// markdown's backslash escapes (an editor that converts rich text writes
// "torch.\_inductor.config"). A <br> splits a line (splitLine).

// tagSpace says what a tag becomes: nothing, where it sits inside a run of text
// (inline tags: a highlighter's span, a rendered identifier's code), or a space, where
// it ends a block (a cell, a paragraph) and the texts on each side are not one word.
type tagSpace bool

// htmlTags are the tag names removed, with what each becomes. A name outside the table
// ("<module>", "<lambda>", "<locals>" of a traceback, a tokenizer's "<s>"… which is a
// tag too: removed, it leaves no message's text) stays as it is.
var htmlTags = map[string]tagSpace{
	"a": false, "abbr": false, "b": false, "code": false, "del": false, "em": false,
	"font": false, "i": false, "ins": false, "kbd": false, "mark": false, "s": false,
	"samp": false, "small": false, "span": false, "strong": false, "sub": false,
	"sup": false, "tt": false, "u": false, "var": false, "wbr": false,
	"blockquote": true, "br": true, "dd": true, "details": true, "div": true, "dl": true,
	"dt": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"hr": true, "li": true, "ol": true, "p": true, "pre": true, "summary": true,
	"table": true, "tbody": true, "td": true, "th": true, "thead": true, "tr": true,
	"ul": true,
}

// maxTagBytes bounds a tag's length (its attributes included): a '<' that no '>'
// closes within it is no tag.
const maxTagBytes = 256

// tagLen returns the length of the HTML tag at the start of b (b[0] is '<') when its
// name is one of htmlTags, and what it becomes; 0 when it is none.
func tagLen(b []byte) (int, tagSpace) {
	i := 1
	if i < len(b) && b[i] == '/' {
		i++
	}
	start := i
	for i < len(b) && i-start <= 10 && (isASCIILetter(b[i]) || i > start && isDigit(b[i])) {
		i++
	}
	if i == start || i-start > 10 || i >= len(b) {
		return 0, false
	}
	space, ok := htmlTags[string(bytes.ToLower(b[start:i]))]
	if !ok {
		return 0, false
	}
	if b[i] == '>' {
		return i + 1, space
	}
	if n := attrsLen(b[i:]); n > 0 {
		return i + n, space
	}
	return 0, false
}

// attrsLen returns the length of a tag's attributes and its closing '>' at the start
// of b, 0 where b does not start so. Attributes have values ("<span
// class=\"pl-s\">") or the tag closes itself ("<br />"): "a <b and c> d" is text.
func attrsLen(b []byte) int {
	if b[0] != ' ' && b[0] != '\t' && b[0] != '/' {
		return 0
	}
	end := bytes.IndexByte(b[:min(len(b), maxTagBytes)], '>')
	if end < 0 || bytes.IndexByte(b[:end], '<') >= 0 {
		return 0
	}
	if attrs := bytes.TrimSpace(b[:end]); len(attrs) > 0 && string(attrs) != "/" && bytes.IndexByte(attrs, '=') < 0 {
		return 0
	}
	return end + 1
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// stripTags removes the HTML tags of htmlTags from b, in place; a line without '<' is
// returned as it is after one byte scan.
func stripTags(b []byte) []byte {
	i := bytes.IndexByte(b, '<')
	if i < 0 {
		return b
	}
	out := b[:i]
	for ; i < len(b); i++ {
		if b[i] == '<' {
			if n, space := tagLen(b[i:]); n > 0 {
				if space && len(out) > 0 && out[len(out)-1] != ' ' {
					out = append(out, ' ')
				}
				i += n - 1
				continue
			}
		}
		out = append(out, b[i])
	}
	return out
}

// mdEscapable are the characters markdown lets a backslash escape.
const mdEscapable = "\\`*_{}[]()<>#+-.!|~'\""

// stripMarkdownEscapes removes markdown's escaping backslashes from b, in place, where
// every backslash on the line is followed by a character markdown escapes: a line with
// a backslash before a letter or a digit is a Windows path ("torch\_inductor\config.py"
// keeps its backslashes) or a string's escapes ("\n"), and stays as it is. A line
// without a backslash is returned after one byte scan.
func stripMarkdownEscapes(b []byte) []byte {
	i := bytes.IndexByte(b, '\\')
	if i < 0 {
		return b
	}
	for j := i; j >= 0; j = nextBackslash(b, j+2) {
		if j+1 >= len(b) || bytes.IndexByte([]byte(mdEscapable), b[j+1]) < 0 {
			return b
		}
	}
	out := b[:i]
	for ; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			i++
		}
		out = append(out, b[i])
	}
	return out
}

// unmarkup removes a line's HTML tags and markdown escapes (see stripTags and
// stripMarkdownEscapes), in place.
func unmarkup(b []byte) []byte {
	return stripMarkdownEscapes(stripTags(b))
}

// breakTag returns the index and length of the first line-break tag in b ("<br>",
// "<br/>", "<br />", any case), -1 for none.
func breakTag(b []byte) (int, int) {
	for i := bytes.IndexByte(b, '<'); i >= 0 && i+3 < len(b); {
		if (b[i+1] == 'b' || b[i+1] == 'B') && (b[i+2] == 'r' || b[i+2] == 'R') {
			if n, _ := tagLen(b[i:]); n > 0 {
				return i, n
			}
		}
		j := bytes.IndexByte(b[i+1:], '<')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return -1, 0
}

// mayFold reports whether reading may fold b for matching in a way a quote must not
// show (HTML tags, markdown escapes, full-width forms, box bars: stripTags,
// stripMarkdownEscapes, fullWidthASCII): four byte scans.
func mayFold(b []byte) bool {
	return bytes.IndexByte(b, '<') >= 0 || bytes.IndexByte(b, '\\') >= 0 ||
		bytes.IndexByte(b, 0xef) >= 0 || bytes.IndexByte(b, 0xe2) >= 0
}

// shownLine returns entry e's line as a quote shows it: as written, with only the
// lookalikes quotes have always shown replaced (shownLookalikes), ANSI codes and the
// line's prefixes gone (cleanLine); e.clean where nothing was folded.
func (s *scanner) shownLine(e *ringLine) []byte {
	if len(e.orig) == 0 {
		return e.clean
	}
	if !e.shownOK {
		b := shownEscapes(append([]byte(nil), e.orig...))
		if bytes.ContainsAny(b, "&\\") || bytes.IndexByte(b, 0xc2) >= 0 || bytes.IndexByte(b, 0xe2) >= 0 || bytes.IndexByte(b, 0xe3) >= 0 || bytes.IndexByte(b, 0xef) >= 0 {
			b = []byte(shownLookalikes.Replace(string(b)))
		}
		e.shown, e.shownOK = cleanLine(e.shown[:0], b, e.lineStart), true
	}
	return e.shown
}

// shownText returns text, entry e's line in one of its clean forms, as a quote shows
// it: where reading folded the line for matching, the line as written (shownLine), in
// the same form as text (unquoted where text is e.unquoted).
func (s *scanner) shownText(e *ringLine, text []byte) []byte {
	if len(e.orig) == 0 || len(text) == 0 {
		return text
	}
	shown := s.shownLine(e)
	if bytes.Equal(shown, e.clean) {
		return text
	}
	if len(e.unquoted) > 0 && &text[0] == &e.unquoted[0] {
		body := shown
		if e.lineStart {
			body = withoutLogHeader(body)
		}
		return unquote(nil, body)
	}
	if len(e.clean) > 0 && &text[0] == &e.clean[0] {
		return shown
	}
	return text
}

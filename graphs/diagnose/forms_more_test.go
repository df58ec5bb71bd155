package diagnose

import (
	"html"
	"slices"
	"strings"
	"unicode"
)

// Presentations added on branch codes (2026-12-03, issue 21's forms list): HTML as a
// page's source holds it, Python's repr of an exception, more loggers' headers,
// rich's boxes and columns, hyphenated wraps, mail quoting, full-width punctuation,
// Korean prose and a message quoted inline in CJK prose, code viewers' gutters,
// markdown's backslash escapes, a JSON string inside a JSON string, a message cut
// mid-text with an ellipsis and the text going on.

// anyFound: a presentation that changes the text's characters may leave a match
// exact, quoted, wrapped or truncated; what is tested is that the code is found.
func anyFound(formDoc, string, Match) []Match {
	return []Match{Exact, Quoted, Wrapped, Truncated}
}

// htmlPre writes the text as a page's source shows a code block: escaped, inside
// <pre><code>, the first line on the tag's line.
func htmlPre(d formDoc) (string, bool) {
	return "<pre><code>" + html.EscapeString(strings.TrimSuffix(d.text(), "\n")) + "</code></pre>\n", true
}

// htmlBr joins the message's lines with <br> into one line, as an HTML export does.
func htmlBr(d formDoc) (string, bool) {
	lines := slices.Clone(d.lines[:d.msgFrom])
	var msg []string
	for _, l := range d.lines[d.msgFrom:d.msgTo] {
		msg = append(msg, html.EscapeString(l))
	}
	lines = append(lines, "<p>"+strings.Join(msg, "<br>")+"</p>")
	lines = append(lines, d.lines[d.msgTo:]...)
	return strings.Join(lines, "\n") + "\n", true
}

// htmlCodeWords puts each word of the message that holds a dot, an underscore or a
// parenthesis in <code>…</code>, as a page renders identifiers.
func htmlCodeWords(d formDoc) (string, bool) {
	return mapMessage(d, func(_ int, l string) string {
		ws := strings.Split(l, " ")
		for i, w := range ws {
			if strings.ContainsAny(w, "._()") && strings.TrimSpace(w) != "" {
				ws[i] = "<code>" + html.EscapeString(w) + "</code>"
			} else {
				ws[i] = html.EscapeString(w)
			}
		}
		return strings.Join(ws, " ")
	}), true
}

// htmlSpanSplit splits the message's lines at their middle space with a highlighter's
// span tags, as GitHub's code view's source does.
func htmlSpanSplit(d formDoc) (string, bool) {
	return mapMessage(d, func(_ int, l string) string {
		l = html.EscapeString(l)
		sp := strings.Index(l[len(l)/2:], " ")
		if sp < 0 {
			return `<span class="pl-s">` + l + `</span>`
		}
		at := len(l)/2 + sp
		return `<span class="pl-s">` + l[:at] + `</span><span class="pl-c1">` + l[at:] + `</span>`
	}), true
}

// pyRepr is s as Python's repr writes a str.
func pyRepr(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = `"`
	}
	r := strings.NewReplacer(`\`, `\\`, q, `\`+q, "\n", `\n`, "\t", `\t`)
	return q + r.Replace(s) + q
}

// pyExcRepr writes the message's exception line as Python's repr of the exception:
// RuntimeError('…'), as a log of a caught exception shows it.
func pyExcRepr(d formDoc) (string, bool) {
	done := false
	out := mapMessage(d, func(_ int, l string) string {
		loc := reClass.FindStringSubmatchIndex(l)
		if done || loc == nil {
			return l
		}
		done = true
		cls := strings.TrimSuffix(l[loc[3]:loc[1]], ": ")
		if i := strings.LastIndex(cls, "."); i >= 0 {
			cls = cls[i+1:]
		}
		arg := l[loc[1]:]
		if cls == "KeyError" { // str() of a KeyError is its key's repr; repr() holds the key's
			arg = strings.Trim(arg, "'")
		}
		return l[:loc[3]] + "Caught: " + cls + "(" + pyRepr(arg) + ")"
	})
	return out, done
}

// pyStrRepr writes the whole text as the repr of one str on one line, as a print of a
// captured stderr does.
func pyStrRepr(d formDoc) (string, bool) {
	return "stderr = " + pyRepr(d.text()) + "\n", true
}

// richBox wraps each line at 96 columns inside rich's panel borders.
func richBox(d formDoc) (string, bool) {
	const w = 96
	out := []string{"╭" + strings.Repeat("─", w+2) + "╮"}
	for _, l := range d.lines {
		r := []rune(l)
		for {
			n := min(len(r), w)
			out = append(out, "│ "+string(r[:n])+strings.Repeat(" ", w-n)+" │")
			r = r[n:]
			if len(r) == 0 {
				break
			}
		}
	}
	out = append(out, "╰"+strings.Repeat("─", w+2)+"╯")
	return strings.Join(out, "\n") + "\n", true
}

// richLog writes each line as rich's logging handler does: time and level on the
// first line, the message word-wrapped to 80 columns in its column, the caller at the
// first line's right.
func richLog(d formDoc) (string, bool) {
	const head = "[12/03/26 07:40:00] WARNING  "
	const width = 80
	var out []string
	for _, l := range d.lines {
		if strings.TrimSpace(l) == "" {
			out = append(out, l)
			continue
		}
		var parts []string
		line := ""
		for _, w := range strings.Fields(l) {
			if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
				parts = append(parts, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		parts = append(parts, line)
		for i, p := range parts {
			if i == 0 {
				out = append(out, head+p+strings.Repeat(" ", max(1, width-len([]rune(p))))+"utils.py:207")
				continue
			}
			out = append(out, strings.Repeat(" ", len(head))+p)
		}
	}
	return strings.Join(out, "\n") + "\n", true
}

// hyphenWrap cuts lines every n runes, as a page hyphenates: a cut between two
// letters gets a hyphen at the line's end.
func hyphenWrap(n int) func(formDoc) (string, bool) {
	return func(d formDoc) (string, bool) {
		var out []string
		for _, l := range d.lines {
			r := []rune(l)
			for len(r) > n {
				k := n - 1
				if unicode.IsLetter(r[k-1]) && unicode.IsLetter(r[k]) {
					out = append(out, string(r[:k])+"-")
				} else {
					out = append(out, string(r[:k]))
				}
				r = r[k:]
			}
			out = append(out, string(r))
		}
		return strings.Join(out, "\n") + "\n", true
	}
}

// fullWidth writes the message's colons, commas and parentheses full-width, as a
// Chinese input method types them.
func fullWidth(d formDoc) (string, bool) {
	r := strings.NewReplacer(": ", "：", ":", "：", ", ", "，", ",", "，", "(", "（", ")", "）")
	return mapMessage(d, func(_ int, l string) string { return r.Replace(l) }), true
}

// cjkInline quotes each message line inline in a Chinese sentence, in full-width
// quotes.
func cjkInline(d formDoc) (string, bool) {
	return mapMessage(d, func(_ int, l string) string {
		return "运行时报错“" + strings.TrimSpace(l) + "”，请问怎么解决？"
	}), true
}

// mdEscaped escapes markdown's punctuation in the message with backslashes, as an
// editor that converts rich text to markdown writes it (torch.\_inductor).
func mdEscaped(d formDoc) (string, bool) {
	r := strings.NewReplacer("_", `\_`, "*", `\*`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`)
	return mapMessage(d, func(_ int, l string) string { return r.Replace(l) }), true
}

// jsonInJSON writes the text as a JSON string inside a JSON string (a log record whose
// field holds another record).
func jsonInJSON(d formDoc) (string, bool) {
	inner := `{"msg":` + jsonField(d.text()) + `}`
	return `{"level":"error","payload":` + jsonField(inner) + "}\n", true
}

// cutMidEllipsis cuts the decisive line as cutEnd does, marks the cut with "..." and
// lets the text go on after it (a title quoted short, then the body).
func cutMidEllipsis(d formDoc) (string, bool) {
	if d.negative {
		return d.text(), true
	}
	out, ok := cutEnd(d)
	if !ok {
		return "", false
	}
	return strings.TrimSuffix(out, "\n") + "...\n\nAny idea what causes this?\n", true
}

func moreTransforms() []formTransform {
	return append([]formTransform{
		{name: "html-pre", apply: htmlPre, want: anyFound},
		{name: "html-br", apply: htmlBr, want: anyFound},
		{name: "html-code-words", apply: htmlCodeWords, want: anyFound},
		{name: "html-span-split", apply: htmlSpanSplit, want: anyFound},
		{name: "python-exc-repr", apply: pyExcRepr, want: anyFound},
		{name: "python-str-repr", apply: pyStrRepr, want: anyFound},
		prefixed("loguru", "2024-05-01 12:00:00.123 | WARNING  | __main__:train:42 - "),
		prefixed("lightning-rank", "[rank: 1] "),
		opened(prefixed("accelerate", "05/01/2024 12:00:00 - WARNING - accelerate.accelerator - ")),
		prefixed("transformers", "[WARNING|trainer.py:123] 2024-05-01 12:00:00,123 >> "),
		prefixed("mail-quote", ">> "),
		prefixed("mail-quote-3", "> >> "),
		prefixed("gutter-box", "  12 │ "),
		prefixed("gutter-tab", "12\t"),
		{name: "rich-box", apply: richBox, want: anyFound},
		{name: "rich-log", apply: richLog, want: anyFound},
		{name: "hyphen-wrap-60", apply: hyphenWrap(60), want: anyFound},
		{name: "hyphen-wrap-72", apply: hyphenWrap(72), want: anyFound},
		{name: "full-width", apply: fullWidth, want: anyFound},
		prose("prose-korean", "모델을 실행하면 다음 오류가 발생합니다:", "오류: ", "어떻게 해결하나요?"),
		{name: "cjk-inline", open: true, apply: cjkInline, want: anyFound},
		{name: "md-escaped", apply: mdEscaped, want: anyFound},
		{name: "json-in-json", apply: jsonInJSON, want: anyFound},
		{name: "cut-mid-ellipsis", open: true, apply: cutMidEllipsis, want: anyFound},
	}, lazyTransforms()...)
}

// opened marks t open: its failures are listed in the golden file, not yet fixed.
func opened(t formTransform) formTransform {
	t.open = true
	return t
}

package diagnose

import (
	"strings"
)

// Presentations added on branch recallK (2026-12-04): a message a page wrapped at spaces
// where the mark before it is on its first line only. Markdown's lazy continuation lets
// a quote's or a list item's paragraph go on without its "> " or "- " (holdoutAJ's peft
// commit: "> RuntimeError: Offset increment outside graph capture encountered" /
// "unexpectedly."), and a comment re-wrapped by an editor that does not know the
// comment's mark leaves it on the first line only.

// lazyWraps are the marks lazyWrap puts on a wrapped line's first piece only.
var lazyWraps = []struct{ name, mark string }{
	{"md-quote", "> "},
	{"md-numbered", "1. "},
	{"comment-slashes", "// "},
	{"indented", "    "},
}

// lazyTransforms are lazyWrap's presentations. They were found before the branch (the
// wrapped rule squeezes the lines joined, and a mark before the message's first word is
// outside it); they hold that, for every sample's message.
func lazyTransforms() []formTransform {
	var ts []formTransform
	for _, w := range lazyWraps {
		ts = append(ts, formTransform{name: "lazy-" + w.name + "-60", apply: lazyWrap(60, w.mark), want: anyFound})
	}
	return ts
}

// lazyWrap wraps each message line at spaces to at most n runes and puts mark before
// its first piece only.
func lazyWrap(n int, mark string) func(formDoc) (string, bool) {
	return func(d formDoc) (string, bool) {
		var out []string
		for i, l := range d.lines {
			if i < d.msgFrom || i >= d.msgTo || strings.TrimSpace(l) == "" {
				out = append(out, l)
				continue
			}
			w, _ := wordWrap(n)(formDoc{lines: []string{strings.TrimLeft(l, " ")}})
			pieces := strings.Split(strings.TrimSuffix(w, "\n"), "\n")
			pieces[0] = mark + pieces[0]
			out = append(out, pieces...)
		}
		return strings.Join(out, "\n") + "\n", true
	}
}

package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A terminal or a page that cuts lines at its width cuts a long file name where the width
// falls, inside its release or after it: pip's "Downloading https://download.pytorch.org/
// whl/cu121/torch-2." then "1.0%2Bcu121-cp311-cp311-linux_x86_64.whl (780.5 MB)", or
// "…/site-packages/torch-2.1.0+cu1" then "21.dist-info" (TestFormsCross's hyphen-wrap
// presentations of the wheel-url and site-packages phrasings, branch rel14). The file-name
// rows want the name's end (".whl", "-cp311", ".dist-info") after the release, so neither
// line gave it. wrapCut keeps a line whose last word holds such a name that its rows do
// not read, and the next line's first word is joined to it without a space, as wordCut
// joins a word cut in two (wrapjoin.go); a page's hyphen at a cut between two letters is
// dropped where the name reads only without it.

// fileNameLit is the literal of the rows that read a release in a file name (file-name,
// nix-store).
var fileNameLit = []byte("torch-")

// wrapKeep keeps text, line's, for the next line where it ends inside a word that holds
// torch's file name ("torch-" and what follows; a line cut at a width is short), or in
// torch's name after another word (prose whose release the next line may start:
// proseWrapJoin).
func (f *versionFinder) wrapKeep(text []byte, line int) {
	f.wrapCut, f.wrapProse = f.wrapCut[:0], false
	if n := len(text); n > 0 && n < 400 && !isSpace(text[n-1]) && bytes.Contains(text[bytes.LastIndexByte(text, ' ')+1:], fileNameLit) {
		f.wrapCut, f.wrapLine = append(f.wrapCut, text...), line
		return
	}
	if len(text) < 400 && endsInTorch(text) && matchGated(torchWordEnds, text) { // the suffix test first: every version line comes here
		f.wrapCut, f.wrapLine, f.wrapProse = append(f.wrapCut, text...), line, true
	}
}

// A paragraph wrapped at a width (a commit message's 72 columns, a terminal's) can cut
// prose between torch's name and its release: "a loaded buffer … was silently converted
// into a TRAINABLE parameter (verified on torch" then "2.12)" (FastVideo's commit 2d43518,
// holdoutBU). torchWordEnds is a line that ends in torch's name (torch, PyTorch) after
// another word: a key alone on its line ("PyTorch Version", "torch") waits for its value
// as a key does (keysOn); releaseStarts, the next line's first word a release. The
// two are read as one sentence: the kept line's last clause joined to the next line
// (proseWrapJoin), with the prose rows and every rule about the words around a release.
var (
	torchWordEnds = &lazyregexp.Regexp{Expr: `(?i)\w[\w,;:()'"\x60]*\s+(?:py)?torch\s*$`}
	releaseStarts = &lazyregexp.Regexp{Expr: `^\s*v?2\.\d{1,2}\b`}
)

// proseWrapJoin offers the releases read on kept's last clause (up to 160 bytes) joined
// by a space to text, the line after it, where text starts with a release; it reports
// whether one was taken.
func (f *versionFinder) proseWrapJoin(kept, text []byte, line int) bool {
	if !matchGated(releaseStarts, text) {
		return false
	}
	tail := lastClause(kept[max(0, len(kept)-160):])
	joined := append(append(bytes.TrimLeft(tail[:len(tail):len(tail)], " \t"), ' '), bytes.TrimLeft(text, " \t")...)
	before := f.text
	f.releasesOn(joined, line)
	return f.line == line && f.text != before
}

// wrapJoin offers the release the file-name rows read on the kept line joined to the
// first word of text, the line after it, and without the kept line's last hyphen where it
// stands between two letters (prose kept by wrapKeep: proseWrapJoin); it reports whether
// one was taken.
func (f *versionFinder) wrapJoin(text []byte, line int) bool {
	kept, before := f.wrapCut, f.text
	f.wrapCut = f.wrapCut[:0]
	n := len(kept)
	if n < 2 || line != f.wrapLine+1 {
		return false
	}
	if f.wrapProse {
		return f.proseWrapJoin(kept, text, line)
	}
	head, _, _ := bytes.Cut(bytes.TrimLeft(text, " \t"), []byte(" "))
	joins := [][]byte{append(kept[:n:n], head...)}
	if kept[n-1] == '-' && isLetter(kept[n-2]) && len(head) > 0 && isLetter(head[0]) {
		joins = append(joins, append(kept[:n-1:n-1], head...))
	}
	for _, j := range joins {
		for _, p := range f.rows.patterns {
			if bytes.Equal(p.lit, fileNameLit) {
				f.match(p, j, line)
			}
		}
	}
	return f.line == line && f.text != before
}

// lastClause is b after its last sentence mark followed by a space (". ", "; ", "! ",
// "? "), all of b where it has none: a dotted name's dots ("torch.compile") end nothing.
func lastClause(b []byte) []byte {
	for i := len(b) - 2; i >= 0; i-- {
		if b[i+1] == ' ' && (b[i] == '.' || b[i] == ';' || b[i] == '!' || b[i] == '?') {
			return b[i+2:]
		}
	}
	return b
}

// endsInTorch reports whether raw, a line as read, ends in torch's name (any case) after
// white space: a line no version anchor holds ("torch " wants a space after), whose
// release a width may have put on the next line (proseWrapJoin). A suffix test, no pass
// over the line.
func endsInTorch(raw []byte) bool {
	n := len(raw)
	for n > 0 && (raw[n-1] == ' ' || raw[n-1] == '\t' || raw[n-1] == '\r' || raw[n-1] == '\n') {
		n-- // bytes.TrimRight builds its set on each call
	}
	b := raw[:n]
	return n > 5 && bytes.EqualFold(b[n-5:], []byte("torch")) && (isSpace(b[n-6]) || (n > 7 && bytes.EqualFold(b[n-7:n-5], []byte("py")) && isSpace(b[n-8])))
}

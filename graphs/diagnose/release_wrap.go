package diagnose

import "bytes"

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

// maxWrapCut bounds the line kept for the next: a line cut at a width is shorter.
const maxWrapCut = 400

// wrapKeep keeps text, line's, for the next line where its last word holds torch's file
// name cut at the line's end: "torch-" and what follows, with no file-name row matching it.
func (f *versionFinder) wrapKeep(text []byte, line int) {
	f.wrapCut = f.wrapCut[:0]
	if len(text) == 0 || len(text) > maxWrapCut || isSpace(text[len(text)-1]) {
		return
	}
	word := text[bytes.LastIndexAny(text, " \t")+1:]
	if !bytes.Contains(word, fileNameLit) {
		return
	}
	for _, p := range f.rows.patterns {
		if bytes.Equal(p.lit, fileNameLit) && p.re().Match(word) {
			return
		}
	}
	f.wrapCut = append(f.wrapCut, text...)
	f.wrapLine = line
}

// wrapJoin offers the release a file-name row reads on the kept line joined to text's
// first word, where text is the line after it, and reports whether it offered one.
func (f *versionFinder) wrapJoin(text []byte, line int) bool {
	kept := f.wrapCut
	f.wrapCut = f.wrapCut[:0]
	if len(kept) == 0 || line != f.wrapLine+1 {
		return false
	}
	head := bytes.TrimLeft(text, " \t")
	if i := bytes.IndexAny(head, " \t"); i >= 0 {
		head = head[:i]
	}
	if len(head) == 0 {
		return false
	}
	joined := append(append([]byte(nil), kept...), head...)
	if f.fileNameOn(joined, line) {
		return true
	}
	n := len(kept)
	if n > 1 && kept[n-1] == '-' && isLetter(kept[n-2]) && isLetter(head[0]) {
		return f.fileNameOn(append(append([]byte(nil), kept[:n-1]...), head...), line)
	}
	return false
}

// fileNameOn offers the release the file-name rows read on text, and reports whether
// one was taken.
func (f *versionFinder) fileNameOn(text []byte, line int) bool {
	before := f.text
	for _, p := range f.rows.patterns {
		if bytes.Equal(p.lit, fileNameLit) && f.outranks(p.rank, p.what, text) && p.re().Match(text) {
			f.match(p, text, line)
		}
	}
	return f.line == line && f.text != before
}

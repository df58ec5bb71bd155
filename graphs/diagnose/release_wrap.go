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

// wrapKeep keeps text, line's, for the next line where it ends inside a word that holds
// torch's file name ("torch-" and what follows; a line cut at a width is short).
func (f *versionFinder) wrapKeep(text []byte, line int) {
	f.wrapCut = f.wrapCut[:0]
	if n := len(text); n > 0 && n < 400 && !isSpace(text[n-1]) && bytes.Contains(text[bytes.LastIndexByte(text, ' ')+1:], fileNameLit) {
		f.wrapCut, f.wrapLine = append(f.wrapCut, text...), line
	}
}

// wrapJoin offers the release the file-name rows read on the kept line joined to the
// first word of text, the line after it, and without the kept line's last hyphen where it
// stands between two letters; it reports whether one was taken.
func (f *versionFinder) wrapJoin(text []byte, line int) bool {
	kept, before := f.wrapCut, f.text
	f.wrapCut = f.wrapCut[:0]
	n := len(kept)
	if n < 2 || line != f.wrapLine+1 {
		return false
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

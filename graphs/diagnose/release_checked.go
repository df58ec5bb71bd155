package diagnose

import (
	"bytes"
	"slices"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// checkedRelease is a release of torch marked with a check mark, which the prose rows
// leave to other runs (checkBefore, checkAfter: "✅ torch 2.6  ❌ torch 2.7" rates releases, the
// failing one is the run's). Where the text names one such release and no other is
// read, it is the run's: an environment's check list of what is installed ("✅ PyTorch
// 2.6.0 (with CUDA 12.4 support)" under "Successfully Installed", holdoutBE's gpu_opt
// status notes; "- PyTorch 2.6.0 ✅"). Two different ones marked are a list that rates
// releases (a compatibility list), and read as none.
type checkedRelease struct {
	value, text []byte
	line        int
	distinct    int // how many different releases were marked
}

// noteChecked notes the release of torch a check mark marks on text (line line).
func (f *versionFinder) noteChecked(text []byte, line int) {
	if !bytes.ContainsAny(text, checkMarks) {
		return
	}
	m := findSubmatchIndexGated(checkedTorch, text)
	if m == nil {
		return
	}
	lo, hi := m[2], m[3]
	if lo < 0 {
		lo, hi = m[4], m[5]
	}
	if matchGated(removedAfter, text[hi:]) {
		return // "✅ torch 2.9.1 → removed": the one the run left
	}
	switch {
	case f.checked.value == nil:
		f.checked = checkedRelease{value: slices.Clone(text[lo:hi]), text: slices.Clone(text), line: line, distinct: 1}
	case !bytes.Equal(f.checked.value, text[lo:hi]):
		f.checked.distinct++
	}
}

// checkedTorch is a check mark (checkMark) before torch's name and a
// release, or after them past a colon, a dash or a bar; the release has no "+" after it
// but a local build's tag ("✅ PyTorch 2.6.0+cu124"; "✅ PyTorch 2.0+" is a minimum, and
// so is "PyTorch 2.1.0+✓ verified", holdoutEX's theneuralbase team note), nor another
// package's name before it ("✅ torchvision 0.21").
var checkedTorch = &lazyregexp.Regexp{Expr: checkMark + `\x{fe0f}?\s*[*_\x60]{0,3}\s*(?i:py)?(?i:torch)[*_\x60]{0,3}\s*(?:==?\s*)?v?(\d\.\d{1,2}(?:\.\d+)?)(?:\+[a-zA-Z]|[^\d.+]|$)|` +
	`(?i:py)?(?i:torch)[*_\x60]{0,3}\s*(?:==?\s*)?v?(\d\.\d{1,2}(?:\.\d+)?)[a-z0-9.]*(?:\+[a-z0-9.]+)?[*_\x60]{0,3}\s*(?:[:=|]|-{1,2}|–|—|→|->)?\s*[*_\x60]{0,3}` + checkMark}

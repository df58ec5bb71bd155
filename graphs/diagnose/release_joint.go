package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A key that lists several packages joined by slashes with their releases in the same
// order ("torch / CUDA / triton | 2.13.0+cu132 / 13.2 / 3.7.1", a measurement report's
// environment table, holdoutBR's Applio report; "Python/PyTorch/CUDA: 3.10/2.1.0/12.1",
// "CUDA / PyTorch: 12.4 / 2.6.0") states torch's release at torch's place in the list.
// The rows joint-key and table-joint-key read two names with torch first; these read
// torch at any place among two to six names, and take a value only where the values are
// as many as the names (a docker image, pytorch/pytorch:2.5.1-cuda12.4, has one); a value
// may be in backquotes, and a table's cell may go on after the values ("2.6.0 / 0.21.0 /
// 2.6.0 (CUDA 12.4)", prec17's code corpus ids 59132733504, 56720753936).
const (
	jointName   = `[A-Za-z][\w.-]*`
	jointBefore = `(?i)(?:^|[\s|*(>\x60-])` + keyMark + `((?:` + jointName + `\s*/\s*){0,4})(?:py)?torch((?:\s*/\s*` + jointName + `){0,4})` +
		keyMark + `(?:\s+versions?)?\s*`
	jointValues = `\s*` + keyMark + `(\x60?v?\d+\.\d+[\w.+-]*\x60?(?:\s*/\s*\x60?v?\d+(?:\.\d+)*[\w.+-]*\x60?){1,5})`
)

// jointRows are the rows of a joint key's list; their anchors hold torch's name with the
// slash beside it and a space, not "/torch" alone, which every path into the package holds.
func jointRows() []releaseRow {
	anchors := []string{"orch /", " / torch", " / Torch", " / PyTorch", " / pytorch", "/PyTorch/", "/PyTorch:", "/torch:", "/Torch/"}
	return []releaseRow{
		{name: "joint-list", what: "version report", literal: "orch", anchors: anchors, rank: rankPackage, pick: pickJointList,
			shape: jointBefore + `[:=：]` + jointValues},
		{name: "table-joint-list", what: "table", literal: "|", anchors: anchors, rank: rankPackage, pick: pickJointList,
			shape: jointBefore + keyMark + `\|` + jointValues + `[^|\n]{0,80}\|`},
	}
}

// jointRelease is a release as the whole of one value of a joint list (compiled on its
// first use, as the package's other expressions are: none at start-up).
var jointRelease = &lazyregexp.Regexp{Expr: `^v?` + ver + `$`}

// pickJointList takes the value at torch's place in a joint key's list: groups 1 and 2
// are the names before and after torch, group 3 the values. It skips a list of one name
// (torch alone is the other rows'), values that are not as many as the names, and a
// value at torch's place that is not a release.
func pickJointList(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	before := bytes.Count(text[m[2]:m[3]], []byte("/"))
	after := bytes.Count(text[m[4]:m[5]], []byte("/"))
	values := bytes.Split(text[m[6]:m[7]], []byte("/"))
	if before+after == 0 || len(values) != before+1+after {
		return 0, 0, skip
	}
	lo := m[6]
	for _, v := range values[:before] {
		lo += len(v) + 1
	}
	hi := lo + len(values[before])
	for lo < hi && (text[lo] == ' ' || text[lo] == '`') {
		lo++
	}
	for hi > lo && (text[hi-1] == ' ' || text[hi-1] == '`') {
		hi--
	}
	sub := findSubmatchIndexGated(jointRelease, text[lo:hi])
	if sub == nil {
		return 0, 0, skip
	}
	return lo + sub[2], lo + sub[3], take
}

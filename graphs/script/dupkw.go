package script

import (
	"fmt"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// A keyword given twice, explicitly and through a ** mapping, or through two
// (torch.compile(m, **base, options={…}) with base = {"options": …}: sweep3 finding
// 12): Python raises TypeError before torch.compile runs. Measured in the Debian
// chroots (torch 2.6.0 on Python 3.13.5, torch 2.14.1 on Python 3.14.10):
// "TypeError: torch.compile() got multiple values for keyword argument 'options'",
// likewise for 'mode' given as mode= and in **base, and in two **{…}.

// dupKeyword records k as given twice, the first such keyword kept ("" is ignored).
func (st *siteState) dupKeyword(k string) {
	if st.Kind == Framework || st.Kind == Optimize {
		return // their keywords are built from another call's, not passed as written
	}
	if k != "" && st.duplicate == "" {
		st.duplicate = k
		st.note("%s is given twice (explicitly and through **, or through two **): Python raises TypeError before torch.compile runs", k)
	}
}

// givenTwice returns the first keyword args give twice ("" when none).
func givenTwice(args []arg) string {
	seen := map[string]bool{}
	for _, a := range args {
		if a.keyword == "" {
			continue
		}
		if seen[a.keyword] {
			return a.keyword
		}
		seen[a.keyword] = true
	}
	return ""
}

// always reports whether every value of the followed dict has an item k.
func (o *dictObj) always(k string) bool {
	for _, v := range o.variants {
		if !v.has(k) {
			return false
		}
	}
	return len(o.variants) > 0
}

// duplicateTypeError returns rep as Python's TypeError for a keyword the site gives
// twice. The message is measured on Python 3.13 and 3.14; on older Pythons the
// exception is the same and its text is inferred. rep itself is not changed.
func duplicateTypeError(st *Site, rep *graphs.Report) *graphs.Report {
	if st.duplicate == "" || rep == nil {
		return rep
	}
	if raisedBeforeCall(rep) {
		return rep
	}
	ev := modes.Measured
	if py, err := pyver.ParseBuild(rep.Python); err != nil || py.Less(pyver.Version{Major: 3, Minor: 13}) {
		ev = modes.Inferred
	}
	return raisedReport(rep, &graphs.RaisedError{Stage: "compile", Exception: "TypeError",
		Message: fmt.Sprintf("torch.compile() got multiple values for keyword argument '%s'", st.duplicate), Evidence: ev})
}

// splatDups records the first item of a **dict's literal items that the call also
// gives explicitly.
func splatDups(st *siteState, items []literal.DictItem, given map[string]bool) {
	for _, it := range items {
		if k, ok := it.Key.AsStr(); ok && given[k] {
			st.dupKeyword(k)
		}
	}
}

package diagnose

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// StatedRelease is a release a text states, on its line.
type StatedRelease struct {
	// Torch is the release, as "2.14" (a newer one near the known ones, "2.15", too).
	Torch string `json:"torch"`
	// Line is the 1-based line that states it.
	Line int `json:"line"`
	// Kind is "" for a release stated where a process's release is (collect_env, a
	// package list, pip's report, a pin), or StatedProse ("prose") for one the text names
	// in prose beside the release read, in its sentence: the other end of a move or a
	// comparison ("after upgrading from 2.5 to 2.7 it fails": 2.5), which the run that
	// failed does not run; or "older" or "not-a-release" (modes.VersionKind) for one
	// stated there that -torch's rule refuses, as Diagnosis.StatedTorchKind says (1.13;
	// 2.99): named, never read.
	Kind string `json:"kind,omitempty"`
}

// maxStated is how many releases Diagnosis.AlsoStated names of those a text states
// beside the one read: an upgrade, two environments; a longer list is a changelog or a
// matrix, and its first releases say the conflict (Diagnosis.AlsoStatedMore counts the
// rest: hostile29 R2, where 3 had been named and the rest dropped without a word).
const maxStated = 4

// statedKept is how many the finder keeps: the one read, maxStated others, and enough
// more to count the rest of a matrix (a pin of each minor from 2.0 to 2.14 is 15).
const statedKept = 24

// noteStated keeps the release s, stated on line at rank, where rank is a package's or
// above (collect_env's "PyTorch version:", torch.__version__, a package list, pip's
// report, a pin): the ways a text says which torch a process runs, so that two of them
// naming different releases is a conflict worth naming (an upgrade, two environments:
// hostile28 R3). Prose, paths and file names are left out, and a release kept already.
// One that -torch's rule refuses (modes.ParseRelease) is kept of its kind, "older" or
// "not-a-release" (statedKind), and named as such: a release read beside it must not
// hide it (hostile29 R3: "PyTorch version: 2.99.0" after 2.14.1 had been dropped
// without a word).
func (f *versionFinder) noteStated(s []byte, rank, line int) {
	if rank < rankPackage || len(f.stated) >= statedKept {
		return
	}
	st := StatedRelease{Line: line}
	v, err := modes.ParseRelease(string(s))
	if err != nil {
		if v, err = statedMinor(string(s)); err != nil {
			if _, ok := runRelease(err); ok || twoZeroLine(s) {
				return
			}
			st.Kind = string(statedKind(err))
		}
	}
	st.Torch = v.String()
	if st.Kind != "" {
		st.Torch = olderRelease(s)
	}
	for _, o := range f.stated {
		if o.Torch == st.Torch {
			return
		}
	}
	f.stated = append(f.stated, st)
}

// statedMinor parses a release a text states for the reader's comparisons (a table's
// rows, a move's two ends, a build's): as modes.ParseVersion, but a patch that never
// shipped ("2.6.2") is its minor, as the finder reads it (Diagnosis.TorchNoSuchPatch).
func statedMinor(s string) (modes.Version, error) {
	v, err := modes.ParseVersion(s)
	var ve *modes.VersionError
	if errors.As(err, &ve) && ve.Unshipped {
		return ve.Suggest, nil
	}
	return v, err
}

// noSuchPatch returns stated, a release as a text states it, where its patch never
// shipped and its minor is read (Diagnosis.TorchNoSuchPatch); "" for any other.
func noSuchPatch(stated string) string {
	var ve *modes.VersionError
	if _, err := modes.ParseVersion(stated); errors.As(err, &ve) && ve.Unshipped {
		return stated
	}
	return ""
}

// alsoStated returns the releases the finder kept other than torch (the log's own).
func (f *versionFinder) alsoStated(torch string) []StatedRelease {
	var out []StatedRelease
	for _, st := range f.stated {
		if st.Torch != torch {
			out = append(out, st)
		}
	}
	return out
}

// refusedKind reports whether st is a release -torch's rule refuses (kind "older" or
// "not-a-release").
func (st StatedRelease) refusedKind() bool {
	return st.Kind == string(modes.VersionOlder) || st.Kind == string(modes.VersionNotRelease)
}

// capStated keeps the first maxStated of d.AlsoStated and counts the rest in
// AlsoStatedMore.
func (d *Diagnosis) capStated() {
	if n := len(d.AlsoStated); n > maxStated {
		d.AlsoStated, d.AlsoStatedMore = d.AlsoStated[:maxStated], n-maxStated
	}
}

// alsoWords is the header's clause that names the other releases the text states:
// "also states 2.14 on line 2" (and "…, 2.9 on line 7", "…, and 3 more"), those
// -torch's rule refuses by what they are ("line 2 states 2.99, not a release torch
// has"), and prose's; "" for none.
func (d *Diagnosis) alsoWords() string {
	if len(d.AlsoStated) == 0 {
		return ""
	}
	var parts, refused, prose []string
	for _, st := range d.AlsoStated {
		switch {
		case st.Kind == StatedProse:
			prose = append(prose, st.Torch)
		case st.refusedKind():
			refused = append(refused, fmt.Sprintf("line %d states %s%s", st.Line, st.Torch, statedKindWords(modes.VersionKind(st.Kind))))
		default:
			parts = append(parts, fmt.Sprintf("%s on line %d", st.Torch, st.Line))
		}
	}
	if d.AlsoStatedMore > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", d.AlsoStatedMore))
	}
	var out []string
	if len(parts) > 0 {
		out = append(out, "also states "+strings.Join(parts, ", "))
	}
	out = append(out, refused...)
	if len(prose) > 0 {
		out = append(out, fmt.Sprintf("its prose also names %s", strings.Join(prose, " and ")))
	}
	return strings.Join(out, "; ")
}

// fixedElsewhere returns the release of AlsoStated that has f, the change that ends
// the row's code (at or past f.In, and not among the row's releases), when the run's
// own release v does not: the text states both, so the fix for v would advise an
// upgrade to a release the text says is there (hostile28 R3: "upgrade to 2.14" for a
// log that says it upgraded to 2.14.1).
func (s Signature) fixedElsewhere(v modes.Version, also []StatedRelease) (StatedRelease, codeFix, bool) {
	f, ok := fixedBy(s.Code)
	if !ok || !v.Less(f.In) {
		return StatedRelease{}, codeFix{}, false
	}
	for _, st := range also {
		w, err := modes.ParseRelease(st.Torch)
		if err == nil && !w.Less(f.In) && !s.covers(w) {
			return st, f, true
		}
	}
	return StatedRelease{}, codeFix{}, false
}

// alsoFixedTexts returns the fix and note of a row whose text the run's release v
// prints where the text also states st, a release with the change f that ends it:
// the fix is v's less any upgrade to st or older, and running the failing process on
// st, where the change holds; the note says that the process that printed it runs an
// older torch than st, as fixedTexts says for a run's own release that has the fix.
func alsoFixedTexts(fix, note string, f codeFix, v modes.Version, st StatedRelease) (string, string) {
	w, _ := modes.ParseRelease(st.Torch)
	fix = fmt.Sprintf("%s. On torch %s (line %d states it) this is fixed: make the failing process run it "+
		"(check torch.__version__ there)", dropUpgrades(fix, w), st.Torch, st.Line)
	also := fmt.Sprintf("line %d also states torch %s, which does not print this: %s has the fix, which %s. "+
		"So the process that printed it runs a torch older than %s (%s, the release read): check torch.__version__ "+
		"in that process (python -c \"import torch; print(torch.__version__)\" with the interpreter and environment it runs in)",
		st.Line, st.Torch, f.In, f.Change, f.In, v)
	if note != "" {
		also = note + ". " + also
	}
	return fix, also
}

// statedOn reads, for noteStated, the release a row of a package's rank or above states
// on a line that the release found passes over (its rank is not above the one found):
// the first of the row's matches that is the run's by the row's own checks, as match
// reads it. A row's anchors gate it, and a package list's row a line that starts with
// torch's name, so the pass costs a line that states no release little.
func (f *versionFinder) statedOn(p versionPattern, text []byte, line int) {
	if p.rank < rankPackage || len(f.stated) >= statedKept || !anchored(p.anchors, text) ||
		p.what == "package list" && !bytes.HasPrefix(text, []byte("torch")) && !bytes.HasPrefix(text, []byte("pytorch")) {
		return
	}
	for _, m := range nearMatches(p, text) {
		lo, hi := m[2], m[3]
		if p.pick != nil {
			var v verdict
			if lo, hi, v = p.pick(&f.others, text, m); v == ambiguous {
				return
			} else if v == skip {
				continue
			}
		} else if notTheRuns(&f.others, p, text, lo, hi) {
			continue
		}
		if p.what == "pin" && requirement(text[:m[0]]) {
			continue
		}
		f.notePrintPair(text[lo:hi], p.rank, line, text, p.what, p.row)
		f.noteStated(text[lo:hi], p.rank, line)
		return
	}
}

// anchored reports whether text holds one of anchors (true for none).
func anchored(anchors []string, text []byte) bool {
	for _, a := range anchors {
		if bytes.Contains(text, []byte(a)) {
			return true
		}
	}
	return len(anchors) == 0
}

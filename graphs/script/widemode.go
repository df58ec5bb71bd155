package script

import "slices"

// A mode value that no release knows (mode="reduce_overhead", the underscore for the
// hyphen) makes torch.compile raise "Unrecognized mode=reduce_overhead, should be one
// of: …" (torch/_inductor/compile_fx.py @2.6.0, @2.14.1; measured in
// testdata/measured/suppress_errors.out), whether it is written in the call or
// reaches it through a name: MODE = "reduce_overhead" then mode=MODE, a def's
// default, an argparse option's default or choices (sweep3 finding 30). Such a value
// is planned like a literal, and the plan is PyTorch's error. Only values the reader
// found by name anywhere in the file (the file-wide index, for an owner it cannot
// place: cfg.mode of an object of unknown class) are left out when no release knows
// them, as before: a "mode" of another object ("train", "eval") is not this call's
// argument. An argparse option's values are its dest's, so they are never such.

// onlyWide returns the candidates of wide whose value no placed candidate has and
// that no add_argument call of the file gives.
func (r *reader) onlyWide(wide, placed []Candidate) []Candidate {
	var out []Candidate
	for _, c := range wide {
		if c.Value == nil || c.Env != "" || r.inArgparse(c.Line) || r.av.givenLine > 0 && c.Line == r.av.givenLine || hasValue(placed, *c.Value) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// noteWide records cs as found only file-wide by the site being read.
func (r *reader) noteWide(cs []Candidate) {
	if len(r.wide) < maxFlow {
		r.wide = append(r.wide, cs...)
	}
}

// hasValue reports whether a candidate of cs has the str value v.
func hasValue(cs []Candidate, v string) bool {
	for _, c := range cs {
		if c.Value != nil && *c.Value == v {
			return true
		}
	}
	return false
}

// sureValues returns the distinct str values of the candidates cands that no
// candidate of wide has: those that surely reach the argument.
func sureValues(cands, wide []Candidate) []string {
	var out []string
	for _, c := range cands {
		if c.Value != nil && !hasValue(wide, *c.Value) && !slices.Contains(out, *c.Value) {
			out = append(out, *c.Value)
		}
	}
	return out
}

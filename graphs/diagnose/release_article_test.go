package diagnose

import (
	"testing"
)

// TestReleaseArticleSubject: a release an article's title or heading names as its
// subject is no run's release, unless the text shows a run on it (release_article.go;
// branch fixrelart30, held-out sets EX, EG, EH and DN). Each case reads the whole text
// with Read, as the command does; each drop failed before the fix.
func TestReleaseArticleSubject(t *testing.T) {
	t.Parallel()
	tests := []releaseWhy{
		// an article about the release: no run's release
		{"title-in-colon", "torch.compile in PyTorch 2.5: Where the Speedup Comes From and Where It Disappears\n" +
			"PyTorch 2.5 made torch.compile good enough that you can drop it into a real training script.", "",
			"holdoutEX's aidev-news article: the title's subject and the body's praise of it"},
		{"title-markdown", "# torch.compile in PyTorch 2.5: Where the Speedup Comes From\nSome prose.", "",
			"the same title as a markdown heading"},
		{"heading-after-body", "October 28, 2025\nPyTorch 2.5 just crushed it down to 9.6 seconds, a 7x improvement.\n" +
			"PyTorch 2.5 Regional Compilation: Solving the Cold Start Problem for Good\nThe single biggest barrier.", "",
			"holdoutEG's blog: a heading after the body's line names the release as its subject"},
		{"release-blog", "PyTorch 2.6 release blog\nWe are excited to announce the release of PyTorch 2.6.", "",
			"a release's blog: its announcement is no run"},
		{"announcing", "Announcing PyTorch 2.6\nPyTorch 2.6 brings a faster compile to every user.", "",
			"an announcement's title"},
		{"whats-new-body", "What's new in PyTorch 2.4\nPyTorch 2.4 just made cold starts three times shorter.", "",
			"\"What's new in\": the body's release is the subject's"},
		{"es-novedades", "Novedades de PyTorch 2.4\nPyTorch 2.4 just made cold starts three times shorter.", "",
			"the same title in Spanish"},
		{"zh-deep-dive", "ComfyUI-WanVideoWrapper视频生成框架PyTorch 2.0编译优化与显存管理深度解析【免费下载链接】项目地址: https://gitcode.com/x" +
			"ComfyUI-WanVideoWrapper作为先进的视频生成框架在PyTorch 2.0环境中面临着torch.compile编译优化与显存管理的双重挑战。", "",
			"holdoutEH's rhkb.cn article, pasted as one line: its title's in-depth analysis (深度解析) of the release"},
		{"ko-support", "# Diffusers에서의 PyTorch 2.0 가속화 지원\nPyTorch 2.0 으로 더 빠른 추론을 해 보세요", "",
			"holdoutDN's Korean page of diffusers' docs: the release's acceleration support"},
		// a failure report's title keeps its release
		{"regression-title", "Regression in PyTorch 2.5: torch.compile is twice as slow on Ampere\nSee the numbers below.", "2.5",
			"a regression's title: a failure report"},
		{"error-title", "torch 2.5: RuntimeError in cudagraph trees after warmup\nSee below.", "2.5",
			"an error's title"},
		{"bug-title", "Bug in PyTorch 2.6 with mode=reduce-overhead: Graphs Are Skipped Every Step\nSee below.", "2.6",
			"a bug's title"},
		{"tag-title", "[2.5] torch.compile in PyTorch 2.5: Graphs Are Skipped Every Step\nSee below.", "2.5",
			"an issue title's release tag"},
		{"nightly-title", "PyTorch 2.0 nightly: `compile` does not support capabilities sm_89\nSee below.", "2.0",
			"holdoutT's pytorch/pytorch#95082 title: no subtitle after capitalised words"},
		{"zh-regression-title", "# PyTorch 2.11.0 性能退化记录\n在 PyTorch 2.11.0 上编译变慢。", "2.11",
			"holdoutN's Chinese record of a performance regression"},
		// an article that shows a run on its release keeps it
		{"im-on", "torch.compile in PyTorch 2.5: Where the Speedup Comes From\nI'm on PyTorch 2.5 and my run fails with RuntimeError.", "2.5",
			"the writer says a run on the release"},
		{"my-env", "What's new in PyTorch 2.4\nPyTorch 2.4 just made cold starts shorter.\nMy environment runs torch 2.4 with CUDA 12.4.", "2.4",
			"the writer's environment names the release"},
		{"collect-env", "torch.compile in PyTorch 2.5: Where the Speedup Comes From\nPyTorch version: 2.5.1+cu124\nIs debug build: False", "2.5",
			"a collect_env line is a stronger row"},
		{"traceback", "torch.compile in PyTorch 2.5: Where the Speedup Comes From\nPyTorch 2.5 made it faster.\n" +
			"Traceback (most recent call last):\n  File \"/usr/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py\", line 10, in f\n    g()\nRuntimeError: boom", "2.5",
			"a traceback with frames shows a run"},
		{"i-get", "What's new in PyTorch 2.5: https://pytorch.org/blog/pytorch2-5/\nPyTorch 2.5.1 gives me this error: I get RuntimeError on every replay.", "2.5",
			"a report citing the release's page: its sentence says the writer gets the error"},
		{"zh-wo-zai", "PyTorch 2.0编译优化深度解析\n我在 PyTorch 2.0 上运行时报错。", "2.0",
			"Chinese: the writer's run (我在) on the subject's release"},
		{"other-release-run", "What's new in PyTorch 2.5\nI'm on torch 2.4 and compile fails with an error.", "2.4",
			"the run's release is another than the subject's"},
		{"no-article", "## Using PyTorch 2.5\nPyTorch 2.5 made torch.compile faster for us.", "2.5",
			"holdoutAL's heading: a release used, no article's phrasing"},
	}
	checkReleasesWhy(t, "", tests)
}

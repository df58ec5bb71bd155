package diagnose

// Retellings of the branch recallF (2026-12-03): failures named in short form as a
// troubleshooting section's heading or item, labelled an error ("### 2.2 Error: `triton
// not found` (when using CUDA)", "### 2.1 Error: `cl not found`": rasbt/reasoning-from-scratch's
// torch.compile-on-Windows notes, holdoutAB). Unlabelled, the short form names other
// failures as often: "### Triton not found" over torch's FLOP counter warning ("triton not
// found; flop counting will not work"), "### Triton Not Found (Linux)" over AutoAWQ's
// ModuleNotFoundError (READMEs in the code corpus), so the label is wanted, and the text
// must name torch.compile or Inductor (errorHeadingContext).

// errorLabel is an error label before a short form: "Error:" (bold or not), "Problem:",
// "Issue:". Not the line's start (^): a pattern with ^ runs on its whole line
// (TestDenseLineBounded), so any line labelled so counts, a heading's or an item's.
const errorLabel = `(?i)\b(?:error|problem|issue)\s*(?:\*\*)?\s*[:：]\s*(?:\*\*)?\W?`

// errorHeadingContext is the Requires of the labelled short forms: torch.compile or
// Inductor named in the text (TorchInductor too: the notes name only it).
const errorHeadingContext = `torch\.compile|torch\._inductor|TorchInductor|BackendCompilerFailed|torch compile|Torch compile|torch_compile`

// retoldF returns the retellings of this file.
func retoldF() []retelling {
	triton := tritonNotInstalledRetoldRow()
	triton.Requires = errorHeadingContext
	triton.Decisive = "a heading or item labelled an error that names Triton not found; another line names torch.compile or Inductor"
	cxx := cxxRetoldRow()
	cxx.Requires = errorHeadingContext
	cxx.Decisive = "a heading or item labelled an error that names the C++ compiler not found; another line names torch.compile or Inductor"
	cxx.Source += "; rasbt/reasoning-from-scratch ch02/04_torch-compile-windows (\"Error: `cl not found`\")"
	triton.Source += "; rasbt/reasoning-from-scratch ch02/04_torch-compile-windows (\"Error: `triton not found`\")"
	// The other short forms have their retellings: "Error: Triton is not installed"
	// (tritonNotFoundRetold), "Error: cl.exe not found", "Error: MSVC not found", "Error:
	// C++ compiler not found" (cxxRetold, after the colon); these two name Triton and cl
	// bare.
	return []retelling{
		{code: TreesUserThreadTLS, own: tlsAssertRetoldRow(), retold: tlsStoredRetold},
		{code: TreesUserThreadTLS, own: threadsRetoldRow(), retold: threadsCJKRetold},
		{code: TritonMissing, own: tritonNotInstalledRetoldRow(), retold: tritonCJKRetold},
		borrow(DynamicShapeRerecord, shapesRerecordCJKRetold, "shapesRecompileRetold's retelling (pytorch/pytorch#188150) in Chinese "+
			"and Japanese, and with the shapes in parentheses (the branch recallF's hunt)"),
		borrow(SkipCPUDevice, skipCJKRetold(`(?:cpu|CPU)\s*(?:设备|張量|张量|上|テンソル|デバイス|device|tensor)`),
			"the skip reason \"cpu device\" retold in Chinese or Japanese (the branch recallF's hunt)"),
		borrow(SkipMutatedInputs, skipCJKRetold(`(?:输入被(?:原地)?修改|(?:原地)?修改了?输入|变异的?输入|入力(?:の|が)?(?:変更|書き換え)|mutated\s+inputs?)`),
			"the skip reason \"mutated inputs\" retold in Chinese or Japanese (the branch recallF's hunt)"),
		// "Error: mode and options cannot both be set", "mode and options can't both be
		// given" (the brief of branch recallF's hunt: the labelled and retold forms of
		// mode-and-options), the lerobot retelling's "at the same time" said with "both".
		borrow(ModeAndOptions, retold{literals: []string{"mode and options can"},
			pattern: `(?i)\bmode\W{0,2}\s+and\s+\W{0,2}options\W{0,2}\s+(?:can(?:'|no)?t|cannot|can\s+not)\s+both\s+be\s+(?:set|given|passed|specified|used)\b`},
			"torch/__init__.py compile (\"Either mode or options can be specified, but both can't be specified at the same time.\") retold"),
		// "## Error: `Invalid backend` when calling torch.compile(backend=…)": InvalidBackend's
		// words short, labelled, with torch.compile or backend= on the line; not "Invalid
		// backend specified for process group" (torch.distributed's), nor scaled_dot_product_attention's
		// "Invalid backend" error (holdoutJ's stock-prediction notes, a negative), which a line
		// that names no compile call is.
		{code: InvalidBackend, seen: "torch/_dynamo/exc.py InvalidBackend (\"Invalid backend: …\") retold", requires: `torch\.compile|torch\._dynamo`,
			retold: retold{literals: []string{"Invalid backend", "invalid backend"},
				pattern: errorLabel + `invalid\s+backend\W?\s+(?:when|for|with|in|on|from)\b[^.;]{0,60}?(?:torch\.compile|\bbackend\s*=)`}},
		{code: TritonMissing, own: triton, retold: retold{literals: []string{"riton not found"}, pattern: errorLabel + `triton\s+not\s+found\b`}},
		{code: CXXCompilerMissing, own: cxx, retold: retold{literals: []string{"cl not found"}, pattern: errorLabel + `cl\W?\s+not\s+found\b`}},
	}
}

// tlsStoredRetold is trees-user-thread-tls told by where the trees keep their state, with
// the crash it brings: "CUDA graph tree managers are stored in thread-local-storage, so
// the main thread hits a missing TLS key and crashes with AssertionError in
// cudagraph_trees.py" (holdoutAD's hexo_rl commit, routed), the key missing first or the
// storage first; and the same in Chinese and Japanese (线程局部存储, 线程本地存储,
// スレッドローカル) with an assert or a crash after it. The row wants CUDA graphs or
// torch.compile in the log (tlsAssertRetoldRow).
var tlsStoredRetold = retold{
	literals: []string{"TLS key", "tls key", "TLS entry", "hread-local-storage", "hread-local storage", "hread local storage",
		"线程局部存储", "线程本地存储", "スレッドローカル"},
	pattern: `(?i)\b(?:missing|absent|no|uninitiali[sz]ed)\s+(?:tls|thread[-\s]local)\s+(?:key|entry|state)\b[^.;]{0,60}?\b(?:assert\w*|crash\w*)|` +
		`\b(?:tree\s+managers?|cuda\s?graph\s+trees?|cudagraph_trees|trees?)\b[^.;]{0,40}?\b(?:stored|kept|lives?|held)\s+in\s+(?:a\s+)?` +
		`thread[-\s]local[-\s]storage\b[^.;]{0,100}?\b(?:assert\w*|crash\w*)|` +
		`(?:线程局部存储|线程本地存储|スレッドローカル)[^。；]{0,60}?(?:` + bareAssertionError + `|断言|崩溃|アサーション|クラッシュ)`,
}

// threadsCJKRetold is threadsRetold in Chinese, Japanese and Korean: the compile mode or CUDA
// graphs, threads (多线程, 子线程, 后台线程, スレッド, 스레드) and an assert or a failure in one
// sentence, either order ("reduce-overhead 在多线程下报 AssertionError"). The row wants an
// assert in the log (threadsRetoldRow).
var threadsCJKRetold = retold{
	literals: []string{"线程", "スレッド", "스레드"},
	pattern: `(?i)(?:reduce-overhead|cuda\s?graphs?|cudagraph(?:_trees|\s+trees)?)[^。\n]{0,40}?` + threadsCJK + `[^。\n]{0,30}?` + failsCJK + `|` +
		threadsCJK + `[^。\n]{0,40}?(?:reduce-overhead|cuda\s?graphs?|cudagraph(?:_trees|\s+trees)?)[^。\n]{0,30}?` + failsCJK,
}

// threadsCJK and failsCJK: threads other than the first, and an assert or a failure, in
// Chinese, Japanese and Korean, for threadsCJKRetold. bareAssertionError is the class
// named with no repr after it (a bracket after it, "AssertionError（torch.compile）", is
// prose's, a quote after that a repr's): the trees' assert is bare ("assert
// torch._C._is_key_in_tls(attr_name)", cudagraph_trees.py get_obj), so an
// "AssertionError('…')" holds another assert's message, a message of its own after the
// words (hostile28's P1: "… of cudagraphs スレッドロXカル AssertionError('data_ptrX== …", a line of
// near misses).
const (
	threadsCJK         = `(?:多线程|子线程|其他线程|其它线程|后台线程|别的线程|另一个线程|工作线程|スレッド|스레드)`
	bareAssertionError = `AssertionError(?:[^(]|\([^'"]|\(?$)`
	failsCJK           = `(?:` + bareAssertionError + `|断言|报错|崩溃|失败|動かない|エラー|落ちる|失敗|오류|에러|실패)`
)

// tritonCJKRetold is triton-missing told in Chinese, Japanese or Korean: Triton not
// installed or not found (找不到 Triton, Triton 未安装, Triton がインストールされていない,
// Triton이 설치되어 있지 않), or said to be lacking (branch lang15, the code corpus:
// "torch.compile 缺少 Triton", "因镜像没有 Triton 后端而报 `ModuleNotFoundError`", "triton が
// ないので inductor は使えない", "윈도우는 Triton이 없어 torch.compile이 자주 깨진다"): in
// Chinese after torch.compile or with a failure after it, in Japanese and Korean with a
// cause's ending after it; not a condition or a time ("没有 Triton GPU backend 时",
// "Triton이 없으면", "Triton이 없을 때"), not a concession ("Triton이 없어도 추론은
// 동작하지만"), not a thing Triton lacks ("没有 Triton 优化", "Triton이 없는 플랫폼"). No line
// end ($) in the pattern: it would run on its whole line (TestDenseLineBounded). The row
// wants torch.compile or Inductor in the log (tritonNotInstalledRetoldRow).
var tritonCJKRetold = retold{
	literals: []string{"找不到", "未安装", "没有安装", "インストールされていない", "見つから", "설치되",
		"缺少", "没有", "riton がな", "ritonがな", "riton이 없"},
	pattern: `(?i)(?:找不到|没有安装|未安装)\s*\W?triton\b|\btriton\W?\s*(?:未安装|没有安装|找不到)|` +
		`\btriton\W?\s*(?:が|は)?\s*(?:インストールされていない|見つからない|見つかりません)|\btriton\W?\s*(?:이|가)?\s*설치되(?:어\s*있)?지\s*않|` +
		`(?:torch\.\s?compile|inductor)[^。；\n]{0,20}?(?:缺少|没有)\s*triton\b|(?:缺少|没有)\s*triton\b[^。；，,\n]{0,12}?(?:报错|报|失败|出错|崩溃)|` +
		`\btriton\s*が\s*(?:ない|無い)(?:ので|ため|から|。)|\btriton\s*이\s*없(?:어서?[\s,.]|으니|으므로|기\s*때문|다\b|음)`,
}

// skipCJKRetold is a skip reason retold in Chinese or Japanese: CUDA graphs skipped (跳过,
// 禁用, スキップ, 無効) and the reason in one sentence, either order ("CUDAGraph 被跳过：因为有
// CPU 设备上的张量", "CUDA graph が CPU テンソルのためスキップされた"); not with a modal between
// the graphs and the verb (会被跳过, 将被, 可能被: a rule, as "will be skipped" is in
// English).
func skipCJKRetold(reason string) retold {
	const cg, gap, skip = `(?:cuda\s?graphs?|cudagraphs?)`, `[^。；\n会将能]`, `(?:跳过|スキップ)`
	return retold{literals: []string{"跳过", "スキップ"},
		pattern: `(?i)` + cg + gap + `{0,12}?` + skip + `[^。；\n]{0,30}?` + reason + `|` +
			reason + `[^。；\n]{0,30}?` + cg + gap + `{0,12}?` + skip + `|` + cg + gap + `{0,30}?` + reason + gap + `{0,20}?` + skip}
}

// shapesRerecordCJKRetold is dynamic-shape-rerecord retold: CUDA graphs re-recorded or
// recaptured at each step with the changing shapes named, in Chinese or Japanese (CUDA
// graph 每一步都重新录制（动态形状）, 形状が変わるたびに CUDA graph を再キャプチャ), or in
// English with the shapes in parentheses ("CUDA graphs re-recorded on every step (dynamic
// shapes)"), which shapesRecompileRetold's literals do not hold.
var shapesRerecordCJKRetold = retold{
	literals: []string{"重新录制", "重新捕获", "再キャプチャ", "再記録", "(dynamic shape"},
	pattern: `(?i)(?:cuda\s?graphs?|cudagraphs?)[^。\n]{0,30}?(?:重新(?:录制|捕获)|再(?:キャプチャ|記録))[^。\n]{0,30}?` + shapesCJK + `|` +
		shapesCJK + `[^。\n]{0,30}?(?:cuda\s?graphs?|cudagraphs?)[^。\n]{0,30}?(?:重新(?:录制|捕获)|再(?:キャプチャ|記録))|` +
		`\b` + cgWords + `\s+(?:(?:are|is|were|was|gets?|got)\s+)?re-?(?:record|captur)\w*\s+(?:on|for|at)\s+(?:each|every)\s+\w+\s*\(\s*dynamic\s+shapes?\s*\)`,
}

// shapesCJK: the input shapes said to change, in Chinese or Japanese, for
// shapesRerecordCJKRetold.
const shapesCJK = `(?:动态形状|动态\s*shape|形状(?:变化|不同|改变)|不同的?(?:输入)?形状|序列长度(?:变化|不同)|動的(?:シェイプ|形状)|形状が変わ|シェイプが変わ)`

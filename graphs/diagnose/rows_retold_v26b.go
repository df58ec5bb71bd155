package diagnose

// Retellings from a validation on real passages (2026-12-06; its passages are not held in the
// corpus: each row names its source, TestFormsRetoldV26B holds their forms), each read as a
// class from its siblings: a build requirement of torch.compile (a C++ compiler, the
// Python headers, torch._inductor.config imported) told as the reason of a workaround or
// of a failure in the writer's own environment. The requirement alone is a rule that
// install documentation states ("torch.compile requires a C++ compiler", "install
// python3-dev"), never read: each form wants the requirement's absence or a failure told
// beside it.

// retoldV26B returns the retellings of this file.
func retoldV26B() []retelling {
	return []retelling{
		{code: CXXCompilerMissing, retold: cxxNeededRetold, own: cxxNeededRetoldRow()},
		{code: PythonHeadersMissing, retold: pythonHeadersNeededRetold, own: pythonHeadersRetoldRow()},
		borrow(InductorConfigNotImported, inductorConfigLazyRetold, "torch._inductor.config force-loaded or said to be "+
			"lazy in the writer's torch (\"Force-load torch._inductor.config — … torch 2.4 lädt es aber nicht eager\", a "+
			"German Hopper setup helper in the code corpus; \"introspects torch._inductor.config at import time, which is "+
			"lazy in this torch build — import it explicitly first\", an unsloth LoRA training script in the code corpus; "+
			"validate26; rows_retold_v26b.go)"),
	}
}

// cxxNeededRetold is cxx-compiler-missing told as Inductor's (or torch.compile's, or
// Triton's) need of a C or C++ compiler with its absence or a failure told beside it in
// the writer's environment: "Inductor needs a C++ compiler and Windows has none" (a
// docling ingestion module), "untestable here: Inductor needs a C++ compiler (no `cl.exe`
// on the build laptop)" (a course lesson), "Inductor needs a C++ compiler: on Berzelius
// the `g++` first on `PATH` is a wrapper that refuses to run" (a training README),
// "inductor needs a C++ compiler (g++) … and the lazy compile failure that surfaced as \"0
// spans\" in slim containers" (a QA model loader; all four in the code corpus,
// validate26); and a place said not to include a compiler ("CUDA runtime Docker images do
// not include a compiler", pytorch/pytorch#170235, which says torch.compile "has not
// worked" there). Inductor compiles its CPU kernels and its checks of the CPU's vector
// instructions with the C++ compiler of torch._inductor.config.cpp.cxx (cl on Windows);
// Triton compiles its launcher with a host C compiler. Unread: the rule alone
// ("torch.compile requires a C++ compiler", "Inductor needs a C++ compiler to build CPU
// kernels"), a modal ("requires an MSVC compiler that may not be installed",
// docling-project/docling#3962), a plan ("Inductor needs a C++ compiler, so install
// build-essential"), another tool's need ("nvcc needs a C++ compiler and Windows has
// none"). The row wants torch.compile or Inductor in the log (cxxNeededRetoldRow). Literals: the
// need's "s a C++ compi" and "s a C compile", the place's "lude a compil" (13 bytes each).
var cxxNeededRetold = retold{
	literals: []string{"s a C++ compi", "s a C compile", "lude a compil"},
	pattern: `(?i)` + cxxNeed + `[^.;]{0,40}?(?:` + cxxAbsentAfter + `)|` +
		`\b(?:untestable|not\s+testable|unusable|fail(?:s|ed)|broke|broken|crash(?:es|ed))\b[^.;:]{0,20}?(?::|—|\bbecause\b|\bsince\b)\s*` + cxxNeed + `|` +
		cxxNeed + `[^.;]{0,160}?\b(?:compil(?:e|ation)\s+(?:failure|error|crash)s?\s+(?:that|which)\s+(?:surfaced|showed|appeared|happened)|` +
		`(?:has|have|had)\s+not\s+worked|(?:did|does)\s*n[o']t\s+work\s+(?:here|there|on\s+(?:this|our|my)))\b|` +
		`\b(?:images?|containers?|machines?|laptops?|runners?|hosts?|nodes?)\s+(?:do|does|did)(?:\s+not|n[o']t)\s+` +
		`(?:include|contain|ship(?:\s+with)?|have|come\s+with|bundle)\s+(?:a|any)\s+(?:host\s+)?(?:(?:c\+\+|c|cpp)\s+)?compiler\b`,
}

// cxxNeed and cxxAbsentAfter: Inductor's, torch.compile's or Triton's need of a C or C++
// compiler, or "it" for one named before ("torch.compile fell back: it needs a C++
// compiler and …"; the row wants torch.compile or Inductor in the log), a parenthesis
// naming the compiler after it; and what tells right after it that the writer's
// environment has none: "(no `cl.exe` on …)", "and Windows has none", "the `g++` … is a
// wrapper that refuses to run", "gcc is not installed" (not "may not be installed": no
// modal between), for cxxNeededRetold.
const (
	cxxNeed = `\b(?:inductor|torch\.compile(?:\(\))?|torch\s+compile|triton|it)\W?\s+(?:needs|requires)\s+(?:an?\s+)?(?:working\s+|host\s+)?` +
		`(?:c\+\+|c|cpp)\s+compiler\b(?:\s*\([^)]{0,20}\))?`
	cxxAbsentAfter = `\(\s*(?:there\s+is\s+)?no\s+\W?(?:cl(?:\.exe)?\b|msvc\b|g\+\+|gcc\b|clang\b|compiler\b)|` +
		`\b(?:has|have|had|ships?|shipped|comes?\s+with|came\s+with)\s+none\b|` +
		`\b(?:g\+\+|gcc|cl(?:\.exe)?|clang|compiler)\W?\s[^.;]{0,40}?\b(?:refuses|refused|(?:is|was)(?:\s+not|n't)\s+(?:installed|found|present|available)|` +
		`(?:is|was)\s+(?:missing|absent|broken))\b`
)

// cxxNeededRetoldRow is cxxRetoldRow seen where cxxNeededRetold was read; Inductor's need
// in lower case counts as Inductor named ("inductor needs a C++ compiler (g++)", a
// comment over a QA model loader's compile, validate26).
func cxxNeededRetoldRow() Signature {
	r := cxxRetoldRow()
	r.Requires += `|inductor needs a C|inductor requires a C`
	r.Source += "; pytorch/pytorch#170235 and four passages of the code corpus (validate26, rows_retold_v26b.go)"
	r.Decisive = "a line that says Inductor or torch.compile needs a C++ compiler and the machine has none or the compile failed; another line shows torch.compile or Inductor"
	return r
}

// pythonHeadersNeededRetold is python-headers-missing told as Triton's need of Python.h
// (its CUDA driver shim, cuda_utils.c, compiled on first use) given as the reason of a
// workaround in the writer's environment: kernels avoided for it ("Avoid HuggingFace hub
// JIT CUDA kernels (cuda_utils.c needs Python.h / python3-dev)", a Python script), the
// headers set up locally for it ("Local Python dev headers (no sudo): Triton needs
// Python.h to compile its CUDA driver shim.", a setup script), or the development
// package installed by hand for torch.compile to work ("need to manually install
// build-essential + nvidia-cuda-toolkit + python3-dev for torch.compile to work", a
// Vast.ai training log; all three in the code corpus, validate26). Unread: the
// requirement alone ("Triton (which compiles a CUDA shim and needs Python.h + a compiler
// present in the container)", an implementation plan), a condition ("CPU inductor needs
// Python.h / g++; skip unless explicitly forced", a maybe_compile helper), a purpose's
// failure ("To avoid build failures (Triton needs Python.h), install python3-dev"),
// install documentation ("You need to install python3-dev for torch.compile to work").
// The row wants Triton or torch.compile in the log (pythonHeadersRetoldRow). Literals:
// "eds Python.h" and "python3-dev" (12 and 11 bytes).
var pythonHeadersNeededRetold = retold{
	literals: []string{"eds Python.h", "python3-dev"},
	pattern: `(?i)\b(?:avoid(?:s|ed|ing)?|skip(?:s|ped|ping)?|disabl(?:e|es|ed|ing)|bypass(?:es|ed|ing)?)\b[^.;()]{0,50}?\b(?:kernels?|jit|triton|inductor|torch\.compile)\s*` +
		`\(\s*` + pythonHeadersNeed + `|` +
		`\b(?:local|vendored|extracted|user-?space)\s+python\s+(?:dev(?:elopment)?\s+)?headers\b[^.;:]{0,30}?:\s*` + pythonHeadersNeed + `|` +
		`\b(?:had\s+to|needed\s+to|(?:need|have)\s+to\s+manually)\s+(?:manually\s+|also\s+|first\s+)?install\b[^.;]{0,80}?` +
		`\bpython3-dev(?:el)?\b[^.;]{0,60}?\bfor\s+(?:torch\.compile|inductor|triton)(?:\(\))?\s+to\s+work\b`,
}

// pythonHeadersNeed: what needs Python.h, Triton, its shim or its cuda_utils.c, for
// pythonHeadersNeededRetold.
const pythonHeadersNeed = `(?:triton(?:'s)?\s+|the\s+|its\s+)?(?:(?:cuda\s+)?(?:driver\s+)?(?:shim|launcher)|cuda_utils\.c|triton|inductor)?` +
	`\s*needs\s+\W?python\.h\b`

// inductorConfigLazyRetold is inductor-config-not-imported told by its workaround, with
// why: torch._inductor.config force-loaded, the reason after it ("Force-load
// torch._inductor.config — unsloth_zoo >=2026 greift als Attribut drauf zu, torch 2.4 lädt
// es aber nicht eager", a German Hopper setup helper), or said to be lazy in the writer's
// torch ("introspects torch._inductor.config at import time, which is lazy in this torch
// build — import it explicitly first", an unsloth LoRA training script; both in the code
// corpus, validate26). Up to 2.5, torch._inductor did not import its config submodule, so
// an attribute access failed until someone imported it (the code's row). Unread: a force
// of Inductor's initialisation for another failure ("Force torch._inductor to finish
// initializing before transformers' lazy import touches it (circular-import race …)", a
// Modal worker script, validate26's negative), a force-load with no reason, "lazy" with no
// build named ("torch._inductor.config is lazy", a rule). Literals: "orce-load",
// "orce-import" and "is lazy in" (11 bytes at most).
var inductorConfigLazyRetold = retold{
	literals: []string{"orce-load", "orce-import", "is lazy in"},
	pattern: `(?i)\bforce-(?:load|import)(?:s|ed|ing)?\s+\W?torch\._inductor\.config\b[^.;]{0,120}?` +
		`\b(?:lazy|lazily|(?:not|nicht)\s+eager(?:ly)?|not\s+(?:loaded|imported)|attribut(?:e|es)?)\b|` +
		`\btorch\._inductor\.config\b[^.;]{0,60}?\b(?:which|that|it)\s+is\s+lazy\s+` +
		`(?:in|on|under)\s+(?:this|our|my|the\s+installed|torch\s*v?\d|pytorch\s*v?\d)`,
}

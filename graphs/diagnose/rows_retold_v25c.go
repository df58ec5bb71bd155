package diagnose

import (
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// Retellings from a validation on real passages (2026-12-06; its passages are not held in the
// corpus: each row names its source, TestFormsRetoldV25C holds their forms; the
// twenty-fifth session's validate25), each read as a class from its siblings:
// torch.compile's refusal of a Python told with a gerund, as a lack of support, with the
// Python bare, or as support that came only in the release the catalogue names (read by
// pythonShortRetold's row); Triton said not to detect libcuda.so; a build said to miss
// the triton dependency. The linker's "-l:" form of libcuda-not-found is a row of
// launcherRows (rows_build.go).

// retoldV25C returns the retellings of this file.
func retoldV25C() []retelling {
	return []retelling{
		withRequires(borrow(LibcudaNotFound, tritonNoLibcudaRetold, "Triton said not to detect libcuda.so "+
			"(\"Triton does not detect libcuda.so inside Conda environment\", triton-lang/triton#6558's title, "+
			"validate25; rows_retold_v25c.go)"), tritonContext),
		{code: TritonMissing, retold: tritonDependencyRetold, own: tritonDependencyRow()},
	}
}

// pythonGerundRetold is unsupported-python told with a gerund, the compiler not supporting
// the Python: "Python 3.12 with torch-nightly failing due to torch.compile not supporting
// python 3.12 yet" (microsoft/onnxscript#1435, holdoutEG and validate25), "because of
// Dynamo not supporting Python 3.13", "torch.compile not being supported on Python 3.12".
// The Python is one a release refuses (from 3.11, pythonShortRetold). "Not" right before
// the gerund: "torch.compile now supporting Python 3.12" says it does. It is an
// alternative of pythonShortRetold's pattern, whose literals every form holds, not a row
// of its own (pythonToComeRetold, rows_retold_dt2.go, says why).
const pythonGerundRetold = pythonCompiler + compileAside + `(?:'s|’s)?\s+(?:(?:still|currently|yet)\s+)?not\s+` +
	`(?:(?:yet|currently|officially|fully)\s+)?(?:supporting|being\s+supported\s+(?:on|for|with|under|in|by))\s+(?:the\s+)?` + refusedPython

// pythonLackRetold is unsupported-python told as a lack of the compiler's support: "lack of
// torch.compile support for Python 3.12" (validate25's sibling of onnxscript#1435),
// "Dynamo's lack of support for Python 3.13", "the lack of Python 3.12 support in
// torch.compile". The compiler named before the support or after the Python; "lack of
// Python 3.13 support" alone names none (a wheel's, a library's). An alternative of
// pythonShortRetold's pattern, as pythonGerundRetold.
const pythonLackRetold = `\black\s+of\s+` + pythonCompiler + `\s+support\s+(?:for|on|in|with|under)\s+` + refusedPython + `|` +
	pythonCompiler + `(?:'s|’s)\s+lack\s+of\s+support\s+(?:for|on)\s+` + refusedPython + `|` +
	`\black\s+of\s+(?:` + refusedPython + `\s+support|support\s+for\s+` + refusedPython + `)\s+(?:in|by|from|for|with)\s+` + pythonCompiler

// pythonBareRefused is pythonShortRetold's refusal with the Python's number bare, the
// compiler right before it: "torch.compile isn't supported on 3.12 yet", "since Dynamo
// doesn't support 3.13" (validate25's siblings of onnxscript#1435). The literals "d on
// 3.1" and "port 3.1" are pythonShortRetold's for these ("upports 3.1" was already). Not
// "torch.compile now supports 3.12" (no negation), nor a version of something else named
// between ("Dynamo doesn't support CUDA 3.12"): the number comes right after the verb or
// its preposition.
const pythonBareRefused = pythonCompiler + compileAside + `\s+(?:(?:is|are|currently|still|simply|just|officially|also)\s+)*` +
	`(?:not|isn't|aren't|doesn't|does\s+not|don't|do\s+not|won't|will\s+not|can't|cannot)\s+(?:(?:yet|currently|officially|fully)\s+)?` +
	`(?:support|supported\s+(?:on|for|with|under|in|by)|work\s+(?:on|with|under|in)|run\s+(?:on|under))\s+(?:the\s+)?` + refusedPython

// refusedPython: a Python from 3.11 (the first any release refused), named or bare
// ("Python 3.12", "py3.13", "3.12+").
const refusedPython = `(?:(?:c?python|py)\s*(?:version\s*)?)?v?3\.1[1-9](?:\+|\b)`

// pythonAddedLateRetold returns unsupported-python told as the compiler's support of a
// Python that came only in a later release, the one the catalogue names: "calls
// `torch.compile()` unconditionally on PyTorch >= 2.0, but Dynamo support for Python 3.12
// was only added in PyTorch 2.4" (deepspeedai/DeepSpeed#7875, validate25: the import
// crashed on the releases before), "torch.compile only supports Python 3.13 since torch
// 2.6", "Python 3.12 support in Dynamo only landed in 2.4". Each Python is paired with
// the first release whose torch.compile does not refuse it (config.FactCompileMaxPython of
// each release, pythonBoundRuns: 3.11 with 2.1, 3.12 with 2.4, 3.13 with 2.6, 3.14 with
// 2.10): "Python 3.12 support was only added in PyTorch 2.2" (the wheels', not the
// compiler's) or "in 2.5" is another fact. "Only" is the report's word, that the earlier
// releases the writer ran refused it: "Dynamo support for Python 3.12 was added in
// PyTorch 2.4", a release note, is unread; the compiler must be named. An alternative of
// pythonShortRetold's pattern, as pythonGerundRetold.
func pythonAddedLateRetold() string {
	var forms []string
	runs := pythonBoundRuns()
	for i := 0; i+1 < len(runs); i++ {
		py, ok := strings.CutPrefix(runs[i].max, "3.")
		if !ok {
			continue
		}
		next := runs[i+1].releases.From
		python := `(?:c?python|py)\s*3\.` + py + `\b`
		torch := `(?:(?:py)?torch\s*v?|v)?` + strconv.Itoa(next.Major) + `\.` + strconv.Itoa(next.Minor) + `(?:\.0)?\b`
		support := `(?:` + pythonCompiler + `\s+support\s+for\s+` + python + `|` + python + `\s+support\s+(?:in|for|by)\s+` + pythonCompiler +
			`|\bsupport\s+for\s+` + python + `\s+(?:in|by)\s+` + pythonCompiler + `)`
		forms = append(forms,
			support+`\s+(?:(?:was|were|has|had|is|been)\s+)*only\s+(?:been\s+)?(?:added|introduced|landed|arrived|shipped|released|came|enabled)\s+`+
				`(?:in|with|since|from|as\s+of)\s+`+torch,
			`\b`+pythonCompiler+`\s+(?:has\s+)?only\s+(?:supports?|supported|works?\s+(?:on|with))\s+`+python+
				`\s+(?:since|from|as\s+of|starting\s+(?:with|from)|in)\s+`+torch)
	}
	return strings.Join(forms, `|`)
}

// tritonNoLibcudaRetold is libcuda-not-found told as Triton that does not detect or find
// libcuda.so, in the present: "Triton does not detect libcuda.so inside Conda environment"
// (triton-lang/triton#6558's title, validate25: libcuda_dirs gives gcc no -L for
// $CONDA_PREFIX/lib), "Triton can't locate libcuda.so.1 on GKE", "Triton fails to find
// libcuda.so", "libcuda.so is not detected by Triton". Triton's libcuda_dirs looks for it
// in ldconfig's cache (or TRITON_LIBCUDA_PATH) before it links a kernel's launcher
// against it (launcherSource). Triton is the subject, right before the verb: not another
// library ("CuPy does not detect libcuda.so"), nor a question ("Why does Triton not detect
// libcuda.so?"). The verb is the group v ("Triton no longer fails to find libcuda.so" says
// it does: negatedVerb). The past is libcudaLocatingRetold's (rows_retold_v24.go). The
// row wants Triton or torch.compile in the text (tritonContext). One literal, the rows'
// own (libcuda.so).
var tritonNoLibcudaRetold = retold{
	literals: []string{"libcuda.so"},
	pattern: `(?i)\btriton\s+(?:(?:still|also|simply|just|currently|sometimes)\s+)?(?P<v>does\s*n['’]t|does\s+not|can['’]t|cannot|can\s+not|` +
		`fails?\s+to|is\s+unable\s+to|won['’]?t)\s+(?:detect|find|locate|see|pick\s+up|discover|resolve)\s+(?:the\s+)?[\x60'"]?libcuda\.so(?:\.1)?\b|` +
		`\blibcuda\.so(?:\.1)?[\x60'"]?\s+(?:(?:is|was)\s+not|isn['’]t|wasn['’]t)\s+(?:being\s+)?(?:detected|found|picked\s+up|located|seen|discovered)\s+by\s+triton\b`,
}

// tritonDependencyRetold is triton-missing told as a build or an image that misses the
// triton dependency: "Docker `build` layer is missing `triton` dependency, so image build
// for this target can not be used with `torch.compile`" (pytorch/pytorch#105114,
// validate25: the Dockerfile's build target had no `make triton`), "the image lacks the
// triton dependency", "the triton dependency is missing, torch.compile fails", "missing
// triton dependency, so torch.compile cannot be used". Inductor's GPU code imports
// Triton, and raises TritonMissing where none is installed (the code's first row). The
// absence told with a finite verb ("is missing", "lacks", "does not include"; its verb the
// group v: "is not missing" says it is there, negatedVerb), or the noun phrase "missing
// triton dependency" with torch.compile said unusable after it in the sentence (a dot before a
// word is a name's, "torch.compile", no sentence's end). Unread:
// "triton is an optional dependency", an install guide's "add triton as a dependency of
// torch.compile", a plan or a fix ("Add the missing triton dependency"), a purpose ("to
// avoid a missing triton dependency"), a condition ("if the image is missing the triton
// dependency, …": conditioned). The row wants torch.compile or Inductor in the text
// (tritonNotInstalledRetoldRow's Requires): Triton Inference Server's images have a
// "triton" of their own. One literal, the noun's stem (dependency, dependencies).
var tritonDependencyRetold = retold{
	literals: []string{"dependenc"},
	pattern: `(?i)\b(?:is|was|are|were)\s+(?:still\s+)?(?P<v>missing)\s+(?:the\s+|a\s+|its\s+|their\s+)?` + tritonDependency + `|` +
		`\b(?P<v>lacks?|lacked|lacking|(?:does|did|do)(?:n['’]t|\s+not)\s+(?:include|have|ship|install|contain|bundle))\s+(?:the\s+|a\s+|any\s+)?` + tritonDependency + `|` +
		`[\x60'"]?\btriton[\x60'"]?\s+(?:python\s+|pip\s+)?dependenc(?:y|ies)\s+(?:is|was|are|were)\s+(?:still\s+)?(?:missing|absent|not\s+(?:installed|included|present))\b|` +
		`\bmissing\s+(?:the\s+|a\s+)?` + tritonDependency + `(?:[^.;]|\.\w){0,80}?\b(?:can\s*not|cannot|can't|could\s*not|couldn't|won't|unable\s+to)\s+` +
		`(?:be\s+used|use|run|work)\b`,
}

// tritonDependency: Triton named as a dependency, quoted or not ("`triton` dependency",
// "the triton dependencies").
const tritonDependency = `[\x60'"]?\btriton[\x60'"]?\s+(?:python\s+|pip\s+)?dependenc(?:y|ies)\b`

// tritonDependencyRow is the row of tritonDependencyRetold: tritonNotInstalledRetoldRow's,
// its cause told of a build that left Triton out.
func tritonDependencyRow() Signature {
	r := tritonNotInstalledRetoldRow()
	r.Cause = "a report of a build or an image that lacks the triton package, where torch.compile's Inductor " +
		"needs it for GPU code (\"Cannot find a working triton installation\" on the first compile): " + r.Cause
	r.Source += "; told as the triton dependency missing: pytorch/pytorch#105114 (rows_retold_v25c.go)"
	r.Decisive = "a line that says the build or image misses the triton dependency; another line shows torch.compile or Inductor"
	return r
}

// libcudaSonameRow is the linker's failure to find libcuda.so.1 by its file name: Triton
// since triton-lang/triton#8668 (2025-11, for #8667: "Runtime builds fail on CUDA-only
// images lacking libcuda.so") links the launcher of a GPU kernel with libraries =
// ['libcuda.so.1'] (third_party/nvidia/backend/driver.py), which python/triton/runtime/
// build.py's _library_flag gives the linker as "-l:libcuda.so.1"; ld then prints "cannot
// find -l:libcuda.so.1". "Fix Triton JIT compilation failure (`cannot find
// -l:libcuda.so.1`) when running vLLM v0.17.1+ on GKE" (vllm-project/vllm#39161,
// validate25: the driver's libraries mounted at /usr/local/nvidia/lib64, on
// LD_LIBRARY_PATH, which the linker does not read, and not on LIBRARY_PATH). Which torch
// release first pins a Triton with it was not read: the row keeps the -lcuda row's
// releases. The row wants Triton or torch.compile in the text, or an LLM engine's worker
// (engineWorker), as the -lcuda rows: another build's own -l:libcuda.so.1 is not
// Triton's. One literal, the library's name, an anchor of the rows already (a new one
// costs TestDenseLineBounded's anchor line), with no space in it, so that a line
// broken at any space keeps it (TestWrapAtEverySpace); a space after the colon is read,
// as a full-width colon ("-l：libcuda.so.1") is cleaned to ": " (TestFormsCross).
func libcudaSonameRow(noTriton string) Signature {
	return Signature{
		Code: LibcudaNotFound, Literal: "libcuda.so", Pattern: `cannot\s+find\s+-l:\s?libcuda\.so(?:\.1)?\b`,
		Requires: tritonContext + `|` + engineWorker,
		Releases: modes.Minors(0, 14),
		Cause: "Triton links the launcher of each GPU kernel against libcuda.so.1, the NVIDIA driver's library, " +
			"by its file name (-l:libcuda.so.1), and the linker found it in none of the directories it searches: " +
			"the driver's libraries are mounted where only the dynamic loader looks (LD_LIBRARY_PATH; GKE's " +
			"/usr/local/nvidia/lib64, a Singularity --nv or Tegra directory), which the linker does not read",
		Fix: "point Triton at the directory that holds libcuda.so.1 (TRITON_LIBCUDA_PATH=/usr/local/nvidia/lib64 " +
			"on GKE), or add it to LIBRARY_PATH, or to ld.so.conf and run ldconfig; " + noTriton,
		Evidence: modes.Source,
		Source: "triton-lang/triton PR #8668 (third_party/nvidia/backend/driver.py libraries = ['libcuda.so.1']; " +
			"python/triton/runtime/build.py _library_flag gives \"-l:\" for a .so name); report: " +
			"vllm-project/vllm#39161 (vLLM v0.17.1+ on GKE)",
		Decisive: "the linker's line for -l:libcuda.so.1; another line shows Triton, torch.compile or an LLM engine's worker",
	}
}

package diagnose

import "github.com/compilemode/compilemode/modes"

// Rows of branch recallH (2026-12-03): failures told without the whole message, read as
// classes, each form with where it was seen: the trees' thread-local state retold, a
// compiler's message cut short, and the linker's failure to find the driver's library in a
// build made at run time.

// retoldH returns the retellings of this file.
func retoldH() []retelling {
	return append([]retelling{{code: TreesUserThreadTLS, retold: tlsStateRetold, own: tlsStateRetoldRow()},
		{code: TreesUserThreadTLS, retold: tlsFileRetold, own: tlsStateRetoldRow()}}, foreignRetold()...)
}

// tlsStateRetold is trees-user-thread-tls told by the trees' thread-local state and a
// failure, without the assert's text, in the forms tlsStoredRetold (rows_retold_f.go: the
// state "stored in thread-local-storage", a missing TLS key, Chinese and Japanese) does not
// read: the title "prevent CUDA graph thread-local crash" of holdoutAD's hexo_rl commit
// 21e4191 (whose body tlsStoredRetold reads), "the tree manager lives in TLS, so any other
// thread trips an assertion", "AssertionError in cudagraph_trees.py when called from a
// worker thread". The state is named as thread-local (or its TLS key), the failure as an
// assert or a crash, and the graphs, their trees or cudagraph_trees.py in the same
// sentence; or a missing TLS key with an assert or crash; or an AssertionError in
// cudagraph_trees.py with a thread. The same in Korean, German, French, Spanish, Portuguese
// and Russian (and Chinese and Japanese in these forms), whose reports keep
// "AssertionError" and "TLS" as they are. A statement that the state is thread-local with
// no failure ("cudagraph trees keep their state in thread-local storage") is not read.
// The failure may come up to 100 bytes after the state ("When CUDA graph trees try to read
// thread-local state before the Inductor module has stashed the default dictionaries, an
// assertion is raised", a workaround's docstring, holdoutCG).
var tlsStateRetold = retold{
	// Literals narrower than the words (branch recallI: the anchor line's density): the
	// storage named, not a thread ("스레드 로컬", not "스레드"); the missing TLS key and the
	// Chinese and Japanese storage are tlsStoredRetold's. "n TLS" is "in TLS".
	literals: []string{"hread-local", "hread local", "n TLS", "스레드 로컬", "스레드로컬", "hread-lokal",
		"local au thread", "local de thread", "local do thread", "local del hilo", "локальн"},
	pattern: `(?i)` + tlsTree + `[^.;。；]{0,40}?` + tlsWord + `[^.;。；]{0,100}?` + tlsFail + `|` +
		tlsWord + `[^.;。；]{0,25}?` + tlsFail + `[^.;。；]{0,25}?` + tlsTree,
}

// tlsFileRetold is trees-user-thread-tls told by an AssertionError in cudagraph_trees.py
// with a thread ("AssertionError in cudagraph_trees.py when called from a worker thread"),
// either order. The module may be named without ".py" ("inference runs inside
// VideoThread's own OS thread, so reduce-overhead crashes here (AssertionError in
// cudagraph_trees)", a video app's comment in the code corpus; "ionError in" is the
// literal of that form, shorter than 14 bytes: one prefilter piece) where the thread comes
// first (after the assert, "cudagraph_trees" alone may be a title's, with the thread in
// the next line's prose: TestForms' VoxCPM#208), and the thread may come up to 80
// characters before the assert, an observation between them ("a non-main thread (observed
// iter 26-27 — every async eval crashed with AssertionError in cudagraph_trees.py)"; branch
// retell16).
var tlsFileRetold = retold{
	literals: []string{"_trees.py", "ionError in"},
	pattern: `(?i)\bassertion(?:error)?\s+(?:in|at|from|inside)\s+\W?(?:torch/_inductor/)?cudagraph_trees\.py\b[^.;。；]{0,40}?` + tlsThread + `|` +
		tlsThread + `[^.;。；]{0,80}?\bassertion(?:error)?\s+(?:in|at|from|inside)\s+\W?(?:torch/_inductor/)?cudagraph_trees(?:\.py)?\b`,
}

// tlsTree, tlsWord, tlsFail and tlsThread are tlsStateRetold's words: the graphs or their
// trees (a tree manager, cudagraph_trees.py); thread-local storage or its key, in each
// language; an assert or a crash (not the verb "asserts", which states the rule: "so a second
// thread asserts unless initialised", TestFormsRetold); a thread, told apart from
// "thread-local" (its own, an OS thread: "inside VideoThread's own OS thread").
const (
	tlsTree = `(?:\bcuda[\s_-]?graphs?|\bcudagraph(?:s|_trees)?|\bgraph\strees?|\btree\smanagers?)`
	tlsWord = `(?:\btls\b|\bthread[-\s]local\b|\bthread-?lokal|线程局部|线程本地|執行緒區域|スレッドローカル|스레드\s?로컬|` +
		`\blocal\s(?:au|de|do|del)\s(?:thread|hilo|subproceso)|локальн\pL{0,3}\s(?:хранилищ\pL?\s)?поток)`
	tlsFail = `(?:\bassert(?:ions?)?\b|\bassertionerror\b|\bcrash(?:es|ed|ing)?\b|断言|崩溃|崩潰|アサーション|クラッシュ|어설션|크래시|충돌|` +
		`\babst(?:ü|ue)rz\w{0,3}|\bplant(?:e|ait|é)\b|\bfalla\b|\bfalha\b|пада\pL{0,3}|упал\pL{0,2}|аварийн)`
	tlsThread = `(?:\b(?:main|another|other|second|worker|background|user|inference|training|different|own|OS)\sthreads?\b|\bthreads?\s(?:other|that|which)\b)`
)

// tlsStateRetoldRow is tlsAssertRetoldRow, seen where tlsStateRetold says.
func tlsStateRetoldRow() Signature {
	r := tlsAssertRetoldRow()
	r.Source += "; seen: holdoutAD's hexo_rl commit 21e4191 (rows_retold_h.go)"
	r.Decisive = "a line that tells the trees' thread-local state with an assert or a crash; another line shows CUDA graphs or torch.compile"
	return r
}

// foreignNotFound is a compiler error's name (a header, the driver's library, the C++
// compiler) said not to be found, missing or not installed in Chinese, Japanese, Korean,
// German, French, Spanish, Portuguese or Russian, as reports in those languages retell gcc's
// and ld's English: "Triton 编译时找不到 Python.h" (the sibling of cudaHeadersRetold's "找不到
// cuda.h", pytorch/pytorch#90178's class), "Python.h が見つからない", "Python.h 를 찾을 수
// 없음", "Triton findet Python.h nicht", "ne trouve pas Python.h", "找不到 cl 编译器", "没有可用
// 的 C++ 编译器". Each row wants its code's context (Triton's, or torch.compile's for the C++
// compiler), as the English retellings do; the name is each row's only literal.
func foreignNotFound(name string) string {
	return `(?i)(?:` + notFoundBefore + `)\s?\W?\s?` + name + `|` + name + `\W?\s?(?:` + notFoundAfter + `)`
}

// notFoundBefore and notFoundAfter are the words of foreignNotFound before and after the
// name; findVerbsAfter, notFoundAfter's verbs of finding, which may also take an object
// after them (compilerFinds).
const (
	findVerbsAfter = `找不到|未找到`
	notFoundBefore = `找不到|找不着|缺少|缺失|没有找到|未找到|沒有找到|没有可用的|无法找到|無法找到|无法定位|無法定位|不能找到|\bfindet\s\s?(?:kein\w{0,2}\s\s?)?|\bne\s\s?trouve\s\s?pas\s\s?(?:le\s\s?|la\s\s?|l'|de\s\s?)?|` +
		`\bno\s\s?(?:se\s\s?)?encuentra\s\s?(?:el\s\s?|la\s\s?)?|\bnão\s\s?encontra\s\s?(?:o\s\s?|a\s\s?)?|не\s\s?(?:находит|может\s\s?найти|найден\pL?)\s\s?|отсутствует\s\s?`
	notFoundAfter = findVerbsAfter + `|不存在|缺失|未安装|没有安装|が見つか|が存在しない|がない|がありません|がインストールされていない|를\s?찾을\s?수\s?없|을\s?찾을\s?수\s?없|` +
		`이\s?없|가\s?없|\s\s?nicht\s\s?gefunden|\s\s?fehlt|\s\s?nicht\b|\s\s?introuvable|\s\s?(?:est\s\s?)?manquant|\s\s?no\s\s?(?:se\s\s?)?encontr|\s\s?não\s\s?(?:foi\s\s?)?encontrad|` +
		`\s\s?не\s\s?найден|\s\s?отсутствует`
)

// foreignRetold returns foreignNotFound's retellings.
func foreignRetold() []retelling {
	cxx := `(?:(?:cl|g\+\+|gcc|msvc|c\+\+)\s?)?(?:编译器|編譯器|コンパイラ|컴파일러)|\bc\+\+[-\s]compiler\b|\bcompilateur\sc\+\+|\bcompilador\s(?:de\s)?c\+\+|компилятор\sc\+\+`
	return []retelling{
		{code: PythonHeadersMissing, own: pythonHeadersRetoldRow(), supersedes: TritonMissing, retold: retold{literals: []string{"Python.h", "python.h"}, pattern: foreignNotFound(`\bPython\.h\b`) + `|` + headerErrorNamed(`\bPython\.h\b`) + `|` + pythonHeadersNeedAbsent}},
		{code: CUDAHeadersMissing, own: cudaHeadersRetoldRow(), supersedes: TritonMissing, retold: retold{literals: []string{"cuda.h"}, pattern: foreignNotFound(`\bcuda\.h\b`) + `|` + headerErrorNamed(`\bcuda\.h\b`)}},
		{code: LibcudaNotFound, requires: tritonContext, supersedes: TritonMissing, retold: retold{literals: []string{"libcuda.so"}, pattern: foreignNotFound(`\blibcuda\.so(?:\.1)?\b`) + `|` + headerErrorNamed(`\blibcuda\.so(?:\.1)?\b`)},
			seen: "gcc's and ld's messages retold in other languages (rows_retold_h.go foreignNotFound)"},
		{code: CXXCompilerMissing, own: cxxRetoldRow(), retold: retold{literals: []string{"编译器", "編譯器", "コンパイラ", "컴파일러", "C++ compiler", "C++-Compiler", "compilateur", "compilador", "компилятор"},
			pattern: foreignNotFound(`(?:` + cxx + `)`)}},
	}
}

// compilerCuts are a compiler's messages as reports cut them short: a base row's literal
// (each row that holds it alone) and the part of it a report keeps. gcc's "fatal error:
// cuda.h: No such file or directory" is quoted as "`cuda.h: No such file`" in prose
// (holdoutZ's gpu-tpu-pedia runbook, Chinese) or as "fatal error: Python.h" with the rest
// left out; Inductor's "No working C++ compiler found in torch._inductor.config.cpp.cxx"
// ends, quoted, at "found". Each cut keeps the header's or compiler's name and the words
// that it is missing; the base row's context (Requires) stays, and where the base row has
// none (Inductor's own message) the cut wants torch.compile's (compileContext), as "No
// working C++ compiler found" alone names no program.
var compilerCuts = []struct{ base, cut string }{
	{"cuda.h: No such file or directory", "cuda.h: No such file"},
	{"cuda.h: No such file or directory", "fatal error: cuda.h"},
	{"Python.h: No such file or directory", "Python.h: No such file"},
	{"Python.h: No such file or directory", "fatal error: Python.h"},
	{"No working C++ compiler found in torch._inductor.config.cpp.cxx", "No working C++ compiler found"},
}

// compilerCutRows returns, for each compilerCuts entry, each row of rows whose literal is
// the entry's base (matched by the literal alone) with the cut as its literal, marked
// Cropped: its hits are truncated, and the base row wins on the same line. The literal
// alone, no Pattern, so that a line with the whole message runs no more patterns
// (TestDenseLineBounded).
func compilerCutRows(rows []Signature) []Signature {
	var out []Signature
	for _, c := range compilerCuts {
		for _, r := range rows {
			if r.Literal != c.base || r.Pattern != "" || r.Paraphrase || r.Cropped || r.Trailer {
				continue
			}
			r.Literal, r.Cropped = c.cut, true
			if r.Requires == "" {
				r.Requires = compileContext + `|InvalidCxxCompiler|` + inductorBuildShown
			}
			r.Decisive += ", cut short"
			r.Source += "; cut short in reports: rows_retold_h.go compilerCuts"
			out = append(out, r)
		}
	}
	return out
}

// jitContext is a line that names a build made at run time: "JIT-compiles", "JIT
// compilation", "just-in-time", "Triton's JIT" (each alternative keeps a literal prefix
// of five bytes, and adjacent ones start apart). FlashInfer, whose kernels compile on
// first use, was one until its link became another program's (otherLinkers). The linker's "cannot find
// -lcuda" alone is any program's link (holdoutB4's FastChat#2207 and ChatTTS#213: no
// context), and a setup.py or g++ extension build is made ahead of time (holdoutQ's
// tiny-cuda-nn#183).
const jitContext = `JIT-compil|just-in-time|JIT compil|s JIT\b|just in time`

// jitLinkRows: the linker's failure to find the driver's library in a build made at run
// time. Triton links its launcher with -lcuda (launcherRows); the kernel libraries that
// compile CUDA sources on first use under torch and vLLM link it too, and where the text
// ties the link to one (flashinfer's JIT: holdoutW's unsloth legs.py comment, holdoutAD's
// and holdoutAC's unsloth commits, "/usr/bin/ld: cannot find -lcuda" after three .cu files
// compiled cleanly) it is that library's failure, no finding (otherLinked). Before
// Triton checked for the driver's library itself (its "libcuda.so cannot found!", PR
// #2019, 2023-08) the linker's line was all it printed; since, the check wants only
// libcuda.so.1, so the link can still fail where no libcuda.so is (vllm-project/vllm#12505).
func jitLinkRows() []Signature {
	return []Signature{{
		Code: LibcudaNotFound, Literal: "cannot find -lcuda", Pattern: lcudaPattern,
		Requires: jitContext,
		Releases: modes.Minors(0, 14),
		Cause: "a build made at run time (Triton's launcher of a GPU kernel) links against libcuda.so, the " +
			"NVIDIA driver's library, and the linker found none: " +
			"the system has only the versioned libcuda.so.1, which -lcuda does not resolve to (a container " +
			"image without the toolkit's driver stub lib64/stubs/libcuda.so), or it lies where the linker " +
			"does not search",
		Fix: "create the symlink libcuda.so -> libcuda.so.1 in the driver's directory and run ldconfig, or " +
			"in a directory of your own put on LIBRARY_PATH, which gcc and ld search for -l; for Triton, " +
			"TRITON_LIBCUDA_PATH=<the directory of libcuda.so.1>",
		Evidence: modes.Source,
		Source: launcherSource + "; older Tritons found libcuda with whereis or ldconfig -p and asserted " +
			"nothing (triton/common/build.py before PR #2019)",
		Decisive: "the linker's line; another line names a JIT build",
	}}
}

package diagnose

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// A fix the text shows done: a finding's cause must hold for the text (issue 21), and
// so must its fix. A text that shows the code doing what a code's fix asks for — the
// capturing stream already waits on the side stream, the evaluation already runs under
// torch.no_grad(), torch.compiler.cudagraph_mark_step_begin() is already called — and
// still fails gets the code's other fix, and the line that shows it done
// (Finding.FixShownLine); advising it again is what the user has tried (newuser28's
// finding 1: pytorch/pytorch#185546, whose fn_with_workaround joins the side stream with
// torch.cuda.current_stream().wait_stream(side) and still fails under reduce-overhead).
//
// Knowledge as rows: heldActions says how a line of code does an action, heldFixes which
// code's fix asks for which action and what to do when it is done. A line does an action
// when the action's shape matches it whole as a statement: code, not prose that quotes
// it ("try `torch.cuda.current_stream().wait_stream(side)`") nor a comment, nor a
// docstring; nor code under advice (the first prose line above it, within the lines the
// scanner holds, asks or suggests: "Try this:", "you should add"); nor code in a def
// other than the one a traceback of the text fails in (a text that shows the join in
// fn_ok and fails in fn_bad). And the action must be in effect for the failing run
// (fix brief 31, hostile29's H1–H9: held_scope.go, held_effect.go): not code that never
// runs, not undone by a later line, not an install its own output shows failing, a
// grad-off scope that holds the call, a join of a stream the text forks, outside that
// stream's block; when in doubt, not held (withholding a needed fix is the worse error).

// heldAction is an action a code's fix asks for, as a line of code does it.
type heldAction struct {
	// key names the action in heldFixes.
	key string
	// done says what a line that does it does, after "line N already ".
	done string
	// literals are the prefilter's anchors: a line that does the action holds one.
	literals []string
	// shape matches the line (clean: without its indentation, quote marks, log
	// prefixes) that does it, from its start: an optional interpreter prompt, then the
	// statement; refuse, where set, matches a line of that shape that does not do it
	// (a dry run, a simulation).
	shape, refuse *lazyregexp.Regexp
	// code says what of the line the shapes read: 0 the whole line; 'c' the line
	// without its comment; 'p' the line without its comment and with its strings'
	// contents blanked (Python code whose keyword a comment or a string may repeat:
	// `capturable=False  # TODO: capturable=True`, `print("capturable=True …")`).
	code byte
}

// matches reports whether the line text does the action.
func (a heldAction) matches(text []byte) bool {
	if a.code != 0 {
		text = codePart(text, a.code == 'p')
	}
	return a.shape.Match(text) && (a.refuse == nil || !a.refuse.Match(text))
}

// codePart returns text without its comment (from a '#' outside a string), and with
// its strings' contents blanked where blank is set (a string's quotes stay).
func codePart(text []byte, blank bool) []byte {
	out := make([]byte, 0, len(text))
	var q byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case q != 0 && c == '\\':
			i++
			continue
		case q != 0 && c == q:
			q = 0
		case q != 0:
			if blank {
				continue
			}
		case c == '"' || c == '\'':
			q = c
		case c == '#':
			return out
		}
		out = append(out, c)
	}
	return out
}

// heldPrompt is what may open a line of code in a text: the interpreter's prompts, a
// shell's, a notebook's shell escape.
const heldPrompt = `^(?:(?:>>>|\.\.\.|\$|In \[\d+\]:)\s+|!|%)?`

// heldMaxLine bounds the lines an action's shape is run on: a statement that does one
// is short; a longer line is prose or data (and TestDenseLineBounded's line of every
// anchor runs none).
const heldMaxLine = 240

// uncachedOther is the other fix of the two codes whose fix is to unset
// PYTORCH_NO_CUDA_MEMORY_CACHING (trees-storage-not-in-pool, allocator-incompatible),
// read at uncachedSource.
const (
	uncachedOther = "the variable is read once, at the process's first CUDA allocation (a static in " +
		"c10/cuda/CUDACachingAllocator.cpp's forceUncachedAllocator): start the failing process without it " +
		"(a launcher, a container's ENV or a job script can set it), or compile without CUDA graphs"
	uncachedSource = "c10/cuda/CUDACachingAllocator.cpp forceUncachedAllocator (static force_uncached)"
)

// noCudagraphsSource is where the no-cudagraphs rows' fact is read: the mode's patch
// does not hold triton.cudagraphs, so the key keeps the value the program gives it
// (its default False, a global torch._inductor.config.triton.cudagraphs = True, the
// environment's TORCHINDUCTOR_CUDAGRAPHS=1), and the row is held only where the plan of
// the call the text shows has it False (applyHeld).
const noCudagraphsSource = "max-autotune-no-cudagraphs's patch leaves triton.cudagraphs unset (modes tables: " +
	"torch/_inductor/__init__.py list_mode_options @ 2.2.2, 2.6.0, 2.7.1, 2.14.0; torch_static.json @ 2.11), " +
	"so the call captures where the program turns the key on; held where the call's plan has it False"

// heldActions are the actions of heldFixes, each with the shape of a line that does it.
var heldActions = []heldAction{
	{key: "join", done: "makes the current (capturing) stream wait on the side stream",
		literals: []string{"wait_stream(", "wait_event("},
		// the join, not the fork: the receiver is the current stream (or a name for
		// the main one); side.wait_stream(torch.cuda.current_stream()) is the fork
		shape: &lazyregexp.Regexp{Expr: heldPrompt + `(?:[\w.]*current_stream\([^()]*\)|\w*(?:main|cur|current|compute|default)\w*)\.wait_(?:stream|event)\(\s*[\w.]+(?:\([^()]*\))?\s*\)\s*(?:#.*)?$`},
		code:  'p'},
	{key: "no-grad", done: "runs the call under torch.no_grad() or torch.inference_mode()",
		literals: []string{"torch.no_grad()", "torch.inference_mode()", "set_grad_enabled(False)"},
		// the scope it opens must hold the call (gradHeld, held_scope.go)
		shape: &lazyregexp.Regexp{Expr: heldPrompt + `(?:(?:with\s+(?:[\w.]+\([^()]*\)\s*,\s*)?|@)torch\.(?:no_grad|inference_mode)\(\)|torch\.set_grad_enabled\(\s*False\s*\)\s*;?\s*$)`},
		code:  'p'},
	{key: "mark-step", done: "calls torch.compiler.cudagraph_mark_step_begin()",
		literals: []string{"mark_step_begin()"},
		shape:    &lazyregexp.Regexp{Expr: heldPrompt + `(?:torch\.compiler\.cudagraph_|torch\._inductor\.cudagraph_trees\.)mark_step_begin\(\)\s*;?\s*(?:#.*)?$`},
		code:     'p'},
	{key: "clone", done: "clones the compiled call's output where it returns",
		literals: []string{").clone()"},
		shape:    &lazyregexp.Regexp{Expr: heldPrompt + `[\w.\[\]]+(?:\s*,\s*[\w.\[\]]+)*\s*=\s*[\w.\[\]]+\([^()]*(?:\([^()]*\)[^()]*)*\)\.clone\(\)\s*(?:#.*)?$`},
		code:     'p'},
	{key: "pinned", done: "pins the CPU tensor (pin_memory)",
		literals: []string{"pin_memory"},
		// the keyword in the call's own arguments, set to True (not a comment's, a
		// string's, nor True if … else False)
		shape: &lazyregexp.Regexp{Expr: heldPrompt + `[\w.\[\]]+(?:\s*,\s*[\w.\[\]]+)*\s*=\s*[\w.\[\]]+.*(?:\.pin_memory\(\)|\bpin_memory\s*=\s*True\s*[,)])`},
		code:  'p'},
	{key: "capturable", done: "builds the optimizer with capturable=True",
		literals: []string{"capturable=True", "capturable = True"},
		shape:    &lazyregexp.Regexp{Expr: heldPrompt + `(?:[\w.\[\]]+\s*=\s*)?[\w.]+\(.*\bcapturable\s*=\s*True\s*[,)]`},
		code:     'p'},
	{key: "import-config", done: "imports torch._inductor.config",
		literals: []string{"import torch._inductor.config", "from torch._inductor import"},
		shape:    &lazyregexp.Regexp{Expr: heldPrompt + `(?:import\s+torch\._inductor\.config\b|from\s+torch\._inductor\s+import\s+(?:\w+\s*,\s*)*config\b)`}},
	{key: "unset-caching", done: "unsets PYTORCH_NO_CUDA_MEMORY_CACHING",
		literals: []string{"PYTORCH_NO_CUDA_MEMORY_CACHING"},
		// unset, env -u (coreutils env: --unset=NAME), del/pop of os.environ,
		// os.unsetenv; a later line that sets it again undoes it (heldUndos)
		shape: &lazyregexp.Regexp{Expr: heldPrompt + `(?:unset\s+PYTORCH_NO_CUDA_MEMORY_CACHING\b|env\s+(?:-\S+\s+)*?(?:-u\s*|--unset[= ])PYTORCH_NO_CUDA_MEMORY_CACHING\b|(?:del\s+os\.environ\[|os\.environ\.pop\(|os\.unsetenv\()\s*["']PYTORCH_NO_CUDA_MEMORY_CACHING["'])`}},
	{key: "python-dev", done: "installs the python3 development headers",
		literals: []string{"python3-dev", "python3-devel", "install python3."},
		shape:    &lazyregexp.Regexp{Expr: heldPrompt + `(?:sudo\s+)?(?:apt(?:-get)?|dnf|yum)\s+(?:-\S+\s+)*install\s+(?:-\S+\s+)*(?:[\w.+:-]+\s+)*python3(?:\.\d+)?-dev(?:el)?\b`},
		// apt-get's -s/--simulate/--dry-run/--just-print/--no-act/--recon and -d/
		// --download-only (apt-get(8)), dnf's and yum's --downloadonly: nothing installed
		refuse: &lazyregexp.Regexp{Expr: `\s(?:-[a-zA-Z]*[sd][a-zA-Z]*|--(?:simulate|dry-run|just-print|no-act|recon|download-only|downloadonly|assumeno))\b`},
		code:   'c'},
	{key: "pip-triton", done: "installs triton",
		literals: []string{"pip install triton", "pip3 install triton", "pip install -U triton", "pip install --upgrade triton", "conda install triton", "mamba install triton", "conda-forge triton"},
		shape:    &lazyregexp.Regexp{Expr: heldPrompt + `(?:(?:python3?(?:\.\d+)?\s+-m\s+|uv\s+)?pip3?\s+install\s+(?:-\S+\s+)*|(?:conda|mamba|micromamba)\s+install\s+(?:(?:-c|--channel)\s+\S+\s+|-\S+\s+)*)["']?triton(?:\s|$|["'])`},
		// pip's --dry-run, --download/-d (a directory, not the environment),
		// --target/-t, --prefix, --root (elsewhere than the running Python's
		// site-packages); conda's --dry-run/-d, --download-only
		refuse: &lazyregexp.Regexp{Expr: `\s(?:--dry-run|--download(?:-only)?|--target|--prefix|--root|-[dt])\b`},
		code:   'c'},
	{key: "no-cudagraphs", done: "compiles with mode=\"max-autotune-no-cudagraphs\"",
		literals: []string{"max-autotune-no-cudagraphs"},
		// held only where the plan of the call has triton.cudagraphs False (applyHeld)
		shape: &lazyregexp.Regexp{Expr: heldPrompt + `(?:[\w.\[\]]+\s*=\s*)?torch\.compile\(.*\bmode\s*=\s*["']max-autotune-no-cudagraphs["']`},
		code:  'c'},
}

// heldFix is a code whose fix asks for an action a text can show done, and the fix to
// give when it does.
type heldFix struct {
	code Code
	// action is the heldActions key.
	action string
	// inFix is what the finding's Fix holds when it asks for the action (a code's rows
	// give several fixes: the row applies to those that ask for it).
	inFix string
	// other is the code's other fix ("": the finding's own fix, which already says
	// what to do when the action is done); compiled, where set, replaces it when the
	// call the text shows compiles with CUDA graphs on (torch.compile's own capture).
	other, compiled string
	// oneCall: the action's line is a torch.compile call, which says what the text's
	// failing call does only where the text shows one call.
	oneCall bool
	// source says where the other fix is read.
	source string
}

// heldFixes are the codes' fixes whose action a text can show done (TestHeldFixesCover
// holds every code's fix that names one of heldActions' literals to a row here or to a
// stated reason).
var heldFixes = []heldFix{
	{code: StreamCaptureUnjoined, action: "join", inFix: "wait_stream(side)",
		other: "find the fork that is still open when the capture ends: an event recorded on a side stream, a " +
			"library's stream (NCCL, a data loader's copy stream), or a join placed after the capture's block; or " +
			"keep that work out of the captured region",
		compiled: "under torch.compile's CUDA graphs (reduce-overhead) the capture is cudagraph trees' own, on " +
			"their own stream, and Inductor's generated code can schedule the join before the side-stream work " +
			"(pytorch/pytorch#185546, PR #185627): compile this function without CUDA graphs " +
			"(mode=\"max-autotune-no-cudagraphs\" or the default mode, or options={\"triton.cudagraphs\": False}), " +
			"or move the side-stream work out of the compiled function",
		source: "torch/_inductor/cudagraph_trees.py _use_cuda_memory_pool_manager (records on the tree's stream: " +
			"stream.wait_stream(torch.cuda.current_stream()), then with torch.cuda.stream(stream)); " +
			"pytorch/pytorch#185546 (fn_with_workaround fails under reduce-overhead) and PR #185627 (wait_stream " +
			"missing from _SYNC_OPS in torch/_functorch/_aot_autograd/streams.py, so the scheduler put it first)"},
	{code: TreesPendingBackward, action: "no-grad", inFix: "torch.no_grad()",
		other: "inside the compiled function, torch.no_grad() still gives a training graph where parameters " +
			"require grad (AOTAutograd decides at the call: pytorch/pytorch#110666), so put it around the call, " +
			"outside torch.compile; where it is there already, the pending backward is another call's, with " +
			"grad on: call backward (or detach the outputs) before the next forward, or call " +
			"torch.compiler.cudagraph_mark_step_begin() before each iteration",
		source: "pytorch/pytorch#110666 (bdhirsh's triage: @torch.compile def generate(x): with torch.no_grad(): … " +
			"is compiled as a training graph); the code's fix (rows_more.go)"},
	{code: TreesPendingBackward, action: "mark-step", inFix: "cudagraph_mark_step_begin()",
		other: "call it where each iteration begins, before its first compiled call; and run evaluation and " +
			"inference under torch.no_grad() or torch.inference_mode(), or call backward (or detach the " +
			"outputs) before the next forward",
		source: "the code's fix (rows_more.go); cudagraph_trees.py mark_step_begin"},
	// the code's fix says already what the mark does not do, and to clone: it stays
	{code: OverwrittenOutput, action: "mark-step", inFix: "cudagraph_mark_step_begin()",
		source: "the code's fix (rows_more.go; torch/compiler/__init__.py cudagraph_mark_step_begin's docstring)"},
	{code: OverwrittenOutput, action: "clone", inFix: "clone every output",
		other: "clone every other output kept past the next call as well (a second output, a tensor a module " +
			"attribute or a hook keeps, another compiled function's outputs): the message's stack trace names " +
			"the op that made the overwritten tensor; or compile without CUDA graphs " +
			"(mode=\"max-autotune-no-cudagraphs\")",
		source: "cudagraph_trees.py check_memory_pool's message (\"Stack trace: …\")"},
	{code: TreesUntrackedPoolTensors, action: "mark-step", inFix: "cudagraph_mark_step_begin()",
		other: "do not keep tensors made inside the compiled function except through its return value (clone " +
			"what you store; no .data assignment in forward); if several threads call it, serialise the calls; " +
			"or compile without CUDA graphs (mode=\"max-autotune-no-cudagraphs\")",
		source: "the code's fix (rows_more.go)"},
	{code: TreesInputDeallocated, action: "mark-step", inFix: "cudagraph_mark_step_begin()",
		other: "keep inputs' lifetimes the same on every call; where the compiled module runs under " +
			"torch.utils.checkpoint(use_reentrant=False), compile it without CUDA graphs (mode=\"default\") or " +
			"checkpoint with use_reentrant=True",
		source: "the code's fix (rows_more.go)"},
	{code: CaptureUnpinnedCopy, action: "pinned", inFix: "pin_memory",
		other: "a copy from another CPU tensor is the one refused (the message's stack names it): create the " +
			"value on the GPU before the capture (a persistent CUDA buffer the captured code reads), and move " +
			".item(), .tolist() and .cpu() out of the captured region",
		source: "the code's fix (rows_more.go); aten/src/ATen/native/cuda/Copy.cu's check of the CPU side"},
	{code: OptimizerNotCapturable, action: "capturable", inFix: "capturable=True",
		other: "capturable is read from each param_group: a group added later (add_param_group) or optimizer " +
			"state loaded with load_state_dict can bring capturable=False back; set it in every group after " +
			"loading, or keep step() out of the captured region",
		source: "torch/optim/optimizer.py _cuda_graph_capture_health_check (reads param_groups' capturable); " +
			"load_state_dict restores param_groups"},
	{code: InductorConfigNotImported, action: "import-config", inFix: "import torch._inductor.config",
		other: "the access ran before that import in the process that failed (another module, a worker, or an " +
			"earlier line): import torch._inductor.config before the first use there, or upgrade to 2.6 or " +
			"later, whose torch/_inductor/__init__.py imports it",
		source: "torch/_inductor/__init__.py @ T2.6.0"},
	{code: TreesStorageNotInPool, action: "unset-caching", inFix: "PYTORCH_NO_CUDA_MEMORY_CACHING",
		other: uncachedOther, source: uncachedSource},
	{code: AllocatorIncompatible, action: "unset-caching", inFix: "PYTORCH_NO_CUDA_MEMORY_CACHING",
		other: uncachedOther, source: uncachedSource},
	{code: PythonHeadersMissing, action: "python-dev", inFix: "apt-get install python3",
		other: "those headers are the distribution's python3's, which need not be the Python that runs the " +
			"program (a venv or uv Python of another version, conda, a python.org build): Triton compiles " +
			"against sysconfig.get_paths()[\"include\"] of the running Python, so install python3.X-dev for " +
			"the X that runs it, or run it with a Python that ships its headers; or compile without Triton: " +
			"backend=\"aot_eager\"",
		source: "triton/runtime/build.py (py_include_dir = sysconfig.get_paths(scheme=scheme)[\"include\"])"},
	{code: TritonMissing, action: "pip-triton", inFix: "install the Triton release",
		other: "a bare install of triton (pip install triton, conda install triton) takes its index's newest, " +
			"which need not be the release this torch was built with: install that exact release (importlib.metadata.requires(\"torch\") lists triton==X on " +
			"Linux x86_64; on Windows, the triton-windows series of your torch) with the pip of the " +
			"interpreter that runs the program (python -m pip), or compile without Triton: backend=\"aot_eager\"",
		source: "the code's fix (rows_more.go): torch's Linux wheels pin triton==X in their metadata; an install " +
			"the text shows failing (its error output after it, heldFails) or not installing (a dry run) is not done"},
	{code: StreamCaptureIllegal, action: "no-cudagraphs", inFix: "mode=\"max-autotune-no-cudagraphs\"", oneCall: true,
		other: "that call's CUDA graphs are off, so the capture that failed is another: the program's own " +
			"(torch.cuda.graph, CUDAGraph.capture_begin, make_graphed_callables) or a library's; keep " +
			"synchronising calls (torch.cuda.synchronize(), .item(), .cpu(), .tolist()) out of that capture, " +
			"and call no device-wide synchronise from another thread while it captures",
		source: noCudagraphsSource},
	{code: CaptureRNGState, action: "no-cudagraphs", inFix: "mode=\"max-autotune-no-cudagraphs\"", oneCall: true,
		other: "that call's CUDA graphs are off, so the capture that refused the RNG call is another: the " +
			"program's own (torch.cuda.graph, CUDAGraph.capture_begin, make_graphed_callables) or a library's; " +
			"seed and read or restore the RNG state before that capture or after it, not inside, and run the " +
			"captured code once before it",
		source: noCudagraphsSource + "; the code's fix (rows_more.go)"},
	{code: CaptureUnpinnedCopy, action: "no-cudagraphs", inFix: "mode=\"max-autotune-no-cudagraphs\"", oneCall: true,
		other: "that call's CUDA graphs are off, so the capture that refused the copy is another: the program's " +
			"own (torch.cuda.graph, CUDAGraph.capture_begin, make_graphed_callables) or a library's; create the " +
			"value on the GPU before that capture, or copy from pinned memory",
		source: noCudagraphsSource + "; the code's fix (rows_more.go)"},
}

// heldSeen is the first line that does an action.
type heldSeen struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line  int
	quote string
	fn    string // the def the line is in, "" at the top level or where none is known
}

// heldDef is a def open at a line: its indentation and name.
type heldDef struct {
	indent int
	name   string
}

// heldState is what a read gathers for heldFixes: the first line that does each action,
// the defs open, the functions a traceback's frames name, and the first line that shows
// a ROCm run (rocmShape).
type heldState struct {
	// seen holds, by action, the first lines that do it (up to maxHeldSeen): the first
	// may be in a def that does not fail, a later one in the one that does.
	seen   map[string][]heldSeen
	defs   []heldDef
	names  map[string]bool // every def's name read
	frames map[string]bool
	rocm   heldSeen
	facts  textFacts // what the text shows of its run (fit.go)
	// fenceAdvice reports whether the code fence open now is under advice: the first
	// prose line above its opening line asks for or suggests what it holds
	// (adviceAbove).
	fenceAdvice bool
	// what lines are in (held_scope.go): the blocks open, the triple-quoted string
	// open (its quote byte and line), the streams forked by name (first line), the
	// grad-off scopes
	blocks  []heldBlock
	quote   byte
	quoteAt int
	forks   map[string]int
	grad    []heldGrad
	// defCount counts the defs of each name (a traceback's frame names one by its
	// name alone); called holds the defs the text calls or passes on (heldCalls), want
	// those with an action seen, not yet called.
	defCount map[string]int
	called   map[string]bool
	want     []string
	compiled bool // a @torch.compile decorator is above the line
	// fails are the lines of an install's error output (heldFails; failsOver: more
	// than maxHeldFails), undone the last line that undoes each action (heldUndos).
	fails     []int
	failsOver bool
	undone    map[string]int
}

// maxHeldNames bounds the defs and frames held, maxHeldSeen the lines held for an action.
const (
	maxHeldNames = 256
	maxHeldSeen  = 8
)

// heldAnchors are the prefilter's anchors of heldActions and rocmShape. A def's line
// has none ("def " is shorter than minAnchor): push reads each line's start for it
// (defLine).
func heldAnchors() []string {
	var out []string
	for _, a := range heldActions {
		out = append(out, a.literals...)
	}
	return append(out, rocmAnchors...)
}

// defLine reads a line (raw, as push has it, which reads every line: an action's line
// is read two lines later) for the defs: a line with text closes the defs at its
// indentation or deeper, and one whose text, after its indentation and quote marks,
// starts with "def " or "async def " opens one (a few bytes read on each line). It
// returns the def the line is in, "" at the top level.
func (h *heldState) defLine(raw []byte) string {
	t := heldTrim(raw)
	if len(bytes.TrimSpace(t)) == 0 {
		return h.innermost() // a blank line closes no block
	}
	in := h.enclosing(rawIndent(raw))
	if !bytes.HasPrefix(t, []byte("def ")) && !bytes.HasPrefix(t, []byte("async def ")) {
		if t[0] == '@' {
			h.compiled = h.compiled || bytes.HasPrefix(t, []byte("@torch.compile"))
		} else {
			h.compiled = false
		}
		return in
	}
	defer func() { h.compiled = false }()
	if name, ok := defName(t); ok {
		h.openDef(rawIndent(raw), name)
	}
	return in
}

// fenceNext reads a window for the code fences (fenceState.next) and, where a fence
// opens on it, whether the fence is under advice (fenceAdvice); a markdown heading
// outside a fence starts a section of the text's facts (textFacts.heading) and of a
// libcuda link's owner (linkerHeading).
func (s *scanner) fenceNext(raw []byte, lineStart bool) bool {
	opened := s.fences.mark == 0
	in := s.fences.next(raw, lineStart)
	if opened && s.fences.mark != 0 {
		s.held.fenceAdvice = s.adviceAbove()
	}
	if lineStart && !in && isHeading(raw) {
		s.held.facts.heading(s.line)
		s.problemHead = problemHeading.Match(raw)
		s.limitsHead = limitsAt(raw)
		s.linkerHead = linkerHeading(raw, s.line)
	}
	return in
}

// heldPush reads a window push takes for heldState: a traceback frame's function, and
// the def the line is in (a window that goes on from the line before keeps its def).
func (s *scanner) heldPush(e *ringLine, lineStart bool) {
	switch {
	case lineStart:
		inTraceback := len(s.tbs.open) > 0
		if inTraceback {
			s.held.frame(e.raw)
		}
		e.def = s.held.defLine(e.raw)
		e.held = s.held.scopeLine(e.raw, s.line, inTraceback)
		s.held.failLine(e.raw, s.line)
		s.held.callLine(e.raw, e.def)
	case s.n > 0:
		e.def, e.held = s.ring[(s.n-1)%ringSize].def, s.ring[(s.n-1)%ringSize].held
	default:
		e.def, e.held = "", heldCtx{}
	}
}

// innermost returns the innermost def open, "" for none.
func (h *heldState) innermost() string {
	if len(h.defs) == 0 {
		return ""
	}
	return h.defs[len(h.defs)-1].name
}

// heldWindow reads entry e's line for an action and a ROCm run; k is its ring entry,
// for the lines above it.
func (s *scanner) heldWindow(k int, e *ringLine) {
	h := &s.held
	text := e.clean
	if h.rocm.line == 0 && len(text) <= heldMaxLine*2 {
		if m := rocmShape.Find(text); m != nil {
			h.rocm = heldSeen{line: e.line, quote: string(m)}
		}
	}
	if len(text) > heldMaxLine || e.inDoc || e.held.dead {
		return
	}
	s.heldUndo(text, e.line)
	for _, a := range heldActions {
		if !h.mayDo(a, text) {
			continue
		}
		if s.underAdvice(k) {
			return
		}
		if a.key == "join" && !h.joins(text, e) {
			continue
		}
		if h.seen == nil {
			h.seen = map[string][]heldSeen{}
		}
		h.seen[a.key] = append(h.seen[a.key], heldSeen{line: e.line, quote: quote(text, []byte(a.literals[0])), fn: e.def})
		s.wantCall(k, e.def)
	}
}

// mayDo reports whether a line (clean text) does action a, by its shape: the lines
// held for it are not full, and, for the join, a fork or an event to wait on may be
// shown (a text of a thousand joins and no fork runs no shape: hostile29's dense held
// anchors).
func (h *heldState) mayDo(a heldAction, text []byte) bool {
	if len(h.seen[a.key]) >= maxHeldSeen || !holdsAny(text, a.literals) {
		return false
	}
	if a.key == "join" && len(h.forks) == 0 && !bytes.Contains(text, []byte("wait_event(")) {
		return false
	}
	return a.matches(text)
}

// holdsAny reports whether text holds one of lits.
func holdsAny(text []byte, lits []string) bool {
	return slices.ContainsFunc(lits, func(l string) bool { return bytes.Contains(text, []byte(l)) })
}

// rawIndent is the indentation of a raw line, after any markdown quote marks ("> ").
func rawIndent(raw []byte) int {
	for len(raw) > 0 && raw[0] == '>' {
		raw = raw[1:]
		if len(raw) > 0 && raw[0] == ' ' {
			raw = raw[1:]
		}
	}
	n := 0
	for n < len(raw) && (raw[n] == ' ' || raw[n] == '\t') {
		n++
	}
	return n
}

// reDef matches a def's line, from "def" or "async def", and takes its name.
var reDef = &lazyregexp.Regexp{Expr: `^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(`}

// defName returns the name a def's line (from "def" or "async def") defines.
func defName(text []byte) (string, bool) {
	m := reDef.Regexp().FindSubmatch(text)
	if m == nil {
		return "", false
	}
	return string(m[1]), true
}

// openDef records a def at indent: the defs at its indentation or deeper are closed.
func (h *heldState) openDef(indent int, name string) {
	h.closeDefs(indent)
	if len(h.defs) < maxHeldNames {
		h.defs = append(h.defs, heldDef{indent, name})
	}
	if h.names == nil {
		h.names, h.defCount = map[string]bool{}, map[string]int{}
	}
	if len(h.names) < maxHeldNames {
		h.names[name] = true
		h.defCount[name]++
	}
	if h.compiled || name == "forward" {
		// a def under @torch.compile is the compiled call; nn.Module.__call__ runs
		// forward (torch/nn/modules/module.py _call_impl)
		h.calledDef(name)
	}
}

// closeDefs closes the defs at indent or deeper: a line there is no longer in them.
func (h *heldState) closeDefs(indent int) {
	for len(h.defs) > 0 && h.defs[len(h.defs)-1].indent >= indent {
		h.defs = h.defs[:len(h.defs)-1]
	}
}

// enclosing returns the def a line at indent is in, "" at the top level, closing the
// defs it is not in.
func (h *heldState) enclosing(indent int) string {
	h.closeDefs(indent)
	return h.innermost()
}

// frame records the function a traceback frame's header names (`File "…", line N, in
// f`), from its raw line: tracebackState.next gives the lines of an open traceback.
func (h *heldState) frame(raw []byte) {
	i := bytes.Index(raw, []byte(`", line `))
	if i < 0 || len(h.frames) >= maxHeldNames {
		return
	}
	j := bytes.Index(raw[i:], []byte(", in "))
	if j < 0 {
		return
	}
	name := nameAfter(raw[i+j+len(", in "):])
	if name == "" {
		return
	}
	if h.frames == nil {
		h.frames = map[string]bool{}
	}
	h.frames[name] = true
}

// nameAfter returns the Python name b starts with ("<module>" too).
func nameAfter(b []byte) string {
	if bytes.HasPrefix(b, []byte("<module>")) {
		return "<module>"
	}
	n := 0
	for n < len(b) && (isLetter(b[n]) || isDigit(b[n]) || b[n] == '_') {
		n++
	}
	return string(b[:n])
}

// reAdvice matches a prose line that asks for or suggests what follows it.
var reAdvice = &lazyregexp.Regexp{Expr: `(?i)\b(?:try|should|suggest(?:s|ed)?|recommend(?:s|ed)?|consider|instead|you (?:can|could|need|must|may)|need to|please)\b|^\W*(?:the\s+)?(?:fix|solution|workaround)(?:\s+is)?\s*:`}

// underAdvice reports whether ring entry k (a line of code) is under advice: inside a
// code fence, the fence's (fenceAdvice); elsewhere, the first line above it, within
// the lines the scanner holds, that is prose (not blank, not code) asks for or
// suggests it.
func (s *scanner) underAdvice(k int) bool {
	if e := s.entry(k); e != nil && e.inFence {
		return s.held.fenceAdvice
	}
	return s.proseAdvice(k-1, k-4)
}

// adviceAbove reports whether the lines above the one being pushed (ring entries
// s.n-1 and before) are under advice: the first prose line among them asks for or
// suggests what follows.
func (s *scanner) adviceAbove() bool { return s.proseAdvice(s.n-1, s.n-4) }

// proseAdvice reports whether the first line from ring entry from down to entry to
// that is prose (not blank, not a fence, not code) asks for or suggests what follows
// it.
func (s *scanner) proseAdvice(from, to int) bool {
	for j := from; j >= to; j-- {
		if j < 0 || j <= s.n-ringSize-1 {
			return false
		}
		t := bytes.TrimSpace(stripPrefixes(bytes.Clone(s.ring[j%ringSize].raw)))
		switch {
		case len(t) == 0 || bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")):
			continue
		case heldCode(t):
			return false
		}
		return reAdvice.Match(t)
	}
	return false
}

// heldCode reports whether t (a line, trimmed) reads as code rather than prose: a
// call, an assignment, a block's header, a comment.
func heldCode(t []byte) bool {
	if t[0] == '#' || t[0] == '@' {
		return true
	}
	last := t[len(t)-1]
	return bytes.ContainsAny(t, "()=[]") && (last == ')' || last == ':' || last == ']' || bytes.Contains(t, []byte(" = ")))
}

// heldFor returns f's row of heldFixes whose action the text shows done where f
// fails, and the line that does it; callOff reports whether the plan of the call the
// text shows has CUDA graphs off (the no-cudagraphs rows' condition).
func (h *heldState) heldFor(f Finding, calls int, callOff func() bool) (heldFix, heldSeen, bool) {
	for _, r := range heldFixes {
		if r.code != f.Code || !strings.Contains(f.Fix, r.inFix) || r.oneCall && calls > 1 {
			continue
		}
		for _, seen := range h.seen[r.action] {
			if h.inFailing(seen.fn) && h.inEffect(r.action, seen) && (r.action != "no-cudagraphs" || callOff()) {
				return r, seen, true
			}
		}
	}
	return heldFix{}, heldSeen{}, false
}

// inFailing reports whether a line in def fn ("" at the top level) may be in the code
// that fails: where a traceback of the text names a def the text shows, fn is the one
// it names, and the only def of that name (every nn.Module has a forward: the name
// alone does not say which class's fails); where none does, fn is called (heldCalls).
// The top level's frame is "<module>".
func (h *heldState) inFailing(fn string) bool {
	failing := false
	for name := range h.names {
		failing = failing || h.frames[name]
	}
	switch {
	case !failing:
		return fn == "" || h.called[fn] && h.defCount[fn] < 2
	case fn == "":
		return h.frames["<module>"]
	}
	return h.frames[fn] && h.defCount[fn] < 2
}

// applyHeld gives each finding whose fix's action the text shows done the code's other
// fix, saying so (Finding.FixShownLine).
func (d *Diagnosis) applyHeld(h *heldState) {
	off, offRead := false, false
	callOff := func() bool {
		if !offRead {
			off, offRead = d.Recovered != nil && !cudaGraphsOn(d.Recovered), true
		}
		return off
	}
	for i := range d.Findings {
		f := &d.Findings[i]
		r, seen, ok := h.heldFor(*f, d.Calls, callOff)
		if !ok {
			if at, kept := h.modeKept(*f, d.Calls, callOff); kept {
				f.Fix += fmt.Sprintf(modeKeptWords, at)
			}
			continue
		}
		other := r.other
		if r.compiled != "" && d.Recovered != nil && cudaGraphsOn(d.Recovered) {
			other = r.compiled
		}
		if other == "" {
			other = f.Fix
		}
		if v, err := modes.ParseRelease(d.Torch); err == nil {
			other = dropUpgrades(other, v) // no upgrade to the run's release or older (fix brief 31, finding 1)
		}
		f.Fix = fmt.Sprintf("line %d already %s; if it fails all the same: %s", seen.line, shownWords(r.doneWords(), seen.quote), other)
		f.FixShownLine = seen.line
	}
}

// modeKeptWords is what a fix that advises mode="max-autotune-no-cudagraphs" adds
// where the text's one call has that mode and its plan still captures, so that the
// fix agrees with the plan printed below it (hostile29's H7). The mode's patch does
// not hold triton.cudagraphs (noCudagraphsSource); TORCHINDUCTOR_CUDAGRAPHS=1 sets it
// True (torch_env_effects.json @ 2.11), as a global assignment does.
const modeKeptWords = "; line %d's call has that mode, which leaves triton.cudagraphs as the " +
	"program sets it, and the call's plan has it on (a global torch._inductor.config.triton.cudagraphs = " +
	"True or TORCHINDUCTOR_CUDAGRAPHS=1): set it False before that call, or leave the variable unset"

// modeKept returns the line of the text's one compile call with
// mode="max-autotune-no-cudagraphs" where f's fix advises that mode and the call's plan
// still has CUDA graphs on.
func (h *heldState) modeKept(f Finding, calls int, callOff func() bool) (int, bool) {
	for _, r := range heldFixes {
		if r.action != "no-cudagraphs" || r.code != f.Code || !strings.Contains(f.Fix, r.inFix) || calls > 1 {
			continue
		}
		for _, seen := range h.seen[r.action] {
			if h.inFailing(seen.fn) && !callOff() {
				return seen.line, true
			}
		}
	}
	return 0, false
}

// doneWords is what the row's action does, as heldActions says.
func (r heldFix) doneWords() string {
	for _, a := range heldActions {
		if a.key == r.action {
			return a.done
		}
	}
	return r.action
}

// shownWords is what a line does, with the line's code in parentheses where the words
// do not hold it already.
func shownWords(done, quote string) string {
	if strings.Contains(done, quote) {
		return done
	}
	return done + " (" + quote + ")"
}

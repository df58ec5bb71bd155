package script

// Inference engines that compile the model themselves (sweep4 finding 31): vLLM's LLM
// compiles the model with torch.compile and its own backend and captures CUDA graphs
// of its own (vllm/compilation/backends.py VllmBackend, CUDAPiecewiseBackend: "mainly
// handles the compilation and cudagraph capturing"; vllm.config.CompilationConfig
// CUDAGraphMode), unless enforce_eager=True; SGLang's Engine compiles with
// enable_torch_compile=True (sglang server_args.py, --enable-torch-compile). Neither is
// plannable here (their graphs and CUDA graphs are the engine's, not cudagraph
// trees), so "no torch.compile site found" would read as "nothing is compiled": a
// framework-compile warning says what the engine does instead.

// engineRow is one engine constructor.
type engineRow struct {
	_   [0]func() // incomparable: no equality code (examples/web: Transfer size)
	who string
	// on is the keyword whose literal True turns compiling on ("" when the engine
	// compiles by default), off the one whose literal True turns it off.
	on, off string
	what    string
}

// engineRows are the engines, by qualified constructor name.
var engineRows = map[string]engineRow{
	"vllm.LLM":                 {who: "vLLM's LLM", off: "enforce_eager", what: "compiles the model with torch.compile and its own backend and captures CUDA graphs itself (per compilation_config; vllm/compilation/backends.py)"},
	"vllm.entrypoints.llm.LLM": {who: "vLLM's LLM", off: "enforce_eager", what: "compiles the model with torch.compile and its own backend and captures CUDA graphs itself (per compilation_config; vllm/compilation/backends.py)"},
	"sglang.Engine":            {who: "SGLang's Engine", on: "enable_torch_compile", what: "compiles the model with torch.compile (enable_torch_compile; sglang server_args.py) and captures CUDA graphs with its own runner"},
}

// engineCompile warns when c builds an inference engine that compiles the model
// itself (q is c's callee).
func (r *reader) engineCompile(c *expr, q string) {
	row, ok := engineRows[q]
	if !ok {
		return
	}
	if row.off != "" && r.literalTrue(kwarg(c, row.off, -1)) || row.on != "" && !r.literalTrue(kwarg(c, row.on, -1)) {
		return
	}
	how := "turn it off with " + row.off + "=True"
	if row.on != "" {
		how = "it is on because of " + row.on + "=True"
	}
	r.warn(int(c.line), WarningFrameworkCompile, "%s %s: its compiled graphs and CUDA graphs are the engine's, not planned here (%s)", row.who, row.what, how)
}

// literalTrue reports whether e is a literal with a true value.
func (r *reader) literalTrue(e *expr) bool {
	if e == nil {
		return false
	}
	v, ok := r.literal(e)
	return ok && v.Truthy()
}

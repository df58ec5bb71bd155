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

// dsEngineBuilders are DeepSpeed's calls that build an engine whose class defines its
// own compile, and which element of what they return is the engine (-1: the value
// itself). deepspeed.initialize returns (engine, optimizer, dataloader, lr_scheduler),
// the engine a DeepSpeedEngine, whose compile(backend=get_accelerator().
// get_compile_backend(), compile_kwargs={}, schedule=None) runs DeepCompile (DeepSpeed's
// DeepCompile README, "call the compile() API"); deepspeed.init_inference returns an
// InferenceEngine, whose compile(backend=get_accelerator().get_compile_backend(),
// compile_kwargs={}) calls self.module.compile(backend=backend, **compile_kwargs)
// (deepspeed/inference/engine.py). Either way the backend is the accelerator's and the
// keywords DeepSpeed's: not nn.Module.compile with PyTorch's defaults.
var dsEngineBuilders = map[string]int{
	"deepspeed.initialize":     0,
	"deepspeed.init_inference": -1,
}

// noteDSEngine records whether the target t is bound to a DeepSpeed engine by v
// (dsEngineBuilders): `engine, opt, _, sched = deepspeed.initialize(…)`,
// `engine = deepspeed.initialize(…)[0]`, `engine = deepspeed.init_inference(…)`.
// Another value bound to the name ends it.
func (r *reader) noteDSEngine(t, v *expr) {
	n, idx := "", 0
	switch {
	case t.kind == tuple && len(t.elts) > 0 && t.elts[0].kind == name:
		n, idx = t.elts[0].name, 0
	case t.kind == name && v != nil && v.kind == subscript:
		if i, ok := r.literal(v.index); ok && i.String() == "0" {
			n, idx, v = t.name, 0, v.x
		} else {
			n = t.name
		}
	case t.kind == name:
		n, idx = t.name, -1
	}
	if n == "" {
		return
	}
	if want, ok := dsEngineBuilders[r.callQual(v)]; ok && want == idx {
		if r.dsEngines == nil {
			r.dsEngines = map[string]bool{}
		}
		r.dsEngines[n] = true
		return
	}
	delete(r.dsEngines, n)
}

// callQual returns what the callee of v, a call, stands for ("" for another value).
func (r *reader) callQual(v *expr) string {
	if v == nil || v.kind != call {
		return ""
	}
	return r.qual(v.x)
}

// dsEngineCompile warns when c is obj.compile(…) on a DeepSpeed engine (noteDSEngine),
// and reports whether it was one: DeepSpeed's compile runs, not nn.Module.compile, so
// no site is planned for it (unseen8 w18).
func (r *reader) dsEngineCompile(c *expr, q string) bool {
	if q != "" || c.x.kind != attr || c.x.name != "compile" || c.x.x.kind != name || !r.dsEngines[c.x.x.name] {
		return false
	}
	when := ""
	if g := r.guardText(); g != "" {
		when = "; it runs only " + g
	}
	r.warn(int(c.line), WarningFrameworkCompile, "%s.compile() is DeepSpeed's engine's compile (DeepSpeedEngine.compile, InferenceEngine.compile: backend=get_accelerator().get_compile_backend(), compile_kwargs, and DeepCompile's schedule), not nn.Module.compile: its backend is the accelerator's and its keywords DeepSpeed's, not shown in this file, so no site is planned for it (plan the module it compiles with -mode and -backend)%s", c.x.x.name, when)
	return true
}

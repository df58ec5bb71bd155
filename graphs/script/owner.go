package script

// Objects that hold a compiled module as an attribute (sweep9 finding 4). Diffusers'
// documented speed-up compiles a pipeline's denoiser in place and keeps calling the
// pipeline: pipe.unet = torch.compile(pipe.unet, mode="reduce-overhead",
// fullgraph=True), then pipe(prompt) (Diffusers documentation, "Accelerated PyTorch
// 2.0 support in Diffusers", huggingface.co/docs/diffusers/v0.19.0/optimization/torch2.0;
// diffusers' own benchmark tools/benchmark/sd_txt2img.py; pipe.transformer for DiT
// pipelines, pipe.vae.decode for the decoder; gradio Spaces such as mikefish/Fish-LCM
// do it, warm up with pipe(…) and serve pipe(…) from event functions). A pipeline's
// __call__ runs its denoising loop, which calls self.unet (or self.transformer) each
// step, and decodes with self.vae.decode (diffusers src/diffusers/pipelines/
// stable_diffusion/pipeline_stable_diffusion.py __call__); an nn.Module whose submodule
// is compiled runs it from its forward. So a call of the owner, X(…) or X.forward/generate(…), is a call
// of the compiled module, and a thread whose code calls the owner (a gradio event
// function, a FastAPI def route, a pool's task) is one of its callers.
//
// The owner is the object the attribute chain starts from (pipe for pipe.vae.decode),
// or, inside a class, the attribute of self it starts from (self.pipe.unet: pipe).
// self.unet = torch.compile(self.unet) has no owner name: the class's own methods,
// which name unet, are followed as they always were. The owner's calls are calls of
// the site, not its outputs: a pipeline returns images it computed after the compiled
// module ran, not the module's output.

// ownerOf returns the name of the object whose attribute t is, as ownerOf's comment
// says ("" when t is no attribute of one: a plain name, self.unet, a subscript).
func ownerOf(t *expr) string {
	if t == nil || t.kind != attr || t.name == "forward" || t.name == "__call__" {
		return "" // X.forward = …: X is the compiled function itself (bindForward)
	}
	x := t.x
	for n := 0; x != nil && x.kind == attr && n < MaxNesting; n++ {
		if isSelfName(x.x) {
			return x.name // self.pipe.unet, self.pipe.vae.decode: pipe
		}
		x = x.x
	}
	if x == nil || x.kind != name || isSelfName(x) {
		return ""
	}
	return x.name
}

// isSelfName reports whether e is the name self or cls.
func isSelfName(e *expr) bool {
	return e != nil && e.kind == name && (e.name == "self" || e.name == "cls")
}

// bindOwner records the object whose attribute the assignment t = v binds to a
// compiled function (a compile site written there, or a name bound to one).
func (r *reader) bindOwner(t, v *expr) {
	if t != nil && t.kind == name && len(r.owners) > 0 {
		r.rebindOwner(t.name, v)
		return
	}
	if v == nil || ownerOf(t) == "" {
		return
	}
	st := r.siteIn(v)
	if st == nil {
		st = r.compiledName(v)
	}
	r.addOwned(t, st)
}

// addOwned records st's compiled module as held by the owner of the attribute t
// (pipe.unet = torch.compile(…), or pipe.text_encoder.compile(…) in place).
func (r *reader) addOwned(t *expr, st *siteState) {
	if t != nil {
		r.addOwnedAs(t, st, r.src[t.start:t.end])
	}
}

// setattrOwner records setattr(pipe, "unet", torch.compile(…)) as
// pipe.unet = torch.compile(…) is (setattr(x, 'y', v) is x.y = v: Python's builtins).
func (r *reader) setattrOwner(c *expr) {
	obj, v := c.args[0].value, c.args[2].value
	key, ok := r.literalStr(c.args[1].value)
	if !ok || obj == nil || v == nil || c.args[2].keyword != "" || c.args[2].star != 0 {
		return
	}
	st := r.siteIn(v)
	if st == nil {
		st = r.compiledName(v)
	}
	t := &expr{kind: attr, name: key, x: obj, line: c.line}
	r.addOwnedAs(t, st, r.src[obj.start:obj.end]+"."+key)
}

// addOwnedAs is addOwned with the attribute as written (attr).
func (r *reader) addOwnedAs(t *expr, st *siteState, text string) {
	o := ownerOf(t)
	if o == "" || st == nil || st.Kind == Partial {
		return
	}
	if r.owners == nil {
		r.owners = map[string][]ownerBinding{}
	}
	obs := r.owners[o]
	for i, ob := range obs {
		if ob.attr == text || ob.st == st {
			obs = append(obs[:i:i], obs[i+1:]...) // pipe.unet compiled again replaces the one before
			break
		}
	}
	if len(obs) < maxBound {
		r.owners[o] = append(obs, ownerBinding{st: st, attr: text, line: int(t.line)})
	}
}

// rebindOwner follows the name n bound to v: the same object (pipe = pipe.to("cuda"),
// selfReturning) keeps what it holds, another owner's object takes what that one
// holds (p = pipe), anything else holds nothing (pipe = DiffusionPipeline.from_pretrained(…)
// of another model).
func (r *reader) rebindOwner(n string, v *expr) {
	v = stripSelfReturning(v)
	if v != nil && v.kind == call {
		v = r.wrappedOwner(v)
	}
	if v != nil && v.kind == call {
		v = r.returnedOwner(v) // pipe = load_pipeline(), which returns the p whose transformer it compiled
	}
	switch {
	case v != nil && v.kind == name && v.name == n:
	case v != nil && v.kind == name && len(r.owners[v.name]) > 0:
		r.owners[n] = append([]ownerBinding(nil), r.owners[v.name]...)
	default:
		delete(r.owners, n)
	}
}

// moduleWrappers wrap the module they are given and run its forward from their own
// (DistributedDataParallel.forward calls self.module; FSDP's likewise: torch/nn/
// parallel/distributed.py _run_ddp_forward, torch/distributed/fsdp/
// fully_sharded_data_parallel.py forward), so the wrapper holds what the module holds.
var moduleWrappers = nameSet{
	"torch.nn.parallel.DistributedDataParallel",
	"torch.nn.parallel.distributed.DistributedDataParallel",
	"torch.distributed.fsdp.FullyShardedDataParallel",
}

// wrappedOwner returns the owner name a wrapper call v is given (model = DDP(model),
// model = accelerator.prepare(model): Accelerator.prepare returns the module wrapped
// for the run); else v.
func (r *reader) wrappedOwner(v *expr) *expr {
	if !r.wrapperCall(v) {
		return v
	}
	a := stripSelfReturning(v.args[0].value)
	if a != nil && a.kind == name && len(r.owners[a.name]) > 0 {
		return a
	}
	return v
}

// returnedOwner returns the name the file's def that the call v runs returns when
// that name holds compiled modules (return p, or p.to("cuda")); else v.
func (r *reader) returnedOwner(v *expr) *expr {
	d := r.calledDef(v, r.qual(v.x))
	if d == nil {
		return v
	}
	var found *expr
	r.walkReturns(d.body, 0, func(e *expr) {
		e = stripSelfReturning(e)
		if found == nil && e != nil && e.kind == name && len(r.owners[e.name]) > 0 {
			found = e
		}
	})
	if found == nil {
		return v
	}
	return found
}

// walkReturns calls f with the value of each return statement of body, nested defs
// and classes aside.
func (r *reader) walkReturns(body []*stmt, depth int, f func(*expr)) {
	if depth > maxHelperDepth {
		return
	}
	for _, s := range body {
		switch {
		case s.kind == defStmt || s.kind == classStmt:
		case returnedExpr(s) != nil:
			f(returnedExpr(s))
		default:
			r.walkReturns(s.body, depth+1, f)
		}
	}
}

// ownerBinding is a compiled module an owner holds: its site, the attribute as
// written (pipe.unet) and its line.
type ownerBinding struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	st   *siteState
	attr string
	line int
}

// ownerCalls returns the sites a call of an owner runs: X(…), self.X(…), or X's
// forward, __call__ or generate (forwardRunners); none otherwise. The first such call
// of each site is noted on it, as what makes the owner's callers its callers.
func (r *reader) ownerCalls(c *expr) []*siteState {
	if len(r.owners) == 0 {
		return nil
	}
	f := c.x
	if f.kind == attr && forwardRunners.has(f.name) && f.x != nil && (f.x.kind == name || f.x.kind == attr) {
		f = f.x
	}
	if f.kind == attr && (f.x == nil || f.x.kind != name || f.x.name != "self") {
		return nil // pipe.unet.config(…), other(…).pipe: not the owner itself
	}
	if f.kind != name && f.kind != attr {
		return nil
	}
	var out []*siteState
	for _, ob := range r.owners[f.name] {
		if !ob.st.ownerNoted {
			ob.st.ownerNoted = true
			ob.st.note("calls: %s(…) at line %d runs this compiled module, which the script keeps as %s (line %d): each call of %s, in any thread, is a call of it", r.src[f.start:f.end], r.lines.line(c.start), ob.attr, ob.line, f.name)
		}
		out = append(out, ob.st)
	}
	return out
}

// ownedIn reports whether a thread's reach names an owner that holds st's compiled
// module when the module's code has run (the threads of a server or pool run after).
func (r *reader) ownedIn(rc *reach, st *siteState) bool {
	for n, obs := range r.owners { // the owners are few, a reach's names many
		if !rc.names[n] {
			continue
		}
		for _, ob := range obs {
			if ob.st == st {
				return true
			}
		}
	}
	return false
}

// wrapperCall reports whether v is a call of a module wrapper (moduleWrappers, or a
// .prepare(m) of one argument) given the module first.
func (r *reader) wrapperCall(v *expr) bool {
	if len(v.args) == 0 || v.args[0].keyword != "" || v.args[0].star != 0 {
		return false
	}
	return moduleWrappers.has(r.qual(v.x)) || v.x.kind == attr && v.x.name == "prepare" && len(v.args) == 1
}

// stripSelfReturning returns the module e calls nn.Module methods that return the
// module itself on (pipe.to("cuda").eval(): pipe), else e.
func stripSelfReturning(e *expr) *expr {
	for i := 0; e != nil && e.kind == call && e.x.kind == attr && selfReturning.has(e.x.name) && i < MaxNesting; i++ {
		e = e.x.x
	}
	return e
}

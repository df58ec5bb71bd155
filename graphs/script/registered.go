package script

import "strings"

// Backends a file registers with Dynamo under a name, so that
// torch.compile(backend="NAME") finds them (script11: cache-dit's, IPEX's examples).
//
// register_backend(compiler_fn=None, name=None, tags=()) stores compiler_fn under
// name or compiler_fn.__name__; called without compiler_fn it returns itself with
// name and tags bound, for @register_backend(name="x") (torch/_dynamo/backends/
// registry.py, pytorch/pytorch@0100345680abd2ab9053cabf39991e329d843035, read);
// lookup_backend then returns the registered callable for the string, which
// torch.compile wraps as it wraps a callable passed directly.

// registrars are the qualified names of register_backend and its partials
// (register_debug_backend, register_experimental_backend: the same with tags).
var registrars = nameSet{
	"torch._dynamo.register_backend",
	"torch._dynamo.backends.registry.register_backend",
	"torch._dynamo.backends.registry.register_debug_backend",
	"torch._dynamo.backends.registry.register_experimental_backend",
}

// importRegistrars are packages whose import registers a backend: the module (or a
// prefix of the imported module), the backend's name, and the source.
var importRegistrars = []struct{ module, backend, source string }{
	// intel_extension_for_pytorch/__init__.py imports .._dynamo, whose
	// @register_backend def ipex(graph_module, example_inputs, **kwargs) registers
	// "ipex" (intel/intel-extension-for-pytorch@6d3ba89cf9c40eb7184d6092ab7fa9b5231553c1,
	// __init__.py line 128, _dynamo/__init__.py line 26, read).
	{"intel_extension_for_pytorch", "ipex", "intel_extension_for_pytorch/_dynamo/__init__.py"},
}

// registration is one backend name the file registers.
type registration struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line int
	def  string // the def registered under the name ("": an import's)
	how  string // how the note names it
}

// noteImportRegistrar records the backend an import registers.
func (r *reader) noteImportRegistrar(im imported) {
	for _, ir := range importRegistrars {
		if im.target == ir.module || strings.HasPrefix(im.target, ir.module+".") || im.module == ir.module || strings.HasPrefix(im.module, ir.module+".") {
			r.register(ir.backend, registration{line: im.line, how: "`import " + ir.module + "` (line %d), whose " + ir.source + " registers it"})
		}
	}
}

// noteRegisteredDef records a def decorated with register_backend (bare, or called
// with name=).
func (r *reader) noteRegisteredDef(s *stmt) {
	for _, d := range s.decorators {
		name := s.name
		f := d
		if d.kind == call {
			if kwarg(d, "compiler_fn", 0) != nil {
				continue // register_backend(fn) as a decorator registers fn, not this def
			}
			if n, ok := r.literalStr(kwarg(d, "name", -1)); ok {
				name = n
			}
			f = d.x
		}
		if registrars.has(r.qual(f)) {
			r.register(name, registration{line: int(s.line), def: s.name, how: "register_backend on def " + s.name + " (line %d)"})
		}
	}
}

// noteRegisterCall records register_backend(fn[, name]) called on a def of the file.
func (r *reader) noteRegisterCall(c *expr) {
	if !registrars.has(r.qual(c.x)) {
		return
	}
	fn := kwarg(c, "compiler_fn", 0)
	if fn == nil || fn.kind != name || r.funcs[fn.name] == nil {
		return
	}
	name := fn.name
	if n, ok := r.literalStr(kwarg(c, "name", 1)); ok {
		name = n
	}
	r.register(name, registration{line: int(c.line), def: fn.name, how: "register_backend(" + fn.name + ") (line %d)"})
}

// register keeps the first registration of each name.
func (r *reader) register(name string, reg registration) {
	if name == "" {
		return
	}
	if r.registered == nil {
		r.registered = map[string]registration{}
	}
	if _, ok := r.registered[name]; !ok {
		r.registered[name] = reg
	}
}

// registeredBackend plans backend="NAME" that the file registers as that callable:
// torch.compile hands each graph to it (no Inductor config, no Inductor CUDA graphs).
func (r *reader) registeredBackend(st *siteState, name string) {
	reg, ok := r.registered[name]
	if !ok {
		return
	}
	st.BackendCallable = name
	if reg.def == name {
		st.backendRejects = rejectedKeywords(r.funcs[reg.def])
	}
	st.note("backend %q is registered by "+reg.how+": torch.compile hands each graph to it, not to Inductor; the plan below is that backend's (no Inductor config, no Inductor CUDA graphs)", name, reg.line)
}

package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// The device type of the compiled functions (sweep3 finding 20). A script whose
// tensors are all placed on the CPU or on Apple's GPU (model.to("mps"),
// torch.device("mps"), device="cpu", torch.set_default_device("mps"), a name or
// attribute assigned such values, both branches of a if c else b) compiles graphs
// Inductor gives no CUDA graph (graphs.Workload.DeviceType; graphs/devicetype.go says
// where Inductor decides it). The reader reads it file-wide, from every place the
// file names a device: a device= keyword, .to(…) with a device, torch.device(…) and
// torch.set_default_device(…). Any CUDA there (.cuda(), "cuda", "cuda:0", a torch.cuda
// call other than is_available or device_count), or a place whose device it cannot
// read (.to(local_rank), device=args.device, device=p.device or any attribute read the
// file never assigns as that text, accelerate's accelerator.device), keeps
// the plan a CUDA one, as is a file that names no device at all: the reader then
// knows nothing about where the tensors are, and the tool plans CUDA.

// deviceKinds are the device types a string names, by its text before ":".
var deviceKinds = map[string]string{"cuda": "cuda", "cpu": "cpu", "mps": "mps"}

// cudaProbes are the torch.cuda functions that only ask whether CUDA is there: a
// script that calls them may still run on the CPU or mps.
var cudaProbes = nameSet{"torch.cuda.is_available", "torch.cuda.device_count"}

// unknownDevice stands for a device place the reader cannot read.
const unknownDevice = "?"

// deviceFacts is what the index saw of the file's devices.
type deviceFacts struct {
	uses   []*expr            // the expressions the file places tensors with
	values map[string][]*expr // name or attribute → the values assigned to it (the first maxDeviceValues)
	attrs  map[string]bool    // the attribute targets assigned, by their text (self.device)
	cuda   int                // the line of a .cuda() or torch.cuda call (0: none)
	loads  bool               // a torch.load-like call (deviceLoaders)
	first  int                // the line of the first use
}

// maxDeviceValues bounds the values kept per name.
const maxDeviceValues = 16

// noteDeviceValue records the value v assigned to the target t, for names used as
// devices.
func (r *reader) noteDeviceValue(t, v *expr) {
	if t == nil || v == nil || (t.kind != name && t.kind != attr) {
		return
	}
	if r.devices.values == nil {
		r.devices.values = map[string][]*expr{}
	}
	if vs := r.devices.values[t.name]; len(vs) < maxDeviceValues {
		r.devices.values[t.name] = append(vs, v)
	}
	if t.kind == attr {
		if r.devices.attrs == nil {
			r.devices.attrs = map[string]bool{}
		}
		r.devices.attrs[r.text(t)] = true
	}
}

// unassignedAttr reports whether e is an attribute read (p.device, x.dtype) that the
// file never assigns as that same text: values keep attributes by their last name
// only, so without it `device=device` after `device = p.device` followed `p.device`
// back to the name `device`, added nothing, and let the 0-D `device="cpu"` scalars
// alone make nanochat's optimizer a CPU one (unseen7 z02:23, 111: its buffers sit
// on `p.device`, a parameter's device this file does not show).
func (r *reader) unassignedAttr(e *expr) bool {
	return e.kind == attr && !r.devices.attrs[r.text(e)]
}

// dtypeAttr reports whether e is x.dtype: .to(x.dtype) casts, it places nothing.
func dtypeAttr(e *expr) bool { return e.kind == attr && e.name == "dtype" }

// noteDeviceCall records the device places of the call c.
func (r *reader) noteDeviceCall(c *expr) {
	q := r.qual(c.x)
	switch {
	case c.x.kind == attr && c.x.name == "cuda" && q == "", strings.HasPrefix(q, "torch.cuda.") && !cudaProbes.has(q):
		if r.devices.cuda == 0 {
			r.devices.cuda = int(c.line)
		}
	case deviceLoaders.has(q):
		r.devices.loads = true
	case q == "torch.device", q == "torch.set_default_device":
		r.deviceUse(kwarg(c, "device", 0))
	case c.x.kind == attr && c.x.name == "to" && q == "":
		r.deviceUse(kwarg(c, "device", 0))
	}
	for _, a := range c.args {
		if a.keyword == "device" && q != "torch.device" {
			r.deviceUse(a.value)
		}
	}
}

func (r *reader) deviceUse(e *expr) {
	if e == nil {
		return
	}
	if r.devices.first == 0 {
		r.devices.first = int(e.line)
	}
	r.devices.uses = append(r.devices.uses, e)
}

// deviceKindsOf adds to out the device types e can be (unknownDevice for one it cannot
// read); a dtype (.to(torch.float16)) adds none.
func (r *reader) deviceKindsOf(e *expr, out map[string]bool, depth int) {
	r.deviceKindsSeen(e, out, map[string]bool{}, depth)
}

// deviceKindsSeen is deviceKindsOf, each name's values followed once (seen): the kinds
// are a union, so a name met again adds nothing new. Without it a name whose values
// name it again (device = cur_token.device, device = …: gpt-fast's generate.py) was
// followed 2^64 ways, and -script never ended.
func (r *reader) deviceKindsSeen(e *expr, out, seen map[string]bool, depth int) {
	if e == nil || depth > maxDerivedDepth {
		out[unknownDevice] = true
		return
	}
	if s, ok := r.literalStr(e); ok {
		k, _, _ := strings.Cut(s, ":")
		if kind, known := deviceKinds[k]; known {
			out[kind] = true
		} else {
			out[unknownDevice] = true
		}
		return
	}
	switch {
	case e.kind == ifElse && len(e.elts) == 3:
		r.deviceKindsSeen(e.elts[0], out, seen, depth+1)
		r.deviceKindsSeen(e.elts[2], out, seen, depth+1)
	case e.kind == call && r.qual(e.x) == "torch.device":
		r.deviceKindsSeen(kwarg(e, "type", 0), out, seen, depth+1)
	case strings.HasPrefix(r.qual(e), "torch."):
		// torch.float16, torch.bfloat16: a dtype, not a device.
	case dtypeAttr(e):
		// .to(x.dtype): a cast, not a device.
	case r.unassignedAttr(e):
		out[unknownDevice] = true
	case e.kind == name || e.kind == attr:
		r.deviceKindsOfName(e, out, seen, depth)
	default:
		out[unknownDevice] = true
	}
}

// deviceKindsOfName adds the device types of the values the file assigns to the name
// or attribute e (once per name: seen).
func (r *reader) deviceKindsOfName(e *expr, out, seen map[string]bool, depth int) {
	if seen[e.name] {
		return
	}
	seen[e.name] = true
	vs := r.devices.values[e.name]
	if len(vs) == 0 {
		out[unknownDevice] = true
	}
	for _, v := range vs {
		r.deviceKindsSeen(v, out, seen, depth+1)
	}
}

// fileDeviceType returns the device type every device place of the file names when
// none is CUDA or unknown: "mps" when mps is one of them, else "cpu"; "" otherwise.
func (r *reader) fileDeviceType() string {
	if r.devices.cuda != 0 || len(r.devices.uses) == 0 {
		return ""
	}
	kinds := map[string]bool{}
	for _, u := range r.devices.uses {
		r.deviceKindsOf(u, kinds, 0)
		if kinds[unknownDevice] || kinds["cuda"] {
			return ""
		}
	}
	switch {
	case kinds["mps"]:
		return "mps"
	case kinds["cpu"]:
		return "cpu"
	}
	return ""
}

// inferDeviceType sets the device type of every site of a file placed off CUDA.
func (r *reader) inferDeviceType() {
	if r.defaultCPU() {
		for _, s := range r.sites {
			s.note("%s", defaultCPUNote)
		}
		return
	}
	d := r.fileDeviceType()
	if d == "" {
		return
	}
	for _, s := range r.sites {
		s.apply(factDeviceType, r.devices.first, deviceTypeIndex(d))
	}
}

// plainModules are the top-level modules whose import cannot place a tensor on a GPU
// behind the file's back: torch itself (a device is placed only by the calls the
// reader reads), numpy and Python's standard library.
var plainModules = nameSet{
	"torch", "numpy", "os", "sys", "time", "math", "random",
	"threading", "queue", "concurrent", "multiprocessing", "argparse",
	"functools", "itertools", "collections", "dataclasses", "typing",
	"json", "logging", "asyncio", "contextlib", "copy", "re",
	"pathlib", "gc", "warnings", "statistics", "__future__", "enum",
	"abc", "operator", "timeit", "traceback", "signal", "platform",
}

// deviceLoaders are the torch calls that can bring tensors onto a GPU without a
// device the reader sees (torch.load restores each tensor to the device it was saved
// from, unless map_location says another).
var deviceLoaders = nameSet{"torch.load", "torch.jit.load", "torch.hub.load", "torch.export.load"}

// defaultCPUNote is said on each site of a file whose tensors are all on the default
// device as written (defaultCPU). The plans stay CUDA ones: a file that shows no
// device is most often a sketch whose tensors go to CUDA in code it does not show,
// and -script has no flag that would plan CUDA instead; the note says what the file
// as written does.
const defaultCPUNote = "the file places no tensor on a device (no .cuda(), .to(…), device=, torch.set_default_device) and imports only torch, numpy and Python's standard library: as written, its modules and tensors are on PyTorch's default device, the CPU (torch.set_default_device docs), where Inductor captures no CUDA graph (torch/_inductor/cudagraph_utils.py @2.14.1, \"cpu device\"); the plans below are for CUDA tensors (move them with .cuda() or device=\"cuda\" to run them)"

// defaultCPU reports whether every tensor of the file is on PyTorch's default
// device, the CPU (sweep4 finding 26): the file has compile sites, places nothing on a
// device (no .cuda(), no torch.cuda call but a probe, no device= or .to(…) with one,
// no torch.set_default_device), loads nothing (deviceLoaders), imports only
// plainModules, so no library it calls moves the model or its inputs, and compiles
// no function its callers elsewhere hand it (compilesCallers).
func (r *reader) defaultCPU() bool {
	if len(r.sites) == 0 || r.devices.cuda != 0 || len(r.devices.uses) > 0 || r.devices.loads || r.compilesCallers() {
		return false
	}
	for _, target := range r.aliases {
		top, _, _ := strings.Cut(target, ".")
		if !plainModules.has(top) {
			return false
		}
	}
	return true
}

// deviceTypeNames are the device types factDeviceType's count stands for.
var deviceTypeNames = [...]string{1: "cpu", 2: "mps"}

func deviceTypeIndex(d string) int {
	for i, n := range deviceTypeNames {
		if n == d && i > 0 {
			return i
		}
	}
	return 0
}

// setDeviceType is factDeviceType's row: n indexes deviceTypeNames.
func setDeviceType(w *graphs.Workload, n int) []Inference {
	if n <= 0 || n >= len(deviceTypeNames) {
		return nil
	}
	w.DeviceType = deviceTypeNames[n]
	return []Inference{{Field: "device_type", Value: w.DeviceType}}
}

// compilesCallers reports whether a site compiles a function that a def of the file
// takes as a parameter and no code of the file calls that def (unseen6 y19:
// HunyuanVideo-1.5's decorator factory compiles the method it decorates, in another
// file): that function, its module and its tensors are its callers', which place them
// where the file does not show, so nothing says they are on the CPU.
func (r *reader) compilesCallers() bool {
	for _, s := range r.sites {
		if s.callerFn {
			return true
		}
	}
	return false
}

// callerParam reports whether e, torch.compile's first argument read in the def
// running, is a parameter of a def (that def, or one it is in) that no code of the
// file calls, or one that a call hands such a parameter (handCallerParams).
func (r *reader) callerParam(e *expr) bool {
	if e == nil || e.kind != name || r.sc == nil {
		return false
	}
	at := r.scopeOf(e.name, r.fn)
	return at != nil && hasParam(at, e.name) && (!r.sc.called[at] || r.handed[at][e.name])
}

// handCallerParams records, for the call c of def about to run (its first positional
// argument binding parameter i), the parameters c passes a caller's parameter: a bare
// name that callerParam reports where c is. What the file compiles through them is
// its callers' function too (unseen9 w05: LongLive's configure_module_call_torch_compile,
// which no code of the file calls, hands its module to SafeCompiledCallable(module, …),
// whose __init__ compiles it: the file was said to keep its modules on the CPU).
func (r *reader) handCallerParams(def *stmt, c *expr, i int) {
	for _, a := range c.args {
		if a.star != 0 {
			return // *args and **kwargs: the positions after are unknown
		}
		p := a.keyword
		if p == "" && i < len(def.params) {
			p = def.params[i].name
		}
		if a.keyword == "" {
			i++
		}
		if p != "" && hasParam(def, p) && r.callerParam(a.value) {
			r.handParam(def, p)
		}
	}
}

// handParam records that parameter p of def is handed a caller's parameter.
func (r *reader) handParam(def *stmt, p string) {
	if r.handed == nil {
		r.handed = map[*stmt]map[string]bool{}
	}
	if r.handed[def] == nil {
		r.handed[def] = map[string]bool{}
	}
	r.handed[def][p] = true
}

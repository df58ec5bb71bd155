package script

// Process pools forked after CUDA was initialised (sweep4 finding 30). A process
// started with fork inherits a parent whose CUDA is initialised, and PyTorch refuses
// to initialise CUDA again there: the worker's first CUDA call raises RuntimeError
// "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing,
// you must use the 'spawn' start method" (torch/cuda/__init__.py _lazy_init,
// _is_in_bad_fork, @ 2.6.0 and 2.14.1). Which start method a Process or Pool uses is
// multiprocessing's default unless the script sets one: fork on Linux up to Python
// 3.13, forkserver from 3.14 (measured: multiprocessing.get_start_method() is "fork"
// on 3.13.5 and "forkserver" on 3.14.10, the CPU chroots; CPython 3.14 "What's New").
// A DataLoader's workers fork too, but do not call the model: not counted.

// forkStarters are the process starters that use multiprocessing's default start
// method.
var forkStarters = nameSet{
	"multiprocessing.Process", "multiprocessing.Pool", "multiprocessing.pool.Pool",
	"torch.multiprocessing.Process", "torch.multiprocessing.Pool",
	"concurrent.futures.ProcessPoolExecutor",
}

// startMethodSetters set multiprocessing's default start method.
var startMethodSetters = nameSet{"multiprocessing.set_start_method", "torch.multiprocessing.set_start_method"}

// noteStartMethod records a set_start_method call with a literal method.
func (r *reader) noteStartMethod(c *expr, q string) {
	if !startMethodSetters.has(q) {
		return
	}
	if m, ok := r.literalStr(kwarg(c, "method", 0)); ok {
		r.startMethod = m
	}
}

// forkAfterCUDA warns when c, a process starter (q), starts its processes with fork,
// by default or as set, after the script initialised CUDA: a worker that uses CUDA
// raises.
func (r *reader) forkAfterCUDA(c *expr, q string) {
	if !forkStarters.has(q) || r.startMethod != "" && r.startMethod != "fork" || kwarg(c, "mp_context", -1) != nil || kwarg(c, "context", -1) != nil {
		return
	}
	at := r.cudaBefore(int(c.line))
	if at == 0 {
		return
	}
	how := "multiprocessing's default start method, fork on Linux up to Python 3.13 (3.14's is forkserver, which re-imports the script: no error there)"
	if r.startMethod == "fork" {
		how = "the start method the script sets, fork"
	}
	r.warn(int(c.line), WarningForkAfterCUDA, "%s starts its processes with %s, after this process initialised CUDA (line %d): a worker that uses CUDA, as calling this file's compiled function does, raises RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method (torch/cuda/__init__.py _lazy_init)", q, how, at)
}

// cudaBefore returns the line where the script initialised CUDA before line (a
// .cuda() or torch.cuda call, a call of a compiled function already made), 0 when it
// did not.
func (r *reader) cudaBefore(line int) int {
	if r.devices.cuda != 0 && r.devices.cuda < line {
		return r.devices.cuda
	}
	for _, ev := range r.callEvents {
		if !ev.rest && ev.site != nil && ev.site.Workload.DeviceType == "" {
			return r.lines.line(ev.off)
		}
	}
	return 0
}

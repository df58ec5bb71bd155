package script

import (
	"fmt"

	"github.com/compilemode/compilemode/graphs"
)

// nn.DataParallel (sweep3 finding 18). DataParallel's forward, with more than one
// device in device_ids, replicates the module onto each device and runs the replicas
// with parallel_apply, which starts one threading.Thread per replica and joins them
// (torch/nn/parallel/data_parallel.py forward, @ 2.6.0 line 193 and @ 2.14.1 line
// 196; torch/nn/parallel/parallel_apply.py, threads when len(modules) > 1, @ 2.6.0
// line 105 and @ 2.14.1 line 123). With one device it calls the module in the calling
// thread (data_parallel.py @ 2.14.1 line 193). device_ids=None means every visible
// device (_get_all_device_indices, data_parallel.py @ 2.14.1 line 152). The replicas
// share the module's compiled forward, so a compiled module wrapped in DataParallel is
// called on each device from a thread of its own, which compiles there on the first
// forward: the per-device layout (-threads per-device -devices N). The functional
// torch.nn.parallel.data_parallel(module, inputs, device_ids) does the same at once.

// dataParallelForm is where a DataParallel constructor or call takes its module and
// device_ids (Python's signatures: DataParallel(module, device_ids=None, …),
// data_parallel(module, inputs, device_ids=None, …)).
type dataParallelForm struct {
	devicePos int // device_ids' position
}

// dataParallels are DataParallel's names (torch.nn re-exports torch.nn.parallel's,
// which is data_parallel.py's: torch/nn/__init__.py, torch/nn/parallel/__init__.py @
// 2.14.1) and the functional form.
var dataParallels = map[string]dataParallelForm{
	"torch.nn.DataParallel":                         {1},
	"torch.nn.parallel.DataParallel":                {1},
	"torch.nn.parallel.data_parallel.DataParallel":  {1},
	"torch.nn.parallel.data_parallel":               {2},
	"torch.nn.parallel.data_parallel.data_parallel": {2},
}

// dataParallelSite returns the site whose compiled function the DataParallel call c
// (q is what c.x stands for) runs on each device, and marks that site's layout; nil
// when c is not DataParallel of a compiled function.
func (r *reader) dataParallelSite(c *expr, q string) *siteState {
	form, ok := dataParallels[q]
	if !ok || c.kind != call {
		return nil
	}
	m := kwarg(c, "module", 0)
	if m == nil {
		return nil
	}
	st := r.siteIn(m)
	if st == nil {
		st = r.compiledName(m)
	}
	if st == nil {
		st = r.instanceSite(m)
	}
	if st != nil {
		r.dataParallelLayout(st, c, kwarg(c, "device_ids", form.devicePos))
	}
	return st
}

// dataParallelLayout sets the per-device layout of st, run by DataParallel at c over
// ids (nil: every visible device), unless a layout was inferred before.
func (r *reader) dataParallelLayout(st *siteState, c, ids *expr) {
	if st.Threads != "" || st.Workload.ThreadPool != 0 {
		return
	}
	line := int(c.line)
	n, from := 0, ""
	if ids != nil {
		n = r.countOf(ids, 0).n
	} else if n, from = r.visibleDevices(); from != "" && n == 0 {
		r.warnNoVisible(line, from)
	}
	what := fmt.Sprintf("nn.DataParallel at line %d", line)
	if from != "" {
		what += fmt.Sprintf(" (no device_ids: the %d devices %s names)", n, from)
	}
	switch {
	case n == 1:
		st.note("threads: main: %s has one device, so it calls the module in the calling thread", what)
		return
	case n > 1:
		st.Threads = graphs.PerDevice
		st.apply(factDataParallel, line, n)
		st.note("threads: per-device (inferred): %s runs the module on each of its %d devices in a thread of its own, started anew at every forward", what, n)
	default:
		st.Threads = graphs.PerDevice
		st.apply(factDataParallel, line, 0)
		st.note("threads: per-device (inferred): %s runs the module on each visible device in a thread of its own, started anew at every forward"+giveDevices, what)
	}
}

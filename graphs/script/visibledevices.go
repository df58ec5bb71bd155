package script

import (
	"fmt"
	"strings"
)

// CUDA_VISIBLE_DEVICES and torch.cuda.device_count() (sweep5 finding 21). Before CUDA
// is initialised, device_count() counts the devices CUDA_VISIBLE_DEVICES names, read
// through os.getenv at each call (torch/cuda/__init__.py device_count,
// _device_count_nvml, _parse_visible_devices @ 2.6.0 and @ 2.14.1; the count is cached
// only once CUDA is initialised: "the number of devices can change due to changes to
// CUDA_VISIBLE_DEVICES setting prior to CUDA initialization"). So a value the script
// sets in os.environ before its first CUDA use (after `import torch` too), or the
// environment it starts in, decides how many threads range(torch.cuda.device_count())
// starts, and nn.DataParallel's devices when device_ids is not given; a value set
// after CUDA was initialised changes nothing. The count is at most the devices named:
// _device_count_nvml also stops at the first ordinal the host does not have.

// visibleVar is the variable that decides which CUDA devices the process sees.
const visibleVar = "CUDA_VISIBLE_DEVICES"

// visibleCount returns how many devices value names, as _parse_visible_devices
// reads it (@ 2.6.0 and @ 2.14.1): a list of GPU- or MIG- identifiers up to the first
// item without the prefix, else of ordinals, each read as strtoul reads it ("1gpu" is
// 1) up to the first that is negative or not a number; a repeated item names none.
// ok is false where Python raises instead (an item that is only a sign: int("+")).
func visibleCount(value string) (n int, ok bool) {
	for _, prefix := range []string{"GPU-", "MIG-"} {
		if strings.HasPrefix(value, prefix) {
			return prefixedCount(value, prefix), true
		}
	}
	seen := map[int64]bool{}
	for _, item := range strings.Split(value, ",") {
		x, ok := strtoul(strings.TrimSpace(item))
		switch {
		case !ok:
			return 0, false
		case x < 0:
			return len(seen), true
		case seen[x]:
			return 0, true
		}
		seen[x] = true
	}
	return len(seen), true
}

// prefixedCount counts a list of identifiers with prefix, as
// parse_list_with_prefix does.
func prefixedCount(value, prefix string) int {
	seen := map[string]bool{}
	for _, item := range strings.Split(value, ",") {
		switch {
		case seen[item]:
			return 0
		case !strings.HasPrefix(item, prefix):
			return len(seen)
		}
		seen[item] = true
	}
	return len(seen)
}

// strtoul is _parse_visible_devices' _strtoul: the int that s starts with (an
// optional sign, then ASCII digits), -1 when it starts with none; ok is false when
// Python raises (a sign with no digit after it: int("+")) or the reader cannot say
// (a non-ASCII character, which str.isdigit may take for a digit). Values past 1<<31
// are read as that bound: only their sign and repetition matter.
func strtoul(s string) (int64, bool) {
	if s == "" {
		return -1, true
	}
	start := 0
	if s[0] == '+' || s[0] == '-' {
		start = 1
	}
	i := start
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	switch {
	case i < len(s) && s[i] >= 0x80:
		return 0, false
	case i == start && start == 1:
		return 0, false
	case i == start:
		return -1, true
	}
	var v int64
	for _, c := range s[start:i] {
		v = min(v*10+int64(c-'0'), 1<<31)
	}
	if s[0] == '-' {
		v = -v
	}
	return v, true
}

// visibleSet is one change of CUDA_VISIBLE_DEVICES in the script.
type visibleSet struct {
	line   int
	value  *string // nil: removed, or not a literal (unknown)
	unset  bool    // removed (pop, del)
	guards []guard // the guards it runs under (r.guards then)
	late   int     // the line where CUDA was initialised before it (0: not before)
}

// noteVisible records a change of CUDA_VISIBLE_DEVICES through os.environ (putenv
// and unsetenv change only the C environment, which os.getenv does not read).
// It returns e with cudaLate set when CUDA started before the change.
func (r *reader) noteVisible(e EnvSet) EnvSet {
	if e.Name != visibleVar || e.How == "putenv" || e.How == "unsetenv" {
		return e
	}
	e.cudaLate = r.cudaInitialised()
	r.cvd = append(r.cvd, visibleSet{line: e.Line, value: e.Value, unset: e.Unset, guards: append([]guard(nil), r.guards...), late: e.cudaLate})
	return e
}

// noteCUDAInit records, in the order the script runs, the first call that initialises
// CUDA: a .cuda() or a torch.cuda call other than is_available and device_count (as
// noteDeviceCall reads them), or a call that places a tensor or module on CUDA
// (cudaPlaced), not one of the defs no code calls (runRest): those record restCUDA,
// the def's own.
func (r *reader) noteCUDAInit(c *expr, q string) {
	if r.cudaInit != 0 && !r.rest || r.rest && r.restCUDA != 0 {
		return
	}
	if !(c.x.kind == attr && c.x.name == "cuda" && q == "" || strings.HasPrefix(q, "torch.cuda.") && !cudaProbes.has(q) || r.cudaPlaced(c, q)) {
		return
	}
	if r.rest {
		r.restCUDA = int(c.line) // the def runRest runs now (forkcuda.go parentCUDA)
		return
	}
	r.cudaInit = int(c.line)
}

// notPlacing are the calls whose device= (or first argument) names a device without
// making anything there: torch.device("cuda") and torch.set_default_device("cuda")
// do not start CUDA.
var notPlacing = nameSet{"torch.device", "torch.set_default_device"}

// cudaPlaced reports whether the call c makes a tensor or a module on CUDA, which
// initialises CUDA (torch/cuda/__init__.py _lazy_init runs: measured on 2.6.0 and
// 2.14.1, testdata/measured/cuda_init.py): a device="cuda" or "cuda:N" keyword
// (torch.zeros(1, device="cuda"), nn.Linear(2, 2, device="cuda")), or .to("cuda"),
// .to(device="cuda:0"), .to(torch.device("cuda")). A device the reader cannot read
// as CUDA alone (a name bound to other values too, an f-string) does not count.
func (r *reader) cudaPlaced(c *expr, q string) bool {
	if notPlacing.has(q) {
		return false
	}
	d := kwarg(c, "device", 99)
	if d == nil && c.x.kind == attr && c.x.name == "to" && q == "" {
		d = kwarg(c, "device", 0)
	}
	if d == nil {
		return false
	}
	kinds := map[string]bool{}
	r.deviceKindsOf(d, kinds, 0)
	return len(kinds) == 1 && kinds["cuda"]
}

// cudaInitialised returns the line where the script, as run so far, initialised CUDA
// (noteCUDAInit, or a call of a compiled function on CUDA), 0 when it has not. Unlike
// cudaBefore, which compares lines, it follows the order the code runs in: a .cuda()
// in a def that runs later does not count (def run(): … .cuda(); then, under
// if __name__ == "__main__":, os.environ["CUDA_VISIBLE_DEVICES"] = "0").
func (r *reader) cudaInitialised() int {
	if r.cudaInit != 0 {
		return r.cudaInit
	}
	for _, ev := range r.callEvents {
		if !ev.rest && ev.site != nil && ev.site.Workload.DeviceType == "" {
			return r.lines.line(ev.off)
		}
	}
	return 0
}

// visibleDevices returns the count torch.cuda.device_count() has where the reader
// runs now, when CUDA_VISIBLE_DEVICES decides it: the script's last change before
// CUDA was initialised, else the environment it starts in (ReadWith); from says
// which ("" when nothing decides it: the count is unknown).
func (r *reader) visibleDevices() (n int, from string) {
	for i := len(r.cvd) - 1; i >= 0; i-- {
		v := r.cvd[i]
		switch {
		case v.late != 0:
			continue // CUDA read the value it had before
		case !r.underGuards(v.guards) || v.unset || v.value == nil:
			return 0, "" // conditional here, removed (every device) or unknown
		}
		return r.visibleFrom(*v.value, fmt.Sprintf("line %d", v.line))
	}
	if g, ok := r.startEnv[visibleVar]; ok {
		return r.visibleFrom(g.value, g.from)
	}
	return 0, ""
}

// visibleFrom counts value, set where, for visibleDevices.
func (r *reader) visibleFrom(value, where string) (int, string) {
	n, ok := visibleCount(value)
	if !ok {
		return 0, ""
	}
	return n, fmt.Sprintf("%s=%q (%s)", visibleVar, value, where)
}

// deviceCounterCount is the iteration count of torch.cuda.device_count() read where
// the reader runs now: the devices CUDA_VISIBLE_DEVICES names, when it decides.
func (r *reader) deviceCounterCount() iterCount {
	n, from := r.visibleDevices()
	return iterCount{n: n, device: true, visible: from}
}

// visibleLayout sets the device count of a per-device site whose threads a loop over
// torch.cuda.device_count() starts at line, n being the count CUDA_VISIBLE_DEVICES
// (from) gives; what says what starts them. A value that names no device leaves 2
// planned, with a warning: the loop starts no thread.
func (r *reader) visibleLayout(s *siteState, line, n int, from, what string) {
	if n == 0 {
		r.warnNoVisible(line, from)
		s.apply(factDevicesUnknown, line, 0)
		s.note("threads: per-device (inferred): %s"+giveDevices, what)
		return
	}
	s.apply(factDevicesVisible, line, n)
	s.note("threads: per-device (inferred): %s; torch.cuda.device_count() is %d there: %s", what, n, from)
}

// warnNoVisible warns that the CUDA_VISIBLE_DEVICES in force at line names no device.
func (r *reader) warnNoVisible(line int, from string) {
	r.warn(line, WarningNoVisibleDevice, "%s names no CUDA device: torch.cuda.device_count() is 0 where line %d runs, so what it starts for each device does not run, and the process has no CUDA device (torch/cuda/__init__.py _parse_visible_devices); the plan is for 2 devices, as if it named them", from, line)
}

// noteCounted records the count torch.cuda.device_count() has where the assignment of
// it to the name t runs (n = torch.cuda.device_count()): before CUDA starts it reads
// CUDA_VISIBLE_DEVICES at that call, so a set after it does not change n (sweep6
// finding 2).
func (r *reader) noteCounted(t, v *expr) {
	if t.kind != name || v == nil || v.kind != call || !deviceCounters.has(r.qual(v.x)) {
		return
	}
	if _, seen := r.counted[t.name]; !seen {
		r.counted[t.name] = r.deviceCounterCount()
	}
}

// counterCount is the count of e, a device counter (isDeviceCounter): a name's where
// its assignment ran (noteCounted), else the count where the reader runs now.
func (r *reader) counterCount(e *expr) iterCount {
	if c, ok := r.counted[e.name]; ok && e.kind == name {
		return c
	}
	return r.deviceCounterCount()
}

// noteCounter counts an assignment of torch.cuda.device_count() to the name n.
func (r *reader) noteCounter(n string, v *expr) {
	if n != "" && v != nil && v.kind == call && deviceCounters.has(r.qual(v.x)) {
		r.counters[n]++
	}
}

// underGuards reports whether what runs now runs under gs, the guards of an earlier
// statement, and so only where that statement ran: gs is where r.guards starts (a
// set under if __name__ == "__main__" holds for the threads that block starts).
func (r *reader) underGuards(gs []guard) bool {
	if len(gs) > len(r.guards) {
		return false
	}
	for i, g := range gs {
		if r.guards[i].text != g.text || r.guards[i].cond != g.cond {
			return false
		}
	}
	return true
}

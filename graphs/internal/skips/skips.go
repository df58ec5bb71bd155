// Package skips holds, as rows by release with their sources, the lines PyTorch logs when
// Inductor skips CUDA graphs for a graph ("skipping cudagraphs due to …") and the order in
// which each release checks and joins its reasons. Package graphs predicts these lines
// and graphs/diagnose recognises them, both from these rows, so a wording is stated once.
package skips

import (
	"strings"
	"sync"

	"github.com/compilemode/compilemode/modes"
)

// Prefix starts every line a release from 2.2 logs for a skip ("skipping cudagraphs due to
// %s"), and many of 2.0's and 2.1's.
const Prefix = "skipping cudagraphs due to "

// Reason is one reason a release's compile-time checks refuse CUDA graphs for a graph.
type Reason string

// The reasons. Their order here is not PyTorch's: each release's [Check] rows give it.
const (
	// CPUDevice: a CPU tensor (a 0-d CPU scalar counts) beside CUDA ones.
	CPUDevice Reason = "cpu-device"
	// MultipleDevices: one graph over several CUDA devices.
	MultipleDevices Reason = "multiple-devices"
	// MutatedInputs: an input mutated in place that the implementation may not mutate
	// (cudagraph trees: a user input; the legacy implementation: any graph input), found
	// when compiling: always up to 2.4, from 2.5 only with
	// triton.cudagraph_support_input_mutation=False.
	MutatedInputs Reason = "mutated-inputs"
	// MutatedInputsAtRun: the same found by cudagraph trees at their first call (from 2.5
	// with triton.cudagraph_support_input_mutation=True, the default outside fbcode), so
	// only when no compile-time reason held.
	MutatedInputsAtRun Reason = "mutated-inputs-at-run"
	// StorageMutation: an input's storage replaced (Tensor.set_); before 2.14 a release
	// counts it as [MutatedInputs].
	StorageMutation Reason = "storage-mutation"
	// IncompatibleOp: an op that cannot be captured.
	IncompatibleOp Reason = "incompatible-op"
	// NonTensorInputs: an input that is neither a tensor nor a SymInt.
	NonTensorInputs Reason = "non-tensor-inputs"
	// DynamicGraphs: symbolic inputs with triton.cudagraph_skip_dynamic_graphs=True.
	DynamicGraphs Reason = "dynamic-graphs"
	// UncachedAllocator: PYTORCH_NO_CUDA_MEMORY_CACHING=1.
	UncachedAllocator Reason = "uncached-allocator"
	// ComplexMemoryOverlap: an input whose memory overlaps itself (an expanded view).
	ComplexMemoryOverlap Reason = "complex-memory-overlap"
)

// Impl is the CUDA-graph implementation a wording is for.
type Impl string

// The implementations, as package graphs names them.
const (
	// Any: the wording is the same whichever implementation runs.
	Any Impl = ""
	// Trees: cudagraph trees (triton.cudagraph_trees=True).
	Trees Impl = "cudagraph_trees"
	// Legacy: the first implementation (triton.cudagraph_trees=False).
	Legacy Impl = "legacy"
)

// Wording is how the releases of one row log one reason.
type Wording struct {
	_      [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Reason Reason
	// Impl is the implementation the row is for; Any for both. A reason with no row
	// for the running implementation is not a reason on that release.
	Impl     Impl
	Releases modes.Releases
	// Text is what the release logs: a whole line (lines of a multi-line message joined
	// by "\n"), or, when Item is set, one entry of the Python list it logs after
	// [Prefix]. "" means the release skips without a line. {op}, {input} and {devices}
	// are filled by the caller; <name> is what PyTorch fills at run time.
	Text string
	Item bool
	// Source is where the wording is read: file:line@release and the copy read.
	Source string
}

// Check is one step of a release's skip checks. The steps run in order, and the first
// step for which a reason holds logs its line and ends the checks: the line of its first
// reason, or, with List, one line listing every reason of the step that holds, in the
// step's order.
type Check struct {
	Releases modes.Releases
	Reasons  []Reason
	List     bool
	// PartitionSilent are the releases on which, with graph_partition on, the step turns
	// CUDA graphs off without a line.
	PartitionSilent modes.Releases
	// Source is where the order is read.
	Source string
}

// Logged is what a release logs for a graph when some reasons hold.
type Logged struct {
	// Line is the line logged ("" when the release skips without one).
	Line string
	// Reasons are the reasons the line states, in its order: one, or with a list
	// several; the first of them decides the skip.
	Reasons []Reason
	// PartitionSilent reports whether, with graph_partition on, the release logs no
	// line for these reasons (the Line is then what it logs with graph_partition off).
	PartitionSilent bool
}

// Find returns the row of r for release v and implementation impl, and whether there
// is one.
func Find(r Reason, impl Impl, v modes.Version) (Wording, bool) {
	for _, w := range wordingTable() {
		if w.Reason == r && w.Releases.Contains(v) && (w.Impl == Any || w.Impl == impl) {
			return w, true
		}
	}
	return Wording{}, false
}

// Line returns the line that release v logs when r alone holds, under impl: the row's
// text, or for a list entry the list of that one entry after [Prefix]. It reports false
// when r is no reason on v.
func Line(r Reason, impl Impl, v modes.Version) (string, bool) {
	w, ok := Find(r, impl, v)
	if !ok {
		return "", false
	}
	if w.Item {
		return list([]string{w.Text}), true
	}
	return w.Text, true
}

// Log returns what release v logs under impl when the reasons in holds hold (in any
// order), and reports false when none of them is a reason on v.
func Log(v modes.Version, impl Impl, holds []Reason) (Logged, bool) {
	for _, c := range checkTable() {
		if !c.Releases.Contains(v) {
			continue
		}
		if got := c.holding(v, impl, holds); len(got) > 0 {
			l := logged(got, c.List)
			l.PartitionSilent = c.PartitionSilent.Contains(v)
			return l, true
		}
	}
	return Logged{}, false
}

// holding returns the rows of c's reasons that hold, in c's order: only the first
// unless c lists them.
func (c Check) holding(v modes.Version, impl Impl, holds []Reason) []Wording {
	var out []Wording
	for _, r := range c.Reasons {
		w, ok := Find(r, impl, v)
		if !ok || !contains(holds, r) {
			continue
		}
		out = append(out, w)
		if !c.List {
			break
		}
	}
	return out
}

// logged joins the rows of one step as the release logs them.
func logged(rows []Wording, asList bool) Logged {
	var out Logged
	var items []string
	for _, w := range rows {
		out.Reasons = append(out.Reasons, w.Reason)
		items = append(items, w.Text)
	}
	if asList {
		out.Line = list(items)
		return out
	}
	out.Line = rows[0].Text
	return out
}

// list is the line that logs items as a Python list of str (repr quotes each with '),
// after Prefix: "skipping cudagraphs due to ['a', 'b']".
func list(items []string) string {
	return Prefix + "['" + strings.Join(items, "', '") + "']"
}

func contains(rs []Reason, r Reason) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// wordingTable and checkTable are the rows, built once for Find, Line and Log, which
// only read them: built on each call, graphs/diagnose's initialisation alone
// allocated 1 MB of them (a web page's shared link waited on it; examples/web's
// Budgets).
// (A sync.Once each, not sync.OnceValue: its instantiation per result type was about
// 1 KB of the web page each; examples/web's Transfer size.)
var (
	wordingOnce, checkOnce sync.Once
	wordingRows            []Wording
	checkRows              []Check
)

func wordingTable() []Wording {
	wordingOnce.Do(func() { wordingRows = wordings() })
	return wordingRows
}

func checkTable() []Check {
	checkOnce.Do(func() { checkRows = checks() })
	return checkRows
}

// Wordings returns the wording rows, a fresh copy on each call.
func Wordings() []Wording { return wordings() }

// Checks returns the check rows, a fresh copy on each call (their Reasons too).
func Checks() []Check { return checks() }

package graphs

import (
	"strings"

	"github.com/compilemode/compilemode/graphs/internal/skips"
)

// The compile-time skip lines come from one table, graphs/internal/skips, which
// graphs/diagnose reads too: the rows below name which of its reasons hold for a
// situation, and the table says which line the release logs for them (one reason, or
// from 2.2 to 2.5 several in one list) and which reason decides. A skip row of the
// planner applies when its reason decides ([situation.decides]); its Message is
// {skip_line}.

// skipLinePlaceholder is the Message of the skip rows: the line of the skips table.
const skipLinePlaceholder = "{skip_line}"

// skipText returns the line release 2.minor logs when r alone holds under impl: for the
// rows whose message holds a skip line among other text.
func skipText(r skips.Reason, impl skips.Impl, minor int) string {
	line, _ := skips.Line(r, impl, release(minor))
	return line
}

// skipImpl is the implementation the skips table knows the thread's as.
func (c *situation) skipImpl() skips.Impl {
	if c.impl() == CUDAGraphTrees {
		return skips.Trees
	}
	return skips.Legacy
}

// skipHolds returns the skip reasons that hold for the thread, in no order. With
// graph_partition on, CPU tensors, incompatible ops and symbolic shapes are partitioned
// rather than skipped (their partition rows decide).
func (c *situation) skipHolds() []skips.Reason {
	var out []skips.Reason
	add := func(ok bool, r skips.Reason) {
		if ok {
			out = append(out, r)
		}
	}
	part := c.partition()
	add(c.w.CPUInputs && !part, skips.CPUDevice)
	add(c.w.SpanDevices && !part, skips.MultipleDevices)
	add(c.w.IncompatibleOp != "" && !part, skips.IncompatibleOp)
	add(c.w.NonTensorInputs, skips.NonTensorInputs)
	add(c.dynamicInputs && c.view.SkipDynamicGraphs() && !part, skips.DynamicGraphs)
	add(c.w.Allocator == "uncached", skips.UncachedAllocator)
	add(c.w.MutatedInputs == StorageMutation && c.storageReason(), skips.StorageMutation)
	if c.mutationChecked() {
		out = append(out, c.mutationReason())
	}
	return out
}

// storageReason reports whether the release has its own reason for a replaced storage
// (2.14, PR #183645); before, a replaced storage counts as a mutated input.
func (c *situation) storageReason() bool {
	_, ok := skips.Find(skips.StorageMutation, c.skipImpl(), c.res.Torch)
	return ok
}

// mutationChecked reports whether a mutated input is a skip reason for the thread's
// implementation: a replaced storage always (inferred: counted as a mutated input
// before 2.14's own reason); with cudagraph trees a user input; with the legacy
// implementation any graph input, parameters and buffers too, where it checks them
// (see [situation.legacyChecksMutation]).
func (c *situation) mutationChecked() bool {
	switch c.w.MutatedInputs {
	case StorageMutation:
		return true
	case InputMutation:
		return c.impl() == CUDAGraphTrees || c.legacyChecksMutation()
	case StaticMutation:
		return c.impl() != CUDAGraphTrees && c.legacyChecksMutation()
	}
	return false
}

// legacyChecksMutation reports whether the legacy implementation refuses mutated
// inputs at compile time: up to 2.4 always (compile_fx.py:364-370@2.1.0 and :356@2.2.2,
// cudagraph_utils.py check_for_mutation@2.3.0, check_for_mutation_ignore_cuda_graph_
// managed_tensor with 2.4.0's default triton.cudagraph_support_input_mutation=False,
// config.py:643@2.4.0); from 2.5 only when that key is False, since nothing checks
// them later for the legacy implementation (its default is True outside fbcode,
// config.py:849@2.5.1 to config.py:1984@2.14.1; measured on 2.11: captured,
// ro_mut_input_legacy).
func (c *situation) legacyChecksMutation() bool {
	return !c.inputMutationDeferred()
}

// mutationReason returns the reason a mutated input is: found when compiling, or by
// cudagraph trees at their first call.
func (c *situation) mutationReason() skips.Reason {
	if c.mutationAtRun() {
		return skips.MutatedInputsAtRun
	}
	return skips.MutatedInputs
}

// mutationAtRun reports whether cudagraph trees check mutated inputs only at their first
// call (output_code.py:421-428@2.6.0: "Check mutation later to support
// cudagraph-managed tensors"; cudagraph_trees.py check_for_mutation), so that a
// compile-time reason, which turns CUDA graphs off first, is the one logged
// ([skips.MutatedInputsAtRun]).
func (c *situation) mutationAtRun() bool {
	return c.impl() == CUDAGraphTrees && c.inputMutationDeferred()
}

// inputMutationDeferred reports whether triton.cudagraph_support_input_mutation is in
// effect: the key's value, else the release's default, which config states per
// release (config.Facts.InputMutationSupportDefault: True from 2.5,
// config.py:849@2.5.1; False in 2.4, config.py:643@2.4.0; no key before).
func (c *situation) inputMutationDeferred() bool {
	return c.view.SupportInputMutation()
}

// skipLogged returns what the release logs for the reasons that hold, and whether any
// is a reason on it.
func (c *situation) skipLogged() (skips.Logged, bool) {
	return skips.Log(c.res.Torch, c.skipImpl(), c.skipHolds())
}

// decides reports whether r is the reason the release's checks stop at.
func (c *situation) decides(r skips.Reason) bool {
	l, ok := c.skipLogged()
	return ok && len(l.Reasons) > 0 && l.Reasons[0] == r
}

// skipLine returns the line the release logs for the reasons that hold, its {op},
// {input} and {devices} filled: "" when graph_partition is on and the release logs
// these reasons with none.
func (c *situation) skipLine() string {
	l, _ := c.skipLogged()
	if l.PartitionSilent && c.partition() {
		return ""
	}
	return c.fill(l.Line)
}

// skipOthers returns the entries of the logged skip list after the first, quoted as the
// list logs them ("'mutated inputs', 'non-Tensor inputs'"), or "" when the line states
// one reason.
func (c *situation) skipOthers() string {
	l, ok := c.skipLogged()
	if !ok || len(l.Reasons) < 2 {
		return ""
	}
	var out []string
	for _, r := range l.Reasons[1:] {
		w, _ := skips.Find(r, c.skipImpl(), c.res.Torch)
		out = append(out, "'"+w.Text+"'")
	}
	return strings.Join(out, ", ")
}

// decidesMutation reports whether a mutated input, found when compiling or at the first
// call, is the reason the release's checks stop at.
func (c *situation) decidesMutation() bool { return c.decides(c.mutationReason()) }

// treesRecord reports whether cudagraph trees record the graph: not when a mutated input
// found when compiling turned CUDA graphs off first (a mutation found at the first call is
// logged after the recording line, measured on 2.11: ro_mut_input).
func (c *situation) treesRecord() bool {
	return c.impl() == CUDAGraphTrees && !c.decides(skips.MutatedInputs)
}

// treesSkipMutation reports whether cudagraph trees skip the graph for a mutated user
// input, the reason the release logs.
func (c *situation) treesSkipMutation() bool { return c.treesMutateInput() && c.decidesMutation() }

// legacySkipMutation reports whether the legacy implementation skips the graph for a
// mutated graph input, the reason the release logs.
func (c *situation) legacySkipMutation() bool {
	return c.impl() == Legacy && c.mutatesInputOrStatic() && c.decidesMutation()
}

// storageSkip reports whether a replaced input storage, counted as a mutated input, is
// the reason the release logs.
func (c *situation) storageSkip() bool {
	return c.w.MutatedInputs == StorageMutation && c.decidesMutation()
}

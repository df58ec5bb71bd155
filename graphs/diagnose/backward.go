package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/catalog"
)

// The overwritten-output RuntimeError raised from backward() (sweep10 finding 7).
// "accessing tensor output of CUDAGraphs that has been overwritten" raised inside
// autograd's engine, the traceback ending in its run_backward, is most often a
// gradient accumulation: backward() adds into .grad tensors that an earlier
// backward's compiled graph returned in cudagraph-tree memory, which a later call's
// new generation reused. Cloning the forward's outputs, the general fix, does not help
// there; .grad allocated before the first backward does: the fixes measured on 2.11 are
// internal/catalog's (gradaccum.go, with the measurement's files), which the script
// reader's gradaccumfix.go gives too. 2.14 raises its own message for a .grad tensor
// (catalog.GradOverwriteHead214, "accessing gradient tensor output …"), matched by its
// own row.

// backwardFrames are the last frames of a traceback raised inside autograd's engine:
// torch/autograd/graph.py _engine_run_backward (2.4+) and the call it makes, or
// torch/autograd/__init__.py's Variable._execution_engine.run_backward before it.
var backwardFrames = [][]byte{[]byte("in _engine_run_backward"), []byte("_execution_engine.run_backward(")}

// backwardAbove reports whether one of the four lines held above entry e is a frame
// of autograd's engine (backwardFrames): the message on e was raised from backward().
func (s *scanner) backwardAbove(e *ringLine) bool {
	k := -1
	for j := s.n - 1; j >= 0 && j >= s.n-ringSize; j-- {
		if &s.ring[j%ringSize] == e {
			k = j
			break
		}
	}
	for j := k - 1; k >= 0 && j >= k-4; j-- {
		a := s.entry(j)
		if a == nil {
			return false
		}
		for _, f := range backwardFrames {
			if bytes.Contains(a.clean, f) {
				return true
			}
		}
	}
	return false
}

// overwrittenInBackward returns the cause and fix of an overwritten-output raised from
// backward(): cause is the row's, for the release the log shows.
func overwrittenInBackward(cause string) (string, string) {
	return cause + "; here backward() raised it: a backward that adds into .grad tensors an earlier " +
			"backward's compiled graph returned in cudagraph-tree memory (gradient accumulation: several " +
			"backward() per optimizer step), or the backward of an earlier call's output run after a later " +
			"call began a new generation, reads memory that generation reused",
		"if you accumulate gradients (several backward() per optimizer step): " + catalog.GradAccumFix + ". " +
			catalog.GradAccumNoHelp + ". If you do not, run each output's backward() before the next call of the compiled function"
}

package script

import (
	"fmt"

	"github.com/compilemode/compilemode/graphs"
)

// torch._dynamo.config.suppress_errors = True (sweep2 finding 9): what it does is
// graphs.Report.SuppressedErrors, which says where it was measured.

// suppressed returns rep with its first-call compile failures turned into the
// eager fallback, when suppress_errors=True is in force where st compiles
// (graphs.Report.SuppressedErrors). rep itself, shared through the cache, is not changed.
func suppressed(st *Site, rep *graphs.Report) *graphs.Report {
	if st.suppressErrors == 0 {
		return rep
	}
	return rep.SuppressedErrors(fmt.Sprintf("torch._dynamo.config.suppress_errors = True (line %d): Dynamo logs the compile error (torch/_dynamo/convert_frame.py) and runs the function eagerly (measured on 2.6.0 and 2.14.1)", st.suppressErrors))
}

package script

import (
	"fmt"
	"strings"
)

// flagNotes says on the site which of its own arguments the command line's replace
// ([Merge]), so that a flag never overrules the script silently (sweep4 finding 21).
func flagNotes(st *Site, cli *PlanOptions) {
	var parts []string
	c := cli.CLI
	if c.Mode != nil && st.hasMode() {
		parts = append(parts, fmt.Sprintf("-mode %s replaces its mode %s", *c.Mode, st.modeShown()))
	}
	if c.Options != "" && st.Options != nil {
		parts = append(parts, fmt.Sprintf("-options replaces its options=%s", *st.Options))
	}
	if c.Mode != nil && c.Options == "" && st.Options != nil {
		parts = append(parts, fmt.Sprintf("-mode drops its options=%s (torch.compile takes mode or options, not both)", *st.Options))
	}
	if c.Options != "" && c.Mode == nil && st.hasMode() {
		parts = append(parts, fmt.Sprintf("-options drops its mode %s (torch.compile takes mode or options, not both)", st.modeShown()))
	}
	if (c.Backend != "" || c.BackendGiven) && (st.Backend != nil || st.BackendCallable != "") {
		parts = append(parts, fmt.Sprintf("-backend %s replaces its backend", c.Backend))
	}
	if c.Dynamic != nil && st.Dynamic != nil {
		parts = append(parts, fmt.Sprintf("-dynamic replaces its dynamic=%s", pyBool(*st.Dynamic)))
	}
	if c.Fullgraph != nil && st.Fullgraph != nil {
		parts = append(parts, fmt.Sprintf("-fullgraph replaces its fullgraph=%s", pyBool(*st.Fullgraph)))
	}
	if len(parts) == 0 {
		return
	}
	st.Notes = append(append([]string(nil), st.Notes...), "flags: "+strings.Join(parts, "; ")+"; the plans are for the call as the flags make it")
}

// hasMode reports whether the site passes a mode (a literal one or an expression).
func (st *Site) hasMode() bool {
	return st.Mode != nil || !st.ModeLiteral
}

// modeShown is the site's mode as written.
func (st *Site) modeShown() string {
	if st.Mode != nil {
		return fmt.Sprintf("%q", *st.Mode)
	}
	return "`" + st.ModeExpr + "`"
}

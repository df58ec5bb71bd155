package script

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// flagRule is one way a flag replaces a site's argument: when applies holds, the
// note's part says so.
type flagRule struct {
	applies func(c *graphs.Scenario, st *Site) bool
	part    func(c *graphs.Scenario, st *Site) string
}

// flagRules are the replacements flagNotes says, in order.
func flagRules() []flagRule {
	return []flagRule{
		{func(c *graphs.Scenario, st *Site) bool { return c.Mode != nil && st.hasMode() },
			func(c *graphs.Scenario, st *Site) string {
				return fmt.Sprintf("-mode %s replaces its mode %s", *c.Mode, st.modeShown())
			}},
		{func(c *graphs.Scenario, st *Site) bool { return c.Options != "" && st.Options != nil },
			func(_ *graphs.Scenario, st *Site) string { return "-options replaces its options=" + *st.Options }},
		{func(c *graphs.Scenario, st *Site) bool { return c.Mode != nil && c.Options == "" && st.Options != nil },
			func(_ *graphs.Scenario, st *Site) string {
				return fmt.Sprintf("-mode drops its options=%s (torch.compile takes mode or options, not both)", *st.Options)
			}},
		{func(c *graphs.Scenario, st *Site) bool { return c.Options != "" && c.Mode == nil && st.hasMode() },
			func(_ *graphs.Scenario, st *Site) string {
				return fmt.Sprintf("-options drops its mode %s (torch.compile takes mode or options, not both)", st.modeShown())
			}},
		{func(c *graphs.Scenario, st *Site) bool {
			return (c.Backend != "" || c.BackendGiven) && (st.Backend != nil || st.BackendCallable != "")
		}, func(c *graphs.Scenario, _ *Site) string { return "-backend " + c.Backend + " replaces its backend" }},
		{func(c *graphs.Scenario, st *Site) bool { return c.Dynamic != nil && st.Dynamic != nil },
			func(_ *graphs.Scenario, st *Site) string {
				return "-dynamic replaces its dynamic=" + pyBool(*st.Dynamic)
			}},
		{func(c *graphs.Scenario, st *Site) bool { return c.Fullgraph != nil && st.Fullgraph != nil },
			func(_ *graphs.Scenario, st *Site) string {
				return "-fullgraph replaces its fullgraph=" + pyBool(*st.Fullgraph)
			}},
	}
}

// flagNotes says on the site which of its own arguments the command line's replace
// ([Merge]), so that a flag never overrules the script silently (sweep4 finding 21).
func flagNotes(st *Site, o *PlanOptions) {
	var parts []string
	for _, rule := range flagRules() {
		if rule.applies(&o.CLI, st) {
			parts = append(parts, rule.part(&o.CLI, st))
		}
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

package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
)

// flagOfField names the flag that sets a workload field ("" for none).
func (c *cli) flagOfField(field string) string {
	for _, f := range c.workloadFlagTable() {
		if f.field == field {
			return f.flag
		}
	}
	return ""
}

// inputError words err, an error of graphs.Check or of reading the flags, in the terms
// of the command line when a flag the user gave supplied the value: "-devices 99999:
// want 1 to 4096" rather than the library's "graphs: scenario workload: …".
func (c *cli) inputError(err error) string {
	var we *graphs.WorkloadError
	if errors.As(err, &we) {
		if flag := c.flagOfField(we.Field); flag != "" && c.given[flag] {
			return fmt.Sprintf("-%s %s: %s", flag, we.Value, we.Msg)
		}
	}
	var se *graphs.ScenarioError
	if errors.As(err, &se) && strings.HasPrefix(se.Path, "set[") && !c.given["scenario"] {
		return fmt.Sprintf("-set: %v", se.Err)
	}
	return err.Error()
}

package main

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/compilemode/compilemode/examples/internal/cliflags"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
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

// scenarioFlags names the flag that sets each top-level scenario field.
var scenarioFlags = map[string]string{
	"torch": "torch", "mode": "mode", "options": "options", "set": "set", "env": "env",
	"backend": "backend", "dynamic": "dynamic", "fullgraph": "fullgraph", "schema": "schema",
	"python": "python",
}

// fieldFixes is the fix said after an error of a field, when its message has none.
var fieldFixes = map[string]string{
	"torch":   fmt.Sprintf("give a release from %s to %s, e.g. 2.11", modes.First(), modes.Newest()),
	"set":     "write KEY=VALUE with a Python literal value, e.g. triton.cudagraph_trees=False",
	"env":     "write NAME=VALUE, e.g. TORCHINDUCTOR_CUDAGRAPHS=1",
	"options": "write a Python dict, e.g. \"{'triton.cudagraphs': False}\"",
	"mode":    "give a mode the release lists, e.g. reduce-overhead",
}

// userWords removes Go package prefixes from an error message.
func userWords(msg string) string { return cliflags.UserWords(msg) }

// inputError words err, an error of graphs.Check or of reading the flags, in the
// user's terms: the flag that supplied the value ("-devices 99999: want 1 to 4096"),
// or the scenario file and its field ("s.json: workload.thread_pool: …"), never a Go
// package name, and with a fix where the message lacks one.
func (c *cli) inputError(err error) string {
	field, inner := scenarioField(err, c.scenarioName())
	if field == "" {
		return c.fieldlessError(err, inner)
	}
	var we *graphs.WorkloadError
	if errors.As(err, &we) {
		if msg := c.workloadFlagError(we); msg != "" {
			return msg
		}
		field = "workload." + we.Field
		inner = we.Msg
	}
	top, _, _ := strings.Cut(field, "[")
	if top == "options" && c.given["options"] && c.compile.OptionsParsedLater {
		return c.compile.OptionsFlag() + ": " + userWords(inner) // as cliflags words its own parse of -options
	}
	msg := withFieldFix(top, userWords(inner))
	if flag := scenarioFlags[top]; flag != "" && c.given[flag] {
		return fmt.Sprintf("-%s: %s", flag, c.flagWords(msg))
	}
	if c.given["scenario"] {
		return fmt.Sprintf("%s: %s: %s", c.scenarioName(), field, msg)
	}
	return fmt.Sprintf("%s: %s", field, msg)
}

// fieldlessError is inputError for an error no scenario field names: the scenario
// file itself (JSON syntax, a limit), -torch, or the error's own words.
func (c *cli) fieldlessError(err error, inner string) string {
	if inner != "" && c.given["scenario"] {
		return fmt.Sprintf("%s: %s", c.scenarioName(), userWords(inner)) // the file itself: JSON syntax, a limit
	}
	var ve *modes.VersionError
	if c.given["torch"] && errors.As(err, &ve) {
		return "-torch: " + userWords(err.Error()) // from -script's plans: no field around it
	}
	return userWords(err.Error())
}

// workloadFlagError words a workload error after the flag (or -set argument) that
// gave its value, or returns "" when the value came from elsewhere.
func (c *cli) workloadFlagError(we *graphs.WorkloadError) string {
	if flag := c.flagOfField(we.Field); flag != "" && c.given[flag] {
		return fmt.Sprintf("-%s %s: %s", flag, we.Value, c.flagWords(we.Msg))
	}
	if arg := c.dynamoSet(we); arg != "" {
		return fmt.Sprintf("-set %s: %s", arg, userWords(we.Msg))
	}
	return ""
}

// withFieldFix appends the fix fieldFixes holds for the top-level field top, unless
// msg already offers one (an example, a suggestion or the supported values).
func withFieldFix(top, msg string) string {
	if fix := fieldFixes[top]; fix != "" && !strings.Contains(msg, "e.g.") && !strings.Contains(msg, "did you mean") && !strings.Contains(msg, "supported:") && !strings.Contains(msg, "drop it") {
		msg += " (" + fix + ")"
	}
	return msg
}

// scenarioName is the name errors give the scenario file: <stdin> for -scenario -.
func (c *cli) scenarioName() string {
	if c.scenario.Value == "-" {
		return "<stdin>"
	}
	return c.scenario.Value
}

// dynamoSet returns the -set argument (torch._dynamo.config.KEY=VALUE) that an error
// of the Dynamo assignments names, or "" when no -set gave it.
func (c *cli) dynamoSet(we *graphs.WorkloadError) string {
	if we.Field != "dynamo" {
		return ""
	}
	for _, a := range c.compile.Sets {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(a), "torch._dynamo.config."); ok && strings.TrimSpace(rest) == we.Value {
			return a
		}
	}
	return ""
}

// scenarioField returns the innermost field a *graphs.ScenarioError names (a file
// name given to LoadScenario is not a field) and the message of what it wraps.
func scenarioField(err error, file string) (field, inner string) {
	for {
		var se *graphs.ScenarioError
		if !errors.As(err, &se) || se.Err == nil {
			return field, inner
		}
		if se.Path != file {
			field = se.Path
		}
		err, inner = se.Err, se.Err.Error()
	}
}

// workloadNames matches a workload field's JSON name in a message ("span_devices",
// "threads main") so that a flag's error names the flags instead.
var workloadNames = regexp.MustCompile(`\b(threads) (main|thread|per-device|per-thread|callers)\b|\b([a-z]+_[a-z_]+)\b`)

// flagWords renames the workload fields a message names to their flags.
func (c *cli) flagWords(msg string) string {
	return workloadNames.ReplaceAllStringFunc(msg, func(m string) string {
		name, rest, _ := strings.Cut(m, " ")
		if flag := c.flagOfField(name); flag != "" {
			if rest != "" {
				return "-" + flag + " " + rest
			}
			return "-" + flag
		}
		return m
	})
}

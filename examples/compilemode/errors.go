package main

import "github.com/compilemode/compilemode/examples/internal/cliflags"

// userWords removes Go package prefixes from an error message.
func userWords(msg string) string { return cliflags.UserWords(msg) }

// inputError words err, an error of graphs.Check or of reading the flags, in the
// user's terms (cliflags.Wording, which the web page words its refusals with too):
// the flag that supplied the value ("-devices 99999: want 1 to 4096"), or the
// scenario file and its field ("s.json: workload.thread_pool: …"), never a Go package
// name, and with a fix where the message lacks one.
func (c *cli) inputError(err error) string {
	return cliflags.Wording{Given: c.given, Compile: &c.compile, Scenario: c.scenarioName()}.Error(err)
}

// scenarioName is the name errors give the scenario file: <stdin> for -scenario -.
func (c *cli) scenarioName() string {
	if c.scenario.Value == "-" {
		return "<stdin>"
	}
	return c.scenario.Value
}

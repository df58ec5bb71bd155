package cliflags

import (
	"errors"
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script"
	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// FlagOfField names the workload flag that sets a Workload field ("" for none).
func FlagOfField(field string) string {
	for _, f := range script.WorkloadFlags() {
		if f.Field == field {
			return f.Flag
		}
	}
	return ""
}

// Wording words the errors of a command line: the command's (examples/compilemode)
// and the web page's, which shows the command line it answers, so that both say the
// same thing in the user's terms (sweep9 #13: the page said "scenario workload:
// workload devices=99999: want 1 to 4096" where the command says "-devices 99999:
// want 1 to 4096").
type Wording struct {
	// Given holds the flags given ("devices", "set", "scenario", …).
	Given map[string]bool
	// Compile is the compile flags read (-set's arguments, -options' parse).
	Compile *Compile
	// Scenario is the scenario file's name as errors give it ("<stdin>" for -scenario
	// -), "" when there is none.
	Scenario string
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

// Error words err, an error of graphs.Check or of reading the flags, in the user's
// terms: the flag that supplied the value ("-devices 99999: want 1 to 4096"), or the
// scenario file and its field ("s.json: workload.thread_pool: …"), never a Go package
// name, and with a fix where the message lacks one.
func (w Wording) Error(err error) string {
	if err == nil {
		return ""
	}
	field, inner := scenarioField(err, w.Scenario)
	if field == "" {
		return w.fieldlessError(err, inner)
	}
	var we *graphs.WorkloadError
	if errors.As(err, &we) {
		if msg := w.workloadFlagError(we); msg != "" {
			return msg
		}
		field = "workload." + we.Field
		inner = we.Msg
	}
	top, _, _ := strings.Cut(field, "[")
	if top == "options" && w.Given["options"] && w.Compile != nil && w.Compile.OptionsParsedLater {
		return w.Compile.OptionsFlag() + ": " + UserWords(inner) // as cliflags words its own parse of -options
	}
	msg := withFieldFix(top, UserWords(inner))
	if flag := scenarioFlags[top]; flag != "" && w.Given[flag] {
		return fmt.Sprintf("-%s: %s", flag, flagWords(msg))
	}
	if w.Given["scenario"] {
		return fmt.Sprintf("%s: %s: %s", w.Scenario, field, msg)
	}
	return fmt.Sprintf("%s: %s", field, msg)
}

// fieldlessError is Error for an error no scenario field names: the scenario file
// itself (JSON syntax, a limit), -torch, or the error's own words.
func (w Wording) fieldlessError(err error, inner string) string {
	if inner != "" && w.Given["scenario"] {
		return fmt.Sprintf("%s: %s", w.Scenario, UserWords(inner)) // the file itself: JSON syntax, a limit
	}
	var ve *modes.VersionError
	if w.Given["torch"] && errors.As(err, &ve) {
		return "-torch: " + UserWords(ve.Error()) // from -script's plans: the release's words, without the API's context
	}
	if inner != "" {
		return UserWords(inner) // a scenario error of no field: its message, without "scenario:"
	}
	return UserWords(err.Error())
}

// workloadFlagError words a workload error after the flag (or -set argument) that
// gave its value, or returns "" when the value came from elsewhere.
func (w Wording) workloadFlagError(we *graphs.WorkloadError) string {
	if flag := FlagOfField(we.Field); flag != "" && w.Given[flag] {
		return fmt.Sprintf("-%s %s: %s", flag, we.Value, flagWords(we.Msg))
	}
	if arg := w.dynamoSet(we); arg != "" {
		return fmt.Sprintf("-set %s: %s", arg, UserWords(we.Msg))
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

// dynamoSet returns the -set argument (torch._dynamo.config.KEY=VALUE) that an error
// of the Dynamo assignments names, or "" when no -set gave it.
func (w Wording) dynamoSet(we *graphs.WorkloadError) string {
	if we.Field != "dynamo" || w.Compile == nil {
		return ""
	}
	for _, a := range w.Compile.Sets {
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
var workloadNames = &lazyregexp.Regexp{Expr: `\b(threads) (main|thread|per-device|per-thread|callers)\b|\b([a-z]+_[a-z_]+)\b`}

// flagWords renames the workload fields a message names to their flags.
func flagWords(msg string) string {
	return workloadNames.Regexp().ReplaceAllStringFunc(msg, func(m string) string {
		name, rest, _ := strings.Cut(m, " ")
		if flag := FlagOfField(name); flag != "" {
			if rest != "" {
				return "-" + flag + " " + rest
			}
			return "-" + flag
		}
		return m
	})
}

package main

import (
	"encoding/json"
	"errors"
	"io"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script"
	"github.com/compilemode/compilemode/modes"
)

// script answers -script FILE: every torch.compile site of the user's script, read
// without Python and planned with the globals, environment and threads the script
// sets; flags given explicitly win. Exit 0 when every plan shown compiles, 1 when one
// raises (script.Script.Exit), 2 when the file cannot be read or parsed (line and
// column named).
func (c *cli) script(stdin io.Reader, stdout, stderr io.Writer, environ func() []string) int {
	name := c.scriptFile.Value
	f, err := cliflags.Open(name, stdin)
	if err == nil && name == "-" {
		err = checkStdin("script", stdin, stderr)
	}
	if err != nil {
		failf(stderr, "-script %s: %v", name, err)
		return 2
	}
	defer f.Close()
	if name == "-" {
		name = "<stdin>"
	}
	cliSc, processEnv, err := c.scriptOverrides(environ)
	if err != nil {
		failf(stderr, "%s", c.inputError(err))
		return 2
	}
	// The script's own reads of a variable (os.environ.get("COMPILE_MODE", …)) take
	// the value -env gives, else the process environment's (sweep finding 20).
	k := &keeper{r: f}
	s, err := script.ReadWith(k, c.scriptReadOptions(name, cliSc, environ))
	if ve := (*modes.VersionError)(nil); errors.As(err, &ve) {
		failf(stderr, "%s", c.inputError(err)) // -torch's words, as PlanWith's refusal gets
		return 2
	}
	if err != nil {
		readFailed(stderr, name, err)
		if hint := diagnoseHint(err, k, c.scriptFile.Value); hint != "" {
			failf(stderr, "%s", hint)
		}
		return 2
	}
	if c.given["python"] && cliSc.Python != "" {
		// The Python given must compile the file: a form only newer versions accept
		// (match before 3.10, f"{d["k"]}" before 3.12) is its SyntaxError. A version
		// SyntaxFor has no data for is planned, and each site says it is not planned
		// with the versions known (a *ReadError here would say less).
		var se *script.SyntaxError
		if err := s.SyntaxFor(cliSc.Python); errors.As(err, &se) {
			failf(stderr, "%s: %s", se.Where(), se.Msg)
			return 2
		}
	}
	planned, err := s.PlanWith(script.PlanOptions{CLI: *cliSc, ProcessEnv: processEnv, AllKeys: c.all})
	if err != nil {
		failf(stderr, "%s", c.inputError(err))
		return 2
	}
	return c.printPlanned(stdout, stderr, planned, name, cliSc)
}

// printPlanned prints the planned script and its notes on stderr, and returns the
// exit status of -script: 2 when a limit was hit or a site could not be planned,
// else scriptExit's.
func (c *cli) printPlanned(stdout, stderr io.Writer, planned *script.Script, name string, cliSc *graphs.Scenario) int {
	if err := c.printScript(stdout, planned); err != nil {
		failf(stderr, "%v", err)
		return 2
	}
	notes := cliflags.ScriptNotes(planned, name, c.given["python"])
	for _, n := range append(notes, cliflags.EnvArgvNotes(planned, name, cliSc.Env, c.scriptArgv)...) {
		failf(stderr, "%s", n)
	}
	if w := planned.LimitHit(); w != nil {
		failf(stderr, "%s:%d: a limit was hit, the plan is incomplete: %s", name, w.Line, w.Message)
		return 2
	}
	if notPlanned(stderr, name, planned) {
		return 2
	}
	return scriptExit(planned)
}

// readFailed says on stderr why the script named name could not be read: a syntax
// error as FILE:LINE:COL: message, as Python prints its position, else the reading's error.
func readFailed(stderr io.Writer, name string, err error) {
	var se *script.SyntaxError
	var re *script.ReadError
	switch {
	case errors.As(err, &se):
		failf(stderr, "%s: %s", se.Where(), se.Msg)
	case errors.As(err, &re):
		failf(stderr, "-script %s: %v", name, re.Err)
	default:
		failf(stderr, "-script %s: %v", name, err)
	}
}

// notPlanned says on stderr which sites could not be planned (their scenario, the
// script's with the flags on top, cannot be used: a flag that does not fit the
// script's workload, say), and reports whether there was one: an unusable input is
// exit 2, as it is without -script.
func notPlanned(stderr io.Writer, name string, s *script.Script) bool {
	found := false
	for _, st := range s.Sites {
		if st.PlanError != "" {
			failf(stderr, "%s:%d: this torch.compile site is not planned: %s", name, st.Line, userWords(st.PlanError))
			found = true
		}
	}
	return found
}

// scriptOverrides returns the flags given explicitly as a scenario (every other field
// zero, so that the script's own values stand) and the process environment.
func (c *cli) scriptOverrides(environ func() []string) (*graphs.Scenario, map[string]string, error) {
	sc, err := c.compile.Scenario(c.given, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	if !c.given["torch"] {
		sc.Torch = ""
	}
	if !c.given["backend"] {
		sc.Backend = ""
	}
	sc.Workload = graphs.Workload{}
	c.workloadFlags(&sc.Workload, true)
	for _, f := range c.workloadFlagTable() {
		if c.given[f.flag] {
			sc.WorkloadGiven = append(sc.WorkloadGiven, f.field) // -outputs-kept=false overrules the script
		}
	}
	if c.given["fullgraph"] {
		sc.Fullgraph = &c.fullgraph
	}
	var processEnv map[string]string
	if !c.compile.NoEnv && environ != nil {
		base, err := (&c.compile).Scenario(map[string]bool{}, nil, environ)
		if err != nil {
			return nil, nil, err
		}
		processEnv = base.Env
	}
	return sc, processEnv, nil
}

// rawProcessEnv is the whole process environment (nil with -no-env), for the
// script's own reads: a variable such as COMPILE_MODE is no PyTorch variable, so the
// scenario's environment leaves it out.
func (c *cli) rawProcessEnv(environ func() []string) map[string]string {
	if c.compile.NoEnv || environ == nil {
		return nil
	}
	env := map[string]string{}
	for _, kv := range environ() {
		if name, val, err := config.ParseEnvAssignment(kv); err == nil {
			env[name] = val
		}
	}
	return env
}

func (c *cli) printScript(w io.Writer, s *script.Script) error {
	if !c.asJSON {
		return s.WriteText(w, textWidth(w))
	}
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// scriptExit is 1 when any plan shown for a site that runs raises, argparse refuses
// the command line, or the parent re-raises a forked worker's error (script.Script.Exit),
// else 0.
func scriptExit(s *script.Script) int {
	if s.Exit() == graphs.Raises {
		return 1
	}
	return 0
}

// plannedRelease is the release -script plans (-torch, else the default): a guard that
// tests torch.__version__ is read as on it.
func plannedRelease(torch string) string {
	if torch == "" {
		return modes.DefaultRelease().String()
	}
	return torch
}

// scriptReadOptions are the options -script reads the file name with: the environment,
// the release and the command line given, and the Python -python gives (3.8 and 3.9
// report another of several syntax errors first).
func (c *cli) scriptReadOptions(name string, cliSc *graphs.Scenario, environ func() []string) script.ReadOptions {
	opts := script.ReadOptions{Name: name, Env: cliSc.Env, ProcessEnv: c.rawProcessEnv(environ), Torch: plannedRelease(cliSc.Torch), Argv: c.scriptArgv}
	if c.given["python"] {
		opts.Python = cliSc.Python
	}
	return opts
}

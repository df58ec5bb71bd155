package graphs

import (
	"fmt"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/schema"
)

// validate checks the scenario's fields as the command's flags are checked, so that a
// scenario file, a program building a Scenario and the command line meet one set of
// rules (issue 16): no NUL byte or invalid UTF-8 in any string (inputerr.CheckText), at
// most config.MaxEnvEntries environment variables, each name and value as -env takes
// them (config.ParseEnvAssignment, and no '=' in a name), and a workload that
// normalizes. [LoadScenario] and [Check] both call it; the parsers of the compile call
// (literal, assignments, release) run in Check. The error names the field.
func (s *Scenario) validate() error {
	if err := s.validateTexts(); err != nil {
		return err
	}
	if s.Fullgraph != nil && *s.Fullgraph && s.Workload.GraphBreaks > 0 {
		return &ScenarioError{Path: "fullgraph", Err: fmt.Errorf("with fullgraph=True Dynamo raises at the first graph break instead of splitting the function, so graph_breaks %d cannot happen: drop fullgraph, or set graph_breaks to 0", s.Workload.GraphBreaks)}
	}
	if s.Host.CPUs < 0 || s.Host.CPUs > maxHostCPUs {
		return &ScenarioError{Path: "host.cpus", Err: fmt.Errorf("want 0 (the default, %d) to %d, got %d", schema.DefaultCPUs, maxHostCPUs, s.Host.CPUs)}
	}
	if err := validateEnv(s.Env); err != nil {
		return err
	}
	if _, err := s.Workload.Normalize(); err != nil {
		return &ScenarioError{Path: "workload", Err: err}
	}
	return nil
}

// MaxNameBytes bounds each name-like string field of a Scenario, in bytes: the
// release, the Python, the mode, the backend, the workload's names (threads,
// mutated_inputs, incompatible_op, cpu_input_name, allocator, capture_error_mode,
// other_thread_work) and the host's directories (PATH_MAX is 4096 on Linux). The
// longest real one is a path; a mode or backend name is a few dozen bytes. Options
// and set values are literals, bounded by literal.MaxBytes.
const MaxNameBytes = 4096

// validateTexts checks every string field: no NUL or invalid UTF-8 (inputerr.CheckText)
// and, for a name, at most MaxNameBytes.
func (s *Scenario) validateTexts() error {
	w := s.Workload
	names := []struct{ path, v string }{
		{"torch", s.Torch}, {"python", s.Python}, {"backend", s.Backend},
		{"workload.threads", string(w.Threads)}, {"workload.mutated_inputs", string(w.MutatedInputs)},
		{"workload.incompatible_op", w.IncompatibleOp}, {"workload.cpu_input_name", w.CPUInputName},
		{"workload.allocator", w.Allocator}, {"workload.capture_error_mode", w.CaptureErrorMode},
		{"workload.other_thread_work", w.OtherThreadWork},
		{"host.dir", s.Host.Dir}, {"host.torch_dir", s.Host.TorchDir},
	}
	if s.Mode != nil {
		names = append(names, struct{ path, v string }{"mode", *s.Mode})
	}
	for _, t := range names {
		if len(t.v) > MaxNameBytes {
			return &ScenarioError{Path: t.path, Err: &inputerr.LimitError{Limit: "graphs.MaxNameBytes", Max: MaxNameBytes, Got: int64(len(t.v)), What: "the field's length in bytes"}}
		}
	}
	for i, a := range s.Set {
		names = append(names, struct{ path, v string }{fmt.Sprintf("set[%d]", i), a})
	}
	names = append(names, struct{ path, v string }{"disable", s.Disable}) // a literal, bounded by literal.MaxBytes
	for i, kv := range s.Kwargs {
		names = append(names, struct{ path, v string }{fmt.Sprintf("kwargs[%d]", i), kv})
	}
	for _, t := range names {
		if err := inputerr.CheckText(t.v); err != nil {
			return &ScenarioError{Path: t.path, Err: err}
		}
	}
	return nil
}

// validateEnv checks an environment as -env checks each variable.
func validateEnv(env map[string]string) error {
	if len(env) > config.MaxEnvEntries {
		return &ScenarioError{Path: "env", Err: &inputerr.LimitError{Limit: "config.MaxEnvEntries", Max: config.MaxEnvEntries, Got: int64(len(env)), What: "the number of environment variables"}}
	}
	names := make([]string, 0, len(env))
	for name := range env {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	for _, name := range names {
		if strings.Contains(name, "=") {
			return &ScenarioError{Path: "env", Err: fmt.Errorf("name %q holds '=', which no environment variable name can", inputerr.Cut(name, 80))}
		}
		if _, _, err := config.ParseEnvAssignment(name + "=" + env[name]); err != nil {
			return &ScenarioError{Path: "env", Err: err}
		}
	}
	return nil
}

// maxHostCPUs bounds Scenario.Host.CPUs (PyTorch caps compile_threads at 32 anyway).
const maxHostCPUs = 1 << 16

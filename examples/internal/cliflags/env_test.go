package cliflags

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
)

// TestReadByPyTorchCoversSchemas: every variable a built-in schema or the allocator
// reads passes the process-environment filter.
func TestReadByPyTorchCoversSchemas(t *testing.T) {
	t.Parallel()
	for _, v := range []modes.Version{{Major: 2, Minor: 2}, {Major: 2, Minor: 6}, {Major: 2, Minor: 7}, {Major: 2, Minor: 11}, {Major: 2, Minor: 14}} {
		s, _, err := schema.Builtin(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range s.EnvVarNames {
			if !ReadByPyTorch(name) {
				t.Errorf("torch %s reads %s, which ReadByPyTorch drops", v, name)
			}
		}
	}
	for _, a := range catalog.AllocatorEnv() {
		if !ReadByPyTorch(a.Name) {
			t.Errorf("the allocator reads %s, which ReadByPyTorch drops", a.Name)
		}
	}
	if ReadByPyTorch("PATH") || ReadByPyTorch("HOME") {
		t.Error("ReadByPyTorch keeps PATH or HOME")
	}
}

// TestProcessEnvLimit: a large process environment of unrelated variables is fine;
// one with too many variables PyTorch reads names -no-env (issue 23).
func TestProcessEnvLimit(t *testing.T) {
	t.Parallel()
	big := func(prefix string) func() []string {
		return func() []string {
			var env []string
			for i := range config.MaxEnvEntries + 10 {
				env = append(env, fmt.Sprintf("%s%d=x", prefix, i))
			}
			return env
		}
	}
	var c Compile
	if _, err := c.Scenario(nil, nil, big("UNRELATED_")); err != nil {
		t.Errorf("5,000 unrelated variables: %v", err)
	}
	_, err := c.Scenario(nil, nil, big("TORCHINDUCTOR_X"))
	if err == nil || !strings.Contains(err.Error(), "-no-env") {
		t.Errorf("too many TORCHINDUCTOR_ variables: %v, want an error naming -no-env", err)
	}
	c.NoEnv = true
	if _, err := c.Scenario(nil, nil, big("TORCHINDUCTOR_X")); err != nil {
		t.Errorf("-no-env: %v", err)
	}
}

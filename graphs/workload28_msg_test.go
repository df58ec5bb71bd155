package graphs

import (
	"errors"
	"strings"
	"testing"
)

// TestDynamoAssignmentErrors: a Dynamo assignment is checked in Python's order (the
// value first: true is a NameError), then the key (a near miss gets did you mean),
// then the value's type; each error names the assignment.
func TestDynamoAssignmentErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, set, want string
	}{
		{"name-error", "true is not a Python name", "torch._dynamo.config.cache_size_limit=true", "NameError: name 'true' is not defined; did you mean True?"},
		{"unknown", "no release has this Dynamo key", "torch._dynamo.config.nosuch=1", "torch._dynamo.config.nosuch is not a Dynamo key: PyTorch raises AttributeError"},
		{"unmodelled", "a real Dynamo key the planner does not model", "torch._dynamo.config.cache_size_limit=1", "torch._dynamo.config.cache_size_limit is a Dynamo setting"},
		{"near", "a near miss", "torch._dynamo.config.capture_scalar_output=True", "did you mean capture_scalar_outputs?"},
		{"not-bool", "the modelled keys are bools", "torch._dynamo.config.capture_scalar_outputs=1", "want a bool value, True or False"},
		{"no-equals", "KEY=VALUE", "torch._dynamo.config.capture_scalar_outputs", "want KEY=True or KEY=False"},
	}
	for _, tt := range tests {
		_, err := Check(&Scenario{Set: []string{tt.set}})
		var we *WorkloadError
		if !errors.As(err, &we) || we.Field != "dynamo" || !strings.Contains(we.Msg, tt.want) {
			t.Errorf("%s (%s): Check(set %q) = %v, want a *WorkloadError of dynamo saying %q", tt.name, tt.reason, tt.set, err, tt.want)
		}
	}
}

package graphs

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScenarioDisable: a scenario's disable= reaches torch.compile: a truthy value,
// as written, makes it return the function itself (compile-disabled, no CUDA graph),
// on every release; a falsy one compiles; one that is not a literal is the field's
// error (sweep3: graphs never got the script's disable=True).
func TestScenarioDisable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, torch, disable, want, reason string
	}{
		{"true", "", "True", "disable=True", "disable=True"},
		{"one", "2.6", "1", "disable=1", "any truthy value, as written"},
		{"true 2.14", "2.14", "True", "disable=True", "every release"},
		{"false", "", "False", "", "disable=False compiles"},
		{"zero", "", "0", "", "falsy: compiles"},
	}
	for _, tt := range tests {
		rep, err := Check(&Scenario{Torch: tt.torch, Mode: Ptr("reduce-overhead"), Disable: tt.disable})
		require.NoError(t, err, tt.name)
		require.Equal(t, tt.want, rep.DisabledBy, tt.reason)
		require.Equal(t, tt.want != "", rep.CompileDisabled, tt.reason)
	}
	_, err := Check(&Scenario{Disable: "True("})
	var se *ScenarioError
	require.True(t, errors.As(err, &se), "%v", err)
	require.Equal(t, "disable", se.Path)
}

// TestScenarioKwargs: a scenario's other keyword arguments reach torch.compile: a name
// the release's signature lacks raises TypeError, and a name no release takes raises
// on every release (sweep4 finding 8); NAME=VALUE that is not one is the field's error.
func TestScenarioKwargs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		torch, kwarg, want string
	}{
		{"", "cudagraphs=False", "compile() got an unexpected keyword argument 'cudagraphs'"},
		{"2.0", "cudagraphs=False", "compile() got an unexpected keyword argument 'cudagraphs'"},
		{"2.6", "name='f'", "compile() got an unexpected keyword argument 'name'"},
		{"2.14", "name='f'", ""},
		// The signatures read from the 2.0, 2.1 and 2.13 reference pages.
		{"2.0", "name='f'", "compile() got an unexpected keyword argument 'name'"},
		{"2.1", "recompile_limit=2", "compile() got an unexpected keyword argument 'recompile_limit'"},
		{"2.13", "name='f'", ""},
		{"2.13", "shapes_spec=None", ""},
		{"2.13", "recompile_limit=2", "compile() got an unexpected keyword argument 'recompile_limit'"},
		{"2.13", "dynamic_shapes=None", "compile() got an unexpected keyword argument 'dynamic_shapes'"},
		{"2.14", "shapes_spec=None", "compile() got an unexpected keyword argument 'shapes_spec'"},
		{"", "fullgraph=True", ""},
	}
	for _, tt := range tests {
		rep, err := Check(&Scenario{Torch: tt.torch, Kwargs: []string{tt.kwarg}})
		require.NoError(t, err, tt.kwarg)
		got := ""
		if rep.Error != nil {
			got = rep.Error.Message
		}
		require.Equal(t, tt.want, got, "%s on %q", tt.kwarg, tt.torch)
	}
	for _, bad := range []string{"cudagraphs", "1x=2", "x=(", "=1"} {
		_, err := Check(&Scenario{Kwargs: []string{bad}})
		var se *ScenarioError
		require.True(t, errors.As(err, &se), "%q: %v", bad, err)
		require.Equal(t, "kwargs[0]", se.Path)
	}
}

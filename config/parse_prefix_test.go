package config

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/schema"
)

// TestParseAssignmentModulePath: a key may be written with its module path, as the
// assignment is in Python; the path alone is refused, and a path inside another
// module is refused naming it.
func TestParseAssignmentModulePath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, reason, arg string
		want              schema.Key
		wantErr           bool
	}{
		{"bare", "the key as listed", "triton.cudagraphs=True", "triton.cudagraphs", false},
		{"full-path", "as Python's assignment writes it", "torch._inductor.config.triton.cudagraphs=True", "triton.cudagraphs", false},
		{"spaced", "spaces around the key are ignored", " torch._inductor.config.debug =True", "debug", false},
		{"other-module", "not Inductor's config: refused naming the module (sweep finding 12)", "torch._foo.config.debug=True", "", true},
		{"functorch", "another module's config", "torch._functorch.config.x=1", "", true},
		{"inductor-not-config", "torch._inductor.x is not torch._inductor.config.x", "torch._inductor.x=1", "", true},
		{"torch-alone", "a key named torch: PyTorch's AttributeError, as any unknown key", "torch=1", "torch", false},
		{"path-only", "no key after the path", "torch._inductor.config.=True", "", true},
	}
	for _, tt := range tests {
		a, err := ParseAssignment(tt.arg)
		if (err != nil) != tt.wantErr || (err == nil && a.Key != tt.want) {
			t.Errorf("%s (%s): ParseAssignment(%q) = %q, %v; want %q (error %v)", tt.name, tt.reason, tt.arg, a.Key, err, tt.want, tt.wantErr)
		}
		if tt.wantErr && tt.name != "path-only" && (err == nil || !strings.Contains(err.Error(), "is not torch._inductor.config or torch._dynamo.config")) {
			t.Errorf("%s: ParseAssignment(%q) error %v does not name the module", tt.name, tt.arg, err)
		}
	}
}

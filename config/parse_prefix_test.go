package config

import (
	"testing"

	"github.com/compilemode/compilemode/config/schema"
)

// TestParseAssignmentModulePath: a key may be written with its module path, as the
// assignment is in Python; the path alone or a path inside another module is not
// stripped.
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
		{"other-module", "not Inductor's config: left for Resolve to refuse", "torch._foo.config.debug=True", "torch._foo.config.debug", false},
		{"path-only", "no key after the path", "torch._inductor.config.=True", "", true},
	}
	for _, tt := range tests {
		a, err := ParseAssignment(tt.arg)
		if (err != nil) != tt.wantErr || (err == nil && a.Key != tt.want) {
			t.Errorf("%s (%s): ParseAssignment(%q) = %q, %v; want %q (error %v)", tt.name, tt.reason, tt.arg, a.Key, err, tt.want, tt.wantErr)
		}
	}
}

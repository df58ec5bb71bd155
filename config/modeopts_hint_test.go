package config

import (
	"errors"
	"strings"
	"testing"
)

// TestModeAndOptionsHintRejected checks that the mode-and-options hint never offers a
// merged dict that would raise in turn (sweep finding 2: a key cut by a terminal,
// 'triton.cudagraph s', was hinted as "pass one dict: options={…, 'triton.cudagraph s':
// False}", which raises Unexpected optimization option).
func TestModeAndOptionsHintRejected(t *testing.T) {
	t.Parallel()
	r := resolver211(t)
	tests := []struct {
		name, options string
		wantIn        []string
		wantOut       string
		reason        string
	}{
		{"unknown key", `{"triton.cudagraph s": False}`,
			[]string{"pass mode alone", "Unexpected optimization option triton.cudagraph s"}, "'triton.cudagraph s': False}",
			"the merged dict raises Unexpected optimization option"},
		{"known key", `{"triton.cudagraphs": False}`,
			[]string{"pass one dict: options={"}, "",
			"the merged dict compiles"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := r.Resolve(Request{Mode: strp("max-autotune"), Options: opts(t, tt.options)})
			var me *ModeAndOptionsError
			if !errors.As(err, &me) {
				t.Fatalf("want *ModeAndOptionsError, got %T %v", err, err)
			}
			h := me.Hint()
			for _, w := range tt.wantIn {
				if !strings.Contains(h, w) {
					t.Errorf("Hint() = %q, lacks %q (%s)", h, w, tt.reason)
				}
			}
			if tt.wantOut != "" && strings.Contains(h, tt.wantOut) {
				t.Errorf("Hint() = %q, holds %q (%s)", h, tt.wantOut, tt.reason)
			}
		})
	}
}

package script

import "testing"

func TestNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want, reason string }{
		{"one-line", `torch.compile(m, mode="x")`, `torch.compile(m, mode="x")`, "unchanged"},
		{"multi-line", "torch.compile(\n        self.image_encoder,\n        mode=\"max-autotune\",  # fast\n        dynamic=False,\n    )",
			`torch.compile(self.image_encoder, mode="max-autotune", dynamic=False)`, "issue 22's example: comments, breaks and the trailing comma go"},
		{"string-kept", "f(\n  'a\\n  #b',\n  \"\"\"x\n  y\"\"\")", "f('a\\n  #b', \"\"\"x\n  y\"\"\")", "string literals are kept as written"},
		{"continuation", "f(a) \\\n  .g(b)", "f(a) .g(b)", "a backslash continuation joins"},
	}
	for _, tc := range tests {
		if got := normalize(tc.in); got != tc.want {
			t.Errorf("%s: normalize(%q) = %q, want %q (%s)", tc.name, tc.in, got, tc.want, tc.reason)
		}
	}
}

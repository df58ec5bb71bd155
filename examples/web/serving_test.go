package main

import "testing"

// TestServingURL (sweep5 finding 19): a wildcard listener is announced as localhost,
// not as Go's [::].
func TestServingURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ addr, want string }{
		{"127.0.0.1:8080", "http://127.0.0.1:8080/"},
		{"[::]:9356", "http://localhost:9356/ (every interface)"},
		{"0.0.0.0:9356", "http://localhost:9356/ (every interface)"},
		{"[::1]:9000", "http://[::1]:9000/"},
	} {
		if got := servingURL(tc.addr); got != tc.want {
			t.Errorf("servingURL(%q) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

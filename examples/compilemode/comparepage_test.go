package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestComparePageGolden: the command prints, for a comparison of releases, the text
// and JSON that the web page's answer package holds as the command's
// (examples/web/internal/answer's TestCompare checks the page gives them byte for
// byte): the page and the command make the same call, cliflags.Compare (newuser32: the
// page's comparison lacked the command's defaults that differ).
func TestComparePageGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"compare-max-autotune", []string{"-no-env", "-torch", "2.6,2.11", "-mode", "max-autotune"}, 0},
		{"compare-raises", []string{"-no-env", "-torch", "2.6,2.14", "-mode", "reduce-overhead", "-devices", "2", "-threads", "per-device", "-options", "{'triton.cudagraphs': 'yes'}"}, 1},
	} {
		for _, ext := range []string{"txt", "json"} {
			args := tc.args
			if ext == "json" {
				args = append(args[:len(args):len(args)], "-json")
			}
			stdout, stderr, code := runPlan(t, nil, args...)
			want, err := os.ReadFile(filepath.Join("..", "web", "internal", "answer", "testdata", tc.name+"."+ext))
			if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || stderr != "" {
				t.Errorf("%v: exit %d, stderr %q; want exit %d and no stderr", args, code, stderr, tc.code)
			}
			if diff := cmp.Diff(string(want), stdout); diff != "" {
				t.Errorf("%v: the command's output differs from the page's file (-file +command):\n%s", args, diff)
			}
		}
	}
}

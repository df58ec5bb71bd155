package graphs

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCudagraphsBackendKwargHint: the TypeError of backend="cudagraphs" given a mode
// carries Python 3.13+'s ". Did you mean 'model'?", as the release's Python prints it
// (sweep2 finding 10; measured on 2.6.0 with Python 3.13.5: srcKwargHint).
func TestCudagraphsBackendKwargHint(t *testing.T) {
	t.Parallel()
	mode := "reduce-overhead"
	cases := []struct {
		name, reason, torch, python, options string
		mode                                 *string
		want                                 string
	}{
		{name: "2.6-py3.13-mode", reason: "trixie: torch 2.6.0, Python 3.13.5, measured", torch: "2.6", python: "3.13", mode: &mode,
			want: "TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'mode'. Did you mean 'model'?"},
		{name: "2.6-py3.13-options", reason: "measured: no suggestion for options", torch: "2.6", python: "3.13", options: "{'max_autotune': True}",
			want: "TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'options'"},
		{name: "2.6-py3.12-mode", reason: "Python before 3.13 suggests nothing", torch: "2.6", python: "3.12", mode: &mode,
			want: "TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'mode'"},
		{name: "2.11-py3.13-mode", reason: "the suggestion is Python's, whatever the release", torch: "2.11", python: "3.13", mode: &mode,
			want: "TypeError: CudagraphsBackend.__call__() got an unexpected keyword argument 'mode'. Did you mean 'model'?"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rep, err := Check(&Scenario{Torch: tc.torch, Python: tc.python, Backend: "cudagraphs", Mode: tc.mode, Options: tc.options})
			if err != nil {
				t.Fatal(err)
			}
			var got string
			for _, d := range rep.CUDAGraphs.Devices {
				if d.Message != "" {
					got = d.Message
				}
			}
			got = got[strings.LastIndex(got, "\n")+1:]
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: TypeError (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestMainCallsAfterStart: the main thread calling the compiled function after a
// thread started (between start and join, after the join, through a helper) is one
// more caller (sweep4 finding 23: hT10/hT11 planned one caller, capture, exit 0).
func TestMainCallsAfterStart(t *testing.T) {
	t.Parallel()
	const head = "import threading\nimport torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\ndef work():\n    model(x)\n"
	cold := func(n int) graphs.Workload {
		return graphs.Workload{Threads: graphs.Callers, Callers: n, ColdStart: true}
	}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"after-join", "sweep4 #23 hT11", "t = threading.Thread(target=work)\nt.start()\nt.join()\nmodel(x)\n", cold(2)},
		{"between", "sweep4 #23 hT10", "t = threading.Thread(target=work)\nt.start()\nmodel(x)\nt.join()\n", cold(2)},
		{"helper", "main's call in a helper", "def infer():\n    return model(x)\nt = threading.Thread(target=work)\nt.start()\ninfer()\n", cold(2)},
		{"two-threads", "two threads and main", "for _ in range(2):\n    threading.Thread(target=work).start()\nmodel(x)\n", cold(3)},
		{"thread-only", "no call in main", "t = threading.Thread(target=work)\nt.start()\nt.join()\n", cold(1)},
		{"main-first", "main first: warm, as before", "model(x)\nt = threading.Thread(target=work)\nt.start()\nmodel(x)\n", graphs.Workload{Threads: graphs.Callers, Callers: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, head+tc.src)
			if diff := cmp.Diff(tc.want, st.Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, st.Notes)
			}
		})
	}
}

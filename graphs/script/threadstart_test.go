package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs"
)

// TestThreadStartedOrRun: a thread object runs its target in a thread only once
// start()ed; run() runs it in the caller (sweep4 finding 32: hT15's t.run() was
// planned as two racing threads, exit 1; hT16's never-started thread as the caller).
func TestThreadStartedOrRun(t *testing.T) {
	t.Parallel()
	const head = "import threading\nimport torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\ndef work():\n    model(x)\n"
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
		warned            bool
	}{
		{"run-list", "sweep4 #32 hT15: for t in ts: t.run()", "ts = [threading.Thread(target=work) for _ in range(2)]\nfor t in ts:\n    t.run()\n", graphs.Workload{}, true},
		{"never-started", "sweep4 #32 hT16: t never started, main calls work()", "t = threading.Thread(target=work)\nwork()\n", graphs.Workload{}, true},
		{"run-one", "t.run()", "t = threading.Thread(target=work)\nt.run()\n", graphs.Workload{}, true},
		{"started", "t.start()", "t = threading.Thread(target=work)\nt.start()\n", graphs.Workload{Threads: graphs.Callers, Callers: 1, ColdStart: true}, false},
		{"chained", "Thread(…).start()", "threading.Thread(target=work).start()\n", graphs.Workload{Threads: graphs.Callers, Callers: 1, ColdStart: true}, false},
		{"list-started", "for t in ts: t.start()", "ts = [threading.Thread(target=work) for _ in range(2)]\nfor t in ts:\n    t.start()\n", graphs.Workload{Threads: graphs.Callers, Callers: 2, ColdStart: true}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("t.py", []byte(head+tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s", tc.reason, diff)
			}
			warned := false
			for _, w := range s.Warnings {
				warned = warned || w.Code == WarningThreadNotStarted
			}
			if warned != tc.warned {
				t.Errorf("%s: thread-not-started warning %v, want %v (%+v)", tc.reason, warned, tc.warned, s.Warnings)
			}
		})
	}
}

package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestTimerThreads: threading.Timer is a Thread whose run() calls its function on
// the new thread, so a started Timer is a thread start like threading.Thread
// (sweep5 finding 7: "0 thread or process starts", main capture).
func TestTimerThreads(t *testing.T) {
	t.Parallel()
	const head = "import threading, torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\ndef tick():\n    model(x)\n"
	cases := []struct {
		name, reason, src string
		want              graphs.Threads
		cold              bool
	}{
		{"positional", "h11_timer_simple.py", "t = threading.Timer(1.0, tick)\nt.start()\n", graphs.Callers, true},
		{"keyword", "Timer(interval=…, function=…)", "threading.Timer(interval=2.0, function=tick).start()\n", graphs.Callers, true},
		{"list", "h9_timer_only.py: several timers", "ts = [threading.Timer(1.0, tick) for _ in range(4)]\nfor t in ts:\n    t.start()\n", graphs.Callers, true},
		{"rearmed", "h7_timer.py: main calls first, then a timer thread", "tick()\nthreading.Timer(1.0, tick).start()\n", graphs.Callers, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("t.py", []byte(head+tc.src))
			require.NoError(t, err)
			w := s.Sites[0].Workload
			if w.Threads != tc.want || w.ColdStart != tc.cold {
				t.Errorf("%s: threads %q cold %v, want %q %v", tc.reason, w.Threads, w.ColdStart, tc.want, tc.cold)
			}
		})
	}
}

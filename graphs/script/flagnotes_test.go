package script

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestFlagsReplaceArguments: a flag that names a torch.compile argument the site
// writes replaces it, and since torch.compile takes mode or options, -mode without
// -options replaces the site's pair, as -options without -mode does; each site says
// so (sweep4 finding 21: -mode replaced silently, -options was added to the site's mode
// and raised "Either mode or options", a raise the script does not have).
func TestFlagsReplaceArguments(t *testing.T) {
	t.Parallel()
	mode := func(s string) *string { return &s }
	cases := []struct {
		name, reason, src string
		cli               graphs.Scenario
		raises            bool
		note              string // "" for none
	}{
		{"options-over-mode", "hA_forward.py -options", `m = torch.compile(f, mode="reduce-overhead")`, graphs.Scenario{Options: "{'triton.cudagraphs': False}"}, false, `-options drops its mode "reduce-overhead"`},
		{"mode-over-mode", "hA_forward.py -mode", `m = torch.compile(f, mode="reduce-overhead")`, graphs.Scenario{Mode: mode("max-autotune")}, false, `-mode max-autotune replaces its mode "reduce-overhead"`},
		{"mode-over-options", "-mode drops the site's options", `m = torch.compile(f, options={"max_autotune": True})`, graphs.Scenario{Mode: mode("max-autotune")}, false, `-mode drops its options=`},
		{"both-flags", "-mode and -options together raise, as asked", `m = torch.compile(f)`, graphs.Scenario{Mode: mode("max-autotune"), Options: "{'max_autotune': True}"}, true, ""},
		{"script-both", "the script's own mode+options still raise without flags", `m = torch.compile(f, mode="max-autotune", options={"max_autotune": True})`, graphs.Scenario{}, true, ""},
		{"no-overlap", "a flag the site does not write: no note", `m = torch.compile(f)`, graphs.Scenario{Mode: mode("max-autotune")}, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte("import torch\n"+tc.src+"\n"))
			require.NoError(t, err)
			p, err := s.Planned(tc.cli, nil)
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			if got := rep.Error != nil; got != tc.raises {
				t.Errorf("%s: raises %v, want %v (%+v)", tc.reason, got, tc.raises, rep.Error)
			}
			notes := strings.Join(p.Sites[0].Notes, "\n")
			if tc.note == "" && strings.Contains(notes, "flags:") || tc.note != "" && !strings.Contains(notes, tc.note) {
				t.Errorf("%s: notes %q, want %q", tc.reason, notes, tc.note)
			}
		})
	}
}

// TestWorkloadFlagsNoted: a workload flag that replaces a field the script shows
// says so on the site, with the line that showed it, as -mode does (sweep8 #7:
// -devices 3 planned cuda:0..2 under "workload: devices=2 (line 7…)" and no note).
func TestWorkloadFlagsNoted(t *testing.T) {
	t.Parallel()
	const perDevice = `import threading
import torch
def worker(d):
    m = torch.compile(torch.nn.Linear(4, 4).to(f"cuda:{d}"), mode="reduce-overhead")
    m(torch.randn(2, 4, device=f"cuda:{d}"))
for d in range(2):
    threading.Thread(target=worker, args=(d,)).start()
`
	// sweep9 finding 15: the layout of per-device models driven by threads is a note
	// (threads.go), not an Inference, and -threads main replaced it without a word.
	const perDeviceModels = `import threading
import torch
models = [torch.compile(torch.nn.Linear(4, 4).to(f"cuda:{d}"), mode="reduce-overhead") for d in range(2)]
def worker(d):
    x = torch.randn(2, 4, device=f"cuda:{d}")
    models[d](x)
ts = [threading.Thread(target=worker, args=(d,)) for d in range(2)]
for t in ts: t.start()
`
	const pool = `from concurrent.futures import ThreadPoolExecutor
import torch
m = torch.compile(torch.nn.Linear(4, 4).cuda(), mode="reduce-overhead")
def step(i):
    return m(torch.randn(2, 4, device="cuda"))
with ThreadPoolExecutor(max_workers=2) as ex:
    list(ex.map(step, range(8)))
`
	cases := []struct {
		name, src string
		cli       graphs.Workload
		note      string // "" for no flags note
	}{
		{"devices-replaced", perDevice, graphs.Workload{Devices: 3}, "-devices 3 replaces devices=2 (line 7)"},
		{"devices-same", perDevice, graphs.Workload{Devices: 2}, ""},
		{"layout-replaces-pool", pool, graphs.Workload{Threads: graphs.PerDevice}, "-threads per-device replaces thread_pool=2 (line 7)"},
		{"pool-replaced", pool, graphs.Workload{ThreadPool: 4}, "-thread-pool 4 replaces thread_pool=2 (line 7)"},
		{"pool-same", pool, graphs.Workload{ThreadPool: 2}, ""},
		{"threads-replaced", perDevice, graphs.Workload{Threads: graphs.MainThread}, "-threads main replaces threads=per-device (the threads note)"},
		{"threads-replaced-by-pool", perDevice, graphs.Workload{ThreadPool: 4}, "-thread-pool 4 replaces threads=per-device (the threads note)"},
		{"threads-same", perDevice, graphs.Workload{Threads: graphs.PerDevice}, ""},
		{"threads-replaced-models", perDeviceModels, graphs.Workload{Threads: graphs.MainThread}, "-threads main replaces threads=per-device (the threads note)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			p, err := s.Planned(graphs.Scenario{Workload: tc.cli}, nil)
			require.NoError(t, err)
			notes := strings.Join(p.Sites[0].Notes, "\n")
			if tc.note == "" && strings.Contains(notes, "flags:") || tc.note != "" && !strings.Contains(notes, tc.note) {
				t.Errorf("notes %q, want %q (inferred %+v)", notes, tc.note, p.Sites[0].Inferred)
			}
		})
	}
}

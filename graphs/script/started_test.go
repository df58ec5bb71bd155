package script

import (
	"strings"
	"testing"
)

// TestStartedTargets: a def handed to a thread, a process or a pool is called (by
// that thread or process): its sites are never "in def …, which no code in this file
// calls", and they are under the guards of the start (usersweep item 2).
func TestStartedTargets(t *testing.T) {
	t.Parallel()
	const body = "def work(rank=0, *a):\n    m = torch.compile(f, mode=\"reduce-overhead\")\n"
	tests := []struct{ name, head, start, guard string }{
		{"threading.Thread keyword", "import threading, torch\n", "threading.Thread(target=work, args=(0,)).start()\n", ""},
		{"threading.Thread positional", "import threading, torch\n", "threading.Thread(None, work).start()\n", ""},
		{"threading.Timer", "import threading, torch\n", "threading.Timer(1.0, work).start()\n", ""},
		{"from threading import Thread", "import torch\nfrom threading import Thread\n", "Thread(target=work).start()\n", ""},
		{"mp.spawn", "import torch\nimport torch.multiprocessing as mp\n", "if __name__ == \"__main__\":\n    mp.spawn(work, args=(2,), nprocs=2)\n", `if __name__ == "__main__" (line 5)`},
		{"mp.spawn fn=", "import torch\nimport torch.multiprocessing as mp\n", "mp.spawn(fn=work, nprocs=2)\n", ""},
		{"start_processes", "import torch\nimport torch.multiprocessing as mp\n", "mp.start_processes(work, nprocs=2)\n", ""},
		{"multiprocessing.Process", "import torch, multiprocessing\n", "p = multiprocessing.Process(target=work)\n", ""},
		{"torch Process", "import torch\nimport torch.multiprocessing as mp\n", "p = mp.Process(target=work, args=(0,))\n", ""},
		{"executor.submit", "import torch\nfrom concurrent.futures import ThreadPoolExecutor\n", "ex = ThreadPoolExecutor(2)\nex.submit(work, 0)\n", ""},
		{"with executor map", "import torch\nfrom concurrent.futures import ThreadPoolExecutor\n", "with ThreadPoolExecutor(2) as ex:\n    ex.map(work, [0, 1])\n", ""},
		{"process executor", "import torch\nfrom concurrent.futures import ProcessPoolExecutor\n", "with ProcessPoolExecutor(2) as ex:\n    ex.submit(work, 0)\n", ""},
		{"pool.apply_async", "import torch, multiprocessing as mp\n", "pool = mp.Pool(2)\npool.apply_async(work, (0,))\n", ""},
		{"pool.map", "import torch, multiprocessing as mp\n", "with mp.Pool(2) as pool:\n    pool.map(work, [0, 1])\n", ""},
		{"pool.starmap", "import torch\nfrom multiprocessing.pool import ThreadPool\n", "with ThreadPool(2) as pool:\n    pool.starmap(work, [(0,)])\n", ""},
		{"partial target", "import threading, functools, torch\n", "threading.Thread(target=functools.partial(work, 0)).start()\n", ""},
		{"asyncio.to_thread", "import asyncio, torch\n", "async def main():\n    await asyncio.to_thread(work, 0)\n", ""},
		{"run_in_executor", "import asyncio, torch\n", "loop = asyncio.get_event_loop()\nloop.run_in_executor(None, work, 0)\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("t.py", []byte(tc.head+body+tc.start))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Sites) != 1 {
				t.Fatalf("%d sites", len(s.Sites))
			}
			g := s.Sites[0].Guard
			if strings.Contains(g, "no code in this file calls") {
				t.Errorf("guard = %q: the def is started, so it is called", g)
			}
			if tc.name != "asyncio.to_thread" && g != tc.guard {
				t.Errorf("guard = %q, want %q", g, tc.guard)
			}
		})
	}
}

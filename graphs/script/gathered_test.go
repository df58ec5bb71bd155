package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGatheredToThread: asyncio.to_thread is run_in_executor(None, …) on the loop's
// default executor, so both spellings plan alike; an awaited call in a coroutine
// that runs several times at once runs on several workers (sweep4 finding 7: hT1
// planned one worker, capture, exit 0, and hT2 two workers, fail).
func TestGatheredToThread(t *testing.T) {
	t.Parallel()
	const head = "import asyncio\nimport torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n"
	const toThread = "async def handle(x):\n    return await asyncio.to_thread(model, x)\n"
	const executor = "async def handle(x):\n    return await asyncio.get_running_loop().run_in_executor(None, model, x)\n"
	cases := []struct {
		name, reason, src string
		pool              int
	}{
		{"gather-generator", "sweep4 #7 hT1: gather of 8 runs: the default executor's least size, 5", toThread + "async def main():\n    await asyncio.gather(*(handle(x) for x in range(8)))\nasyncio.run(main())\n", 5},
		{"executor-gather-generator", "sweep4 #7 hT2: run_in_executor(None, …) is the same program", executor + "async def main():\n    await asyncio.gather(*(handle(x) for x in range(8)))\nasyncio.run(main())\n", 5},
		{"gather-three", "gather of three runs", toThread + "async def main():\n    await asyncio.gather(handle(a), handle(b), handle(c))\nasyncio.run(main())\n", 3},
		{"tasks-wait", "tasks created in a comprehension, waited", toThread + "async def main():\n    tasks = [asyncio.create_task(handle(x)) for x in range(4)]\n    await asyncio.wait(tasks)\nasyncio.run(main())\n", 4},
		{"taskgroup-loop", "TaskGroup.create_task in a loop of 2", toThread + "async def main():\n    async with asyncio.TaskGroup() as tg:\n        for x in range(2):\n            tg.create_task(handle(x))\nasyncio.run(main())\n", 2},
		{"sequential", "awaited one after the other: the idle worker takes each call", toThread + "async def main():\n    for x in range(8):\n        await handle(x)\nasyncio.run(main())\n", 1},
		{"executor-sequential", "the same with run_in_executor(None, …)", executor + "async def main():\n    for x in range(8):\n        await handle(x)\nasyncio.run(main())\n", 1},
		{"gather-to-thread-rounds", "to_thread written in an awaited gather, 10 rounds of 2: 2 at once (was 20)", "async def main():\n    for _ in range(10):\n        await asyncio.gather(*[asyncio.to_thread(model, x) for x in range(2)])\nasyncio.run(main())\n", 2},
		{"gather-to-thread-eight", "eight to_thread calls gathered: the default executor's least size, 5 (was 8)", "async def main():\n    await asyncio.gather(*[asyncio.to_thread(model, x) for x in range(8)])\nasyncio.run(main())\n", 5},
		{"gather-to-thread-two-args", "two to_thread calls as gather's arguments", "async def main():\n    for _ in range(3):\n        await asyncio.gather(asyncio.to_thread(model, a), asyncio.to_thread(model, b))\nasyncio.run(main())\n", 2},
		{"one-task", "one task beside the caller", toThread + "async def main():\n    t = asyncio.create_task(handle(1))\n    await t\nasyncio.run(main())\n", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			st, _ := oneSite(t, head+tc.src)
			require.Equal(t, tc.pool, st.Workload.ThreadPool, "%s: notes %q inferred %+v", tc.reason, st.Notes, st.Inferred)
		})
	}
}

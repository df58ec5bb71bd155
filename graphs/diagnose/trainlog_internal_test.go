package diagnose

import (
	"bytes"
	"fmt"
	"strings"
)

// TrainingLog is trainingLog, for the package's outer tests (BenchmarkShapes'
// training-log, BenchmarkTrainingLog).
var TrainingLog = trainingLog

// trainingLog writes about size bytes of an ordinary training log, the same for the same
// size: a torchrun job's Python logging lines with timestamps and levels, tqdm bars that
// redraw with carriage returns (unicode blocks) and end with a newline, "[rankK]:" step
// lines, glog checkpoint lines, wandb's lines, JSON metric lines, a long config line every
// few thousand lines, PyTorch's warnings that are no finding (the NCCL barrier's, a
// deprecated autocast's and checkpoint's requires_grad UserWarning, each with its source
// line below), and, at the end, a traceback whose error is a finding (the CUDA graph's
// overwritten output, torch/_inductor/cudagraph_trees.py's message). hostile29's
// big.log, the tester's 100 MB log, was of this kind.
func trainingLog(b *bytes.Buffer, size int) {
	b.WriteString(trainLogHead)
	tail := trainLogTail
	for i := 0; b.Len() < size-len(tail); i++ {
		trainLogLine(b, i)
	}
	b.WriteString(tail)
}

// trainLogLine writes the line (or the few lines) of step i.
func trainLogLine(b *bytes.Buffer, i int) {
	sec, ms := i/10%60, i*37%1000
	ts := fmt.Sprintf("2026-12-06 1%d:%02d:%02d,%03d", i/36000%10, i/600%60, sec, ms)
	switch {
	case i%20000 == 19999:
		b.WriteString(trainLogWarnings[i/20000%len(trainLogWarnings)])
	case i%4000 == 3999:
		fmt.Fprintf(b, "%s - __main__ - INFO - config: %s\n", ts, trainLogConfig())
	case i%500 == 499:
		fmt.Fprintf(b, "I1206 1%d:%02d:%02d.%06d %5d checkpoint.py:%d] Saved checkpoint shard %d of step %d to "+
			"/mnt/ckpt/run-42/step_%07d/shard_%02d.pt (%.2f GB in %.1f s)\n",
			i/36000%10, i/600%60, sec, i*7919%1000000, 1000+i%9000, 212+i%3, i%8, i, i, i%8,
			float64(i%300)/100+1, float64(i%90)/10+1)
	case i%7 == 3:
		trainLogBar(b, i)
	case i%7 == 5:
		fmt.Fprintf(b, "{\"step\": %d, \"loss\": %.4f, \"lr\": %.3e, \"grad_norm\": %.3f, \"tokens_per_s\": %.1f, \"mem_gb\": %.2f}\n",
			i, 2+float64(i*7919%10000)/10000, float64(i*104729%1000+1)*1e-6, float64(i*31%3000)/1000,
			float64(80000+i*13%5000), 30+float64(i*104729%800)/100)
	case i%7 == 6 && i%100 == 6:
		fmt.Fprintf(b, "wandb: %s %d loss %.4f lr %.3e\n", trainLogWandb[i/100%len(trainLogWandb)], i,
			2+float64(i*7919%10000)/10000, float64(i*104729%1000+1)*1e-6)
	case i%2 == 0:
		fmt.Fprintf(b, "[rank%d]:%s - trainer - INFO - epoch %d | step %d/500000 | loss %.4f | lr %.3e | grad_norm %.3f | %.1f tokens/s\n",
			i%8, ts, i/50000, i, 2+float64(i*7919%10000)/10000, float64(i*104729%1000+1)*1e-6,
			float64(i*31%3000)/1000, float64(80000+i*13%5000))
	default:
		fmt.Fprintf(b, "%s - data - %s - shard %d: %d samples read, %d skipped, queue %d/64\n",
			ts, trainLogLevels[i%len(trainLogLevels)], i%128, 4096+i%512, i%3, i%64)
	}
}

var trainLogLevels = []string{"INFO", "DEBUG", "INFO", "INFO", "WARNING"}

var trainLogWandb = []string{"train/loss ▁▂▃▄▅▆▇█ step", "🚀 metrics logged at step", "Syncing run at step"}

// trainLogBar writes a tqdm bar redrawn eight times (carriage returns) and ended.
func trainLogBar(b *bytes.Buffer, i int) {
	const blocks = " ▏▎▍▌▋▊▉█"
	for k := 0; k < 8; k++ {
		n := (i*8 + k) % 1000
		fill := n * 40 / 1000
		part := n * 40 * 8 / 1000 % 8
		bar := strings.Repeat("█", fill)
		if fill < 40 {
			bar += string([]rune(blocks)[part]) + strings.Repeat(" ", 39-fill)
		}
		fmt.Fprintf(b, "\rEpoch %d: %3d%%|%s| %d/1000 [%02d:%02d<%02d:%02d, %.2fit/s, loss=%.3f]",
			i/1000, n/10, bar, n, n/60%60, n%60, (1000-n)/60%60, (1000-n)%60, 4+float64(i%300)/100,
			2+float64((i+k)*7919%1000)/1000)
	}
	b.WriteByte('\n')
}

// trainLogConfig is the long line a trainer logs its configuration on (some 4 KB).
func trainLogConfig() string {
	var c strings.Builder
	c.WriteString("{")
	for k := 0; k < 60; k++ {
		if k > 0 {
			c.WriteString(", ")
		}
		fmt.Fprintf(&c, "\"option_%02d\": %d, \"path_%02d\": \"/mnt/data/shards/part-%05d\"", k, k*37, k, k)
	}
	c.WriteString("}")
	return c.String()
}

// trainLogWarnings are PyTorch's warnings a training run logs that are no finding.
var trainLogWarnings = []string{
	"[rank0]:[W1206 10:00:03.512345 ProcessGroupNCCL.cpp:4561] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 to perform barrier " +
		"as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU " +
		"mapping is incorrect. Specify device_ids in barrier() to force use of a particular device, or call " +
		"init_process_group() with a device_id.\n",
	"/opt/conda/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` " +
		"is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.\n" +
		"  with device_autocast_ctx, torch.cpu.amp.autocast(**cpu_autocast_kwargs), recompute_context:  # type: ignore[attr-defined]\n",
	"/opt/conda/lib/python3.11/site-packages/torch/utils/checkpoint.py:87: UserWarning: None of the inputs have " +
		"requires_grad=True. Gradients will be None\n  warnings.warn(\n",
}

// trainLogHead is the log's start: the launcher's and wandb's lines.
const trainLogHead = "W1206 10:00:00.000000 4242 torch/distributed/run.py:793] \n" +
	"W1206 10:00:00.000000 4242 torch/distributed/run.py:793] *****************************************\n" +
	"W1206 10:00:00.000000 4242 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process " +
	"to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance " +
	"in your application as needed. \n" +
	"W1206 10:00:00.000000 4242 torch/distributed/run.py:793] *****************************************\n" +
	"wandb: Currently logged in as: trainer (lab). Use `wandb login --relogin` to force relogin\n" +
	"wandb: Tracking run with wandb version 0.19.1\n" +
	"wandb: Run data is saved locally in /workspace/wandb/run-20261206_100001-abcd1234\n" +
	"wandb: ⭐️ View project at https://wandb.ai/lab/llm\n"

// trainLogTail is the log's end: a rank's traceback whose error is PyTorch's (a CUDA
// graph's output read after the next replay), then wandb's summary.
const trainLogTail = "[rank3]: Traceback (most recent call last):\n" +
	"[rank3]:   File \"/workspace/train.py\", line 412, in <module>\n" +
	"[rank3]:     main()\n" +
	"[rank3]:   File \"/workspace/train.py\", line 388, in main\n" +
	"[rank3]:     loss = train_step(model, batch, prev)\n" +
	"[rank3]:   File \"/workspace/train.py\", line 301, in train_step\n" +
	"[rank3]:     delta = out - prev\n" +
	"[rank3]: RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. " +
	"Stack trace: File \"/workspace/train.py\", line 296, in train_step\n" +
	"[rank3]:     out = model(batch). To prevent overwriting, clone the tensor outside of torch.compile() or call " +
	"torch.compiler.cudagraph_mark_step_begin() before each model invocation.\n" +
	"wandb: 🚀 View run lucky-sun-42 at: https://wandb.ai/lab/llm/runs/abcd1234\n" +
	"wandb: Find logs at: wandb/run-20261206_100001-abcd1234/logs\n"

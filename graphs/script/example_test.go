package script_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/script"
)

// Read the small training script under examples/scripts: one compile site, its mode
// in a variable, a global fifty lines away, an environment variable set too late, and
// a thread pool calling the compiled model.
func ExampleReadNamed() {
	f, err := os.Open("../../examples/scripts/train.py")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	s, err := script.ReadNamed("train.py", f)
	if err != nil {
		panic(err)
	}
	for i, site := range s.Sites {
		fmt.Printf("train.py:%d %s (kind %s)\n", site.Line, site.Call, site.Kind)
		every := []string{"default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs"}
		for _, m := range site.Modes(every) {
			fmt.Printf("  plan mode %s\n", *m)
		}
		sc, _ := s.Scenario(i, graphs.Scenario{Torch: "2.11"})
		fmt.Printf("  set %v env %v\n", sc.Set, sc.Env)
		for _, in := range site.Inferred {
			fmt.Printf("  workload %s=%s (line %d)\n", in.Field, in.Value, in.Line)
		}
	}
	for _, w := range s.Warnings {
		fmt.Printf("line %d: %s\n", w.Line, w.Code)
	}
	// Output:
	// train.py:26 torch.compile(model, mode=args.compile_mode) (kind call)
	//   plan mode reduce-overhead
	//   plan mode default
	//   set [triton.cudagraph_trees=False] env map[PYTORCH_CUDA_ALLOC_CONF:expandable_segments:True]
	//   workload thread_pool=2 (line 37)
	//   workload autograd_backward=true (line 31)
	// line 15: env-after-import
}

// Plan a file whose thread pool makes every call of a reduce-overhead function: the
// workload comes from the script, so the site the pool calls is planned on the pool's
// threads and the other, called nowhere, on the main thread.
func ExampleScript_PlanWith() {
	src := `import torch
from concurrent.futures import ThreadPoolExecutor
model = torch.compile(net, mode="reduce-overhead")
other = torch.compile(net2, mode="reduce-overhead")
def work(x):
    return model(x)
with ThreadPoolExecutor(max_workers=4) as pool:
    outs = list(pool.map(work, xs))
`
	s, err := script.ReadNamed("serve.py", strings.NewReader(src))
	if err != nil {
		panic(err)
	}
	p, err := s.PlanWith(script.PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
	if err != nil {
		panic(err)
	}
	for _, st := range p.Sites {
		for _, in := range st.Inferred {
			fmt.Printf("line %d: %s=%s (from line %d)\n", st.Line, in.Field, in.Value, in.Line)
		}
		rep := st.Plan.Report
		fmt.Printf("line %d: %s, %s on %s\n", st.Line, rep.Exit, rep.CUDAGraphs.Devices[0].Outcome, rep.CUDAGraphs.Devices[0].Thread)
	}
	// Output:
	// line 3: thread_pool=4 (from line 8)
	// line 3: raises, fail on 4 pool worker threads (each call on any of them)
	// line 4: compiles, capture on main
}

// WriteTextWidth writes a planned script as the other two kinds of input write
// theirs (graphs' Report.WriteTextWidth, diagnose's Diagnosis.WriteTextWidth): a
// writer and a width in columns; WriteText(w, width) is the same call. Write the
// Script PlanWith returns: the one Read returns has no plans, and says so. (The
// example prints a few of the text's lines.)
func ExampleScript_WriteTextWidth() {
	s, err := script.ReadNamed("small.py", strings.NewReader("import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n"))
	if err != nil {
		panic(err)
	}
	p, err := s.PlanWith(script.PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
	if err != nil {
		panic(err)
	}
	for _, x := range []*script.Script{s, p} {
		var b strings.Builder
		if err := x.WriteTextWidth(&b, 80); err != nil {
			panic(err)
		}
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(l, "small.py:") || strings.HasPrefix(l, "  not planned") || strings.HasPrefix(l, "CUDA graphs") {
				fmt.Println(l)
			}
		}
	}
	// Output:
	// small.py: 1 compile site · 0 Inductor globals · 0 environment variables · 0
	// small.py:2 torch.compile(net, mode="reduce-overhead")
	//   not planned: this Script was not planned; call Script.PlanWith (or Planned)
	// small.py: 1 compile site · 0 Inductor globals · 0 environment variables · 0
	// small.py:2 torch.compile(net, mode="reduce-overhead")
	// CUDA graphs: ON (cudagraph_trees)
}

// The command's boolean workload flags, and the Workload field each sets.
func ExampleWorkloadFlags() {
	for _, f := range script.WorkloadFlags() {
		if f.Bool != nil && strings.HasPrefix(f.Flag, "outputs") {
			var w graphs.Workload
			*f.Bool(&w) = true
			fmt.Printf("-%s sets %s: %v %v\n", f.Flag, f.Field, w.OutputsKept, w.OutputsStale)
		}
	}
	// Output:
	// -outputs-kept sets outputs_kept: true false
	// -outputs-stale sets outputs_stale: false true
}

// A pool forked after CUDA was initialised: the parent gathers the result of map, so it
// re-raises the RuntimeError each worker raises, and the run fails.
func ExampleScript_RunFailure() {
	src := `import multiprocessing as mp
import torch
model = torch.compile(torch.nn.Linear(4, 4).cuda(), mode="reduce-overhead")
def work(i):
    return model(torch.randn(2, 4, device="cuda")).sum().item()
if __name__ == "__main__":
    with mp.Pool(4) as p:
        print(p.map(work, range(4)))
`
	s, err := script.ReadNamed("pool.py", strings.NewReader(src))
	if err != nil {
		panic(err)
	}
	p, err := s.Planned(graphs.Scenario{Python: "3.13"}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Exit())
	fmt.Println(p.RunFailure())
	// Output:
	// raises
	// pool.py:8: the parent gathers the result of `p.map(work, range(4))` and re-raises the RuntimeError its worker raises ("Cannot re-initialize CUDA in forked subprocess"): multiprocessing.Pool (line 7) forks it after CUDA was initialised (line 3)
}

package diagnose_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/modes"
)

// A drafter thread dies with a bare AssertionError on 2.11: the diagnosis names the
// thread-local state of cudagraph trees and how to run without it.
func ExampleRead() {
	log := `PyTorch version: 2.11.0+cu130
Exception in thread drafter-1:
Traceback (most recent call last):
  File "/venv/lib/python3.12/site-packages/torch/_inductor/cudagraph_trees.py", line 359, in get_obj
    assert torch._C._is_key_in_tls(attr_name)
AssertionError
`
	d, err := diagnose.Read(strings.NewReader(log))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Torch, d.Findings[0].Code, d.Findings[0].Line, d.Findings[0].Evidence)
	if err := d.WriteText(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 2.11 trees-user-thread-tls 5 measured
	// torch 2.11 (from line 1)
	//
	// line 5: trees-user-thread-tls
	//   | assert torch._C._is_key_in_tls(attr_name)
	//   cause: cudagraph trees keep their state in thread-local storage that only the thread which first
	//          imported torch._inductor.cudagraph_trees has, so recording a graph in another user thread
	//          fails this bare assert in get_obj (issue #123177)
	//   fix: use one process per GPU (torchrun / torch.multiprocessing), or compile and call every
	//        cudagraph function on one long-lived thread, or upgrade to 2.14, whose cudagraph trees
	//        initialise per-thread state (PR #184357), or compile these functions without CUDA graphs
	//        (mode="max-autotune-no-cudagraphs" or plain torch.compile(dynamic=False): both run in
	//        threads, measured on 2.11); triton.cudagraph_trees=False also runs in threads, but its legacy
	//        implementation asserts that parameters never move
}

// ExampleParseTorch reads a release as -torch (Options.Torch) takes it: one of the
// releases known; a newer one (2.15) is refused as newer than the newest known, as every
// entry point where a person gives a release refuses it (a log that states it is read);
// one further is refused with the reason, and the release a log's reader takes it for.
func ExampleParseTorch() {
	for _, s := range []string{"2.6.0", "2.15", "2.99"} {
		v, err := diagnose.ParseTorch(s)
		fmt.Println(v, err != nil)
	}
	_, err := diagnose.ParseTorch("2.99")
	var ve *modes.VersionError
	if errors.As(err, &ve) {
		fmt.Println(ve.Reason)
	}
	// Output:
	// 2.6 false
	// 0.0 true
	// 0.0 true
	// is not a release torch has or is near: a minor more than 3 past the newest, 2.14, would be a future release, not known yet (a log that states a newer one is read up to 2.17, or 3.2); nor is it 2.9.9 typed without its dot: 2.9 ended at 2.9.1
}

// A traceback pasted without its last line: no signature is found, and the text says
// which line is missing (Diagnosis.TracebackCut).
func ExampleRead_tracebackCut() {
	log := `Traceback (most recent call last):
  File "train.py", line 88, in <module>
    loss = step(batch)
  File "/venv/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py", line 655, in _fn
    return fn(*args, **kwargs)
`
	d, err := diagnose.Read(strings.NewReader(log))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(d.Findings), d.TracebackCut)
	if err := d.WriteText(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 0 1
	// no known signature: this log matches none of compilemode's diagnosis codes
	// the codes cover CUDA graphs, torch.compile's arguments and config, and the toolchain Inductor needs
	// none covers graph breaks, recompile limits, Triton or ptxas errors, OOM or compile-worker pools
	// the traceback on line 1 ends before its exception line: paste it to its last line (the "XxxError:
	// message" line), which names the failure
	// torch: not stated in the text
}

// WriteTextWidth writes a diagnosis as the other two kinds of input write theirs
// (graphs' Report.WriteTextWidth, script's Script.WriteTextWidth): a writer and a
// width in columns (0: no wrapping, one line a field). WriteText(w) is
// WriteTextWidth(w, diagnose.TextWidth). (The example prints a few of its lines.)
func ExampleDiagnosis_WriteTextWidth() {
	d, err := diagnose.Read(strings.NewReader("RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture.\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	var b strings.Builder
	if err := d.WriteTextWidth(&b, 60); err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "line ") || strings.HasPrefix(l, "  | ") {
			fmt.Println(l) // the finding and its quote, wrapped at 60 columns
		}
	}
	// Output:
	// line 1: capture-rng-state
	//   | RuntimeError: Cannot call
	//   | CUDAGeneratorImpl::current_seed during CUDA graph
	//   | capture.
}

package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsQuote27: a message's words quoted in a comment or a note as the failure a
// workaround avoids, read from validate27's passages (2026-12-06, real passages no
// earlier session used, not held in the corpus) and their siblings: a quotation alone in parentheses
// after the clause that tells what happened (fragmentPattern, emptyGraphQuoted), a
// quotation with a word of the message left out or cut at an ellipsis (middleForms'
// terseWords, beforeEllipsis), a quotation of a message's middle that goes on past the
// row's literal (messageContinues), a crash by its signal and a trigger in Chinese
// (occurredWords). Each positive failed before its class was read; each lookalike (a
// condition, a purpose, a rule, another accelerator's message) gives no finding.
func TestFormsQuote27(t *testing.T) {
	cut := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Truncated, ""} }
	para := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		// the quotation in parentheses after the clause that tells what happened.
		{"lives in the graph pool untracked (…)", "            # Fresh allocations on purpose: a module-level cached buffer that is first\n            # allocated inside a CUDA-graph-trees warm-up run lives in the graph pool\n            # untracked (\"tensor(s) in the cudagraph pool not tracked as outputs\").\n            k_buf = key_cache.index_select(0, block_ids)\n", cut(diagnose.TreesUntrackedPoolTensors, 3), "validate27 pos/06: a paged KV gather's comment"},
		{"escapes flat output tracking (…)", "    # single flat output: a raw multi-output tuple crossing a torch.compile\n    # cudagraph partition boundary escapes cudagraph trees' flat output\n    # tracking (\"tensor(s) in the cudagraph pool not tracked as outputs\"), and\n    # tagging the op cudagraph_unsafe trips an inductor partition codegen bug\n", cut(diagnose.TreesUntrackedPoolTensors, 3), "validate27 pos/07: a fused backward op's comment"},
		{"stayed untracked (…), past", "the cached buffer stayed in the pool untracked (`tensor(s) in the cudagraph pool not tracked as outputs`).\n", cut(diagnose.TreesUntrackedPoolTensors, 1), "a code span, the past"},
		{"leaks into the pool (…) curly quotes", "A stored activation leaks into the private pool (“tensor(s) in the cudagraph pool not tracked as outputs”).\n", cut(diagnose.TreesUntrackedPoolTensors, 1), "curly quotes"},
		{"if the pool holds untracked tensors (…), call", "# if the pool holds untracked tensors (\"tensor(s) in the cudagraph pool not tracked as outputs\"), call\n# torch.compiler.cudagraph_mark_step_begin() first\n", form{}, "a condition's clause: a rule"},
		{"crashed when the pool held (…)", "It crashed when the pool held untracked tensors (\"tensor(s) in the cudagraph pool not tracked as outputs\").\n", cut(diagnose.TreesUntrackedPoolTensors, 1), "a when clause inside the sentence tells when it happened"},
		{"when a tensor escapes tracking (…) wrapped condition", "# When a tensor made in the compiled region escapes the trees'\n# tracking (\"tensor(s) in the cudagraph pool not tracked as outputs\"), clone it.\n", form{}, "a condition begun on the line above"},
		{"so that no tensor stays untracked (…)", "# Clone outputs so that no tensor stays in the pool untracked (\"tensor(s) in the cudagraph pool not tracked as outputs\").\n", form{}, "a purpose with so that"},
		{"Chinese condition (…)", "# 如果缓存留在池中未被追踪 (\"tensor(s) in the cudagraph pool not tracked as outputs\")，请先 clone\n", form{}, "a condition in Chinese"},
		{"to avoid untracked pool tensors (…)", "# Clone the cache here to avoid keeping tensors in the pool (\"tensor(s) in the cudagraph pool not tracked as outputs\").\n", form{}, "a purpose"},
		{"docs: trees check the pool (…), no quote in parens", "Cudagraph trees check that every tensor in the pool is tracked as an output: tensor(s) in the cudagraph pool not tracked as outputs are reported.\n", form{}, "documentation, unquoted"},
		// the message quoted with a word left out, or cut at an ellipsis.
		{"capture fails (… without are)", "        #   - \"reduce-overhead\" (Inductor + CUDA graphs) is deliberately not used: graph capture fails for the\n        #     coupling/affine flows (\"storage data ptrs not allocated in pool\"), and for the autograd-tracing\n", cut(diagnose.TreesStorageNotInPool, 2), "validate27 pos/20: a normalizing-flow benchmark's comment"},
		{"trips invariant (… wrapped, ellipsis)", "invalid accesses (our kernels hygienic). PYTORCH_NO_CUDA_MEMORY_CACHING=1\ntrips torch's own internal invariant (\"storage data ptrs not allocated\nin pool... could be a bug in inductor aliasing tracking\"), which put\ncudagraph-trees pool bookkeeping in the frame.\n", cut(diagnose.TreesStorageNotInPool, 2), "validate27 pos/19: training notes"},
		{"hit … without These and are", "We hit \"storage data ptrs not allocated in pool\" after turning the caching allocator off.\n", cut(diagnose.TreesStorageNotInPool, 1), "hit, one line"},
		{"rule: the trees check (… without are)", "The trees check that \"storage data ptrs not allocated in pool\" never holds.\n", form{}, "no occurrence said"},
		// a middle of the message quoted past the literal's end.
		{"\"tensor deallocate during graph recording\" errors", "        if use_compile:\n            # Use \"default\" mode - \"reduce-overhead\" uses CUDA graphs which can cause\n            # \"tensor deallocate during graph recording\" errors with dynamic shapes\n            self._loss_fn = torch.compile(self._loss_fn, mode=\"default\")\n", cut(diagnose.TreesInputDeallocated, 3), "validate27 pos/21: a perceptual loss wrapper's comment"},
		{"failed with … recording that did not occur", "the second backward failed with \"tensor deallocate during graph recording that did not occur during replay\"\n", cut(diagnose.TreesInputDeallocated, 1), "the continuation's words, after failed with"},
		{"failed with … from deallocate", "the second backward failed with \"deallocate during graph recording that did not occur during replay\"\n", form{}, "less than minLead of the literal's own words"},
		{"Chinese trigger above the bare quotation", "    #（>1 node）中，cudagraph_trees 会在 backward 触发不变量：\n    # \"input tensor deallocate during graph recording that did not occur during replay\"\n    # 在 backward 时，所有 rank 都会以相同方式崩溃。\n", cut(diagnose.TreesInputDeallocated, 2), "validate27 pos/23: a Chinese-commented training script"},
		{"Japanese trigger above the bare quotation", "    # マルチノード DDP では backward で不変条件をトリガーする:\n    # \"input tensor deallocate during graph recording that did not occur during replay\"\n", cut(diagnose.TreesInputDeallocated, 2), "the Japanese sibling"},
		{"Korean trigger above the bare quotation", "    # 멀티 노드 DDP에서 backward 중 불변식을 트리거:\n    # \"input tensor deallocate during graph recording that did not occur during replay\"\n", cut(diagnose.TreesInputDeallocated, 2), "the Korean sibling"},
		{"core dumped after the quotation's lead", "the trainer core dumped on \"input tensor deallocate during graph recording that did not occur during replay\"\n", cut(diagnose.TreesInputDeallocated, 1), "core dumped"},
		{"SIGSEGV on … terse", "rank 3 got SIGSEGV right after \"storage data ptrs not allocated in pool\" was printed\n", cut(diagnose.TreesStorageNotInPool, 1), "SIGSEGV, the terse quotation"},
		{"continuation alone", "the recorder says \"that did not occur during replay. Please file an issue\"\n", form{}, "the continuation's words alone: none of the literal's"},
		{"tensor deallocate … documented", "# Checks for \"tensor deallocate during graph recording\" in the trees' invariants.\n", form{}, "no occurrence said"},
		// the warning without "The", in parentheses after the clause.
		{"segfaults … (\"CUDA Graph is empty\")", "# torch.compile DISABLED: reduce-overhead (CUDA graphs) segfaults at DDP teardown on\n# this model (\"CUDA Graph is empty\") and drops the CUPTI kernel table — see\n", para(diagnose.CUDAGraphEmpty, 2), "validate27 pos/04: a training launch script's comment"},
		{"came back empty (\"CUDA Graph is empty\")", "the decode graph came back empty on rank 1 (\"CUDA Graph is empty\").\n", para(diagnose.CUDAGraphEmpty, 1), "a code span"},
		{"to avoid an empty graph (which triggers …)", "The intent was to avoid capturing an empty CUDA graph (which triggers a \"CUDA Graph is empty\" warning) for graphs that only contain view operations.\n", form{}, "holdout2's neg_pt185760: a purpose"},
		{"if the graph records nothing (\"CUDA Graph is empty\")", "# if the graph records nothing (\"CUDA Graph is empty\"), skip the replay\n", form{}, "a condition"},
		{"XPU Graph is empty", "the capture recorded nothing (\"XPU Graph is empty\")\n", form{}, "another accelerator's graph"},
		// a crash by its signal.
		{"segfaulted with \"…\" fragment", "the compiled step segfaulted with \"pool not tracked as outputs\" in the log\n", cut(diagnose.TreesUntrackedPoolTensors, 1), "segfaulted with"},
		// another accelerator's message.
		{"NPU graphs must be captured (…)", "        graph = torch.npu.NPUGraph()\n\n        # NPU graphs refuse to be captured on the default/legacy stream\n        # (\"NPU graphs must be captured on a non-default stream\"), so use a\n        # dedicated side stream. Two things are required:\n", form{}, "validate27 neg/01: torch_npu's message"},
		{"HPU graphs must be captured (…)", "# HPU graphs refuse the default stream (\"HPU graphs must be captured on a non-default stream\").\n", form{}, "another accelerator, in parentheses"},
		{"MUSA graphs fail with …", "capture failed with \"MUSA graphs must be captured on a non-default stream\"\n", form{}, "another accelerator's message after failed with"},
		{"XPU graphs must be captured, error", "RuntimeError: XPU graphs must be captured on a non-default stream\n", form{}, "another accelerator's error line"},
		{"CUDA graphs must be captured (…)", "        # CUDA graphs refuse to be captured on the default/legacy stream\n        # (\"CUDA graphs must be captured on a non-default stream\"), so we use a\n        # dedicated side stream.\n", form{diagnose.CaptureDefaultStream, 2, diagnose.Exact, ""}, "CUDA's own, the same comment: read as before"},
	})
}

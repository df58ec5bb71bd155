"""compilemode probe, sixth pass (issue 26, calls not seen): written after the fixes for
calls4 and calls5, to check that the library generalises across the config surface rather
than the expression grammar: 60 keys drawn at random (seed 6) from those 2.6.0 and 2.14.1
share (none host-dependent), each given random values of every type as options, globals
and config.patch arguments (both forms), and 23 of the variables both releases read, each
set to a random odd value in a fresh interpreter.

The case format, the result format and the runner are cpu_calls2.py's. Run inside a chroot
made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_calls6.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_calls6.py > OUT.json
"""

import random

import cpu_calls2 as P

KEYS = ['combo_kernel_allow_mixed_sizes', 'triton.inject_relu_bug_TESTING_ONLY', 'intra_node_bw',
        'aot_inductor.serialized_out_spec', 'aggressive_fusion', 'cpp_wrapper', 'triton.dense_indexing',
        'rocm.is_debug', 'padding_alignment_bytes', 'aot_inductor.output_path', 'keep_output_stride',
        'triton.min_split_scan_rblock', 'efficient_conv_bn_eval_fx_passes', 'trace.debug_log',
        'constant_and_index_propagation', 'conv_1x1_as_mm', 'max_autotune', 'layout_opt_default',
        'realize_opcount_threshold', 'static_weight_shapes', 'rocm.ck_dir', 'cpp.max_horizontal_fusion_size',
        'post_grad_custom_pre_pass', 'split_reductions', 'memory_planning', 'profile_bandwidth_regex',
        'assume_aligned_inputs', 'trace.fx_graph_transformed', 'estimate_op_runtime', 'cuda.enable_ptxas_info',
        'autoheuristic_log_path', 'debug_fusion', 'split_cat_fx_passes', 'enable_linear_binary_folding',
        'triton.tiling_prevents_pointwise_fusion', 'cpp.gemm_thread_factors', 'force_pointwise_cat',
        'triton.multi_kernel', 'autotune_fallback_to_aten', 'rocm.print_kernel_resource_usage',
        'coordinate_descent_check_all_directions', 'triton.cudagraph_skip_dynamic_graphs', 'pad_outputs',
        'sleep_sec_TESTING_ONLY', 'unroll_reductions_threshold', 'triton.cudagraph_dynamic_shape_warn_limit',
        'triton.unique_kernel_names', 'max_autotune_subproc_graceful_timeout_seconds',
        'coordinate_descent_search_radius', 'triton.spill_threshold', 'pick_loop_orders', 'triton.debug_sync_graph',
        'halide.cpu_target', 'trace.draw_orig_fx_graph', 'triton.skip_cudagraph_warmup', 'inplace_buffers',
        'max_autotune_gemm_backends', 'pattern_matcher', 'realize_acc_reads_threshold',
        'triton.cudagraph_trees_history_recording']
ENVS = ['TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_SEARCH_SPACE', 'AOT_INDUCTOR_FILTERED_KERNELS_TO_PRINT',
        'TORCHINDUCTOR_CPP_WRAPPER', 'TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS', 'TORCHINDUCTOR_SHAPE_PADDING',
        'TORCHINDUCTOR_FX_GRAPH_CACHE', 'TORCHINDUCTOR_CPP_FALLBACK_SCATTER_REDUCE_SUM',
        'TORCHINDUCTOR_CPP_WEIGHT_PREPACK', 'TORCHINDUCTOR_AUTOHEURISTIC_COLLECT', 'INDUCTOR_ORIG_FX_SVG',
        'TORCH_COMPILE_DEBUG_SAVE_REAL', 'TORCHINDUCTOR_MEMORY_POOL',
        'TORCHINDUCTOR_BUNDLE_TRITON_INTO_FX_GRAPH_CACHE', 'TORCHINDUCTOR_ANNOTATE_TRAINING',
        'TORCHINDUCTOR_CPP_ENABLE_FLOATING_POINT_CONTRACT_FLAG', 'TORCHINDUCTOR_CPP_GEMM_CACHE_BLOCKING',
        'TORCHINDUCTOR_OPTIMIZE_SCATTER_UPON_CONST_TENSOR', 'TORCHINDUCTOR_MAX_AUTOTUNE_CONV_BACKENDS',
        'TORCHINDUCTOR_COMPREHENSIVE_PADDING', 'INDUCTOR_CUDA_BACKEND_GENERATE_TEST_RUNNER_CODE',
        'TORCHINDUCTOR_SAVE_ARGS', 'TORCHDYNAMO_AUTO_FUNCTIONALIZED_V2', 'TORCHINDUCTOR_FORCE_LAYOUT_OPT']
VALUES = ["True", "False", "None", "0", "1", "-1", "7", "2.5", "0.0", "'x'", "''", "'aten,triton'", "b'x'",
          "[]", "['a']", "()", "(1, 2)", "{}", "{'a': 'b'}", "{1}", "1j", "...", "10 ** 20", "-0.5", "'1'",
          "'True'", "[1, 2]", "('a',)", "float('inf') if False else 1e309", "2 ** 63"]
ENV_VALUES = ["1", "0", "", " ", "2", "-1", "true", "x", "1.5", "0x1", "\u0661", "1 ", "aten", "a,b", "None",
              "\u00a01", "+3", "1_0"]


def cases():
    cs = []

    def add(label, /, **kw):
        cs.append(dict(kw, case=label))

    rng = random.Random(6)
    for k in KEYS:
        for v in rng.sample(VALUES, 4):
            add(f"opt6 {k}={v}", options=f"{{{k!r}: {v}}}")
    for k in rng.sample(KEYS, 25):
        v = rng.choice(VALUES)
        add(f"global6 {k} = {v}", globals=[f"{k} = {v}"])
    for k in rng.sample(KEYS, 20):
        v = rng.choice(VALUES)
        add(f"patch6 {k}={v}", patch={"args": f"({k!r}, {v})", "kwargs": "{}"})
        add(f"patch6 dict {k}={v} (decorator)", patch={"args": f"({{{k!r}: {v}}},)", "kwargs": "{}", "form": "decorator"})
    for k in rng.sample(KEYS, 10):
        m = rng.choice(["'reduce-overhead'", "'max-autotune'", "'default'", "'max-autotune-no-cudagraphs'"])
        v = rng.choice(VALUES)
        add(f"mode6 {m} + global {k} = {v}", mode=m, globals=[f"{k} = {v}"])
    for var in ENVS:
        val = rng.choice(ENV_VALUES)
        add(f"env6 {var}={val!r}", env={var: val})
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

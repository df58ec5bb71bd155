"""compilemode probe, fourth pass (issue 26, "calls not seen", written before any change
the probe led to): torch.compile calls that none of cpu_static.py, cpu_calls2.py and
cpu_calls3.py contain, aimed at classes the earlier probes did not cover:

  - constant expressions Python evaluates before torch.compile sees them (arithmetic,
    **, unary ~ - +, bool arithmetic, comparisons, and/or/not, conditional
    expressions, subscripts and slices of literal containers, string concatenation,
    repetition and %-formatting) in options, globals, config.patch, mode, backend and
    the other keyword arguments, with Python's errors (ZeroDivisionError,
    OverflowError, TypeError, IndexError, KeyError);
  - the config module's own key forms: aliases, deprecated keys, _save_config_ignore
    keys, private and module-level names, subconfig names, env_name_force keys;
  - config.patch with values of every type and keys from those classes;
  - identifiers of other Unicode versions (names Python 3.13 and 3.14 read
    differently), non-BMP and combining characters in keys and values;
  - environment variables of Dynamo, FX and Inductor with odd values;
  - keyword arguments per release, with first calls.

The case format, the result format and the runner are cpu_calls2.py's (this file imports
it; see its docstring). Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_calls4.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_calls4.py > OUT.json
"""

import cpu_calls2 as P

IK = "realize_reads_threshold"      # int
BK = "epilogue_fusion"              # bool
FK = "max_autotune_subproc_graceful_timeout_seconds"  # float
SK = "max_autotune_gemm_backends"   # str
LK = "rocm.arch"                    # List[str]
OK_ = "cpp.simdlen"                 # Optional[int]

# Constant expressions, as values (each is a valid Python expression).
EXPRS = [
    "1 + 1", "2 * 3", "7 // 2", "-7 // 2", "7 % 3", "-7 % 3", "7 % -3", "7 / 2", "1 / 3",
    "2 ** 10", "2 ** -1", "(-2) ** 3", "-2 ** 2", "2 ** 0.5", "10 ** 20", "0 ** 0",
    "1 - 1", "3 - 5", "0x10 + 0o10", "1_000 * 1_000", "True + True", "True * 3",
    "-True", "+True", "~True", "~0", "~-1", "not 0", "not 1", "not ''", "1 and 2", "0 and 2",
    "0 or 3", "'' or 'x'", "None or 4", "1 < 2", "1 < 2 < 3", "2 > 3", "1 == 1.0",
    "1 != 1", "'a' < 'b'", "1 is None", "1 is not None", "'a' in 'abc'", "1 in [1, 2]",
    "3 not in (1, 2)", "1 if True else 2", "'x' if 0 else 'y'", "(1 + 2) * 3", "((4))",
    "1 << 3", "256 >> 4", "5 & 3", "5 | 3", "5 ^ 3", "-1 >> 1", "0.1 + 0.2", "1.5 * 2",
    "10 / 4", "1e308 * 10", "-1e308 * 10", "2.0 ** 0.5", "9 ** 0.5", "7.5 // 2", "-7.5 // 2",
    "7.5 % 2", "-7.5 % 2", "2 ** 62 * 4", "-(2 ** 63)", "1 / 2 ** 60", "3 * 1.1",
    "[1, 2][0]", "[1, 2][-1]", "(3, 4)[1]", "{'a': 5}['a']", "'abc'[1]", "'abc'[-1]",
    "'abc'[1:]", "'abc'[::-1]", "[1, 2, 3][1:]", "(1, 2, 3)[:2]", "'a' + 'b'", "'ab' * 2",
    "2 * 'ab'", "'ab' * 0", "'a' * -1", "[1] + [2]", "(1,) * 2", "[0] * 3", "'%d' % 5",
    "'%s-%s' % ('a', 'b')", "'%r' % 'x'", "'%5.2f' % 1.5", "'aten' ',triton'",
    "'aten' + ',' + 'triton'", "{1: 2} | {3: 4}", "{1} | {2}", "{1, 2} & {2}", "{1, 2} - {1}",
    "1j * 1j", "(1 + 2j) * 2", "1 + 2j - 2j", "True == 1", "0.0 == -0.0", "not not 2",
    "1 < 2 and 'y'", "-(-(-1))", "- - 1", "+-+1", "~~5",
]
# ... and expressions Python refuses (the error is Python's, at the "parse" stage).
BAD_EXPRS = [
    "1 / 0", "1 // 0", "1 % 0", "1.0 / 0", "1 / 0.0", "1.5 // 0", "2.5 % 0.0", "0 ** -1",
    "0.0 ** -1", "2.0 ** 10000", "10.0 ** 400", "1e308 ** 2", "(-8) ** 0.5 + 'a'",
    "1 + 'a'", "'a' - 'b'", "'a' * 'b'", "'a' * 1.5", "[1] + (2,)", "1 < 'a'", "[] < 1",
    "{} < {}", "[1][5]", "(1,)[3]", "'abc'[10]", "{'a': 1}['b']", "{}[0]", "{'a': 1}[[]]",
    "[1, 2]['a']", "'abc'['x']", "1[0]", "None[0]", "~1.5", "~'a'", "-'a'", "+[]",
    "not", "1 +", "(1", "1 ** ", "2 ** 3 ** ", "1 << -1", "1 >> -1", "1.5 << 1",
    "'%d' % 'x'", "'%d %d' % 5", "'%q' % 1", "{1} | [2]", "{[]: 1}", "{1: 2}[{}]",
    "int('5')", "len('x')", "abs(-1)", "True()", "x + 1", "(1).real", "'a'.upper()",
    "1 if 2", "[1, 2][0:1:0]",
]


def cases():
    cs = []

    def add(label, /, **kw):
        cs.append(dict(kw, case=label))

    # 1. constant expressions on keys of each type, and refused ones.
    for i, e in enumerate(EXPRS):
        k = [IK, BK, SK, FK, LK, OK_][i % 6]
        add(f"expr opt {k}={e}", options=f"{{{k!r}: {e}}}")
    for e in EXPRS[:40]:
        add(f"expr opt2 {IK}={e}", options=f"{{{IK!r}: {e}}}")
    for e in BAD_EXPRS:
        add(f"expr bad {IK}={e}", options=f"{{{IK!r}: {e}}}")
    # expressions in other places: keys, whole options, globals, mode, backend, kwargs.
    for o in ["{'epilogue' + '_fusion': True}", "{'triton.' + 'cudagraphs': 1 == 1}",
              "{('a', 'epilogue_fusion')[1]: not 1}", "{'EPILOGUE_FUSION'[0:0] + 'epilogue_fusion': 0 or True}",
              "dict()", "{**{'epilogue_fusion': True}}", "{} if 1 else None", "[{}][0]",
              "{'epilogue_fusion': True} or None", "None and {}", "0 and {'x': 1}"]:
        add(f"expr options={o}", options=o)
    for g in [f"{IK} = 2 ** 3", f"{IK} = -3 // 2", f"{BK} = not True", f"{BK} = 1 == 1",
              f"{SK} = 'ATEN' + ',TRITON'", f"{SK} = 'x' * 3", f"{FK} = 1 / 4", f"{FK} = 10 ** -2",
              f"{IK} = 1 / 0", f"{IK} = [1][1]", f"{LK} = ['gfx90a'] * 2", f"{LK} = list()",
              f"{OK_} = None or 8", f"{OK_} = 16 if True else None", f"{IK} = True + True",
              f"{BK} = ~False"]:
        add(f"expr global {g}", globals=[g])
    for m in ["'reduce-' + 'overhead'", "'max-autotune' if 1 else None", "'default' * 1",
              "['reduce-overhead'][0]", "'REDUCE-OVERHEAD'.lower()", "None or 'max-autotune'",
              "'' or None", "1 + 1", "'bogus' + '!'", "('a', 'b')[2]"]:
        add(f"expr mode={m}", mode=m)
    for b in ["'in' + 'ductor'", "'eager' if 0 else 'aot_eager'", "['eager'][0]", "'Eager'[0:0] + 'eager'",
              "1 + 1", "'bogus' * 2", "None or 'inductor'"]:
        add(f"expr backend={b}", backend=b)
    for kw, v in [("fullgraph", "1 == 1"), ("fullgraph", "not 0"), ("dynamic", "1 > 2"),
                  ("dynamic", "not None"), ("disable", "0 or False"), ("disable", "1 - 1"),
                  ("disable", "[] or 'x'"), ("recompile_limit", "2 ** 3"), ("recompile_limit", "10 ** 3"),
                  ("name", "'f' + 'n'"), ("dynamic", "1 // 0")]:
        add(f"expr kw {kw}={v}", **{kw: v})
    for args, kw in [("('max_autotune', 1 == 1)", "{}"), ("('triton.' + 'cudagraphs', True)", "{}"),
                     ("({'epilogue_fusion': not 1},)", "{}"), ("()", "{'epilogue_fusion': 0 or False}"),
                     ("(('a', 'max_autotune')[1], 2 > 1)", "{}"), ("('max_autotune', 1 / 0)", "{}")]:
        add(f"expr patch {args} {kw}", patch={"args": args, "kwargs": kw})
    # 2. the config module's key forms.
    keys = ["force_disable_caches", "use_static_cuda_launcher", "strict_static_cuda_launcher",
            "use_static_triton_launcher", "strict_static_triton_launcher", "trace.upload_tar",
            "joint_custom_pre_pass", "pre_grad_custom_pass", "post_grad_custom_pre_pass",
            "aot_inductor.repro_level", "_fuse_ddp_communication_passes", "_pre_fusion_custom_pass",
            "TYPE_CHECKING", "os", "sys", "torch", "Config", "inplace_padding", "trace.enabled",
            "trace", "cpp", "triton", "cuda", "aot_inductor", "test_configs.force_extern_kernel_in_multi_template",
            "fx_graph_cache", "worker_start_method", "compile_threads", "cuda.cutlass_dir",
            "_micro_pipeline_tp", "is_fbcode", "get_worker_start_method", "_collective",
            "cpp.threads", "triton.cudagraph_trees", "triton.cudagraph_skip_dynamic_graphs",
            "annotate_training", "debug_index_asserts", "__name__", "__doc__", "_config",
            "_save_config_ignore", "_cache_config_ignore_prefix", "shape_padding"]
    for k in keys:
        add(f"key opt {k}", options=f"{{{k!r}: True}}")
    for k in keys[:24]:
        add(f"key global {k}", globals=[f"{k} = True"])
        add(f"key patch {k}", patch={"args": f"({k!r}, False)", "kwargs": "{}"})
    # 3. config.patch with values of every type, as context manager and decorator.
    for v in ["None", "0", "1", "2.5", "'x'", "b'x'", "[]", "{}", "()", "1j", "...", "set()"]:
        add(f"patch4 max_autotune={v}", patch={"args": f"('max_autotune', {v})", "kwargs": "{}"})
        add(f"patch4 dict realize_reads_threshold={v}",
            patch={"args": f"({{'realize_reads_threshold': {v}}},)", "kwargs": "{}", "form": "decorator"})
    for args, kw in [("('max_autotune', True, 1, 2)", "{}"), ("('a', 'b')", "{'c': 1}"),
                     ("(None,)", "{'max_autotune': True}"), ("({},)", "{'max_autotune': True}"),
                     ("()", "{'max_autotune': True, 'no_such_4': 1}"), ("('max_autotune', None)", "{'x': 1}"),
                     ("({'max_autotune': True, 'no_such_4': 1},)", "{}"), ("('triton', {'cudagraphs': True})", "{}"),
                     ("([],)", "{}"), ("('',)", "{}"), ("(0,)", "{}"), ("(0, 1)", "{}"),
                     ("(False, 1)", "{}"), ("(b'max_autotune', None)", "{}")]:
        add(f"patch4 args {args} {kw}", patch={"args": args, "kwargs": kw})
    # 4. identifiers and characters Python 3.13 and 3.14 read differently.
    for ch in ["\u037a", "\u0e33", "\u309b", "\ufc5e", "\u1c89", "\U00016d40", "\u2e2f", "\u0345",
               "\U0001e5d0", "\u0b53", "\ua7cb", "\U00011bc0", "\u1dfa", "\u30fb", "\u00b7",
               "x\u200c", "x\u200d", "x\u30fb", "\u2118", "\u212e", "\u309c", "\u1885", "\u0387"]:
        add(f"uni name {ch!r}", options=f"{{{BK!r}: {ch}}}")
    for v in ["'\u1c89'", "'\U00016d40'", "'\U0001e5d0'", "'\ua7cb'", "'\U0001fae9'", "'\u0e33'",
              "'e\u0301'", "'\U0001f600'", "'\u2060'", "'\ufeff'", "'\u00ad'", "'\U000e0020'"]:
        add(f"uni value {v!r}", options=f"{{{SK!r}: {v}}}")
        add(f"uni key {v!r}", options=f"{{{v}: 1}}")
    for g in [f"{SK} = '\u1c89'", f"{SK} = '\U0001fae9'", f"\u00e9 = 1", f"{SK}\u00e9 = 1"]:
        add(f"uni global {g!r}", globals=[g])
    # 5. environment variables with odd values (fresh interpreter each).
    envs = [
        ("TORCHDYNAMO_VERBOSE", "1"), ("TORCHDYNAMO_VERBOSE", "yes"),
        ("TORCHDYNAMO_REPRO_LEVEL", "+4"), ("TORCHDYNAMO_REPRO_LEVEL", "1_0"),
        ("TORCHDYNAMO_REPRO_LEVEL", "0x3"), ("TORCHDYNAMO_REPRO_LEVEL", " -2 "),
        ("TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT", "-5"),
        ("TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT", "1.5"),
        ("TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT", "\u0967\u0966"),
        ("TORCH_COMPILE_DISABLE", "1 "), ("TORCH_COMPILE_DISABLE", "\u0661"),
        ("TORCHDYNAMO_DISABLE", "1"), ("TORCHDYNAMO_DISABLE", "0"),
        ("TORCHINDUCTOR_MAX_AUTOTUNE", "1"), ("TORCHINDUCTOR_MAX_AUTOTUNE", "2"),
        ("TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS", "triton,\u00df"),
        ("TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS", "\u01c6"),
        ("TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS", "\u1e9e"),
        ("TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS", "\u0149x"),
        ("TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS", "\U00010428"),
        ("TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS", "\ua7cb"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\U0001e5f3"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\U00016ac3"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\u1c43"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "1" * 4300 + "0"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "0" * 5000 + "7"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\t\n2\r\x0b"),
        ("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "1"), ("TORCHINDUCTOR_FX_GRAPH_CACHE", "0"),
        ("TORCHINDUCTOR_FX_GRAPH_CACHE", "x"), ("TORCHINDUCTOR_CUDAGRAPHS", "1\u00a0"),
        ("TORCHINDUCTOR_COMPILE_THREADS", "0"), ("TORCHINDUCTOR_COMPILE_THREADS", "-1"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "1e400"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "\u0661.\u0665"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "nan"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "+inf "),
        ("TORCHINDUCTOR_SEARCH_AUTOTUNE_CACHE", "1"), ("TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS", "1"),
        ("TORCHDYNAMO_SUPPRESS_ERRORS", ""), ("TORCH_BISECT_BACKEND", "aot_eager_decomp_partition"),
        ("TORCH_BISECT_BACKEND", "inductor"), ("TORCHINDUCTOR_DEBUG", "1"), ("TORCH_COMPILE_DEBUG", "1"),
    ]
    for var, val in envs:
        shown = val if len(val) < 20 else val[:8] + "…" + str(len(val))
        add(f"env4 {var}={shown!r}", env={var: val})
    add("env4 MAX_AUTOTUNE=1 + mode=reduce-overhead", env={"TORCHINDUCTOR_MAX_AUTOTUNE": "1"},
        mode="'reduce-overhead'")
    add("env4 CUDAGRAPHS=1 + options cudagraphs False", env={"TORCHINDUCTOR_CUDAGRAPHS": "1"},
        options="{'triton.cudagraphs': False}")
    # 6. keyword arguments per release, with first calls.
    for kw, vals in [("fullgraph", ["2", "'yes'", "()"]), ("disable", ["'0'", "1.5", "[0]"]),
                     ("dynamic", ["'True'", "0.0", "[]"]), ("name", ["2", "None"]),
                     ("recompile_limit", ["0", "-5", "None"])]:
        for v in vals:
            add(f"kw4 {kw}={v},first_call", **{kw: v}, first_call=True)
    for name, kw in [("mode=max-autotune", dict(mode="'max-autotune'")),
                     ("options cudagraphs", dict(options="{'triton.cudagraphs': True}")),
                     ("backend=aot_eager,mode=max-autotune", dict(backend="'aot_eager'", mode="'max-autotune'")),
                     ("backend=bogus", dict(backend="'bogus'")), ("mode=bogus", dict(mode="'bogus'")),
                     ("guard_filter_fn=[]", dict(options="{'guard_filter_fn': []}")),
                     ("options-unknown", dict(options="{'no_such_4': 1}"))]:
        add(f"first-call4 {name}", first_call=True, **kw)
        add(f"decorator4 {name}", decorator=True, **kw)
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

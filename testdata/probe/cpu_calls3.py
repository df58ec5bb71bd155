"""compilemode probe, third pass (issue 26, "calls not seen"): torch.compile calls that
neither cpu_static.py nor cpu_calls2.py contain, aimed at the same classes with new
variants: options values of every literal type on keys of every annotated type, float
and int edge cases, Unicode digits and white space in literals and in environment
values, Python-version texts (SyntaxError and NameError of odd sources), Dynamo/FX
variables with bad values, config.patch with odd keys as a context manager and as a
decorator, non-string modes and backends of more types, the keyword arguments per
release, nested containers and integers near the 4,300-digit limit.

The case format, the result format and the runner are cpu_calls2.py's (this file imports
it; see its docstring). Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_calls3.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_calls3.py > OUT.json
"""

import cpu_calls2 as P

# One key per declared type (the same keys exist in 2.6.0 and 2.14.1; none is read from
# the environment or depends on the host).
TYPED_KEYS = [
    "epilogue_fusion",                       # bool
    "realize_reads_threshold",               # int
    "max_autotune_subproc_graceful_timeout_seconds",  # float
    "estimate_op_runtime",                   # str
    "cpp.inject_relu_bug_TESTING_ONLY",      # Optional[str] / str | None
    "intra_node_bw",                         # int / int | None
    "cpp.simdlen",                           # Optional[int]
    "triton.autotune_at_compile_time",       # Optional[bool]
    "pre_grad_custom_pass",                  # Optional[Callable] / union with list, tuple
    "aot_inductor.metadata",                 # Dict[str, str]
    "rocm.arch",                             # List[str]
    "cpu_backend",                           # str / Literal[...]
    "reorder_for_compute_comm_overlap_passes",  # list / list[str | Callable]
    "global_cache_dir",                      # NoneType / str | None
    "cuda.cutlass_op_allowlist_regex",       # Optional[str] / NoneType
]
VALUES = ["None", "False", "2", "-3", "2.5", "'cpp'", "b'x'", "2j", "(1,)", "['a']", "{'a': 'b'}",
          "{'a'}", "...", "()", "''"]


def cases():
    cs = []

    def add(label, /, **kw):
        cs.append(dict(kw, case=label))

    # 1. every literal type on a key of every declared type.
    for k in TYPED_KEYS:
        for v in VALUES:
            add(f"opt {k}={v}", options=f"{{{k!r}: {v}}}")
    # 2. float and int edge cases, as literals (options and globals).
    fk = "max_autotune_subproc_terminate_timeout_seconds"
    for v in ["infinity", "-nan", "0x1p3", "1_0.5", "1e-400", "-1e-400", "1.7976931348623157e308",
              "2e308", "0.0_1", "1_e3", "1e_3", "0x10", "-0x1", "0o17", "0b101", "1.", "-.0"]:
        add(f"opt float {fk}={v}", options=f"{{{fk!r}: {v}}}")
    ik = "unbacked_symint_fallback"
    for v in ["9" * 4299, "-" + "9" * 4300, "9" * 4301, "1_" + "0" * 4299, "1_" + "0" * 4300,
              "0x" + "f" * 10, "-0b1", "0_7", "True + 0", "2 ** 3", "~1"]:
        add(f"opt int {ik}={v[:12]}…{len(v)}", options=f"{{{ik!r}: {v}}}")
    for g in [f"{ik} = {'8' * 4299}", f"{ik} = {'8' * 4301}", f"{fk} = 1_0.5", f"{fk} = -nan",
              "realize_reads_threshold = -(+(-4))", "epilogue_fusion = (True)", "epilogue_fusion = [True][0]",
              "cpp.simdlen = {'a': [1, {2: (3,)}]}", "rocm.arch = [['gfx90a']]",
              "aot_inductor.metadata = {'a': {'b': ['c']}}", "cpu_backend = 'triton'", "cpu_backend = 'nope'",
              "triton.autotune_at_compile_time = 0", "global_cache_dir = '/tmp/g'"]:
        add(f"global {g[:60]}…{len(g)}", globals=[g])
    # 3. Unicode in literal sources (digits, white space, compatibility letters).
    bk = "epilogue_fusion"
    for v in ["\u0661", "\uff11", "True\u00a0", "\u3000True", "\uff34rue", "\ufb01", "Tru\u0435",
              "'\u0661'", "'\uff11'", "1\u200b", "'\u2028'", "'\x1c'", "'\U0001d7cf'"]:
        add(f"opt unicode {bk}={v!r}", options=f"{{{bk!r}: {v}}}")
    for k in ["'\u00a0epilogue_fusion'", "'epilogue_fusion\u3000'", "'\uff45pilogue_fusion'",
              "'EPILOGUE_FUSION'", "'epilogue\u2010fusion'", "'epilogue_fusion\\x00'"]:
        add(f"opt unicode key {k!r}", options=f"{{{k}: True}}")
    # 4. nested containers as option values and options.
    for v in ["[[1, [2]], {'a': (3, {4})}]", "{(1, 2): [3]}", "((),)", "[{}]", "{'a': {'b': {'c': None}}}",
              "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "{1: 2, 1: 3}", "({'a': 1},)"]:
        add(f"opt nested rocm.arch={v}", options=f"{{'rocm.arch': {v}}}")
    for o in ["{'epilogue_fusion': True, 'epilogue_fusion': False}", "{'triton': {'cudagraphs': True}}",
              "{'cpp': None}", "[('epilogue_fusion', True)]", "(('epilogue_fusion', True),)",
              "{'epilogue_fusion': True, 1: 2}", "{'epilogue_fusion': True, 'no_such_2': 1}",
              "True", "1", "'epilogue_fusion'", "b'x'", "2.5", "{'epilogue_fusion': True,}"]:
        add(f"options={o}", options=o)
    # 5. non-string modes of more types, and odd mode strings.
    for m in ["1.0", "-0.0", "(0,)", "[0]", "{0}", "{'mode': 'default'}", "'DEFAULT'", "'max_autotune'",
              "' reduce-overhead'", "'max-autotune\\t'", 
              "b'reduce-overhead'", "2j", "-1.5"]:
        add(f"mode3={m}", mode=m)
    for m in ["1.0", "'DEFAULT'", "[0]", "b'x'"]:
        add(f"mode3={m},options={{'epilogue_fusion': False}}", mode=m, options="{'epilogue_fusion': False}")
        add(f"mode3={m},backend=aot_eager", mode=m, backend="'aot_eager'")
    # 6. backend values.
    for b in ["'Eager'", "'aot_eager '", "2", "-1", "1.5", "{}", "set()",
              "'inductorr'", "'indutor'", "'aot_eager_decomp_partition_crossref'",
              "'nvprims_nvfuser'", "'torchxla_trace_once'", "'\u0131nductor'", "'inductor\\x00'"]:
        add(f"backend3={b}", backend=b)
    for b in ["'tvm'", "'cudagraphs'", "2", "'Eager'"]:
        add(f"backend3={b},mode=max-autotune", backend=b, mode="'max-autotune'")
        add(f"backend3={b},options", backend=b, options="{'epilogue_fusion': False}")
    # 7. keyword arguments per release.
    for kw, vals in [("fullgraph", ["''", "0.5", "False", "b'x'"]),
                     ("disable", ["''", "2", "'False'", "False"]),
                     ("name", ["''", "b'f'", "'my name'"]),
                     ("recompile_limit", ["True", "1.5", "10**3"]),
                     ("isolate_recompiles", ["None", "False", "'x'"]),
                     ("dynamic_shapes", ["[]", "()", "{'x': None}"]),
                     ("dynamic", ["-1", "...", "b''", "1.0"])]:
        for v in vals:
            add(f"kw3 {kw}={v}", **{kw: v})
            add(f"kw3 {kw}={v},options-unknown", **{kw: v}, options="{'no_such_3': 1}")
    add("kw3 name+recompile_limit+mode=bogus", name="'f'", recompile_limit="2", mode="'bogus'")
    add("kw3 disable=True,backend=bogus", disable="True", backend="'bogus'")
    # 8. config.patch, odd keys, as context manager and decorator.
    patches = [
        ("space-key", "(' epilogue_fusion', True)", "{}"),
        ("upper-key", "('EPILOGUE_FUSION', True)", "{}"),
        ("double-dot", "('triton..cudagraphs', True)", "{}"),
        ("lead-dot", "('.epilogue_fusion', True)", "{}"),
        ("trail-dot", "('triton.', True)", "{}"),
        ("empty-key", "('', True)", "{}"),
        ("wrong-type-simdlen", "('cpp.simdlen', 'x')", "{}"),
        ("kwargs-unknown", "()", "{'no_such_3': 1}"),
        ("dict-int-key", "({1: True},)", "{}"),
        ("nested-dict", "({'triton': {'cudagraphs': True}},)", "{}"),
        ("str-value-bool", "('triton.cudagraphs', 'yes')", "{}"),
        ("float-int-key", "('realize_reads_threshold', 2.5)", "{}"),
        ("alias-strict", "('strict_static_triton_launcher', True)", "{}"),
        ("None-None", "(None, None)", "{}"),
        ("dict-None", "({'epilogue_fusion': None},)", "{}"),
        ("tuple-key", "(('epilogue_fusion',), True)", "{}"),
        ("list-of-dict", "([{'epilogue_fusion': True}],)", "{}"),
        ("dict-and-kwargs-same", "({'epilogue_fusion': True},)", "{'epilogue_fusion': False}"),
        ("nbsp-key", "('epilogue_fusion\u00a0', True)", "{}"),
        ("literal-key", "('cpu_backend', 'nope')", "{}"),
    ]
    for name, args, kwargs in patches:
        add(f"patch3 {name}", patch={"args": args, "kwargs": kwargs})
        add(f"patch3 {name} (decorator)", patch={"args": args, "kwargs": kwargs, "form": "decorator"})
    add("patch3 epilogue + mode=bogus (decorator)",
        patch={"args": "('epilogue_fusion', False)", "form": "decorator"}, mode="'bogus'")
    add("patch3 cudagraphs + options (decorator)",
        patch={"args": "('triton.cudagraphs', True)", "form": "decorator"}, options="{'triton.cudagraphs': False}")
    # 9. the environment, each in a fresh interpreter.
    envs = [
        ("TORCHDYNAMO_REPRO_LEVEL", "\u00a03"), ("TORCHDYNAMO_REPRO_LEVEL", "\u0663"),
        ("TORCHDYNAMO_REPRO_LEVEL", "3\u2028"), ("TORCHDYNAMO_REPRO_LEVEL", ""),
        ("TORCHDYNAMO_REPRO_LEVEL", "3.0"),
        ("TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT", "1e3"),
        ("TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT", "\uff11_\uff10"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\u200b1"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\u00a01\u00a0"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "-\u0663"),
        ("TORCH_COMPILE_DISABLE", "true"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "infinity"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "-nan"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "0x1p3"),
        ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "1_0.5"),
        ("TORCH_BISECT_BACKEND", "Eager"),
    ]
    for var, val in envs:
        add(f"env3 {var}={val!r}", env={var: val})
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")

if __name__ == "__main__":
    main()

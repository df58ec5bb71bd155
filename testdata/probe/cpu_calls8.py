"""compilemode probe, eighth pass (issue 26, calls not seen): whole torch.compile calls
drawn at random (seed 8) from every argument the earlier probes use, in combination:
mode, options, backend, the other keyword arguments, globals, config.patch (both forms),
the decorator form and first calls, with values that are literals, constant
expressions, f-strings, str.format and comprehensions; a few in a fresh interpreter
with a variable set. Written after the fixes for calls4 to calls7.

The case format, the result format and the runner are cpu_calls2.py's. Run inside a chroot
made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_calls8.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_calls8.py > OUT.json
"""

import random

import cpu_calls2 as P

MODES = ["'default'", "'reduce-overhead'", "'max-autotune'", "'max-autotune-no-cudagraphs'", "None", "''",
         "'Reduce-Overhead'.lower()", "'max-' + 'autotune'", "f'{\"default\"}'", "'{}-overhead'.format('reduce')",
         "'bogus'", "1", "['default'][0]", "'reduce-overhead' if 2 > 1 else None"]
BACKENDS = ["'inductor'", "'eager'", "'aot_eager'", "'cudagraphs'", "'bogus'", "None", "'in' + 'ductor'",
            "f'{\"eager\"}'", "'EAGER'.lower()", "['aot_eager'][0]"]
KEYS = ["max_autotune", "epilogue_fusion", "triton.cudagraphs", "realize_reads_threshold", "cpp.simdlen",
        "max_autotune_gemm_backends", "coordinate_descent_tuning", "triton.cudagraph_trees", "shape_padding",
        "no_such_key", "freezing", "cpp.threads", "triton.max_tiles", "fallback_random"]
VALUES = ["True", "False", "None", "1", "0", "2 ** 3", "1 == 1", "not 0", "'aten'", "f'{1 + 1}'", "'{}'.format(4)",
          "[x for x in 'ab']", "{'a': 1}", "2.5", "-1", "10 // 3", "7 % 4", "'ATEN,TRITON'.lower()", "1 / 0",
          "[True][0]", "(1, 2)[1]", "'x' * 3", "{k: 1 for k in 'a'}", "~1", "True + True", "b'x'", "1j"]
KWARGS = {"fullgraph": ["True", "1 > 2", "0"], "dynamic": ["True", "False", "None", "1 == 1"],
          "disable": ["False", "0 or False", "1 - 1"]}
ENVS = [("TORCHINDUCTOR_MAX_AUTOTUNE", "1"), ("TORCHINDUCTOR_CUDAGRAPHS", "1"), ("TORCH_COMPILE_DISABLE", "1"),
        ("TORCHINDUCTOR_FREEZING", "1"), ("TORCH_COMPILE_OVERRIDE_BACKENDS", "0:nope"),
        ("TORCHINDUCTOR_COORDINATE_DESCENT_TUNING", "1"), ("TORCHINDUCTOR_SHAPE_PADDING", "0"),
        ("TORCHDYNAMO_REPRO_LEVEL", "x"), ("TORCH_BISECT_BACKEND", "eager"), ("TORCHINDUCTOR_FX_GRAPH_CACHE", "1")]


def options(rng):
    n = rng.choice([1, 1, 2, 3])
    items = []
    for _ in range(n):
        items.append(f"{rng.choice(KEYS)!r}: {rng.choice(VALUES)}")
    return "{" + ", ".join(items) + "}"


def call(rng):
    c = {}
    r = rng.random()
    if r < 0.45:
        c["mode"] = rng.choice(MODES)
    if rng.random() < 0.5 and "mode" not in c or rng.random() < 0.1:
        c["options"] = options(rng)
    if rng.random() < 0.25:
        c["backend"] = rng.choice(BACKENDS)
    for kw, vals in KWARGS.items():
        if rng.random() < 0.12:
            c[kw] = rng.choice(vals)
    if rng.random() < 0.25:
        c["globals"] = [f"{rng.choice(KEYS)} = {rng.choice(VALUES)}"]
    if rng.random() < 0.2:
        k, v = rng.choice(KEYS), rng.choice(VALUES)
        form = rng.choice(["with", "decorator"])
        c["patch"] = {"args": f"({k!r}, {v})", "kwargs": "{}", "form": form}
    if rng.random() < 0.15:
        c["decorator"] = True
    elif rng.random() < 0.15:
        c["first_call"] = True
    return c


def cases():
    cs = []
    seen = set()
    rng = random.Random(8)
    while len(cs) < 300:
        c = call(rng)
        label = "call8 " + repr(sorted(c.items()))
        if label in seen:
            continue
        seen.add(label)
        cs.append(dict(c, case=label))
    for var, val in ENVS:
        c = call(rng)
        c["env"] = {var: val}
        cs.append(dict(c, case="env8 " + repr(sorted(c.items()))))
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

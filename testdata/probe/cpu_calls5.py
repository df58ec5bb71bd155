"""compilemode probe, fifth pass (issue 26, "calls not seen"): written after the library
was fixed against cpu_calls4.py, to check that the fixes generalise. Constant
expressions generated at random from a small grammar (fixed seed, so the cases are the
same on every run), as option values, keys, globals, config.patch arguments, modes,
backends and keyword arguments; str methods and number attributes; Unicode names and
strings of Python 3.13 / 3.14; and a few environment variables.

The case format, the result format and the runner are cpu_calls2.py's (this file imports
it; see its docstring). Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_calls5.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_calls5.py > OUT.json
"""

import random

import cpu_calls2 as P

ATOMS = ["0", "1", "2", "3", "7", "-1", "10", "255", "0.5", "2.5", "-0.0", "1e3", "1e-3", "True", "False",
         "None", "'a'", "'ab'", "''", "'x y'", "[1, 2]", "[]", "(1,)", "()", "{'a': 1}", "{}", "{1, 2}",
         "1j", "0x1f", "0o7", "0b11", "1_000", "'%s'", "'%d'", "'AbC'", "' s '", "[[1], 2]", "(1, 'a')"]
BINOPS = ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "==", "!=", "<", "<=", ">", ">=",
          "and", "or", "in", "not in", "is", "is not"]
UNOPS = ["-", "+", "~", "not "]


def gen(rng, depth):
    r = rng.random()
    if depth == 0 or r < 0.3:
        return rng.choice(ATOMS)
    if r < 0.65:
        a, b = gen(rng, depth - 1), gen(rng, depth - 1)
        op = rng.choice(BINOPS)
        if op == "**":
            b = rng.choice(["0", "1", "2", "3", "-1", "-2", "0.5", "2.5", "10", "64", "0.0", "-0.5"])
        if op in ("<<", ">>"):
            b = rng.choice(["0", "1", "3", "-1", "64", "100"])
        return f"({a} {op} {b})"
    if r < 0.75:
        return f"({rng.choice(UNOPS)}{gen(rng, depth - 1)})"
    if r < 0.85:
        return f"({gen(rng, depth - 1)} if {gen(rng, depth - 1)} else {gen(rng, depth - 1)})"
    if r < 0.95:
        seq = rng.choice(["[1, 2, 3]", "'abcd'", "(4, 5)", "[[0], 'x']", "{'a': 1, 'b': [2]}", "''"])
        idx = rng.choice(["0", "-1", "1", "5", "'a'", "True", "1:", ":-1", "::2", "::-1", "1:2", "::0", "None:"])
        return f"{seq}[{idx}]"
    return f"[{gen(rng, depth - 1)}, {gen(rng, depth - 1)}]"


def cases():
    cs = []

    def add(label, /, **kw):
        cs.append(dict(kw, case=label))

    rng = random.Random(26)
    keys = ["realize_reads_threshold", "epilogue_fusion", "max_autotune_gemm_backends",
            "max_autotune_subproc_graceful_timeout_seconds", "cpp.simdlen", "rocm.arch", "aot_inductor.metadata",
            "cpp.threads", "triton.max_tiles", "benchmark_kernel", "unroll_reductions_threshold"]
    seen = set()
    while len(seen) < 170:
        e = gen(rng, 3)
        if e in seen or len(e) > 120:
            continue
        seen.add(e)
        k = keys[len(seen) % len(keys)]
        add(f"gen opt {k}={e}", options=f"{{{k!r}: {e}}}")
    gl = set()
    while len(gl) < 30:
        e = gen(rng, 2)
        if e in gl or e in seen:
            continue
        gl.add(e)
        k = keys[len(gl) % len(keys)]
        add(f"gen global {k} = {e}", globals=[f"{k} = {e}"])
    # str methods, attributes, formatting.
    for e in ["'ATEN,Triton'.lower()", "'aten'.upper() + ',TRITON'", "' aten '.strip()", "'xxatenxx'.strip('x')",
              "'a,b'.replace(',', '')", "','.join(['ATEN', 'TRITON'])", "'ATEN TRITON'.split()",
              "'a-b'.split('-')[0]", "'ß'.upper()", "'İ'.lower()", "'ΑΣ'.lower()", "'ﬁ'.upper()",
              "'abc'.startswith('a')", "'abc'.endswith(('c',))", "'abc'.find('c')", "'aaa'.count('a')",
              "(2.5).real", "(3).imag", "(1+2j).imag", "True.real", "(7).numerator", "'%05.1f' % 2.25",
              "'%+d' % 3", "'%x-%o' % (255, 8)", "'%s' % None", "'%r' % [1]", "'%%'  % ()", "'%c' % 65",
              "'%-4s|' % 'a'", "'%.2e' % 12345.678", "'%i' % 2.9", "'%s %s' % ('a',)"]:
        add(f"method opt max_autotune_gemm_backends={e}", options=f"{{'max_autotune_gemm_backends': {e}}}")
    # expressions in keys, modes, backends, kwargs, patches.
    for m in ["'max-' + 'autotune'", "'Reduce-Overhead'.lower()", "('default', 'x')[0]", "'max-autotune-no-cudagraphs'[:12]",
              "'reduce-overhead' if 1 < 2 else 'default'", "'%s-overhead' % 'reduce'", "' default '.strip()",
              "'-'.join(['max', 'autotune'])", "'DEFAULT'.lower() * 1", "not 'x'"]:
        add(f"mode5={m}", mode=m)
    for b in ["'EAGER'.lower()", "'aot_' + 'eager'", "['inductor', 'eager'][1]", "'inductor'[:-1]",
              "'%s' % 'cudagraphs'", "'eager ' .strip()"]:
        add(f"backend5={b}", backend=b)
    for kw, v in [("fullgraph", "1 > 0"), ("dynamic", "0 != 0"), ("disable", "'' or 0"),
                  ("recompile_limit", "2 ** 4 - 1"), ("recompile_limit", "8 // 3"), ("name", "'g' * 2")]:
        add(f"kw5 {kw}={v}", **{kw: v})
    for args, kw in [("('max_' + 'autotune', 2 > 1)", "{}"), ("({'triton.cudagraphs': 1 == 0},)", "{}"),
                     ("()", "{'epilogue_fusion': not True}"), ("('cpp.simdlen', 2 ** 3)", "{}"),
                     ("('realize_reads_threshold', 10 // 4)", "{}"), ("('realize_reads_threshold', 10 / 4)", "{}")]:
        add(f"patch5 {args} {kw}", patch={"args": args, "kwargs": kw})
        add(f"patch5 {args} {kw} (decorator)", patch={"args": args, "kwargs": kw, "form": "decorator"})
    for o in ["{'epilogue' '_fusion': 1 < 2}", "{k: True for k in ['epilogue_fusion']}", "dict(epilogue_fusion=True)",
              "{**{'max_autotune': 0 == 0}, 'epilogue_fusion': 1}", "{'max_autotune': True} | {'epilogue_fusion': False}"]:
        add(f"options5={o}", options=o)
    # Unicode names and strings (Python 3.13 vs 3.14 by Unicode version).
    for ch in ["\u1c8a", "\u2c2f", "\ua7cc", "\U00010d4a", "\U00011380", "\U0001e5d1", "\u0cf3", "\U0001e4d0",
               "\u2118x", "x\u00b7", "\u00b7x", "x\u0387", "\U00016ac0", "\u1e9e", "\u037f", "\U0001f600"]:
        add(f"uni5 name {ch!r}", options=f"{{'epilogue_fusion': {ch}}}")
    for v in ["'\u1c8a'", "'\U00010d4a'", "'\u2c2f'", "'\U0001fadc'", "'\u0cf3'", "'\U00011380'"]:
        add(f"uni5 value {v!r}", options=f"{{'max_autotune_gemm_backends': {v}}}")
        add(f"uni5 upper {v!r}", options=f"{{'max_autotune_gemm_backends': {v}.upper()}}")
    # a few environment variables.
    for var, val in [("TORCHINDUCTOR_MAX_AUTOTUNE_GEMM_BACKENDS", "\u1c8a,aten"), ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "\U00011bf3"),
                     ("TORCHINDUCTOR_COORDINATE_DESCENT_RADIUS", "+\u0663_\u0663"), ("TORCHDYNAMO_REPRO_LEVEL", "\u00a0\u0662\u2003"),
                     ("TORCHINDUCTOR_COLLECTIVE_BENCHMARK_TIMEOUT", "-0"), ("TORCHINDUCTOR_MAX_AUTOTUNE", "1\u00a0")]:
        add(f"env5 {var}={val!r}", env={var: val})
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

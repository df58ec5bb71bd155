"""compilemode probe (builtins evaluated later: frozenset, int(x, base), pow(x, y, mod),
round(x, n), range, generators, reversed, f'{x=}', the g format): torch.compile calls
whose texts use them, as options, globals, modes, backends and config.patch arguments,
to check how PyTorch takes the values (a frozenset is hashable; its type name is
"frozenset"). Sets of strs are left out: their order follows str hashes, which change
from run to run. The case format, the result format and the runner are
cpu_calls2.py's. Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_builtins2.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_builtins2.py > OUT.json
"""

import cpu_calls2 as P


def cases():
    cs = []

    def add(label, /, **kw):
        cs.append(dict(kw, case=label))

    for v in ["frozenset()", "frozenset(['ATEN'])", "frozenset([1]) | {2}", "{1} | frozenset([2])"]:
        add(f"opt str {P.STR_KEY}={v}", options=f"{{{P.STR_KEY!r}: {v}}}")
        add(f"global {P.BOOL_KEY} = {v}", globals=[f"{P.BOOL_KEY} = {v}"])
    add("opt list rocm.arch=frozenset()", options="{'rocm.arch': frozenset()}")
    add("opt bool=frozenset([1])", options=f"{{{P.BOOL_KEY!r}: frozenset([1])}}")
    add("opt key frozenset", options="{frozenset(): 1}")
    add("options=frozenset()", options="frozenset()")
    add("options=frozenset([1])", options="frozenset([1])")
    for m in ["frozenset()", "frozenset(['reduce-overhead'])", "frozenset([1])"]:
        add(f"mode={m}", mode=m)
    add("mode=frozenset(),backend=eager", mode="frozenset()", backend="'eager'")
    add("backend=frozenset()", backend="frozenset()")
    add("backend=frozenset([1])", backend="frozenset([1])")
    add("patch frozenset", patch={"args": f"({P.BOOL_KEY!r}, frozenset())", "form": "with"})
    for v in ["int('ff', 16)", "int('0b101', 0)", "int('010', 0)", "int('z', 37)", "pow(2, 3, 5)", "pow(2, -1, 4)",
              "pow(2, 3, 5.0)", "round(1234, -2)", "round(True, 1)"]:
        add(f"opt int {P.INT_KEY}={v}", options=f"{{{P.INT_KEY!r}: {v}}}")
    for v in ["round(2.675, 2)", "round(0.5, 1)", "round(1e300, -400)", "round(1.7976931348623157e308, -308)",
              "pow(2.0, 3, 5)"]:
        add(f"opt float {P.FLOAT_KEY}={v}", options=f"{{{P.FLOAT_KEY!r}: {v}}}")
    add("global int base", globals=[f"{P.INT_KEY} = int('7f', base=16)"])
    for v in ["range(3)", "range(0)", "range(1, 10 ** 18, 7)", "range(10)[::-2]", "list(range(3))",
              "[x for x in range(2)]", "list(reversed(range(3)))", "sum(x for x in range(5))", "f'{1 + 1=}'",
              "'%g' % 1e6", "'{:.3}'.format(1.0)"]:
        add(f"opt str {P.STR_KEY}={v}", options=f"{{{P.STR_KEY!r}: {v}}}")
        add(f"global {P.BOOL_KEY} = {v}", globals=[f"{P.BOOL_KEY} = {v}"])
    for m in ["range(0)", "range(3)"]:
        add(f"mode={m}", mode=m)
    add("backend=range(3)", backend="range(3)")
    add("options=range(0)", options="range(0)")
    add("mode=str(pow(3, 2, 5))", mode="str(pow(3, 2, 5))")
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

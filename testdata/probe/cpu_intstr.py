"""compilemode probe (ints past Python's 4,300-digit limit on int-to-str conversion):
torch.compile calls whose arguments hold such an int. The int itself is an ordinary
value; where PyTorch writes it as text (an f-string of its message), Python raises
ValueError instead. A call whose accepted config holds such an int makes the runner
fail (it writes repr() of the config: "probe_error"). The case format, the result format
and the runner are cpu_calls2.py's. Run inside a chroot made by
shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_intstr.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_intstr.py > OUT.json
"""

import cpu_calls2 as P

BIG = "7 ** 7000"  # 5,916 digits


def cases():
    cs = []

    def add(label, /, **kw):
        cs.append(dict(kw, case=label))

    add("mode=" + BIG, mode=BIG)
    add("mode=-" + BIG, mode="-" + BIG)
    add("mode=10 ** 4300", mode="10 ** 4300")
    add("mode=10 ** 4300 - 1", mode="10 ** 4300 - 1")
    add("mode=" + BIG + ",backend=eager", mode=BIG, backend="'eager'")
    add("mode=[" + BIG + "]", mode="[" + BIG + "]")
    add("mode=(" + BIG + ",)", mode="(" + BIG + ",)")
    add("mode=" + BIG + ",options={}", mode=BIG, options="{}")
    add("backend=" + BIG, backend=BIG)
    add("backend=10 ** 4300 - 1", backend="10 ** 4300 - 1")
    add("backend=(" + BIG + ",)", backend="(" + BIG + ",)")
    add("dynamic=" + BIG, dynamic=BIG)
    add("options max_autotune=" + BIG, options="{'max_autotune': " + BIG + "}")
    add("options {" + BIG + ": 1}", options="{" + BIG + ": 1}")
    add("options no_such=" + BIG, options="{'no_such': " + BIG + "}")
    add("options " + BIG, options=BIG)
    add("options mode str(" + BIG + ")", options="{'max_autotune': str(" + BIG + ")}")
    add("options f'{" + BIG + "}'", options="{'max_autotune': f'{" + BIG + "}'}")
    add("options hex", options="{P.STR_KEY: ('%x' % " + BIG + ")[:4]}".replace("P.STR_KEY", repr(P.STR_KEY)))
    add("options oct", options="{P.STR_KEY: f'{" + BIG + ":o}'[:4]}".replace("P.STR_KEY", repr(P.STR_KEY)))
    add("fullgraph=" + BIG, fullgraph=BIG)
    add("name=" + BIG, name=BIG)
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

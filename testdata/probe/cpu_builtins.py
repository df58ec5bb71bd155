"""compilemode probe (issue 26, builtins): re-runs every case of cpu_calls2.py ...
cpu_calls8.py whose texts name one of Python's builtins, now that cpu_calls2.py's lit()
evaluates a text as a script does, with Python's builtins (those probes ran with none,
so int('5') was recorded as a NameError). Each case keeps its name, prefixed with its
probe ("calls4/expr bad ..."); its record supersedes that probe's. The case format, the
result format and the runner are cpu_calls2.py's. Run inside a chroot made by
shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls[2-8].py testdata/probe/cpu_builtins.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_builtins.py > OUT.json
"""

import ast
import builtins
import importlib

import cpu_calls2 as P

BUILTINS = set(dir(builtins)) - {"None", "True", "False"}
SOURCES = ("mode", "options", "backend", "dynamic", "fullgraph", "disable", "name",
           "recompile_limit", "isolate_recompiles", "dynamic_shapes")


def texts(case):
    """The Python texts of a case: its literals, globals' right sides, patch args."""
    out = [case[k] for k in SOURCES if isinstance(case.get(k), str)]
    out += [g.split("=", 1)[1] for g in case.get("globals", []) if "=" in g]
    p = case.get("patch") or {}
    out += [p[k] for k in ("args", "kwargs") if isinstance(p.get(k), str)]
    return out


def names_builtin(src):
    """Whether src (an expression) names a builtin; an unparsable text does not."""
    try:
        tree = ast.parse(src.strip(), mode="eval")
    except (SyntaxError, ValueError):
        return False
    return any(isinstance(n, ast.Name) and n.id in BUILTINS for n in ast.walk(tree))


def cases():
    cs = []
    for i in range(2, 9):
        m = P if i == 2 else importlib.import_module(f"cpu_calls{i}")
        for c in m.cases():
            if any(names_builtin(t) for t in texts(c)):
                cs.append(dict(c, case=f"calls{i}/{c['case']}"))
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

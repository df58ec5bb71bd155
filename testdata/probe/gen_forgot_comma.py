"""Print how this Python's ast.literal_eval words a SyntaxError of two expressions
side by side (a missing ',' or ':'), as JSON: [expr, offset (1-based, as
SyntaxError.offset), message] per case. From 3.10 the parser says "invalid syntax.
Perhaps you forgot a comma?" at the start of the first expression, inside brackets.

Run with each Python: python3.X testdata/probe/gen_forgot_comma.py; the outputs are
config/literal/testdata/forgot-comma.json (one member per Python).
"""
import ast
import json
import sys

CASES = [
    "{'max_autotune' True}", "[1 2]", "(1 2)", "{'a': 1 'b': 2}", "{'a': True 'b'}",
    "{1 2}", "{'a': x y}", "{'a' True, 'b': 1}", "1 2", "{'a' not b}", "{'a' lambda: 1}",
    "['a' 1]", "{'a': (1 2)}", "[1, 2 3]", "{'a': 1, 'b' 2}", "{'a' 1: 2}",
    "{'a': 1 if True else 2 3}", "{'a': b.c d}", "[a 'b']", "{'triton.cudagraphs' False}",
    "(1, 2 3)", "[True None]", "{'a': 1, 'b': 2 'c': 3}", "[-1 2]",
]
out = []
for c in CASES:
    try:
        ast.literal_eval(c)
        out.append([c, 0, "ok"])
    except SyntaxError as e:
        out.append([c, e.offset, e.msg])
    except Exception as e:
        out.append([c, 0, type(e).__name__])
json.dump({"python": sys.version.split()[0], "cases": out}, sys.stdout)
print()

# Which Python versions compile each form, and with what SyntaxError: run by probe.sh
# with every Python named there. Prints one line per form: name, then "ok" or the
# SyntaxError's msg, lineno and offset, tab-separated.
import sys


def nested(n, q='"'):
    # n f-strings, each in the replacement field of the one around it, one quote.
    s = "1"
    for _ in range(n):
        s = "f" + q + "{" + s + "}" + q
    return "x = " + s + "\n"


FORMS = [
    ("match", "match x:\n    case 1:\n        pass\n"),
    ("match-soft-keyword-name", "match = 1\nmatch(x)\n"),
    ("fstring-same-quote", 'd = {}\nx = f"{d["k"]}"\n'),
    ("fstring-other-quote", "d = {}\nx = f\"{d['k']}\"\n"),
    ("fstring-backslash-in-field", 'x = f"{chr(10).join(\'\\n\')}"\n'),
    ("fstring-comment-in-field", 'x = f"""{1 # c\n}"""\n'),
    ("fstring-nested-2-other-quotes", "x = f\"{f'{1}'}\"\n"),
    ("fstring-nested-4-quote-kinds", "x = f'''{f\"\"\"{f'{f\"{1}\"}'}\"\"\"}'''\n"),
    ("fstring-nested-3-same-quote", nested(3)),
    ("fstring-nested-149", nested(149)),
    ("fstring-nested-150", nested(150)),
    ("fstring-nested-151", nested(151)),
    ("fstring-nested-200", nested(200)),
    ("walrus", "if (n := 3) > 2:\n    pass\n"),
    ("paren-with", "with (open('a') as f, open('b') as g):\n    pass\n"),
    ("except-star", "try:\n    pass\nexcept* ValueError:\n    pass\n"),
    ("type-alias", "type X = int\n"),
    ("generic-def", "def f[T](x: T) -> T:\n    return x\n"),
    ("tstring", "x = t\"{1}\"\n"),
    ("except-no-parens", "try:\n    pass\nexcept ValueError, TypeError:\n    pass\n"),
]

for name, src in FORMS:
    try:
        compile(src, "<probe>", "exec")
        out = "ok"
    except SyntaxError as e:
        out = "%s\t%s\t%s" % (e.msg, e.lineno, e.offset)
    except (RecursionError, MemoryError) as e:
        out = "%s: %s" % (type(e).__name__, e)
    print(name + "\t" + out, flush=True)

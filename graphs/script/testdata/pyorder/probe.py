"""Where CPython reports a SyntaxError in two- and three-line files built from
fragments that each hold a parse error, a tokenizer error, an open bracket or nothing
(newuser28 findings 8, 9). Run with each Python:

    python3.13 probe.py > cpython-3.13.tsv

Each row: the source (JSON), the SyntaxError's line, offset and message ("ok": none).
"""
import itertools
import json
import sys

FRAGS = ['x = = 1', 'y = `a`', 'foo(', 'z = \u20ac', 'w = $', '\u00b7x = 1', 'print(1 2,', 'a = 1',
         's = "abc', 'q = (1, $', 'b = [1,', 'c)', 'x\u00b7y = 2', 'd = \u00a0', 'if x:', 'e = {',
         'f(a b', 'g = (1,', 'h = 1 +']


def cases():
    for a, b in itertools.product(FRAGS, repeat=2):
        yield a + '\n' + b + '\n'
    for a, b, c in itertools.product(FRAGS[:10], repeat=3):
        yield a + '\n' + b + '\n' + c + '\n'


print('# ' + sys.version.split()[0])
for src in cases():
    try:
        compile(src, 'c.py', 'exec')
        row = ['ok', '', '']
    except SyntaxError as e:
        row = [str(e.lineno), str(e.offset), e.msg]
    print('\t'.join([json.dumps(src)] + row))

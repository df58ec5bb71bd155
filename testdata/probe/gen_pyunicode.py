"""Write the Unicode facts one Python reads strings with, from that Python's own
unicodedata (so, of its Unicode version), for config/pyver: which characters are
decimal digits (int() and float() accept them), white space (str.isspace, which int()
and float() strip), printable (str.isprintable, which repr() leaves unescaped), and
full upper-case mappings (str.upper, e.g. 'ß' -> 'SS').

Run with the Python whose facts you want (the Debian chroots give 3.13 and 3.14,
the host's pyenv 3.8 to 3.12):

    chroot DIR env -i PATH=/usr/bin:/bin python3 /tmp/gen_pyunicode.py > config/pyver/testdata/unicode-3.13.txt
    /root/.pyenv/versions/3.10.13/bin/python3 testdata/probe/gen_pyunicode.py > config/pyver/testdata/unicode-3.10.txt
    go generate ./config/pyver   # rewrites config/pyver/tables/, what the library embeds

Output, one fact per line, code points in hex:

    python 3.13.5
    unicode 15.1.0
    digit START END          a run of decimal digits, START has value 0 (or 1, see below)
    space START END
    printable START END
    upper CP CP1 CP2 ...     c.upper() when it is not c itself
    lower CP CP1 CP2 ...     c.lower() when it is not c itself
    idstart START END        may start an identifier: c.isidentifier() (XID_Start or '_')
    idcont START END         may continue one: ('a' + c).isidentifier() (XID_Continue)

The identifier classes are what CPython's tokenizer checks a name with
(Parser/lexer.c verify_identifier -> _PyUnicode_ScanIdentifier: XID_Start, then
XID_Continue); a name that fails raises SyntaxError "invalid character".
"""
import sys
import unicodedata

MAX = 0x110000


def ranges(pred):
    out, start = [], None
    for c in range(MAX):
        ok = pred(c)
        if ok and start is None:
            start = c
        elif not ok and start is not None:
            out.append((start, c - 1))
            start = None
    if start is not None:
        out.append((start, MAX - 1))
    return out


def is_surrogate(c):
    return 0xD800 <= c <= 0xDFFF


def main():
    w = sys.stdout.write
    w("python %s\n" % sys.version.split()[0])
    w("unicode %s\n" % unicodedata.unidata_version)
    for s, e in ranges(lambda c: unicodedata.decimal(chr(c), None) is not None):
        w("digit %x %x %d\n" % (s, e, unicodedata.decimal(chr(s))))
    for s, e in ranges(lambda c: chr(c).isspace()):
        w("space %x %x\n" % (s, e))
    for s, e in ranges(lambda c: chr(c).isprintable()):
        w("printable %x %x\n" % (s, e))
    for s, e in ranges(lambda c: not is_surrogate(c) and chr(c).isidentifier()):
        w("idstart %x %x\n" % (s, e))
    for s, e in ranges(lambda c: not is_surrogate(c) and ("a" + chr(c)).isidentifier()):
        w("idcont %x %x\n" % (s, e))
    for c in range(MAX):
        if is_surrogate(c):
            continue
        u = chr(c).upper()
        if u != chr(c):
            w("upper %x %s\n" % (c, " ".join("%x" % ord(x) for x in u)))
    for c in range(MAX):
        if is_surrogate(c):
            continue
        u = chr(c).lower()
        if u != chr(c):
            w("lower %x %s\n" % (c, " ".join("%x" % ord(x) for x in u)))


main()

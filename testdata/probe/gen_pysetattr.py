"""Write what setattr(value, name, 1) raises in this Python, for every attribute of
the built-in types a config value can have (config/pyver/testdata/setattr-X.Y.txt): a global
assignment torch._inductor.config.key.attr = v sets an attribute on the key's value.
Attributes not listed raise the generic "'T' object has no attribute 'x'" text (plus,
from 3.13, " and no __dict__ for setting new attributes").

    chroot DIR env -i PATH=/usr/bin:/bin python3 /tmp/gen_pysetattr.py > config/pyver/testdata/setattr-3.13.txt
    /root/.pyenv/versions/3.10.13/bin/python3 testdata/probe/gen_pysetattr.py > config/pyver/testdata/setattr-3.10.txt
    go generate ./config/pyver   # rewrites config/pyver/tables/, what the library embeds

One line per attribute: TYPE<TAB>ATTR<TAB>EXCEPTION<TAB>MESSAGE.
"""
import sys

VALUES = [None, True, 1, 1.5, 1j, "s", b"b", (1,), [1], {1: 1}, {1}, ...]

print("python %s" % sys.version.split()[0])
for v in VALUES:
    for attr in sorted(set(dir(v)) | {"x"}):
        try:
            setattr(v, attr, 1)
        except Exception as e:
            print("%s\t%s\t%s\t%s" % (type(v).__name__, attr, type(e).__name__, e))
        else:
            print("%s\t%s\tNone\t" % (type(v).__name__, attr))

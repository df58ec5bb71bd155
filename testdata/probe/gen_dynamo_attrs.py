"""The names hasattr(torch._dynamo.config, name) is true for, one a line, sorted: the
config's keys (dotted for subconfigs) and the module's other attributes (dir()). For
config/dynamo-attrs-<release>.txt, which the check of 2.14's
TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS reads. Run in a chroot:

    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/gen_dynamo_attrs.py > config/dynamo-attrs-2.14.txt
"""
import torch._dynamo.config as c

names = set(dir(c)) | set(c._config.keys())
for n in sorted(names):
    assert hasattr(c, n) or n in c._config, n
    print(n)

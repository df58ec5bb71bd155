"""Print every name torch._dynamo.config accepts in an assignment, as JSON.

The names are the config module's _config keys: get_config_copy()'s keys plus the
aliases (Config(alias=...)), which torch._dynamo.config.NAME = VALUE also accepts.
Any other name raises AttributeError "torch._dynamo.config.NAME does not exist",
printed under "unknown" for one made-up name.

Run: cp testdata/probe/cpu_dynamo_keys.py /tmp/deb/trixie/tmp/ && chroot /tmp/deb/trixie
env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_dynamo_keys.py
> testdata/torch/2.6.0-debian/dynamo_keys.json (sid: 2.14.1-debian).
"""
import json
import sys

import torch
import torch._dynamo.config as c

keys = sorted(c._config.keys())
copy = set(c.get_config_copy().keys())
try:
    c.compilemode_made_up_key = 1
    unknown = None
except AttributeError as e:
    unknown = {"exception": type(e).__name__, "message": str(e)}
json.dump({
    "torch": torch.__version__,
    "python": sys.version.split()[0],
    "keys": keys,
    "aliases": [k for k in keys if k not in copy],
    "unknown": unknown,
}, sys.stdout, indent=1)
print()

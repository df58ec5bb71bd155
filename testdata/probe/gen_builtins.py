"""Prints the names a script's expressions find in builtins on this Python: one line,
the version and dir(builtins) sorted, space-separated (config/literal/builtins.txt
holds one such line per Python 3.8-3.14; see its header for the commands).

    python3 testdata/probe/gen_builtins.py >> config/literal/builtins.txt
"""

import builtins
import sys

print("%d.%d" % sys.version_info[:2], " ".join(sorted(dir(builtins))))

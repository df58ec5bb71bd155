"""torch.compile's Python check, run on the release's own code: sys.version_info is
set to the first Python the release refuses (3.14 on 2.6, 3.15 on 2.14) around each
call, since the chroots have no such Python. Writes pycheck.json:

    chroot DIR env -i PATH=/usr/bin:/bin python3 /tmp/cpu_pycheck.py > testdata/torch/2.6.0-debian/pycheck.json

Each case is the call's result ("ok: TYPE") or the exception raised.
"""
import sys, json, torch
real = sys.version_info
out = {"torch": torch.__version__, "python": "%d.%d.%d" % real[:3]}
def f(x): return x
def run(name, fn, ver):
    sys.version_info = ver
    try:
        r = fn()
        out[name] = "ok: " + type(r).__name__
    except Exception as e:
        out[name] = "%s: %s" % (type(e).__name__, e)
    finally:
        sys.version_info = real
lim = (3, 15, 0, "final", 0) if torch.__version__.startswith("2.14") else (3, 14, 0, "final", 0)
run("at limit, plain", lambda: torch.compile(f), lim)
run("at limit, decorator form (not applied)", lambda: torch.compile(mode="reduce-overhead"), lim)
run("at limit, bad mode and options both", lambda: torch.compile(f, mode="bogus", options={}), lim)
run("at limit, disable=True", lambda: torch.compile(f, disable=True), lim)
run("below limit, plain", lambda: torch.compile(f), real)
print(json.dumps(out, indent=1))

import sys
def ok(n, kind):
    src = "x = " + ("1 + " * (n - 1)) + "1\n" if kind == "sum" else "x = torch" + ".a" * n + "\n"
    try:
        compile(src, "f.py", "exec"); return True
    except RecursionError as e:
        return str(e)
    except MemoryError as e:
        return "MemoryError " + str(e)
for kind in ("sum", "attr"):
    lo, hi = 1, 400000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid, kind) is True: lo = mid
        else: hi = mid - 1
    print(sys.version.split()[0], kind, "max ok", lo, "first refused:", ok(lo + 1, kind))

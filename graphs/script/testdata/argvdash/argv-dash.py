# hostile29 S3: what argparse does with "--" in the list parse_args reads, with no positional
# and one of each nargs (the reader follows nargs=None alone). Run: python argv-dash.py
import argparse, sys, json
def mk(pos):
    p = argparse.ArgumentParser(prog="t")
    p.add_argument("--compile", action="store_true")
    p.add_argument("--mode", default="default")
    if pos:
        p.add_argument("data", nargs=pos if pos != "1" else None)
    return p
cases = [["--"], ["--", "--"], ["--compile", "--"], ["--", "--compile"], ["--compile", "--", "--mode", "max-autotune"],
         ["--mode", "x", "--"], ["--mode", "--", "x"], ["--", "x"], ["x", "--"], ["--", "--", "x"], ["--", "x", "--"]]
for pos in ("", "1", "?", "*"):
    for c in cases:
        import io
        err = io.StringIO(); sys.stderr = err
        try:
            r = vars(mk(pos).parse_args(c))
        except SystemExit as e:
            r = "exit %s: %s" % (e.code, err.getvalue().strip().splitlines()[-1])
        finally:
            sys.stderr = sys.__stderr__
        print(repr(pos), json.dumps(c), r)

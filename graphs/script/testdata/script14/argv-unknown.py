# argv14 item 4: what argparse says for a list with an option (or an argument) no
# add_argument of a parser without positionals gives. Run: python argv-unknown.py
import argparse, io, json, sys
def mk():
    p = argparse.ArgumentParser(prog="t")
    p.add_argument("--mode", default="default")
    p.add_argument("--model", default="gpt2")
    p.add_argument("-c", "--compile", action="store_true")
    p.add_argument("-v", action="count", default=0)
    return p
cases = [["--bogus", "1"], ["--bogus=1"], ["-mode", "max-autotune"], ["--compile", "-mode", "max-autotune"],
         ["extra"], ["x", "--compile", "y", "--mode", "a", "z"], ["--mode", "a", "-x"], ["-cx"], ["-vvx"],
         ["--compile=1"], ["--mode", "a b"], ["-1"], ["--bogus", "--", "x"], ["--", "x"], ["--he"], ["-h"],
         ["--bogus", "--mo", "x"], ["--bogus", "--mode"], ["--mode", "bogus", "--model"]]
for c in cases:
    err, out = io.StringIO(), io.StringIO()
    sys.stderr, sys.stdout = err, out
    try:
        r = vars(mk().parse_args(c))
    except SystemExit as e:
        r = "exit %s: %s" % (e.code, (err.getvalue().strip().splitlines() or ["(help)"])[-1])
    finally:
        sys.stderr, sys.stdout = sys.__stderr__, sys.__stdout__
    print(json.dumps(c), r)

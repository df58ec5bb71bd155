# argv14: what argparse says for a list it refuses (a value choices= or type=int does
# not take, an option that takes one value given none). Run: python argv-refusals.py
import argparse, io, json, sys
def mk():
    p = argparse.ArgumentParser(prog="t")
    p.add_argument("-m", "--mode", default="default", choices=["default", "reduce-overhead", "max-autotune"])
    p.add_argument("--size", type=int, choices=[1, 2])
    p.add_argument("--steps", type=int, default=1)
    p.add_argument("--name", default="x")
    p.add_argument("--opt", nargs="?", default="a")
    p.add_argument("--compile", action="store_true")
    return p
cases = [["--mode", "bogus"], ["--mode=lite"], ["-mlite"], ["--mo", "lite"], ["--mode", "max-autotune"],
         ["--size", "3"], ["--size", "2"], ["--size", "z"], ["--steps", "4"], ["--steps", "1_0"], ["--steps", " 4 "],
         ["--steps", "4.0"], ["--mode"], ["--name"], ["--name", "--compile"], ["--name", "-1"], ["--name", "-"],
         ["--name", "--"], ["--name", "--", "y"], ["--opt"], ["--opt", "--compile"], ["--name="]]
for c in cases:
    err = io.StringIO()
    sys.stderr = err
    try:
        r = vars(mk().parse_args(c))
    except SystemExit as e:
        r = "exit %s: %s" % (e.code, err.getvalue().strip().splitlines()[-1])
    finally:
        sys.stderr = sys.__stderr__
    print(json.dumps(c), r)

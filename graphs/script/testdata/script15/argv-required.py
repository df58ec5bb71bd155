# script15 item 2: what argparse says for a list that leaves out an action it
# requires (a positional, an option with required=True) or gives a positional more.
# Run: python argv-required.py (each CPython's output: argv-required.txt).
import argparse, io, json, sys
def with_pos():
    p = argparse.ArgumentParser(prog="t")
    p.add_argument("--mode", default="default")
    p.add_argument("--lr", required=True, type=float)
    p.add_argument("data")
    p.add_argument("-c", "--compile", action="store_true")
    p.add_argument("out", metavar="OUT")
    return p
def options_only():
    p = argparse.ArgumentParser(prog="t")
    p.add_argument("--batch-size", "-b", type=int, required=True)
    p.add_argument("--mode", default="default")
    p.add_argument("--x", required=True)
    return p
def choices_pos():
    p = argparse.ArgumentParser(prog="t")
    p.add_argument("mode", choices=["default", "max-autotune"])
    p.add_argument("--compile", action="store_true")
    return p
cases = [(with_pos, []), (with_pos, ["d"]), (with_pos, ["--lr", "1", "d"]), (with_pos, ["--lr", "1", "d", "o"]),
         (with_pos, ["d", "o"]), (with_pos, ["--lr", "1", "d", "o", "x"]), (with_pos, ["d", "--lr", "1", "o"]),
         (with_pos, ["d", "--lr", "1", "o", "--compile", "x", "y"]), (with_pos, ["--lr", "1", "--bogus", "d", "o"]),
         (with_pos, ["--lr", "1", "-1", "o"]), (with_pos, ["d", "o", "--mode"]), (with_pos, ["--he"]),
         (with_pos, ["--lr", "1", "d", "--", "o"]), (with_pos, ["--lr"]), (with_pos, ["d", "o", "--bogus"]),
         (with_pos, ["--lr=1", "-c", "d", "o"]), (with_pos, ["--l", "1", "d", "o"]),
         (options_only, []), (options_only, ["--x", "1"]), (options_only, ["-b", "2", "--x", "1"]),
         (options_only, ["--batch", "2"]), (options_only, ["extra"]), (options_only, ["-b2", "--x=a"]),
         (choices_pos, []), (choices_pos, ["lite"]), (choices_pos, ["max-autotune", "--compile"]),
         (choices_pos, ["--compile", "default", "x"])]
for mk, c in cases:
    err, out = io.StringIO(), io.StringIO()
    sys.stderr, sys.stdout = err, out
    try:
        r = vars(mk().parse_args(c))
    except SystemExit as e:
        r = "exit %s: %s" % (e.code, (err.getvalue().strip().splitlines() or ["(help)"])[-1])
    finally:
        sys.stderr, sys.stdout = sys.__stderr__, sys.__stdout__
    print(mk.__name__, json.dumps(c), r)

import argparse, sys, json
def mk(allow=True):
    p = argparse.ArgumentParser(allow_abbrev=allow, exit_on_error=False) if sys.version_info >= (3, 9) else argparse.ArgumentParser(allow_abbrev=allow)
    p.add_argument("--mode", default="default")
    p.add_argument("--model", default="gpt2")
    p.add_argument("--compile", action="store_true")
    p.add_argument("--dynamic", action="store_true")
    p.add_argument("-v", "--verbose", action="count")
    p.add_argument("-q", action="count", default=2)
    p.add_argument("-c", action="store_true", dest="cflag")
    p.add_argument("-m", dest="m2")
    return p
cases = [["--mo", "max-autotune"], ["--mod", "x"], ["--mode", "x"], ["--mode=x"], ["--mod=x"], ["--modl", "x"], ["--comp"], ["--c"], ["--dyn"], ["-v", "-v"], ["-vv"], ["-vvv"], ["--verb", "--verb"], ["-q"], [], ["-cv"], ["-vc"], ["-mmax-autotune"], ["-m", "x"], ["-m=x"], ["--co"], ["--d", "--comp"], ["--verbose=2"]]
out = {}
for allow in (True, False):
    for c in cases:
        p = mk(allow)
        try:
            sys.stderr = open("/dev/null", "w")
            ns = p.parse_args(c)
            r = {k: v for k, v in vars(ns).items()}
        except SystemExit as e:
            r = "exit %s" % e.code
        except Exception as e:
            r = type(e).__name__ + ": " + str(e)
        finally:
            sys.stderr = sys.__stderr__
        print(allow, json.dumps(c), r)

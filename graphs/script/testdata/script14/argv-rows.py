import argparse, json
def mk(allow):
    p = argparse.ArgumentParser(allow_abbrev=allow, exit_on_error=False)
    p.add_argument("--mode", default="default")
    p.add_argument("--model", default="gpt2")
    p.add_argument("--compile", action="store_true")
    p.add_argument("--dynamic", action="store_true")
    p.add_argument("-v", "--verbose", action="count")
    p.add_argument("-q", action="count", default=2)
    p.add_argument("-c", action="store_true", dest="cflag")
    p.add_argument("-m", dest="m2")
    return p
rows = [
 (True, ["--comp"], "args.compile"),
 (True, ["--c"], "args.compile"),
 (True, ["--co", "--d"], "args.dynamic"),
 (False, ["--comp"], "args.compile"),
 (True, ["--mode", "max-autotune"], 'args.mode == "max-autotune"'),
 (True, ["--mode=max-autotune"], 'args.mode == "max-autotune"'),
 (True, ["--mo", "max-autotune"], 'args.mode == "max-autotune"'),
 (True, ["--mod=max-autotune"], 'args.mode == "max-autotune"'),
 (True, ["--mode", "max-autotune", "--compile"], 'args.compile and args.mode == "max-autotune"'),
 (True, ["-v", "-v"], "args.verbose >= 2"),
 (True, ["-vv"], "args.verbose >= 2"),
 (True, ["-v"], "args.verbose >= 2"),
 (True, ["-v"], "args.verbose"),
 (True, [], "args.verbose"),
 (True, [], "args.verbose is None"),
 (True, ["--verb", "--verb", "-v"], "args.verbose == 3"),
 (False, ["--verbose", "--verbose"], "args.verbose == 2"),
 (True, ["-q"], "args.q == 3"),
 (True, [], "args.q == 2"),
 (True, ["-cv"], "args.cflag and args.verbose == 1"),
 (True, ["-vc"], "args.cflag"),
 (True, ["-mmax-autotune"], 'args.m2 == "max-autotune"'),
 (True, ["-m=max-autotune"], 'args.m2 == "max-autotune"'),
 (True, ["--compile"], 'args.mode == "default"'),
 (True, ["--verbose=2"], "args.compile"),
]
for allow, lst, cond in rows:
    p = mk(allow)
    try:
        ns = p.parse_args(lst)
        r = "true" if eval(cond, {"args": ns}) else "false"
    except (argparse.ArgumentError, SystemExit) as e:
        r = "exit"
    print('\t\t{%s, %s, %s, "%s"},' % ("true" if allow else "false", json.dumps(json.dumps(lst)), json.dumps(cond), r))

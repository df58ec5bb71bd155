#!/usr/bin/env python3
"""score.py BINARY OUTFILE: run BINARY -diagnose -json on every text of labels.before.tsv and score it.

Per-text rows: name, expected codes, got codes, expected release, got release (with its line), verdict.
Totals: codes expected/found, negatives with any finding, texts stating a release / read right,
releases read where none stated (misreads), wrong codes on positives.
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def norm_rel(s):
    """'2.4.0' and '2.4' compare equal at minor level; keep patch when both give it."""
    if not s or s == "-":
        return ""
    return s.strip()


def rel_match(exp, got):
    if not exp or not got:
        return exp == got
    e, g = exp.split("."), got.split(".")
    return e[:2] == g[:2] and (len(e) < 3 or len(g) < 3 or e[:3] == g[:3])


def run(binary, path):
    p = subprocess.run([binary, "-diagnose", "-json", path], capture_output=True, text=True, timeout=120)
    try:
        d = json.loads(p.stdout)
    except Exception:
        return {"error": (p.stderr or p.stdout)[:200]}
    return d


def main():
    binary, outfile = sys.argv[1], sys.argv[2]
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(HERE, "labels.before.tsv")) if not l.startswith("#") and l.strip()]
    out = []
    T = dict(codes_exp=0, codes_found=0, pos=0, neg=0, neg_with_finding=0, rel_stated=0, rel_right=0,
             rel_misread=0, rel_wrong=0, wrong_codes_on_pos=0)
    for name, url, _set, codes, rel in rows:
        exp = set() if codes == "-" else set(codes.split(","))
        d = run(binary, os.path.join(HERE, "texts", name + ".txt"))
        got = sorted({f["code"] for f in (d.get("findings") or [])})
        torch = d.get("torch") or ""
        src = d.get("torch_source") or ""
        got_rel = torch if src == "text" else ""
        rel_line = "%s:%s" % (d.get("torch_line", ""), (d.get("torch_text") or "").strip()[:90]) if got_rel else ""
        erel = norm_rel(rel)
        verdict = []
        if exp:
            T["pos"] += 1
            T["codes_exp"] += len(exp)
            found = exp & set(got)
            T["codes_found"] += len(found)
            if exp - set(got):
                verdict.append("MISS " + ",".join(sorted(exp - set(got))))
            extra = set(got) - exp
            if extra:
                T["wrong_codes_on_pos"] += len(extra)
                verdict.append("EXTRA " + ",".join(sorted(extra)))
        else:
            T["neg"] += 1
            if got:
                T["neg_with_finding"] += 1
                verdict.append("NEG-FINDING " + ",".join(got))
        if erel:
            T["rel_stated"] += 1
            if rel_match(erel, got_rel):
                T["rel_right"] += 1
            else:
                T["rel_wrong"] += 1
                verdict.append("REL expected %s got %s" % (erel, got_rel or "none"))
        elif got_rel:
            T["rel_misread"] += 1
            verdict.append("REL-MISREAD %s" % got_rel)
        if "error" in d:
            verdict.append("ERROR " + d["error"])
        out.append([name, codes, ",".join(got) or "-", rel, got_rel or "-", rel_line or "-", "; ".join(verdict) or "ok"])
    with open(outfile, "w") as f:
        f.write("# binary\t%s\n" % binary)
        f.write("# name\texpected\tgot\texp_release\tgot_release\trelease_line\tverdict\n")
        for r in out:
            f.write("\t".join(r) + "\n")
        f.write("# TOTALS\n")
        for k, v in T.items():
            f.write("# %s\t%d\n" % (k, v))
    print("texts %d (positives %d, negatives %d)" % (len(rows), T["pos"], T["neg"]))
    print("codes found %d/%d; wrong codes on positives %d" % (T["codes_found"], T["codes_exp"], T["wrong_codes_on_pos"]))
    print("negatives with a finding %d/%d" % (T["neg_with_finding"], T["neg"]))
    print("release read right %d/%d (wrong %d); misread where none stated %d" % (T["rel_right"], T["rel_stated"], T["rel_wrong"], T["rel_misread"]))


if __name__ == "__main__":
    main()

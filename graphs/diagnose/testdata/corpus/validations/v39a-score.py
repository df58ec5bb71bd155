#!/usr/bin/env python3
"""Score a compilemode binary's -diagnose on the frozen labels (labels.before.tsv).

Usage: python3 score.py BINARY OUTFILE

For every text of labels.before.tsv it runs `BINARY -diagnose -json texts/NAME.txt`
and writes one row per text (name, expected codes, got codes, expected release,
got release with its line, verdict) and the totals to OUTFILE (tab-separated rows,
then '#'-prefixed totals), and prints the totals.

Release comparison is by minor (X.Y): a label "2.8.0" is read right by "2.8".
A release the tool reads where the label states none is a misread; so is a
release read different from the stated one (counted as "release read wrong").
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def minor(rel):
    """Return the X.Y of a release string, or '' for none."""
    if not rel or rel == "-":
        return ""
    parts = rel.split(".")
    return ".".join(parts[:2])


def load_labels(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            name, url, _set, codes, rel = line.split("\t")
            exp = [] if codes == "-" else sorted(c.strip() for c in codes.split(",") if c.strip())
            rows.append((name, url, exp, rel))
    return rows


def run(binary, name):
    path = os.path.join(HERE, "texts", name + ".txt")
    p = subprocess.run([binary, "-diagnose", "-json", path],
                       capture_output=True, text=True, timeout=120)
    if p.returncode not in (0, 1):
        return None, "exit %d: %s" % (p.returncode, p.stderr.strip()[:200])
    try:
        return json.loads(p.stdout), ""
    except json.JSONDecodeError as e:
        return None, "bad json: %s" % e


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, out = sys.argv[1], sys.argv[2]
    labels = load_labels(os.path.join(HERE, "labels.before.tsv"))
    t = dict(texts=0, positives=0, negatives=0, codes_expected=0, codes_found=0,
             neg_with_finding=0, wrong_codes_on_pos=0, rel_stated=0, rel_right=0,
             rel_wrong=0, rel_missed=0, rel_misread_none_stated=0, stated_other=0, errors=0)
    lines = ["\t".join(["name", "expected", "got", "missed", "extra", "exp_release",
                        "got_release", "release_line", "release_text", "stated_torch", "verdict"])]
    for name, _url, exp, rel in labels:
        t["texts"] += 1
        d, err = run(binary, name)
        if d is None:
            t["errors"] += 1
            lines.append("\t".join([name, ",".join(exp) or "-", "ERROR", "", "", rel, "", "", err, "", "ERROR"]))
            continue
        got = sorted({f["code"] for f in d.get("findings") or []})
        missed = [c for c in exp if c not in got]
        extra = [c for c in got if c not in exp]
        verdict = []
        if exp:
            t["positives"] += 1
            t["codes_expected"] += len(exp)
            t["codes_found"] += len(exp) - len(missed)
            t["wrong_codes_on_pos"] += len(extra)
            if missed:
                verdict.append("MISS")
            if extra:
                verdict.append("EXTRA")
        else:
            t["negatives"] += 1
            if got:
                t["neg_with_finding"] += 1
                verdict.append("FALSE")
        grel = d.get("torch") or ""
        if d.get("torch_source") != "text":
            grel_read = ""
        else:
            grel_read = grel
        if minor(rel):
            t["rel_stated"] += 1
            if minor(grel_read) == minor(rel):
                t["rel_right"] += 1
            elif grel_read:
                t["rel_wrong"] += 1
                verdict.append("REL-WRONG")
            else:
                t["rel_missed"] += 1
                verdict.append("REL-MISSED")
        elif grel_read:
            t["rel_misread_none_stated"] += 1
            verdict.append("REL-MISREAD")
        st = d.get("stated_torch") or ""
        st_cell = "-"
        if st:
            t["stated_other"] += 1
            st_cell = "%s (%s, line %s)" % (st, d.get("stated_torch_kind"), d.get("stated_torch_line"))
        lines.append("\t".join([
            name, ",".join(exp) or "-", ",".join(got) or "-", ",".join(missed) or "-",
            ",".join(extra) or "-", rel, grel_read or "-", str(d.get("torch_line") or "-"),
            (d.get("torch_text") or "-").replace("\t", " "), st_cell, " ".join(verdict) or "ok"]))
    tot = [
        "texts %d (positives %d, negatives %d), tool errors %d" % (t["texts"], t["positives"], t["negatives"], t["errors"]),
        "codes expected %d, found %d (%.1f%%)" % (t["codes_expected"], t["codes_found"],
                                                  100.0 * t["codes_found"] / max(1, t["codes_expected"])),
        "negatives with any finding: %d of %d" % (t["neg_with_finding"], t["negatives"]),
        "wrong (extra) codes on positives: %d" % t["wrong_codes_on_pos"],
        "texts stating a release: %d, read right %d (%.1f%%), read wrong %d, missed %d" % (
            t["rel_stated"], t["rel_right"], 100.0 * t["rel_right"] / max(1, t["rel_stated"]),
            t["rel_wrong"], t["rel_missed"]),
        "releases read where none stated (misreads): %d" % t["rel_misread_none_stated"],
        "texts whose header names a stated torch release it then refuses (older / not a release; "
        "check each by hand: a right refusal or another package's version read as torch's): %d" % t["stated_other"],
    ]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        for s in tot:
            f.write("# " + s + "\n")
    print("\n".join(tot))


if __name__ == "__main__":
    main()

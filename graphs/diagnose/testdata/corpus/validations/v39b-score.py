#!/usr/bin/env python3
"""Score a compilemode binary's -diagnose on the frozen labels.

usage: python3 score.py BINARY OUTFILE

Runs `BINARY -diagnose -json TEXT` on every text of labels.before.tsv (the
frozen manifest next to this script) and writes one tab-separated row per text
(name, expected codes, got codes, expected release, got release, the release's
line and text, verdict) followed by the totals. A release matches when the
expected X.Y (taken from X.Y or X.Y.Z) equals the binary's "torch" field.
stdlib only.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def minor(rel):
    """Return 'X.Y' of a release string such as '2.6.0' or '2.6', '' for '-'."""
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
            want = set() if codes == "-" else set(c.strip() for c in codes.split(","))
            rows.append((name, url, want, rel))
    return rows


def run(binary, path):
    p = subprocess.run([binary, "-diagnose", "-json", path],
                       capture_output=True, text=True, timeout=120)
    if p.returncode not in (0,):
        return None, f"exit {p.returncode}: {p.stderr.strip()[:200]}"
    return json.loads(p.stdout), ""


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, outfile = sys.argv[1], sys.argv[2]
    labels = load_labels(os.path.join(HERE, "labels.before.tsv"))
    t = dict(codes_expected=0, codes_found=0, negatives=0, neg_with_finding=0,
             stated=0, stated_right=0, stated_missed=0, stated_wrong=0,
             misreads=0, wrong_codes_on_positives=0, errors=0)
    out = ["name\texpected\tgot\texp_release\tgot_release\trelease_line\trelease_text\tverdict"]
    for name, _url, want, rel in labels:
        d, err = run(binary, os.path.join(HERE, "texts", name + ".txt"))
        if d is None:
            t["errors"] += 1
            out.append(f"{name}\t{','.join(sorted(want)) or '-'}\tERROR\t{rel}\t\t\t{err}\tERROR")
            continue
        got = set(f["code"] for f in d.get("findings") or [])
        torch = d.get("torch", "") if d.get("torch_source") == "text" else ""
        line = d.get("torch_line", "")
        ttext = (d.get("torch_text") or "").replace("\t", " ")[:120]
        verdict = []
        t["codes_expected"] += len(want)
        t["codes_found"] += len(want & got)
        if want - got:
            verdict.append("MISS:" + ",".join(sorted(want - got)))
        if not want:
            t["negatives"] += 1
            if got:
                t["neg_with_finding"] += 1
                verdict.append("FALSE:" + ",".join(sorted(got)))
        elif got - want:
            t["wrong_codes_on_positives"] += len(got - want)
            verdict.append("EXTRA:" + ",".join(sorted(got - want)))
        exp = minor(rel)
        if exp:
            t["stated"] += 1
            if torch == exp:
                t["stated_right"] += 1
            elif not torch:
                t["stated_missed"] += 1
                verdict.append(f"REL-MISSED(want {exp})")
            else:
                t["stated_wrong"] += 1
                verdict.append(f"REL-WRONG(want {exp} got {torch})")
        elif torch:
            t["misreads"] += 1
            verdict.append(f"REL-MISREAD(got {torch})")
        out.append("\t".join([name, ",".join(sorted(want)) or "-", ",".join(sorted(got)) or "-",
                              rel, torch or "-", str(line), ttext, " ".join(verdict) or "ok"]))
    pct = lambda a, b: f"{100.0 * a / b:.1f}%" if b else "n/a"
    out.append("")
    out.append(f"# binary: {binary}")
    out.append(f"# texts: {len(labels)} (positives {len(labels) - t['negatives']}, negatives {t['negatives']}); errors {t['errors']}")
    out.append(f"# codes expected/found: {t['codes_expected']}/{t['codes_found']} ({pct(t['codes_found'], t['codes_expected'])})")
    out.append(f"# negatives with any finding: {t['neg_with_finding']} of {t['negatives']}")
    out.append(f"# wrong (extra) codes on positives: {t['wrong_codes_on_positives']}")
    out.append(f"# texts stating a release: {t['stated']}; read right {t['stated_right']} ({pct(t['stated_right'], t['stated'])}), "
               f"missed {t['stated_missed']}, read as another {t['stated_wrong']}")
    out.append(f"# releases read where none stated (misreads): {t['misreads']}")
    with open(outfile, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out[-7:]))


if __name__ == "__main__":
    main()

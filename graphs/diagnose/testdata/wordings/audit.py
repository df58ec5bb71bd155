#!/usr/bin/env python3
"""Build wordings-by-release.tsv: for each probe (probes.tsv) and each release copy
(sources.tsv), where the release's Python sources hold the wording, or "absent".

Usage: audit.py TREES [CPPTREES] > ../wordings-by-release.tsv
TREES holds one folder per release of sources.tsv (TREES/2.5.1/torch/...), each the
torch package of that release: for a repository row, `git -C MIRROR show COMMIT:PATH/F`
for every .py file F under PATH (MIRROR from the search tool's fetch of the
repository); for Debian's row, the chroot's dist-packages. Rows of read.tsv (releases
read one file at a time with the search tool's read_file) are copied in as they are.

CPPTREES, when given, holds one folder per row of sources-cpp.tsv (its first column),
each a release's C++ files: a wheel's torch/include/c10/cuda and ATen/cuda (headers), or
a source package's c10/cuda and aten/src/ATen/cuda (source). Each probe of
probes-cpp.tsv names the file that prints its wording; a copy that has no file of that
name has not read the wording, and gives no line (headers do not hold a .cpp's text).

A probe is exact text of the source; " && " joins terms that must all hold in one file,
and a term "!T" must not be in that file. White space runs count as one space, so that
a string split over lines (implicit concatenation) is one probe.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def norm(s):
    return re.sub(r"\s+", " ", s)


def unesc(s):
    return s.replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\")


def table(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield [unesc(x) for x in line.split("\t")]


def files(root, exts=(".py",), base=None):
    out = []
    for dp, _, fn in os.walk(root, followlinks=True):
        for f in sorted(fn):
            if f.endswith(exts):
                p = os.path.join(dp, f)
                with open(p, encoding="utf-8", errors="replace") as h:
                    text = h.read()
                out.append((os.path.relpath(p, base or os.path.dirname(root)), text, norm(text)))
    return sorted(out)


def find(probe, tree):
    terms = [norm(t) for t in probe.split(" && ")]
    want = [t for t in terms if not t.startswith("!")]
    avoid = [t[1:] for t in terms if t.startswith("!")]
    for path, text, flat in tree:
        if all(t in flat for t in want) and not any(t in flat for t in avoid):
            # the line of the first term, counted in the original text
            first = want[0].split(" ")[0]
            i = flat.index(want[0])
            line = flat.count(" ", 0, 0)  # placeholder, replaced below
            line = text[: locate(text, want[0])].count("\n") + 1
            return "%s:%d" % (path, line)
    return None


def locate(text, flatprobe):
    # offset in text where the whitespace-normalised probe starts
    pat = r"\s+".join(re.escape(w) for w in flatprobe.split(" "))
    m = re.search(pat, text)
    return m.start() if m else 0


def main():
    trees = sys.argv[1]
    sources = list(table("sources.tsv"))
    probes = list(table("probes.tsv"))
    print("# code\tliteral\twording\trelease\tsource (file:line@release, copy) or absent")
    for release, where, prefix in sources:
        tree = files(os.path.join(trees, release, "torch"))
        if not tree:
            sys.exit("no copy of %s under %s" % (release, trees))
        copy = where if where.startswith("Debian") else "%s %s" % (where[: where.index("@") + 8], prefix)
        for code, literal, probe, wording in probes:
            hit = find(probe, tree)
            src = "%s@%s (%s)" % (hit, release, copy) if hit else "absent"
            print("\t".join([code, literal, wording, release, src]).replace("\n", "\\n"))
    if len(sys.argv) > 2:
        cpp(sys.argv[2])
    for row in table("read.tsv"):
        print("\t".join(row))


def cpp(trees):
    probes = list(table("probes-cpp.tsv"))
    for folder, release, where, prefix, kind in table("sources-cpp.tsv"):
        root = os.path.join(trees, folder)
        tree = files(root, (".h", ".cuh", ".cpp", ".cu"), root)
        if not tree:
            sys.exit("no copy of %s under %s" % (folder, trees))
        names = {os.path.basename(path) for path, _, _ in tree}
        copy = where if where.startswith("Debian") else "%s %s" % (where[: where.index("@") + 8], prefix)
        for code, literal, probe, file, wording in probes:
            if file not in names:
                continue
            hit = find(probe, [t for t in tree if os.path.basename(t[0]) == file])
            src = "%s@%s (%s, %s)" % (hit, release, copy, kind) if hit else "absent"
            print("\t".join([code, literal, wording, release, src]).replace("\n", "\\n"))


if __name__ == "__main__":
    main()

#!/bin/sh
# Runs probe.py with the host's pyenv Pythons and the lead's chroots' Pythons; writes
# probe-<version>.tsv (columns: form, then "ok" or the SyntaxError's msg, lineno,
# offset).
set -e
d=$(cd "$(dirname "$0")" && pwd)
run() { # label, command...
	v=$1; shift
	{ echo "# $* probe.py ($v)"; "$@"; } > "$d/probe-$v.tsv"
}
for p in /root/.pyenv/versions/3.*; do
	v=$(basename "$p")
	case $v in 3.[0-7].*) continue ;; esac
	run "$v" "$p/bin/python3" "$d/probe.py"
done
for c in trixie sid; do
	cp "$d/probe.py" /tmp/deb/$c/tmp/pyversion_probe.py
	v=$(chroot /tmp/deb/$c python3 -c 'import platform; print(platform.python_version())')
	run "$v" chroot /tmp/deb/$c python3 /tmp/pyversion_probe.py
done

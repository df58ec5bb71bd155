#!/bin/sh
# Runs probe.py in the CPU chroots the lead built (torch 2.6.0 on Debian trixie's
# Python 3.13, torch 2.14.1 on sid's Python 3.14); writes probe-<release>.tsv.
# Columns: the statements, torch._inductor.config loaded by them, triton.cudagraphs
# after TORCHINDUCTOR_CUDAGRAPHS=1 was set.
set -e
d=$(cd "$(dirname "$0")" && pwd)
for c in trixie sid; do
	cp "$d/probe.py" /tmp/deb/$c/tmp/envimport_probe.py
	v=$(chroot /tmp/deb/$c python3 -c 'import torch; print(torch.__version__)')
	{ echo "# chroot /tmp/deb/$c python3 /tmp/envimport_probe.py (torch $v, $(chroot /tmp/deb/$c python3 -V))"; chroot /tmp/deb/$c python3 /tmp/envimport_probe.py; } > "$d/probe-$v.tsv"
done

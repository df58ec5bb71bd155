"""Measures where a forkserver worker's module-level code ran: in the worker, or in
the forkserver that forked it (and so before the fork, with whatever that code
initialised, CUDA included, inherited by the worker).

The script's top level records the pid of the process that ran it (a worker sees
the value its process holds: its own pid if it ran the top level itself, else the
forkserver's, inherited by fork). Prints, for each start method that re-imports the
script, where the top level ran for a pool worker.

Measured (forkserver-trixie.txt, forkserver-sid.txt): on 3.13.5 each forkserver worker
runs the top level itself; on 3.14.10 the forkserver runs it once and forks the
workers from there. The source agrees: Lib/multiprocessing/forkserver.py's
ensure_running on 3.13.5 hands the server only a 'main_path' key of
spawn.get_preparation_data(), which names the script 'init_main_from_path', so the
server never imports it; on 3.14.10 it passes 'init_main_from_path' as main_path and
the server's main() imports the script (spawn.import_main_path) before forking.

Run (shared/torch-cpu/README.md), from graphs/script/testdata/forkexit:
  cp forkserver.py /tmp/deb/trixie/tmp/ && chroot /tmp/deb/trixie env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/forkserver.py
  cp forkserver.py /tmp/deb/sid/tmp/ && chroot /tmp/deb/sid env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/forkserver.py
"""
import multiprocessing as mp
import os
import sys

TOP_PID = os.getpid()


def where(_):
    if TOP_PID == os.getpid():
        return "in the worker itself"
    if TOP_PID == os.getppid():
        return "in the worker's parent, the forkserver (before the fork)"
    return "in the main process only"


if __name__ == "__main__":
    print("# python %s, default start method %s" % (sys.version.split()[0], mp.get_start_method()))
    for m in ["forkserver", "spawn"]:
        with mp.get_context(m).Pool(1) as p:
            print("%s: the script's top level ran %s" % (m, p.map(where, [0])[0]))

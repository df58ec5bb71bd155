"""Measures the parent's exit status when a process-pool worker raises.

The worker models the failure of a worker forked after CUDA was initialised (its
first CUDA call raises RuntimeError "Cannot re-initialize CUDA in forked
subprocess", torch/cuda/__init__.py _lazy_init) with a plain raise of that
error: the CPU chroots have no CUDA. Each case is a small script run in a fresh
python3 for each start method; the table printed is case, start method, the
parent's exit status and the last line the run wrote on stderr.

Run (shared/torch-cpu/README.md), from graphs/script/testdata/forkexit:
  cp probe.py /tmp/deb/trixie/tmp/ && chroot /tmp/deb/trixie env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/probe.py > measured-trixie.txt
  cp probe.py /tmp/deb/sid/tmp/ && chroot /tmp/deb/sid env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/probe.py > measured-sid.txt
On a loaded machine a spawn case can pass the 120 s limit ("timeout"): run that case
again alone (run(TORCH_CASES[name], "default") after importing this file).
"""
import os
import re
import subprocess
import sys
import tempfile

HEAD = '''import sys
import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor, as_completed
def work(i):
    raise RuntimeError("Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method")
def cpu_work(i):
    import torch
    torch.ones(2).sum()
if __name__ == "__main__":
    METHOD
'''

# name: the body of the __main__ block (4 spaces of indent added).
CASES = {
    "Pool.map": "with mp.Pool(2) as p:\n    p.map(work, range(2))",
    "Pool.map (no with)": "p = mp.Pool(2)\np.map(work, range(2))",
    "Pool.starmap": "with mp.Pool(2) as p:\n    p.starmap(work, [(0,), (1,)])",
    "Pool.apply": "with mp.Pool(2) as p:\n    p.apply(work, (0,))",
    "Pool.imap list-consumed": "with mp.Pool(2) as p:\n    list(p.imap(work, range(2)))",
    "Pool.imap_unordered for-consumed": "with mp.Pool(2) as p:\n    for r in p.imap_unordered(work, range(2)):\n        pass",
    "Pool.imap not consumed": "with mp.Pool(2) as p:\n    p.imap(work, range(2))\n    p.close()\n    p.join()",
    "Pool.apply_async().get()": "with mp.Pool(2) as p:\n    p.apply_async(work, (0,)).get()",
    "Pool.apply_async, no get": "with mp.Pool(2) as p:\n    r = p.apply_async(work, (0,))\n    p.close()\n    p.join()",
    "Pool.map_async().get()": "with mp.Pool(2) as p:\n    p.map_async(work, range(2)).get()",
    "Pool.map_async, no get": "with mp.Pool(2) as p:\n    r = p.map_async(work, range(2))\n    p.close()\n    p.join()",
    "Pool.map_async().wait()": "with mp.Pool(2) as p:\n    p.map_async(work, range(2)).wait()",
    "ctx.Pool.map": "ctx = mp.get_context()\nwith ctx.Pool(2) as p:\n    p.map(work, range(2))",
    "ProcessPoolExecutor.submit().result()": "with ProcessPoolExecutor(2) as ex:\n    ex.submit(work, 0).result()",
    "ProcessPoolExecutor.submit, no result": "with ProcessPoolExecutor(2) as ex:\n    f = ex.submit(work, 0)",
    "ProcessPoolExecutor.submit().exception()": "with ProcessPoolExecutor(2) as ex:\n    ex.submit(work, 0).exception()",
    "ProcessPoolExecutor as_completed result()": "with ProcessPoolExecutor(2) as ex:\n    for f in as_completed([ex.submit(work, i) for i in range(2)]):\n        f.result()",
    "ProcessPoolExecutor.map list-consumed": "with ProcessPoolExecutor(2) as ex:\n    list(ex.map(work, range(2)))",
    "ProcessPoolExecutor.map not consumed": "with ProcessPoolExecutor(2) as ex:\n    ex.map(work, range(2))",
    "Process start; join": "p = mp.Process(target=work, args=(0,))\np.start()\np.join()",
    "Process start, no join": "p = mp.Process(target=work, args=(0,))\np.start()",
    "Process join; exitcode checked": "p = mp.Process(target=work, args=(0,))\np.start()\np.join()\nif p.exitcode != 0:\n    sys.exit(p.exitcode)",
    "Pool passed to a def that maps": "def run(pool, xs):\n    return pool.map(work, xs)\nwith mp.Pool(2) as p:\n    run(p, range(2))",
    "Pool passed to a def that apply_asyncs, no get": "def run(pool, x):\n    pool.apply_async(work, (x,))\nwith mp.Pool(2) as p:\n    run(p, 0)\n    p.close()\n    p.join()",
    "ctx.Process start; join": "ctx = mp.get_context()\np = ctx.Process(target=work, args=(0,))\np.start()\np.join()",
}

# torch.multiprocessing.spawn starts with spawn whatever the default is, start_processes
# with its start_method (default "spawn"): run once.
TORCH_CASES = {
    "torch.multiprocessing.spawn (join=True)": "import torch.multiprocessing as tmp\ntmp.spawn(work, nprocs=2)",
    "torch.multiprocessing.spawn(join=False), no join": "import torch.multiprocessing as tmp\nc = tmp.spawn(work, nprocs=2, join=False)\nfor p in c.processes:\n    p.join()",
    "torch.multiprocessing.spawn(join=False), join() loop": "import torch.multiprocessing as tmp\nc = tmp.spawn(work, nprocs=2, join=False)\nwhile not c.join():\n    pass",
    "torch.multiprocessing.start_processes(start_method='fork')": "import torch.multiprocessing as tmp\ntmp.start_processes(work, nprocs=2, start_method='fork')",
    "torch.multiprocessing.start_processes(start_method='forkserver')": "import torch.multiprocessing as tmp\ntmp.start_processes(work, nprocs=2, start_method='forkserver')",
    "torch.multiprocessing.start_processes(start_method='spawn')": "import torch.multiprocessing as tmp\ntmp.start_processes(work, nprocs=2, start_method='spawn')",
    "torch.multiprocessing.start_processes(start_method='fork', join=False), no join": "import torch.multiprocessing as tmp\nc = tmp.start_processes(work, nprocs=2, join=False, start_method='fork')\nfor p in c.processes:\n    p.join()",
    "torch.multiprocessing.start_processes(start_method='fork'), CPU tensor in parent and worker": "import torch\nimport torch.multiprocessing as tmp\nt = torch.zeros(2)\ntmp.start_processes(cpu_work, nprocs=2, start_method='fork')",
}

METHODS = ["default", "fork", "forkserver", "spawn"]


def run(body, method):
    setter = "pass" if method == "default" else "mp.set_start_method(%r)" % method
    src = HEAD.replace("METHOD", setter) + "".join("    " + l + "\n" for l in body.splitlines())
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "case.py")
        with open(path, "w") as f:
            f.write(src)
        try:
            p = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=120, cwd=d)
        except subprocess.TimeoutExpired:
            return "timeout", ""
    last = [l for l in p.stderr.splitlines() if l.strip()]
    return str(p.returncode), (last[-1] if last else "")


def main():
    import multiprocessing
    import torch
    print("# python %s, torch %s, default start method %s" % (sys.version.split()[0], torch.__version__, multiprocessing.get_start_method()))
    print("# case\tstart method\tparent exit\tlast stderr line")
    for name, body in CASES.items():
        for m in METHODS:
            rc, last = run(body, m)
            print("%s\t%s\t%s\t%s" % (name, m, rc, last[:160]), flush=True)
    for name, body in TORCH_CASES.items():
        rc, last = run(body, "default")
        m = re.search(r"start_method='(\w+)'", name)
        print("%s\t%s\t%s\t%s" % (name, m.group(1) if m else "spawn", rc, last[:160]), flush=True)


if __name__ == "__main__":
    main()

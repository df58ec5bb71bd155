"""Measures, with real CUDA, what a process started after the parent touched CUDA does.

probe.py models the worker's failure with a plain raise (the CPU chroots have no
CUDA); this one runs on the GPU machine (PyTorch with CUDA as plain python3): each
case is a small script run in a fresh python3, whose parent initialises CUDA (or
only makes a CPU tensor) at the module's top level or in its __main__ block, then
starts workers that make a CUDA tensor. The table printed is case, the parent's
exit status and the last line the run wrote on stderr.

Run on the GPU machine, from graphs/script/testdata/forkexit:
  python3 probe_cuda.py > cuda-2.11.txt
"""
import os
import subprocess
import sys
import tempfile

HEAD = '''import torch
import torch.multiprocessing as tmp
import multiprocessing as mp
def work(i, *args):
    return torch.zeros(1, device="cuda").sum().item()
TOP
if __name__ == "__main__":
'''

CUDA = 't = torch.zeros(1, device="cuda")'
CPU = "t = torch.zeros(1)"

# name: (the parent's tensor, where it makes it: "top" or "main", or "preload": at the top
# of a module cudamod the __main__ body has the forkserver preload, the __main__ body).
CASES = {
    "start_processes fork": (CUDA, "main", "tmp.start_processes(work, nprocs=2, start_method='fork')"),
    "start_processes fork, CUDA at top level": (CUDA, "top", "tmp.start_processes(work, nprocs=2, start_method='fork')"),
    "start_processes fork, CPU tensor in parent": (CPU, "main", "tmp.start_processes(work, nprocs=2, start_method='fork')"),
    "start_processes forkserver": (CUDA, "main", "tmp.start_processes(work, nprocs=2, start_method='forkserver')"),
    "start_processes forkserver, CUDA at top level": (CUDA, "top", "tmp.start_processes(work, nprocs=2, start_method='forkserver')"),
    "start_processes spawn": (CUDA, "main", "tmp.start_processes(work, nprocs=2, start_method='spawn')"),
    "start_processes default (spawn)": (CUDA, "main", "tmp.start_processes(work, nprocs=2)"),
    "spawn(start_method='fork')": (CUDA, "main", "tmp.spawn(work, nprocs=2, start_method='fork')"),
    "forkserver ctx.Pool.map": (CUDA, "main", "with mp.get_context('forkserver').Pool(2) as p:\n    p.map(work, range(2))"),
    "forkserver ctx.Pool.map, CUDA at top level": (CUDA, "top", "with mp.get_context('forkserver').Pool(2) as p:\n    p.map(work, range(2))"),
    "forkserver ctx.Pool.map, CUDA in a module the forkserver preloads": (CUDA, "preload", "mp.set_forkserver_preload(['cudamod'])\nwith mp.get_context('forkserver').Pool(2) as p:\n    p.map(work, range(2))"),
    "start_processes forkserver, CUDA in a module the forkserver preloads": (CUDA, "preload", "mp.set_forkserver_preload(['cudamod'])\ntmp.start_processes(work, nprocs=2, start_method='forkserver')"),
    "fork ctx.Pool passed to a def that maps": (CUDA, "main", "def run(pool, xs):\n    return pool.map(work, xs)\nwith mp.get_context('fork').Pool(2) as p:\n    run(p, range(2))"),
}


def run(tensor, where, body):
    src = HEAD.replace("TOP", tensor if where == "top" else "")
    if where == "main":
        src += "    " + tensor + "\n"
    src += "".join("    " + l + "\n" for l in body.splitlines())
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "case.py")
        with open(path, "w") as f:
            f.write(src)
        with open(os.path.join(d, "cudamod.py"), "w") as f:
            f.write("import torch\n" + tensor + "\n")
        try:
            p = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=180, cwd=d)
        except subprocess.TimeoutExpired:
            return "timeout", ""
    last = [l for l in p.stderr.splitlines() if l.strip()]
    return str(p.returncode), (last[-1] if last else "")


def main():
    import multiprocessing
    import torch
    print("# python %s, torch %s, %s, default start method %s" % (sys.version.split()[0], torch.__version__, torch.cuda.get_device_name(0), multiprocessing.get_start_method()))
    print("# case\tparent exit\tlast stderr line")
    for name, (tensor, where, body) in CASES.items():
        rc, last = run(tensor, where, body)
        print("%s\t%s\t%s" % (name, rc, last[:200]), flush=True)


if __name__ == "__main__":
    main()

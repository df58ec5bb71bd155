# GPU probe (nu32 item 2): an output of a reduce-overhead function kept in a list across steps, read
# or never read; memory_allocated after steps 3 and 20. Also writes dealloc_current_path_weakrefs's
# source lines (torch/_inductor/cudagraph_trees.py at 2.11: lines 2600-2647) to $OUT for reading.
import inspect, os, sys, torch, traceback
import torch.nn as nn
import torch._inductor.cudagraph_trees as ct
out_dir = os.environ.get("OUT", "/tmp")
src, start = inspect.getsourcelines(ct.CUDAGraphTreeManager.dealloc_current_path_weakrefs)
with open(os.path.join(out_dir, "dealloc_2.11.txt"), "w") as f:
    f.write("torch %s %s\n" % (torch.__version__, ct.__file__))
    for i, l in enumerate(src):
        f.write("%d: %s" % (start + i, l))
import shutil; shutil.copy(ct.__file__, os.path.join(out_dir, "cudagraph_trees_2.11.py.txt"))
torch.manual_seed(0)
def model():
    return nn.Sequential(nn.Linear(512, 1024), nn.GELU(), nn.Linear(1024, 10)).cuda()
def run(name, body):
    torch._dynamo.reset()
    try:
        torch.cuda.synchronize(); torch.cuda.empty_cache()
        r = body()
        print(name, "OK", r, flush=True)
    except Exception as e:
        print(name, "RAISES", type(e).__name__, str(e)[:120].replace("\n", " "), flush=True)
def train(keep, n=20, read_end=False, item=False, cpu=False, mark=False):
    m = model(); c = torch.compile(m, mode="reduce-overhead"); opt = torch.optim.AdamW(m.parameters())
    kept = []; mems = []
    for i in range(n):
        if mark: torch.compiler.cudagraph_mark_step_begin()
        x = torch.randn(64, 512, device="cuda"); y = torch.randint(0, 10, (64,), device="cuda")
        out = c(x); loss = nn.functional.cross_entropy(out, y)
        opt.zero_grad(); loss.backward(); opt.step()
        if keep == "out": kept.append(out)
        if keep == "item": kept.append(loss.item())
        if keep == "cpu": kept.append(out.detach().cpu())
        if keep == "clone": kept.append(out.clone())
        torch.cuda.synchronize(); mems.append(torch.cuda.memory_allocated())
    res = {"mem_first": mems[2], "mem_last": mems[-1]}
    if read_end:
        res["read0"] = float(kept[0].sum())
    if keep == "out":
        res["kept0_storage_nbytes_try"] = None
        try:
            res["kept0_storage_nbytes_try"] = kept[0].untyped_storage().nbytes()
        except Exception as e:
            res["kept0_storage_nbytes_try"] = "raises " + type(e).__name__
        res["kept0_shape"] = tuple(kept[0].shape)
    return res
def infer(keep, n=20, read_end=False):
    m = model().eval(); c = torch.compile(m, mode="reduce-overhead")
    kept = []; mems = []
    with torch.no_grad():
        for i in range(n):
            out = c(torch.randn(64, 512, device="cuda"))
            if keep: kept.append(out)
            torch.cuda.synchronize(); mems.append(torch.cuda.memory_allocated())
        res = {"mem_first": mems[2], "mem_last": mems[-1]}
        if read_end: res["read0"] = float(kept[0].sum())
    return res
run("train_nokeep", lambda: train(None))
run("train_keep_never_read", lambda: train("out"))
run("train_keep_read_after", lambda: train("out", read_end=True))
run("train_keep_item", lambda: train("item"))
run("train_keep_cpu", lambda: train("cpu"))
run("train_keep_clone", lambda: train("clone", read_end=True))
run("train_keep_print_shape", lambda: train("out"))
run("infer_nokeep", lambda: infer(False))
run("infer_keep_never_read", lambda: infer(True))
run("infer_keep_read_after", lambda: infer(True, read_end=True))

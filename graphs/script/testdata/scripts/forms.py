# Every form the reader knows, through aliases.
import functools
import os as _os
import torch as t
import torch._inductor.config
from torch import compile
from torch import compile as c
from torch._inductor import config
import torch.multiprocessing as mp
import torch.distributed as dist

_os.putenv("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "1")
_os.environ.update({"TORCH_LOGS": "recompiles"}, TORCHINDUCTOR_CACHE_DIR="/tmp/ti")
torch._inductor.config.triton.cudagraphs = False
config.max_autotune = t.cuda.is_available()
t._inductor.config.freezing = True


@t.compile
def f1(x):
    return x + 1


@t.compile(mode="max-autotune", dynamic=True)
def f2(x):
    return x * 2


@config.patch(max_autotune_gemm=True)
def build(m):
    return compile(m, backend="inductor", options={"triton.cudagraph_trees": False})


@functools.partial(t.compile, mode="reduce-overhead")
def f3(x):
    return x - 1


kwargs = {"mode": "max-autotune-no-cudagraphs", "fullgraph": True}
m1 = c(f1, **kwargs)
m2 = c(f1, mode=get_mode(), options=opts)
m3 = build(f2)


def worker(rank, world):
    dist.init_process_group("nccl", rank=rank, world_size=world)
    with torch._inductor.config.patch("triton.cudagraph_trees", False), config.patch(fx_graph_cache=False):
        m = t.compile(f1, mode="reduce-overhead")
    return m


if __name__ == "__main__":
    local_rank = int(_os.environ["LOCAL_RANK"])
    mp.spawn(worker, args=(2,), nprocs=2)

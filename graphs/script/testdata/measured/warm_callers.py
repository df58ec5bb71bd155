# sweep5 finding 24: which thread compiles when the main thread calls a compiled function
# first and worker threads call it after, and which Inductor config the compile sees there.
# A backend that records the thread it runs in and torch._inductor.config.triton.cudagraphs
# (set to True in the main thread only). Run: python3 warm_callers.py
import threading, torch
import torch._inductor.config as c

calls = []


def be(gm, ex):
    calls.append((threading.current_thread().name, c.triton.cudagraphs))
    return gm.forward


def case(name, worker_shape, mark=False):
    torch._dynamo.reset()
    calls.clear()
    f = torch.compile(lambda x: x + 1, backend=be)
    f(torch.ones(2))
    x = torch.ones(worker_shape)
    if mark:
        torch._dynamo.mark_dynamic(x, 0)
    t = threading.Thread(target=lambda: f(x), name="worker")
    t.start()
    t.join()
    print("%s: backend compiles (thread, triton.cudagraphs seen): %s" % (name, calls))


c.triton.cudagraphs = True
print("torch", torch.__version__)
case("same-shape", (2,))
case("new-shape", (3,))
case("new-shape-marked-dynamic", (3,), mark=True)

# run on the H200 (torch 2.11.0+cu130): python3 gpu_measure_t2.py global|thread_local
import threading, sys
import torch
mode = sys.argv[1]
res = {}
def worker(i):
    try:
        model = torch.compile(torch.nn.Linear(256, 256).cuda())
        x = torch.randn(16, 256, device="cuda")
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            for _ in range(3):
                model(x)
        torch.cuda.current_stream().wait_stream(s)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g, capture_error_mode=mode):
            y = model(x)
        for _ in range(20):
            g.replay()
        torch.cuda.synchronize(); res[i] = "ok"
    except Exception as e:
        res[i] = type(e).__name__ + ": " + str(e).splitlines()[0][:120]
ts = [threading.Thread(target=worker, args=(i,)) for i in range(2)]
for t in ts: t.start()
for t in ts: t.join()
print(mode, res)

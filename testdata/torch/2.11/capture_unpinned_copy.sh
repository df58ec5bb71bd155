#!/bin/sh
# branch release: does PyTorch 2.11 print capture-unpinned-copy's message, and
# what does it print for a capture that ends on another stream?
# Prints the torch version and each case's exception line.
python3 - <<'PY'
import torch
print("torch", torch.__version__)
def case(name, fn):
    try:
        fn(); print(name, "-> no error")
    except Exception as e:
        print(name, "->", type(e).__name__ + ":", str(e).splitlines()[0])
def unpinned():
    g = torch.cuda.CUDAGraph()
    y = torch.zeros(4, device="cuda")
    torch.cuda.synchronize()
    with torch.cuda.graph(g):
        y.copy_(torch.ones(4))  # pageable CPU -> CUDA inside capture
def unpinned_scalar_tensor():
    g = torch.cuda.CUDAGraph()
    torch.cuda.synchronize()
    with torch.cuda.graph(g):
        torch.tensor([1.0, 2.0], device="cuda")
def other_stream_end():
    g = torch.cuda.CUDAGraph()
    s = torch.cuda.Stream()
    x = torch.zeros(4, device="cuda")
    torch.cuda.synchronize()
    g.capture_begin()
    x.add_(1)
    with torch.cuda.stream(s):
        g.capture_end()
case("unpinned copy_", unpinned)
case("torch.tensor(device=cuda)", unpinned_scalar_tensor)
case("capture_end on another stream", other_stream_end)
PY

# What turns torch.compile off, measured on a CPU build (sweep3 findings 1 and 2):
# each case runs in its own process with the environment given on the command line,
# compiles a function with a counting backend and calls it once.
#   for v in 0 false true 1 ""; do TORCH_COMPILE_DISABLE="$v" python3 compile_disable_probe.py env; done
#   TORCHDYNAMO_DISABLE=1 python3 compile_disable_probe.py env; python3 compile_disable_probe.py config
import os, sys
import torch
import torch._dynamo.config as dc

calls = [0]

def backend(gm, example_inputs):
    calls[0] += 1
    return gm

if sys.argv[1] == "config":
    dc.disable = True
f = torch.compile(lambda x: x.sin() + 1, backend=backend)
f(torch.randn(3))
env = {k: os.environ[k] for k in ("TORCH_COMPILE_DISABLE", "TORCHDYNAMO_DISABLE") if k in os.environ}
print(f"torch {torch.__version__} case={sys.argv[1]} env={env} disable={dc.disable!r} backend_calls={calls[0]}")

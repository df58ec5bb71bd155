# A small training script for `compilemode -script examples/scripts/train.py`:
# a config global fifty lines from the compile call would hide in a real script, an
# environment variable set too late, a mode held in a variable, and a thread pool that
# calls the compiled model.
import os

os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "expandable_segments:True"

import argparse
from concurrent.futures import ThreadPoolExecutor

import torch
import torch._inductor.config as inductor_config

os.environ["TORCHINDUCTOR_MAX_AUTOTUNE"] = "1"  # after the config import above: too late

inductor_config.triton.cudagraph_trees = False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--compile-mode", default="reduce-overhead", choices=["default", "reduce-overhead"])
    args = parser.parse_args()

    model = torch.nn.Linear(1024, 1024).cuda()
    model = torch.compile(model, mode=args.compile_mode)
    opt = torch.optim.AdamW(model.parameters())

    def step(x):
        loss = model(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        return loss.item()

    with ThreadPoolExecutor(max_workers=2) as pool:
        losses = list(pool.map(step, [torch.randn(64, 1024, device="cuda") for _ in range(100)]))
    print(f"final loss {losses[-1]:.4f}")


if __name__ == "__main__":
    main()

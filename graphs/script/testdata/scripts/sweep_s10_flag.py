# sweep10 finding 2 (b1.py, its lines as the finding quotes them): a store_true flag guards a global
# assignment; the first plan is the run with no option (the branch not taken), the flag given the alternative.
import argparse
import torch

parser = argparse.ArgumentParser()
parser.add_argument("--compile-mode", choices=["default", "reduce-overhead", "max-autotune"], default="max-autotune")
parser.add_argument("--no-cudagraphs", action="store_true")
args = parser.parse_args()

model = torch.nn.Linear(8, 8).cuda()
if args.no_cudagraphs:
    torch._inductor.config.triton.cudagraphs = False
model.compile(mode=args.compile_mode)

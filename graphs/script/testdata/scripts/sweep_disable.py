# sweep3: disable= in the script's own torch.compile call (rebuilt from the finding's
# description): compile-disabled, not planned as compiling.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--compile", action="store_true")
args = parser.parse_args()

model = torch.nn.Linear(64, 64).cuda()
debug = torch.compile(model, mode="reduce-overhead", disable=True)
maybe = torch.compile(model, mode="reduce-overhead", disable=not args.compile)

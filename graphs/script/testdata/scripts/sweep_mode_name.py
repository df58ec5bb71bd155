# sweep3 finding 30: a misspelled mode reached through a name (rebuilt from the
# finding's description). torch.compile raises "Unrecognized mode=…" for each.
import argparse

import torch

MODE = "reduce_overhead"

parser = argparse.ArgumentParser()
parser.add_argument("--compile-mode", default="max_autotune", choices=["default", "max_autotune"])
args = parser.parse_args()

model = torch.nn.Linear(64, 64).cuda()
fast = torch.compile(model, mode=MODE)
tuned = torch.compile(model, mode=args.compile_mode)

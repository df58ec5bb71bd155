# sweep4 finding 3: a bare Accelerator() builds TorchDynamoPlugin(), which reads the
# ACCELERATE_DYNAMO_ variables `accelerate launch` sets; here the script sets them.
import os

os.environ["ACCELERATE_DYNAMO_BACKEND"] = "INDUCTOR"
os.environ["ACCELERATE_DYNAMO_MODE"] = "reduce-overhead"

import torch
from accelerate import Accelerator

accelerator = Accelerator(mixed_precision="bf16")
model = accelerator.prepare(torch.nn.Linear(8, 8).cuda())

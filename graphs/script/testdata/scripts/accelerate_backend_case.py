# sweep4 finding 2: accelerate upper-cases the backend into DynamoBackend and hands
# torch.compile its lower-cased value; a name outside the enum raises ValueError there.
import torch
from accelerate import Accelerator
from accelerate.utils import DynamoBackend, TorchDynamoPlugin
from transformers import TrainingArguments

accelerator = Accelerator(dynamo_plugin=TorchDynamoPlugin(backend="Inductor", mode="max-autotune"))
other = Accelerator(dynamo_backend=DynamoBackend.AOT_EAGER)
args = TrainingArguments(output_dir="out", torch_compile=True, torch_compile_backend="INDUCTOR")
bad = Accelerator(dynamo_backend="inductorx")
model = accelerator.prepare(torch.nn.Linear(8, 8))

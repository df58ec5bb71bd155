# sweep4 finding 4: TrainingArguments(**cfg) passes the dict's items as keywords.
from transformers import Trainer, TrainingArguments, AutoModelForCausalLM

cfg = dict(output_dir="out", torch_compile=True, torch_compile_mode="max-autotune", torch_compile_backend="inductor")
args = TrainingArguments(**cfg)
model = AutoModelForCausalLM.from_pretrained("gpt2")
Trainer(model=model, args=args).train()

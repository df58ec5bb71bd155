#!/usr/bin/env python
# A Hugging Face Trainer fine-tuning script with torch.compile through TrainingArguments
# and by hand; the mode comes from argparse.
import argparse
import os

os.environ["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "1"
os.environ.setdefault("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")

import torch
import torch._inductor.config as inductor_config
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer, TrainingArguments

os.environ["TORCHINDUCTOR_MAX_AUTOTUNE"] = "1"  # too late: after import torch

inductor_config.coordinate_descent_tuning = True
inductor_config.triton.cudagraph_trees = False


def parse_args():
    parser = argparse.ArgumentParser(description="Fine-tune a causal LM")
    parser.add_argument("--model_name_or_path", type=str, required=True)
    parser.add_argument(
        "--compile-mode",
        type=str,
        default="reduce-overhead",
        choices=["default", "reduce-overhead", "max-autotune"],
        help=f"torch.compile mode (default: {'reduce-overhead'!r})",
    )
    parser.add_argument("--epochs", type=int, default=3)
    return parser.parse_args()


def main():
    args = parse_args()
    tokenizer = AutoTokenizer.from_pretrained(args.model_name_or_path)
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path, torch_dtype=torch.bfloat16)
    if (n := model.num_parameters()) > 1e9:
        print(f"{n / 1e9:.1f}B parameters")
    model = torch.compile(model, mode=args.compile_mode, dynamic=False)

    ds = load_dataset("wikitext", "wikitext-2-raw-v1")
    tokenized = ds.map(lambda b: tokenizer(b["text"], truncation=True, max_length=512), batched=True)
    training_args = TrainingArguments(
        output_dir="out",
        per_device_train_batch_size=8,
        num_train_epochs=args.epochs,
        bf16=True,
    )
    trainer = Trainer(model=model, args=training_args, train_dataset=tokenized["train"])
    trainer.train()


if __name__ == "__main__":
    main()

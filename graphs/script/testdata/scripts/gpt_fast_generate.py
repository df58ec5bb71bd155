# A gpt-fast style generate loop: decode_one_token compiled with reduce-overhead,
# prefill compiled separately with dynamic shapes.
import itertools
import sys
import time
from pathlib import Path
from typing import Optional, Tuple

import torch
import torch._dynamo.config
import torch._inductor.config

torch._inductor.config.coordinate_descent_tuning = True
torch._inductor.config.triton.unique_kernel_names = True
torch._inductor.config.fx_graph_cache = True  # Experimental feature to reduce compilation times

default_device = "cuda" if torch.cuda.is_available() else "cpu"


def multinomial_sample_one_no_sync(probs_sort):
    q = torch.empty_like(probs_sort).exponential_(1)
    return torch.argmax(probs_sort / q, dim=-1, keepdim=True).to(dtype=torch.int)


def logits_to_probs(logits, temperature: float = 1.0, top_k: Optional[int] = None):
    logits = logits / max(temperature, 1e-5)
    if top_k is not None:
        v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
        pivot = v.select(-1, -1).unsqueeze(-1)
        logits = torch.where(logits < pivot, -float("Inf"), logits)
    return torch.nn.functional.softmax(logits, dim=-1)


def decode_one_token(model, x: torch.Tensor, input_pos: torch.Tensor, **sampling_kwargs) -> Tuple[torch.Tensor, torch.Tensor]:
    assert input_pos.shape[-1] == 1
    logits = model(x, input_pos)
    return logits_to_probs(logits[:, -1], **sampling_kwargs), logits


def prefill(model, x, input_pos, **sampling_kwargs):
    return decode_one_token(model, x, input_pos, **sampling_kwargs)[0]


@torch.no_grad()
def generate(model, prompt, max_new_tokens: int, *, interactive: bool, **sampling_kwargs) -> torch.Tensor:
    T = prompt.size(-1)
    seq = torch.empty(T + max_new_tokens, dtype=prompt.dtype, device=prompt.device)
    seq[:T] = prompt
    input_pos = torch.arange(0, T, device=prompt.device)
    next_token = prefill(model, prompt.view(1, -1), input_pos, **sampling_kwargs)
    for i in range(max_new_tokens - 1):
        with torch.backends.cuda.sdp_kernel(enable_flash=False, enable_mem_efficient=False, enable_math=True):
            next_token, _ = decode_one_token(model, next_token.view(1, -1), input_pos[-1:] + i, **sampling_kwargs)
    return seq


def main(
    prompt: str = "Hello, my name is",
    num_samples: int = 5,
    compile: bool = True,
    compile_prefill: bool = False,
) -> None:
    global decode_one_token, prefill
    model = torch.load("model.pth")
    if compile:
        decode_one_token = torch.compile(decode_one_token, mode="reduce-overhead", fullgraph=True)
        if compile_prefill:
            prefill = torch.compile(prefill, fullgraph=True, dynamic=True)
    for i in range(num_samples):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        y = generate(model, torch.tensor([1, 2, 3]), 200, interactive=False, temperature=0.8, top_k=200)
        print(f"Time for inference {i + 1}: {time.perf_counter() - t0:.02f} sec")


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description="Your CLI description.")
    parser.add_argument("--prompt", type=str, default="Hello, my name is", help="Input prompt.")
    parser.add_argument("--compile", action="store_true", help="Whether to compile the model.")
    args = parser.parse_args()
    main(args.prompt, compile=args.compile)

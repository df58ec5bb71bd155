import asyncio
import torch

models = {d: torch.compile(torch.nn.Linear(8, 8).to(f"cuda:{d}"), mode="reduce-overhead") for d in range(2)}

def infer(d):
    return models[d](torch.randn(2, 8, device=f"cuda:{d}"))

async def main():
    for _ in range(10):
        await asyncio.gather(*[asyncio.to_thread(infer, d) for d in range(2)])

asyncio.run(main())

# A training script for Apple silicon in the shape of sweep3's finding 20 (input
# rebuilt): every tensor on mps, or on the CPU when mps is missing; reduce-overhead
# asked for anyway.
import torch
import torch.nn as nn

device = "mps" if torch.backends.mps.is_available() else "cpu"

model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 1)).to(device)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
step_model = torch.compile(model, mode="reduce-overhead")

for step in range(100):
    x = torch.randn(16, 32, device=device)
    loss = step_model(x).pow(2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()

import torch
import torch.nn as nn

model = nn.Linear(512, 512).cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

def train_step(x, y):
    out = model(x)
    loss = ((out - y) ** 2).mean()
    return loss

step = torch.compile(train_step, mode="reduce-overhead")

history = []
for i in range(50):
    x = torch.randn(32, 512, device="cuda")
    y = torch.randn(32, 512, device="cuda")
    optimizer.zero_grad(set_to_none=True)
    loss = step(x, y)
    loss.backward()
    optimizer.step()
    history.append(loss)
print(torch.stack(history).mean().item())

import torch
import torch.nn as nn

model = nn.Linear(512, 512).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

def train_step(x, y):
    out = model(x)
    loss = ((out - y) ** 2).mean()
    loss.backward()
    return loss

step = torch.compile(train_step, mode="reduce-overhead")

history = []
for i in range(50):
    x = torch.randn(32, 512, device="cuda")
    y = torch.randn(32, 512, device="cuda")
    optimizer.zero_grad()
    loss = step(x, y)
    optimizer.step()
    history.append(loss)
    if i % 10 == 0:
        print(i, loss.item())
print(torch.stack(history).mean().item())

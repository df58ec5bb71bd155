# sweep3 findings 6 and 7 (rebuilt from their descriptions): the PyTorch docs' example
# of the overwritten error raises; per-block modules chained with gradients run.
import torch
import torch.nn as nn


@torch.compile(mode="reduce-overhead")
def my_model(x):
    y = torch.matmul(x, x)
    return y


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin = nn.Linear(d, d)

    def forward(self, x):
        return torch.relu(self.lin(x))


def docs_example():
    x = torch.randn(10, 10, device="cuda")
    y1 = my_model(x)
    y2 = my_model(x)
    print(y1)


def train_blocks():
    block1 = torch.compile(Block(512).cuda(), mode="reduce-overhead")
    block2 = torch.compile(Block(512).cuda(), mode="reduce-overhead")
    for step in range(10):
        x = torch.randn(8, 512, device="cuda")
        y = block1(x)
        z = block2(y)
        z.sum().backward()
        block1.zero_grad()
        block2.zero_grad()


docs_example()
train_blocks()

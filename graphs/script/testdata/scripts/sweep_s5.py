import torch
import torch.multiprocessing as mp
def train(rank, n):
    m = torch.compile(f, mode="reduce-overhead")
if __name__ == "__main__":
    mp.spawn(train, args=(2,), nprocs=2)

import torch
import multiprocessing as mp
model = torch.nn.Linear(4, 4).cuda()
cmodel = torch.compile(model, mode="reduce-overhead")
def work(i):
    return cmodel(torch.randn(2, 4, device="cuda")).sum().item()
if __name__ == "__main__":
    with mp.Pool(4) as p:
        print(p.map(work, range(4)))

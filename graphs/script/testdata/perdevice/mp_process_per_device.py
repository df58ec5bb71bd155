import torch
import torch.multiprocessing as mp


def worker(d):
    torch.cuda.set_device(d)
    model = torch.compile(torch.nn.Linear(64, 64).cuda(), mode="reduce-overhead")
    x = torch.randn(4, 64, device="cuda")
    for _ in range(10):
        model(x)


if __name__ == "__main__":
    mp.set_start_method("spawn")
    procs = [mp.Process(target=worker, args=(d,)) for d in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()

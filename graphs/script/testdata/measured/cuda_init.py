import torch, traceback
cases = {
 'torch.zeros(1, device="cuda")': lambda: torch.zeros(1, device="cuda"),
 'torch.randn(2, device="cuda:1")': lambda: torch.randn(2, device="cuda:1"),
 'torch.zeros(1).to("cuda")': lambda: torch.zeros(1).to("cuda"),
 'torch.zeros(1).to(device="cuda:0")': lambda: torch.zeros(1).to(device="cuda:0"),
 'torch.zeros(1).to(torch.device("cuda"))': lambda: torch.zeros(1).to(torch.device("cuda")),
 'torch.nn.Linear(2,2,device="cuda")': lambda: torch.nn.Linear(2, 2, device="cuda"),
 'torch.nn.Linear(2,2).to("cuda")': lambda: torch.nn.Linear(2, 2).to("cuda"),
 'torch.tensor([1], device="cuda")': lambda: torch.tensor([1], device="cuda"),
 'torch.device("cuda")': lambda: torch.device("cuda"),
}
for k, f in cases.items():
    try:
        f(); print(k, "-> no error (no CUDA init attempted)")
    except BaseException as e:
        tb = traceback.extract_tb(e.__traceback__)
        print(k, "->", type(e).__name__, str(e).splitlines()[0], "| last frame:", tb[-1].filename.split("site-packages/")[-1], tb[-1].name)

import threading, torch
def work(rank):
    m = torch.compile(f, mode="reduce-overhead")
t = threading.Thread(target=work, args=(0,))
t.start()

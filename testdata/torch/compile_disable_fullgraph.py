import sys, torch, torch._dynamo.config as dc
if sys.argv[1] == "config": dc.disable = True
f = torch.compile(lambda x: x.sin() + 1, fullgraph=True)
try:
    f(torch.randn(3)); print(torch.__version__, sys.argv[1], "fullgraph=True: ran")
except Exception as e:
    print(torch.__version__, sys.argv[1], "fullgraph=True:", type(e).__name__, str(e).splitlines()[0][:300])

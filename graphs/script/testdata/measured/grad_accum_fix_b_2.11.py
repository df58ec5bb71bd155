import sys,copy,torch,torch.nn as nn,torch.nn.functional as F
c=sys.argv[1];torch.manual_seed(0)
if c=="legacy":torch._inductor.config.triton.cudagraph_trees=False
class T(nn.Module):
 def __init__(s):
  super().__init__();s.e=nn.Embedding(100,64);s.l=nn.Linear(64,64);s.h=nn.Linear(64,100)
 def forward(s,i,t):
  g=s.h(s.l(s.e(i)).relu());return g,F.cross_entropy(g.view(-1,100),t.view(-1))
base=T().cuda();ref=copy.deepcopy(base)
m=torch.compile(base,mode="reduce-overhead");P=list(base.parameters())
if c=="prealloc":
 for p in P:p.grad=torch.zeros_like(p)
try:
 for st in range(3):
  acc=[torch.zeros_like(p) for p in P];ref.zero_grad(set_to_none=True)
  for mi in range(4):
   X=torch.randint(0,100,(8,16),device="cuda");Y=torch.randint(0,100,(8,16),device="cuda")
   g,l=m(X,Y)
   if c=="clone":g,l=g.clone(),l.clone()
   (l/4).backward();(ref(X,Y)[1]/4).backward()
   if c=="manual":
    for a,p in zip(acc,P):a.add_(p.grad);p.grad=None
  if c=="manual":
   for a,p in zip(acc,P):p.grad=a
  d=max((p.grad-r.grad).abs().max().item() for p,r in zip(P,ref.parameters()))
  for p in P:
   if c=="prealloc":p.grad.zero_()
   else:p.grad=None
 torch.cuda.synchronize();print(c,"RAN maxdiff",d)
except Exception as e:print(c,"RAISED",type(e).__name__,str(e).splitlines()[0][:150])

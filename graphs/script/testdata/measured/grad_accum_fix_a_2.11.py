import sys,warnings,torch,torch.nn as nn,torch.nn.functional as F
c=sys.argv[1];torch.manual_seed(0)
class T(nn.Module):
 def __init__(s):
  super().__init__();s.e=nn.Embedding(100,64);s.l=nn.Linear(64,64);s.h=nn.Linear(64,100)
 def forward(s,i,t=None):
  g=s.h(s.l(s.e(i)).relu());return g,F.cross_entropy(g.view(-1,100),t.view(-1))
m=torch.compile(T().cuda(),mode="reduce-overhead");o=torch.optim.AdamW(m.parameters(),lr=1e-3)
try:
 with warnings.catch_warnings(record=True) as w:
  warnings.simplefilter("always")
  for st in range(6):
   if c=="zero-first":o.zero_grad(set_to_none=True)
   for mi in range(4):
    if c=="mark":torch.compiler.cudagraph_mark_step_begin()
    X=torch.randint(0,100,(8,16),device="cuda");Y=torch.randint(0,100,(8,16),device="cuda")
    if c=="autocast":
     with torch.autocast("cuda",dtype=torch.bfloat16):g,l=m(X,Y)
    else:g,l=m(X,Y)
    (l/4).backward()
   torch.nn.utils.clip_grad_norm_(m.parameters(),1.0);o.step()
   if c!="zero-first":o.zero_grad(set_to_none=True)
  torch.cuda.synchronize();print(c,"RAN",sorted({str(x.message)[:100] for x in w}))
except Exception as e:print(c,"RAISED",type(e).__name__,str(e).splitlines()[0][:200])

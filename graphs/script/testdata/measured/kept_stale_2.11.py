# GPU probe (run 2026-12-07, output in kept_stale_2.11.out): are kept outputs of replayed calls read stale? A reduce-overhead MLP called 6
# times under torch.no_grad() with distinct inputs, each output appended; then for each kept item i: which
# items are the same object (is), its data_ptr when returned and now, whether reading it raises, its sum,
# and which eager recomputation (call k, from the same module) it equals; again after one more call (call 6).
# Then the same in training, twice: a compiled loss function's output kept (losses.append(loss)), and a
# compiled module's output kept with the loss computed eagerly; one backward and SGD step per call, the
# eager references recomputed from parameter snapshots taken before each step (torch.func.functional_call).
# To be sent to the device machine gzipped in the command line (this file without these comment lines) and
# run there as python3 s.py; its output goes to kept_stale_2.11.out beside this file.
import warnings,torch,torch.nn as nn,torch.nn.functional as F
warnings.filterwarnings("ignore")
print("torch",torch.__version__,torch.cuda.get_device_name(0),flush=True)
N=6
def M(): return nn.Sequential(nn.Linear(64,128),nn.GELU(),nn.Linear(128,8)).cuda()
def rd(t):
    try: v=t.detach().clone(); torch.cuda.synchronize(); return v,"ok"
    except Exception as e: return None,"RAISES:"+str(e).split("\n")[0][:66]
def ptr(t):
    try: return hex(t.data_ptr())
    except Exception as e: return "RAISES"
def rep(tag,o,then,E):
    for i,t in enumerate(o):
        v,st=rd(t)
        eq=[k for k,r in enumerate(E) if v is not None and torch.allclose(v,r,rtol=1e-3,atol=1e-4)]
        print(tag,"i=%d is=%s ptr_then=%s ptr_now=%s read=%s sum=%s equals_call=%s"%(i,[j for j in range(len(o)) if o[j] is t],then[i],ptr(t),st,"-" if v is None else "%.5f"%float(v.sum()),eq),flush=True)
xs=[torch.randn(16,64,device="cuda") for _ in range(N+1)]
ys=[torch.randn(16,8,device="cuda") for _ in range(N+1)]
m=M().eval();c=torch.compile(m,mode="reduce-overhead")
with torch.no_grad():
    E=[m(x) for x in xs];print("nograd eager sums",["%.5f"%float(e.sum()) for e in E],flush=True)
    o=[];th=[]
    for x in xs[:N]: y=c(x);o.append(y);th.append(ptr(y))
    rep("nograd",o,th,E)
    y=c(xs[N]);print("nograd one more call (call %d) ptr=%s"%(N,ptr(y)),flush=True)
    rep("nograd+1",o,th,E)
def train(tag,lossfn):
    torch._dynamo.reset();torch.manual_seed(1)
    m=M().train();opt=torch.optim.SGD(m.parameters(),lr=0.1);f,c=lossfn(m)
    S=[];L=[];th=[]
    for i in range(N+1):
        S.append({k:v.detach().clone() for k,v in m.named_parameters()})
        if i==N: rep(tag,L,th,E)
        l,k=c(xs[i],ys[i]);l.backward();opt.step();opt.zero_grad()
        if i<N: L.append(k);th.append(ptr(k))
        else: print(tag,"one more step (call %d)"%N,flush=True)
        with torch.no_grad(): E.append(f(S[i],xs[i],ys[i])) if i<N else None
    E2=E[:]
    with torch.no_grad(): E2.append(f(S[N],xs[N],ys[N]))
    rep(tag+"+1",L,th,E2)
def lossc(m):
    fc=lambda p,x,y:F.mse_loss(torch.func.functional_call(m,p,(x,)),y)
    s=torch.compile(lambda x,y:F.mse_loss(m(x),y),mode="reduce-overhead")
    def g(x,y): l=s(x,y); return l,l
    return fc,g
def outc(m):
    fc=lambda p,x,y:torch.func.functional_call(m,p,(x,))
    s=torch.compile(m,mode="reduce-overhead")
    def g(x,y): o=s(x); return F.mse_loss(o,y),o
    return fc,g
E=[];train("train_loss",lossc)
E=[];train("train_out",outc)

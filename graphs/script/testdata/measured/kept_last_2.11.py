# GPU probe (outputs kept in a list, which reads raise; graphs/script/keptlast.go): a reduce-overhead MLP called
# 5 times under torch.no_grad(), each output appended to a list; then one read per case. Each case prints
# OK and what it read, or RAISES and the error. Sent to the device machine gzipped in the command line
# (this file without these comment lines) and run there as python3 k.py.
import io,os,contextlib,torch
import torch.nn as nn
def M(): return nn.Sequential(nn.Linear(64,128),nn.GELU(),nn.Linear(128,8)).cuda().eval()
X=lambda:[torch.randn(16,64,device="cuda") for _ in range(5)]
def run(n,b):
    torch._dynamo.reset()
    try: r=b(); torch.cuda.synchronize(); print(n,"OK",r,flush=True)
    except Exception as e: print(n,"RAISES",type(e).__name__,str(e)[:60].replace("\n"," "),flush=True)
def L(t,other=False):
    c=torch.compile(M(),mode="reduce-overhead"); c2=torch.compile(M(),mode="reduce-overhead") if other else None; o=[]
    with torch.no_grad():
        for x in X():
            o.append(c(x))
            if other: c2(x)
        return t(o,c)
def C(t,k):
    c=torch.compile(M(),mode="reduce-overhead")
    with torch.no_grad():
        if k=="sum": return float(sum(c(x) for x in X()).sum())
        o=[c(x) for x in X()] if k=="list" else list(c(x) for x in X())
        return t(o,c)
def P(o):
    with contextlib.redirect_stdout(io.StringIO()): print(o)
    return "printed"
def inloop():
    c=torch.compile(M(),mode="reduce-overhead"); o=[]
    with torch.no_grad():
        for x in X(): o.append(c(x)); P(o[-1])
    return len(o)
def bl(o,c):
    last=o[-1]; c(torch.randn(16,64,device="cuda")); return float(last.sum())
F=lambda o:float(o.sum())
run("last_after_loop",lambda:L(lambda o,c:F(o[-1])))
run("last_len_minus_1",lambda:L(lambda o,c:F(o[len(o)-1])))
run("pop_after_loop",lambda:L(lambda o,c:F(o.pop())))
run("print_last_after_loop",lambda:L(lambda o,c:P(o[-1])))
run("first_after_loop",lambda:L(lambda o,c:F(o[0])))
run("second_to_last",lambda:L(lambda o,c:F(o[-2])))
run("sum_all",lambda:L(lambda o,c:float(sum(t.sum() for t in o))))
run("len_only",lambda:L(lambda o,c:len(o)))
run("last_after_another_call",lambda:L(lambda o,c:(c(torch.randn(16,64,device="cuda")),F(o[-1]))[1]))
run("last_other_fn_after_keep",lambda:L(lambda o,c:F(o[-1]),other=True))
run("bind_last_then_call",lambda:L(bl))
run("print_last_in_loop",inloop)
for a in ["shape","dtype","device","ndim","requires_grad","size()","dim()","numel()","len","stride()"]:
    run("meta_first_"+a,lambda a=a:L(lambda o,c:str(eval("len(t)" if a=="len" else "t."+a,{"t":o[0]}))))
run("comp_last",lambda:C(lambda o,c:F(o[-1]),"list"))
run("comp_first",lambda:C(lambda o,c:F(o[0]),"list"))
run("comp_len_only",lambda:C(lambda o,c:len(o),"list"))
run("listgen_last",lambda:C(lambda o,c:F(o[-1]),"gen"))
run("listgen_first",lambda:C(lambda o,c:F(o[0]),"gen"))
run("sum_genexp",lambda:C(None,"sum"))

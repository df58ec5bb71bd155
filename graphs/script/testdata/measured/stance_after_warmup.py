# sweep6 finding 12: set_stance("fail_on_recompile") after a warm-up call, then calls
# with new sizes. Each variant prints the call that raised (or "no raise").
import torch

def variant(name, dynamic=None, mark=False, sizes=range(3, 6), warm=2):
    torch._dynamo.reset()
    torch.compiler.set_stance("default")
    m = torch.compile(torch.nn.Linear(4, 4), backend="eager", dynamic=dynamic)
    x = torch.randn(warm, 4)
    if mark:
        torch._dynamo.mark_dynamic(x, 0)
    m(x)
    torch.compiler.set_stance("fail_on_recompile")
    try:
        for n in sizes:
            m(torch.randn(n, 4))
        print(f"{name}: no raise")
    except RuntimeError as e:
        print(f"{name}: call with n={n} raised RuntimeError: {str(e).splitlines()[0]}")
    finally:
        torch.compiler.set_stance("default")

print("torch", torch.__version__)
variant("warm-up n=2, then n in range(3, 6)")
variant("warm-up n=2, then n in range(2, 5)", sizes=range(2, 5))
variant("warm-up n=2, then n=2 again only", sizes=[2, 2])
variant("warm-up n=2 with mark_dynamic(x, 0), then range(3, 6)", mark=True)
variant("dynamic=True, warm-up n=2, then range(3, 6)", dynamic=True)

# Measured with Debian python3-torch (graphs/script/testdata/patchplace): chroot /tmp/deb/SUITE python3 probe.py
# (bash shared/torch-cpu/make-chroot.sh trixie|sid). Output: probe-2.6.0.txt, probe-2.14.1.txt.
# Which config.patch placements are in force when Inductor's config is read at compile
# time (the backend is called at the first call). A backend records the value.
import torch
import torch._inductor.config as ic

seen = {}
def rec(tag):
    def be(gm, inputs):
        seen[tag] = ic.max_autotune_gemm_search_space
        return gm.forward
    return be

K = "max_autotune_gemm_search_space"
def x(): return torch.randn(4)

# 1 with around torch.compile only
with ic.patch(K, "EXHAUSTIVE"):
    f1 = torch.compile(lambda t: t * 2, backend=rec("with-around-compile-only"))
f1(x())
# 2 with around the first call
f2 = torch.compile(lambda t: t * 3, backend=rec("with-around-first-call"))
with ic.patch(K, "EXHAUSTIVE"):
    f2(x())
# 3 patch decorator outside torch.compile
@ic.patch(K, "EXHAUSTIVE")
@torch.compile(backend=rec("patch-outer-decorator"))
def f3(t): return t + 1
f3(x())
# 4 patch decorator inside torch.compile
@torch.compile(backend=rec("patch-inner-decorator"))
@ic.patch(K, "EXHAUSTIVE")
def f4(t): return t + 2
f4(x())
# 5 patch decorator on a def that calls the compiled function first
f5 = torch.compile(lambda t: t - 1, backend=rec("patch-on-caller"))
@ic.patch(K, "EXHAUSTIVE")
def run5(): return f5(x())
run5()
# 6 patch decorator on a def that only builds the compiled function
@ic.patch(K, "EXHAUSTIVE")
def build6(): return torch.compile(lambda t: t - 2, backend=rec("patch-on-builder"))
f6 = build6()
f6(x())
# 7 dict form and kwargs form around the first call
f7 = torch.compile(lambda t: t * 5, backend=rec("with-dict-first-call"))
with ic.patch({K: "EXHAUSTIVE"}):
    f7(x())
print(torch.__version__)
for k, v in seen.items():
    print(k, v)

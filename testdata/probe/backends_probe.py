"""compilemode probe: what torch.compile says for backend names, and torch._dynamo.list_backends().
Run on the GPU machine: python3 backends_probe.py > backends_2.11.json"""
import json, torch
out = {"torch": torch.__version__}
out["list_backends"] = torch._dynamo.list_backends()
out["list_backends_all"] = torch._dynamo.list_backends(exclude_tags=())
res = {}
for b in ["bogus", "Inductor", "", "eager", "aot_eager", "cudagraphs", "inductor "]:
    try:
        torch.compile(lambda x: x + 1, backend=b)
        res[repr(b)] = "OK"
    except Exception as e:
        res[repr(b)] = f"{type(e).__module__}.{type(e).__name__}: {e}"
out["compile_backend"] = res
print(json.dumps(out, indent=1))

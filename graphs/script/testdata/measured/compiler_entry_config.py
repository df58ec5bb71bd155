# Which torch.compiler entry points import torch._inductor.config (which reads the
# TORCHINDUCTOR_* variables once, at import): each case runs in a fresh interpreter,
# then sets TORCHINDUCTOR_CUDAGRAPHS=1 and prints whether the config took it.
import subprocess, sys
cases = {
 "import torch (baseline)": "pass",
 "torch.compiler.set_stance('default')": "torch.compiler.set_stance('default')",
 "with torch.compiler.set_stance('force_eager')": "with torch.compiler.set_stance('force_eager'):\n    pass",
 "torch.compiler.disable(f)": "torch.compiler.disable(f)",
 "@torch.compiler.disable": "@torch.compiler.disable\ndef g(x):\n    return x",
 "@torch.compiler.disable(recursive=False)": "@torch.compiler.disable(recursive=False)\ndef g(x):\n    return x",
 "@torch.compiler.disable (a class)": "@torch.compiler.disable\nclass K:\n    pass",
 "torch.compiler.allow_in_graph(f)": "torch.compiler.allow_in_graph(f)",
 "@torch.compiler.allow_in_graph": "@torch.compiler.allow_in_graph\ndef g(x):\n    return x",
 "torch.compiler.cudagraph_mark_step_begin()": "torch.compiler.cudagraph_mark_step_begin()",
 "torch.compiler.assume_constant_result(f)": "torch.compiler.assume_constant_result(f)",
 "torch.compiler.list_backends()": "torch.compiler.list_backends()",
 "torch.compiler.is_compiling()": "torch.compiler.is_compiling()",
 "torch.compiler.is_dynamo_compiling()": "torch.compiler.is_dynamo_compiling()",
 "torch.compiler.wrap_numpy(f)": "torch.compiler.wrap_numpy(f)",
 "torch.compiler.is_exporting()": "torch.compiler.is_exporting()",
 "torch.compiler.reset()": "torch.compiler.reset()",
 "torch.compile(f) (no call)": "torch.compile(f)",
}
for name, body in cases.items():
    src = ("import os, torch\ndef f(x):\n    return x\n" + body +
           "\nimport sys\nloaded = 'torch._inductor.config' in sys.modules\n"
           "os.environ['TORCHINDUCTOR_CUDAGRAPHS'] = '1'\n"
           "import torch._inductor.config as c\nprint(loaded, c.triton.cudagraphs)\n")
    p = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True,
                       env={"PATH": "/usr/bin:/bin"})
    out = p.stdout.strip() or ("error: " + (p.stderr.strip().splitlines() or ["?"])[-1])
    print(f"{name}: config imported before the set, triton.cudagraphs after it = {out}")

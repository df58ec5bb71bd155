# Which statements import torch._inductor.config (whose module body reads the
# TORCHINDUCTOR_* environment variables once), measured per release:
#   python3 probe.py   (run by probe.sh in each chroot; one fresh interpreter per form)
# Each form runs after `import os, sys`; then TORCHINDUCTOR_CUDAGRAPHS=1 is set, and
# the probe prints whether the config module was loaded before the variable was set,
# and the value triton.cudagraphs has (True: the variable was read after, so it counts).
import subprocess
import sys

FORMS = [
    "import torch",
    "import torch._dynamo",
    "import torch; import torch._dynamo",
    "from torch import _dynamo",
    "import torch._dynamo.config",
    "from torch._dynamo import config",
    "import torch; torch._dynamo",
    "import torch; torch._dynamo.config.cache_size_limit = 64",
    "import torch; x = torch._dynamo.config.cache_size_limit",
    "import torch._inductor",
    "import torch; torch._inductor",
    "from torch._inductor import config",
    "import torch._inductor.config",
    "import torch; f = torch.compile(lambda x: x)",
    "import torch; f = torch.compile(lambda x: x, mode='reduce-overhead')",
    "import torch; torch.compiler.reset()",
    "import torch.compiler",
    "import torch; torch.compiler.disable",
    "import torch; torch._dynamo.reset()",
    "import torch; import torch.fx",
    "import torch; import torch.nn",
    "import torch; import torch.export",
    "import torch; torch.set_float32_matmul_precision('high')",
    # sweep6 finding 6: the public torch.compiler entry points.
    "import torch; torch.compiler.set_stance('default')",
    "import torch; g = torch.compiler.disable(lambda x: x)",
    "import torch; g = torch.compiler.disable(lambda x: x, recursive=False)",
    "import torch; g = torch.compiler.allow_in_graph(lambda x: x)",
    "import torch; torch.compiler.cudagraph_mark_step_begin()",
    "import torch; g = torch.compiler.assume_constant_result(lambda: 1)",
    "import torch; torch.compiler.list_backends()",
    "import torch; g = torch.compiler.wrap_numpy(lambda x: x)",
    "import torch; torch.compiler.is_compiling()",
    "import torch; torch.compiler.is_dynamo_compiling()",
    "from torch.compiler import set_stance; set_stance('default')",
    "from torch.compiler import disable; g = disable(lambda x: x)",
]

PROG = """
import os, sys
{form}
loaded = "torch._inductor.config" in sys.modules
os.environ["TORCHINDUCTOR_CUDAGRAPHS"] = "1"
import torch._inductor.config as c
print(repr({form!r}), loaded, c.triton.cudagraphs, sep="\\t")
"""

for form in FORMS:
    r = subprocess.run([sys.executable, "-c", PROG.format(form=form)], capture_output=True, text=True)
    out = r.stdout.strip() or repr(form) + "\terror\t" + (r.stderr.strip().splitlines() or ["?"])[-1]
    print(out, flush=True)

import os
os.environ.pop("TORCHINDUCTOR_MAX_AUTOTUNE", None)
del os.environ["TORCHINDUCTOR_FREEZING"]
import torch._inductor.config as c
print("max_autotune", c.max_autotune, "freezing", c.freezing)

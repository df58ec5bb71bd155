# A diffusers pipeline: the UNet and the VAE decoder compiled, inductor flags as the
# diffusers docs recommend, a config.patch scope around the VAE.
from functools import partial

import torch
from torch._inductor import config as ic
from diffusers import StableDiffusionXLPipeline

ic.conv_1x1_as_mm = True
ic.coordinate_descent_tuning = True
ic.epilogue_fusion = False
ic.coordinate_descent_check_all_directions = True

pipe = StableDiffusionXLPipeline.from_pretrained(
    "stabilityai/stable-diffusion-xl-base-1.0", torch_dtype=torch.float16
).to("cuda")
pipe.unet.to(memory_format=torch.channels_last)
pipe.vae.to(memory_format=torch.channels_last)

pipe.unet = torch.compile(pipe.unet, mode="max-autotune", fullgraph=True)

compile_decoder = partial(torch.compile, mode="max-autotune-no-cudagraphs")
with ic.patch({"triton.cudagraphs": False, "max_autotune_gemm_backends": "TRITON"}):
    pipe.vae.decode = compile_decoder(pipe.vae.decode)

pipe.text_encoder.compile(backend="inductor", options={"epilogue_fusion": True})

prompt = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k"
for _ in range(3):
    image = pipe(prompt, num_inference_steps=30).images[0]
image.save("out.png")

"""compilemode probe, seventh pass (issue 26, the first-call stage): 2.14's debug override
variables (TORCH_COMPILE_OVERRIDE_BACKENDS, _INDUCTOR_CONFIGS, _DYNAMO_CONFIGS), which
torch/_dynamo/convert_frame.py validates when Dynamo converts the first frame, with valid
and invalid values, each in a fresh interpreter, with and without a first call.

The case format, the result format and the runner are cpu_calls2.py's. Run inside a chroot
made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_calls2.py testdata/probe/cpu_calls7.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_calls7.py > OUT.json
"""

import cpu_calls2 as P

ENVS = [
    ("TORCH_COMPILE_OVERRIDE_BACKENDS", "bogus"),
    ("TORCH_COMPILE_OVERRIDE_BACKENDS", ">10:bogus"),
    ("TORCH_COMPILE_OVERRIDE_BACKENDS", "0-5:Eager"),
    ("TORCH_COMPILE_OVERRIDE_BACKENDS", "0:eager;1:nope"),
    ("TORCH_COMPILE_OVERRIDE_BACKENDS", "<=5:aot_eager"),
    ("TORCH_COMPILE_OVERRIDE_BACKENDS", "x:inductor"),
    ("TORCH_COMPILE_OVERRIDE_BACKENDS", "0: "),
    ("TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS", "bogus=1"),
    ("TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS", "0:no_such=1"),
    ("TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS", ">0:max_autotune=True"),
    ("TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS", "0-5:triton.cudagraphs=False,no_such_2=3"),
    ("TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS", "0:triton=1"),
    ("TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS", "0:max_autotune"),
    ("TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS", "0:no_such=1"),
    ("TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS", "0:specialize_float=True"),
    ("TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS", "bogus"),
]


def cases():
    cs = []
    for var, val in ENVS:
        cs.append(dict(env={var: val}, first_call=True, case=f"env7 {var}={val!r},first_call"))
        cs.append(dict(env={var: val}, case=f"env7 {var}={val!r}"))
    return cs


def main():
    P.run_probe(cases(), "cpu_calls2.py's")


if __name__ == "__main__":
    main()

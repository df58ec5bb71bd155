"""compilemode probe: CUDA-graph facts a CPU build can state without a GPU.

- The op names Inductor refuses to capture in a CUDA graph when they are listed
  statically: string constants in the forbidden-op set of torch/_inductor/utils.py (a
  module constant FORBIDDEN_CUDAGRAPH_OPS in newer releases, a set inside
  get_first_incompatible_cudagraph_node in older ones), split into the always-refused
  names, those added only under torch.use_deterministic_algorithms(True) or on ROCm, and
  the ops refused only for some inputs (input_dependent); and the
  registered operator overloads tagged torch.Tag.cudagraph_unsafe, where the tag exists.
- The re-record limits: every config key whose name holds "rerecord", with its default;
  which config attributes cudagraph_trees.py's exceed_rerecord_limit reads and how it
  compares the count with the limit; what the static-input re-record switch
  (rerecord_if_static_inputs_change) is computed from; the defaults of the dynamo
  config keys those read.

Only names, numbers and operators are extracted (by walking the AST); no source text is
copied. Run inside a chroot made by shared/torch-cpu/make-chroot.sh:

    cp testdata/probe/cpu_cudagraph_facts.py DIR/tmp/
    chroot DIR env -i PATH=/usr/bin:/bin HOME=/root python3 /tmp/cpu_cudagraph_facts.py > OUT.json
"""
import ast
import json
import os
import sys

import torch
import torch._dynamo.config as DC
import torch._inductor
import torch._inductor.config as C

ROOT = os.path.dirname(torch._inductor.__file__)


def parse(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return ast.parse(f.read())


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def strings_in(node):
    return sorted({n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)})


def mentions(node, name):
    return any((isinstance(n, ast.Attribute) and n.attr == name) or (isinstance(n, ast.Name) and n.id == name)
               for n in ast.walk(node))


def forbidden_ops():
    tree = parse("utils.py")
    out = {"where": None, "always": [], "deterministic_only": [], "hip_only": []}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "FORBIDDEN_CUDAGRAPH_OPS" for t in node.targets):
            out["where"] = "torch/_inductor/utils.py FORBIDDEN_CUDAGRAPH_OPS (module constant)"
            hip = [n for n in ast.walk(node.value) if isinstance(n, ast.IfExp) and mentions(n.test, "hip")]
            hip_names = set()
            for h in hip:
                hip_names |= set(strings_in(h.body))
            out["hip_only"] = sorted(hip_names)
            out["always"] = sorted(set(strings_in(node.value)) - hip_names)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "get_first_incompatible_cudagraph_node":
            for sub in ast.walk(node):
                if isinstance(sub, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "forbidden_set" for t in sub.targets):
                    out["where"] = "torch/_inductor/utils.py get_first_incompatible_cudagraph_node (local set)"
                    out["always"] = strings_in(sub.value)
                if isinstance(sub, ast.If) and mentions(sub.test, "are_deterministic_algorithms_enabled"):
                    out["deterministic_only"] = strings_in(sub)
    # Ops refused only for some inputs (newer releases: index_put with bool indices).
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "_fx_node_is_input_dependent_cudagraph_unsafe":
            paths = {d for n in ast.walk(node) if isinstance(n, ast.Attribute) and (d := dotted(n)) and d.startswith("torch.ops.")}
            out["input_dependent"] = sorted(p[len("torch.ops."):] for p in paths if not any(q.startswith(p + ".") for q in paths))
    # Whether the runtime constant agrees (newer releases).
    import torch._inductor.utils as U
    if hasattr(U, "FORBIDDEN_CUDAGRAPH_OPS"):
        out["runtime_constant"] = sorted(U.FORBIDDEN_CUDAGRAPH_OPS)
    return out


def tagged_ops():
    tag = getattr(torch.Tag, "cudagraph_unsafe", None)
    if tag is None:
        return {"tag_exists": False, "ops": []}
    names = set()
    for schema in torch._C._jit_get_all_schemas():
        ns, _, rest = schema.name.partition("::")
        overload = schema.overload_name or "default"
        try:
            op = getattr(getattr(getattr(torch.ops, ns), rest), overload)
        except Exception:
            continue
        if tag in getattr(op, "tags", ()):
            names.add(f"{ns}.{rest}.{overload}")
    return {"tag_exists": True, "ops": sorted(names)}


def rerecord():
    out = {"keys": {k: repr(v) for k, v in C.get_config_copy().items() if "rerecord" in k}}
    tree = parse("cudagraph_trees.py")
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "exceed_rerecord_limit":
            paths = {d for n in ast.walk(node) if isinstance(n, ast.Attribute) and (d := dotted(n)) and "config" in d}
            attrs = sorted(p for p in paths if not any(q.startswith(p + ".") for q in paths))
            cmps = [type(op).__name__ for n in ast.walk(node) if isinstance(n, ast.Compare) for op in n.ops]
            early = [dotted(n.test) for n in ast.walk(node) if isinstance(n, ast.If)]
            out["exceed_rerecord_limit"] = {"config_attributes": attrs, "compare_ops": cmps,
                                            "returns_false_early_when": [e for e in early if e]}
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Attribute) and t.attr == "rerecord_if_static_inputs_change":
                    v = node.value
                    if isinstance(v, ast.Constant):
                        out["rerecord_if_static_inputs_change"] = {"constant": v.value}
                    else:
                        paths = {d for n in ast.walk(v) if isinstance(n, ast.Attribute) and (d := dotted(n))}
                        out["rerecord_if_static_inputs_change"] = {
                            "op": type(v.op).__name__ if isinstance(v, ast.BoolOp) else type(v).__name__,
                            "reads": sorted(p for p in paths if not any(q.startswith(p + ".") for q in paths)),
                        }
    # Other limits that govern re-recording, by name.
    out["related_keys"] = {k: repr(v) for k, v in C.get_config_copy().items()
                           if ("limit" in k and "cudagraph" in k) or "managed_input" in k or "static_input" in k}
    out["dynamo"] = {k: repr(getattr(DC, k)) for k in ["inline_inbuilt_nn_modules", "recompile_limit", "cache_size_limit"]
                     if hasattr(DC, k)}
    return out


def main():
    out = {
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "how": "AST walk of torch/_inductor/utils.py and cudagraph_trees.py in the installed torch, plus the live config",
        "forbidden_ops": forbidden_ops(),
        "cudagraph_unsafe_tag": tagged_ops(),
        "rerecord": rerecord(),
    }
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()

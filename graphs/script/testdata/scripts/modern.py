# Python 3.10-3.14 syntax around a compile site: match, walrus, PEP 701 f-strings,
# PEP 695 generics and type aliases, parenthesized context managers, except*.
import torch
import torch.nn as nn

type Shape = tuple[int, ...]


class Box[T: nn.Module]:
    def __init__(self, inner: T) -> None:
        self.inner = inner


def pick(cfg: dict[str, str]) -> str | None:
    match cfg:
        case {"mode": "fast" | "faster" as m} if len(m) > 3:
            return "max-autotune"
        case {"mode": str(m)}:
            return m
        case [first, *rest]:
            return None
        case _:
            return None


def main(cfg):
    name = "world"
    print(f"{'hello'} {name!r:>{10}} {f"{name}"} {cfg["mode"]} {"nested " f"{1 + 1}"}")
    print(rf"\d{name}" f"" if (x := len(name)) else Rb"\x")
    with (
        torch.no_grad() as ng,
        torch.autocast("cuda"),
    ):
        model = torch.compile(nn.Linear(4, 4), mode=pick(cfg))
    try:
        model(torch.randn(2, 4))
    except* ValueError as eg:
        pass
    lam = lambda *a, k=1, **kw: (a, k, kw)
    return model, lam, [y for y in range(3) if y] if False else 0


mode = "max-autotune"

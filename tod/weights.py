"""Weight types a model may be run in, and the cast or quantisation to one of them.

Shared by the local chat models (``hf:`` backend) and the NLU (``load_parser(...,
dtype=...)``): ``qint8`` stores the weights of every ``nn.Linear`` as 8-bit integers and
quantises activations on the fly (torch's dynamic quantisation; CPU only), which on this
project's 2-core CPU halves the time of a forward pass; outputs change slightly, so the
accuracy of a quantised model is measured, not assumed (see the benchmarks).
"""

from __future__ import annotations

import warnings
from typing import Any

#: Weight types: torch float dtypes, or ``qint8`` (dynamic int8 quantisation of linear layers).
DTYPES = ("float32", "bfloat16", "float16", "qint8")


def check_dtype(dtype: str | None, *, what: str) -> None:
    """Raise ``ValueError`` naming ``what`` unless ``dtype`` is ``None`` or one of :data:`DTYPES`."""
    if dtype is not None and dtype not in DTYPES:
        raise ValueError(f"{what}: dtype must be one of {', '.join(DTYPES)}, not {dtype!r}")


def cast_weights(model: Any, dtype: str) -> Any:
    """``model`` with its weights in ``dtype`` (one of :data:`DTYPES`); ``qint8`` returns a
    dynamically quantised copy (``torch.ao.quantization.quantize_dynamic`` over ``nn.Linear``).

    Raises:
        ValueError: an unknown ``dtype``.
    """
    import torch

    check_dtype(dtype, what="cast_weights")
    if dtype == "qint8":
        with warnings.catch_warnings():  # torch announces the move of quantised tensors to torchao
            warnings.simplefilter("ignore", (UserWarning, DeprecationWarning))
            return torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
    return model.to(getattr(torch, dtype))

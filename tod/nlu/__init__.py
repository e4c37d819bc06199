"""Stage 1, NLU: parse a doctor turn into intents (classifier) and slots (tracker)."""

from tod.nlu.types import TurnParse, TurnParser


def load_parser(checkpoint_dir: str) -> TurnParser:
    """Load the trained NLU of a checkpoint folder (see :mod:`tod.nlu.parser`).

    Imported lazily so that code that only needs :class:`TurnParse` does not load torch.
    """
    from tod.nlu.parser import load_parser as _load

    return _load(checkpoint_dir)


__all__ = ["TurnParse", "TurnParser", "load_parser"]

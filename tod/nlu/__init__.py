"""Stage 1, NLU: parse a doctor turn into intents (classifier) and slots (tracker)."""

from tod.nlu.types import TurnParse, TurnParser

__all__ = ["TurnParse", "TurnParser"]

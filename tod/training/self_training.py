"""Self-training on unlabelled real doctor turns: a trained checkpoint (the teacher) labels
CRAFT-MD doctor messages that nobody annotated, and the confident ones join the training mix.

Only messages of cases in the real *training* split are used (the validation split stays
untouched, so it can still say whether self-training helps), and no message that has a
gold label. A message is confident when every intent probability is at least
``confidence`` away from undecided: above ``confidence`` or below ``1 - confidence``; its
pseudo-label is the intents above that bar and the teacher's slots (values are spans of the
text, so the label check holds by construction). Messages whose question focus is empty
(no question) are left out, as in the real training turns.
"""

from __future__ import annotations

import logging
import random

import numpy as np

from tod.craftmd.conversations import doctor_message_texts
from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.parser import load_parser
from tod.nlu.questions import question_focus
from tod.schema import INTENTS
from tod.training.config import RealTurnsConfig, SelfTrainingConfig
from tod.training.real_turns import case_of, in_validation

logger = logging.getLogger(__name__)


def unlabelled_training_messages(real: RealTurnsConfig, labelled: set[str], limit: int, seed: int) -> dict[str, str]:
    """Up to ``limit`` doctor messages (id -> text, a seeded random choice) of training-split
    cases that have no label and ask something."""
    texts = doctor_message_texts(real.source)
    ids = sorted(i for i, text in texts.items()
                 if i not in labelled and not in_validation(case_of(i), real.validation_share) and question_focus(text))
    random.Random(seed).shuffle(ids)
    return {i: texts[i] for i in ids[:limit]}


def pseudo_label(checkpoint: str, messages: dict[str, str], confidence: float) -> list[AnnotatedTurn]:
    """The confident messages of ``messages`` labelled by the checkpoint's models (see the
    module docstring); the turns keep the messages' ids."""
    parser = load_parser(checkpoint)
    ids = list(messages)
    focus = [question_focus(messages[i]) for i in ids]
    predicted = parser.model.predict(focus)
    probs = predicted.probs
    confident = np.all((probs >= confidence) | (probs <= 1 - confidence), axis=1)
    turns = [AnnotatedTurn(id=ids[k], text=focus[k],
                           intents=tuple(name for name, p in zip(INTENTS, probs[k]) if p >= confidence),
                           slots=predicted.slots[k])
             for k in range(len(ids)) if confident[k]]
    logger.info("self-training: %d of %d unlabelled messages labelled with confidence >= %.2f by %s",
                len(turns), len(ids), confidence, checkpoint)
    return turns


def self_training_turns(config: SelfTrainingConfig, real: RealTurnsConfig, labelled: set[str],
                        seed: int) -> list[AnnotatedTurn]:
    """The pseudo-labelled turns that ``config`` adds to the training mix."""
    messages = unlabelled_training_messages(real, labelled, config.messages, seed)
    return pseudo_label(config.teacher, messages, config.confidence)

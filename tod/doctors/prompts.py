"""The doctor's system prompt and how conversations are shown to chat models.

The default prompt follows the MMD-Eval / CRAFT-MD setup: the model plays a doctor who
interviews a patient, asks one or a few questions per turn, and ends the interview with a
line ``Final Diagnosis: ...``. It also documents how to order examinations and tests (a
line ``ORDER: chest X-ray; full blood count``, see :mod:`tod.examiner.orders`); the
examiner's results reach the model as a block between :data:`RESULTS_OPEN` and
:data:`RESULTS_CLOSE`. Users replace the prompt with ``--system-prompt-file``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tod.doctors.base import Message

DEFAULT_SYSTEM_PROMPT = (
    "You are a doctor interviewing a patient in a consultation. Your goal is to find out what "
    "is wrong with the patient by taking their history. Ask one question, or a few closely "
    "related questions, at a time and keep each message short. Do not repeat questions the "
    "patient has already answered. Cover the current symptoms (duration, onset, severity, "
    "location, what makes them better or worse, associated symptoms), the patient's age and "
    "sex, past illnesses, medications, allergies, family history, social history and any "
    "test results they already know. The patient does not know this visit's examination "
    "findings or test results: to examine the patient or order tests, write a line such as "
    "'ORDER: vital signs; abdominal examination; full blood count; chest X-ray' (tests "
    "separated by ';'). The results come back from the examiner in a block marked "
    "[EXAMINATION RESULTS]. Every test has a cost: order only what you need. When you are "
    "confident, write a line "
    "'Final Diagnosis: <your diagnosis>'. Afterwards the patient may ask about the diagnosis, "
    "its basis and the treatment: answer those questions directly."
)

#: What a chat model sees as the first user message when the doctor speaks first.
DOCTOR_OPENS = "(The patient has just come into the consulting room.)"

#: The marks around the examiner's results in what a chat model sees.
RESULTS_OPEN = "[EXAMINATION RESULTS]"
RESULTS_CLOSE = "[END OF EXAMINATION RESULTS]"


def load_system_prompt(path: str | Path | None) -> str:
    """The system prompt from ``path`` (UTF-8 text, stripped), or the default for ``None``.

    Raises:
        ValueError: when the file is missing or empty (the message names the file).
    """
    if path is None:
        return DEFAULT_SYSTEM_PROMPT
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"system prompt file {path} does not exist")
    text = path.read_text(encoding="utf-8").strip()
    if not text:
        raise ValueError(f"system prompt file {path} is empty")
    return text


def to_chat_messages(system_prompt: str, messages: Sequence[Message]) -> list[dict[str, str]]:
    """The consultation as chat-completion messages: the doctor is the ``assistant``, the
    patient the ``user``, preceded by the system prompt. The examiner's messages are
    ``user`` messages too, each between :data:`RESULTS_OPEN` and :data:`RESULTS_CLOSE`, so
    the model can tell the results from what the patient said.

    Chat templates need a user message before the first assistant message and alternating
    roles, so a conversation that is empty or that the doctor opened starts with
    :data:`DOCTOR_OPENS`, and consecutive messages of one role are joined by a blank line.
    """
    chat = [{"role": "system", "content": system_prompt}]
    if not messages or messages[0].role == "doctor":
        chat.append({"role": "user", "content": DOCTOR_OPENS})
    for message in messages:
        role = "assistant" if message.role == "doctor" else "user"
        content = message.content
        if message.role == "examiner":
            content = f"{RESULTS_OPEN}\n{content}\n{RESULTS_CLOSE}"
        if chat[-1]["role"] == role:
            chat[-1] = {"role": role, "content": chat[-1]["content"] + "\n\n" + content}
        else:
            chat.append({"role": role, "content": content})
    return chat

"""What a patient reply may be traced to: the record texts of a case and the template
bank's fixed words, and the words of a text.

Field paths are read straight from the case dump here, independently of the patient's own
:mod:`tod.patient.facts` and guard, so the measures built on them (the leak detector of
:mod:`tod.evaluation.leaks`, the benchmarks' fact check in ``eval/faithfulness.py``) do
not share the code they check.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from tod.lexicon import LayLexicon, default_lexicon
from tod.records.model import CaseFacts, iter_fact_paths

_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)*")
_STEP = re.compile(r"([A-Za-z_]+)(?:\[(\d+)\])?")


def words_in(text: str) -> list[str]:
    """Lower-case words of ``text`` (apostrophes kept: "don't", "i'm")."""
    return _WORD.findall(text.lower().replace("’", "'"))


def _node(data: Any, path: str) -> Any:
    """The value at a field path ("symptoms[0].duration") in the case dump, or ``None``."""
    value = data
    for step in path.split("."):
        match = _STEP.fullmatch(step)
        if match is None or not isinstance(value, dict):
            return None
        value = value.get(match.group(1))
        if match.group(2) is not None:
            index = int(match.group(2))
            if not isinstance(value, list) or index >= len(value):
                return None
            value = value[index]
    return value


def path_texts(case: CaseFacts, path: str, data: dict | None = None) -> list[str]:
    """The record strings a field path stands for; empty for a path that names nothing
    recorded.

    A symptom path: its name; a descriptor or factor: its text; a history or social fact:
    its value and detail; an examination: its name and result; the age: its number in
    years and in months; the sex: male/female and man/woman/boy/girl. ``data`` is the
    case's JSON dump when the caller has it already.
    """
    data = data if data is not None else case.model_dump(mode="json")
    value = _node(data, path)
    if value is None:
        return []
    if path == "demographics.age_years":
        age = float(value)
        months = round(age * 12)
        return [f"{int(age)} years old", f"{int(age)} year old", f"{months} months old", f"{months} month old", f"{age:g}"]
    if path == "demographics.sex":
        return {"male": ["male", "man", "boy"], "female": ["female", "woman", "girl"]}.get(str(value), [str(value)])
    if isinstance(value, dict):
        if re.fullmatch(r"symptoms\[\d+\]", path):
            return [str(value.get("name") or "")]
        keys = ("name", "result") if path.startswith("examinations") else ("value", "detail")
        return [str(value[k]) for k in keys if value.get(k)]
    return [str(value)]


def with_lay(texts: Iterable[str], lexicon: LayLexicon | None = None) -> list[str]:
    """Each text, followed by its lay wording when that differs (``templates/lay_terms.yaml``
    by default)."""
    lexicon = lexicon or default_lexicon()
    out: list[str] = []
    for text in texts:
        out.append(text)
        lay = lexicon.to_lay(text)
        if lay != text:
            out.append(lay)
    return out


def case_paths(case: CaseFacts) -> list[str]:
    """The field paths of every recorded fact of ``case``."""
    return [path for path, _ in iter_fact_paths(case)]


def case_texts(case: CaseFacts, lexicon: LayLexicon | None = None) -> list[str]:
    """The texts of every recorded field of ``case`` and its opening statement, each with
    its lay wording (see :func:`with_lay`)."""
    data = case.model_dump(mode="json")
    texts = [t for path in case_paths(case) for t in path_texts(case, path, data)] + [case.opening_statement]
    return with_lay(texts, lexicon)


def template_words() -> frozenset[str]:
    """The words of the template bank's fixed wording: every known template of
    ``templates/patient.yaml`` with its placeholders removed, and the caregiver voice words."""
    from tod.patient.templates import default_bank
    from tod.patient.voice import VOICE_WORDS

    texts = [re.sub(r"\{[A-Za-z_]+\}", " ", t) for t in default_bank().known_templates()]
    texts += [w for words in VOICE_WORDS.values() for w in words]
    return frozenset(w for t in texts for w in words_in(t))

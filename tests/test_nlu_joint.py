"""The joint intent-and-slot model: its loss, training with frozen embeddings, saving, loading,
and a joint checkpoint behind the parser."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file
from test_nlu import TURNS
from transformers import AutoTokenizer, BertConfig, BertModel

from tod.local_models import minilm_path
from tod.nlu.annotations import load_annotations
from tod.nlu.checkpoint import CheckpointError
from tod.nlu.joint_model import HEADS_FILE, IntentSlotNetwork, JointIntentSlotModel
from tod.nlu.parser import load_parser
from tod.nlu.spans import TAGS
from tod.schema import INTENTS
from tod.training.config import JointConfig
from tod.training.joint import train_joint_model


@pytest.fixture(scope="module")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny random BERT with MiniLM's tokenizer."""
    base = tmp_path_factory.mktemp("tiny-bert")
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    torch.manual_seed(0)
    BertModel(BertConfig(vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                         intermediate_size=64, max_position_embeddings=128)).save_pretrained(base)
    tokenizer.save_pretrained(base)
    return base


@pytest.fixture(scope="module")
def turns_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("turns") / "turns.jsonl"
    path.write_text("".join(json.dumps({"id": f"t{i}", "text": t, "intents": a, "slots": s}) + "\n"
                            for i, (t, a, s) in enumerate(TURNS * 4)))
    return path


def test_the_loss_adds_the_weighted_tag_loss_and_needs_both_label_kinds(tiny_base: Path) -> None:
    network = IntentSlotNetwork(BertModel.from_pretrained(tiny_base)).eval()
    ids = torch.tensor([[101, 2000, 2001, 102], [101, 2002, 102, 0]])
    mask = (ids != 0).long()
    intents = torch.zeros(2, len(INTENTS))
    intents[0, 3] = 1.0
    tags = torch.tensor([[-100, 1, 2, -100], [-100, 0, -100, -100]])
    out = network(ids, mask)
    assert out["loss"] is None and out["intent_logits"].shape == (2, len(INTENTS))
    assert out["tag_logits"].shape == (2, 4, len(TAGS))
    intent_loss = torch.nn.functional.binary_cross_entropy_with_logits(out["intent_logits"], intents)
    tag_loss = torch.nn.functional.cross_entropy(out["tag_logits"].reshape(-1, len(TAGS)), tags.reshape(-1),
                                                 ignore_index=-100)
    network.slot_loss_weight = 0.5
    joint = network(ids, mask, intent_labels=intents, labels=tags)["loss"]
    assert torch.isclose(joint, intent_loss + 0.5 * tag_loss)
    # padding does not change a turn's intent logits: the mean pools real tokens only
    alone = network(ids[1:, :3], mask[1:, :3])["intent_logits"]
    assert torch.allclose(alone, out["intent_logits"][1:], atol=1e-5)


def test_the_joint_model_learns_both_tasks_from_the_same_batches(tiny_base: Path, turns_file: Path,
                                                                 tmp_path: Path) -> None:
    turns = load_annotations(turns_file)
    before = BertModel.from_pretrained(tiny_base).state_dict()
    config = JointConfig(base_model=str(tiny_base), max_steps=4, batch_size=8, eval_steps=2, max_length=32,
                         learning_rate=1e-2)
    model = train_joint_model(turns, turns, config, work_dir=tmp_path / "work", seed=1)
    after = model.network.encoder.state_dict()
    assert not torch.equal(after["encoder.layer.0.output.dense.weight"], before["encoder.layer.0.output.dense.weight"])
    assert model.thresholds.shape == (len(INTENTS),) and 0 < model.thresholds[0] < 1
    predicted = model.predict([t.text for t in turns])
    assert predicted.probs.shape == (len(turns), len(INTENTS)) and len(predicted.slots) == len(turns)


def test_a_saved_model_loads_to_the_same_predictions(tiny_base: Path, turns_file: Path, tmp_path: Path) -> None:
    turns = load_annotations(turns_file)
    model = train_joint_model(turns, turns, JointConfig(base_model=str(tiny_base), max_steps=3, batch_size=8,
                                                        eval_steps=2, max_length=32), work_dir=tmp_path / "w", seed=1)
    model.thresholds = np.full(len(INTENTS), 0.3)
    model.save(tmp_path / "joint")
    loaded = JointIntentSlotModel.load(tmp_path / "joint")
    texts = [t.text for t in turns[:6]]
    first, again = model.predict(texts, batch_size=4), loaded.predict(texts, batch_size=4)
    assert np.allclose(first.probs, again.probs, atol=1e-6) and first.slots == again.slots
    assert again.intents == [tuple(INTENTS[j] for j in np.flatnonzero(row >= 0.3)) for row in again.probs]
    for text, slots in zip(texts, again.slots):
        assert all(value in text for values in slots.values() for value in values)
    # a heads file without the tag head is an error, not a random head
    heads = load_file(str(tmp_path / "joint" / HEADS_FILE))
    save_file({k: v for k, v in heads.items() if k.startswith("classifier.")}, str(tmp_path / "joint" / HEADS_FILE))
    with pytest.raises(RuntimeError, match="tagger|Missing key"):
        JointIntentSlotModel.load(tmp_path / "joint")


def test_a_joint_checkpoint_parses_quantised_and_reports_broken_heads(tmp_path: Path, turns_file: Path) -> None:
    from test_hardening_support import train_smoke_on

    out = train_smoke_on(turns_file, tmp_path, "slot_model=joint")
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["joint"]
    float_parse = load_parser(out).parse("Any fever or cough?")
    int8 = load_parser(out, dtype="qint8")
    assert [m for m in int8.model.network.modules() if type(m) is torch.nn.Linear] == []
    assert int8.parse("Any fever or cough?").text == float_parse.text
    (out / "joint" / HEADS_FILE).write_bytes(b"not safetensors")
    with pytest.raises(CheckpointError, match="joint: cannot load model weights"):
        load_parser(out)

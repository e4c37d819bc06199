"""Fitting the generative slot tracker (:class:`tod.nlu.slot_t5.T5SlotTracker`).

``base_model`` decides the model:

- a pretrained sequence-to-sequence model (hub name or path, e.g. ``t5-small`` online) is
  fine-tuned as it is;
- a pretrained *encoder* (e.g. ``"minilm"``, the offline default, or any BERT-like path) is
  warm-started as both encoder and decoder of a transformers ``EncoderDecoderModel`` (Rothe et
  al., 2020): the decoder reuses the encoder's weights with fresh cross-attention, so the model
  starts knowing the words it has to copy;
- ``"scratch"`` builds a small T5 from random weights with a SentencePiece-Unigram tokenizer
  learnt from the training corpus. It has to learn the language from the corpus alone and
  reaches a slot F1 near zero in a CPU budget, which is why it is no longer the default.

Early stopping is on validation loss.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from datasets import Dataset
from tokenizers import Tokenizer, decoders, normalizers, pre_tokenizers
from tokenizers.models import Unigram
from tokenizers.processors import TemplateProcessing
from tokenizers.trainers import UnigramTrainer
from transformers import (
    AutoConfig,
    AutoModelForSeq2SeqLM,
    AutoTokenizer,
    DataCollatorForSeq2Seq,
    EncoderDecoderModel,
    PreTrainedTokenizerFast,
    T5Config as HFT5Config,
    T5ForConditionalGeneration,
)

from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.encoders import load_tokenizer, resolve_model_name
from tod.nlu.linearize import linearize_slots
from tod.nlu.slot_t5 import PREFIX, T5SlotTracker
from tod.training.config import T5Config
from tod.training.hf_trainer import fit

SPECIAL_TOKENS = {"pad_token": "<pad>", "eos_token": "</s>", "unk_token": "<unk>"}


def train_sentencepiece_tokenizer(texts: Sequence[str], vocab_size: int) -> PreTrainedTokenizerFast:
    """A SentencePiece-Unigram tokenizer (NFKC, Metaspace) learnt from ``texts``, wrapped for
    transformers; it appends ``</s>`` to every sequence as T5 expects."""
    tokenizer = Tokenizer(Unigram())
    tokenizer.normalizer = normalizers.NFKC()
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    tokenizer.decoder = decoders.Metaspace()
    trainer = UnigramTrainer(vocab_size=vocab_size, special_tokens=["<pad>", "</s>", "<unk>"], unk_token="<unk>",
                             show_progress=False)
    tokenizer.train_from_iterator(list(texts), trainer=trainer)
    tokenizer.post_processor = TemplateProcessing(single="$A </s>", special_tokens=[("</s>", tokenizer.token_to_id("</s>"))])
    return PreTrainedTokenizerFast(tokenizer_object=tokenizer, **SPECIAL_TOKENS)


def scratch_model(tokenizer: Any, config: T5Config) -> T5ForConditionalGeneration:
    """A randomly initialised small T5 sized by ``config`` for ``tokenizer``'s vocabulary."""
    hf_config = HFT5Config(
        vocab_size=len(tokenizer),
        d_model=config.d_model,
        d_kv=config.d_model // config.num_heads,
        d_ff=config.d_ff,
        num_layers=config.num_layers,
        num_decoder_layers=config.num_layers,
        num_heads=config.num_heads,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        decoder_start_token_id=tokenizer.pad_token_id,
        feed_forward_proj="gated-gelu",
        tie_word_embeddings=False,
    )
    return T5ForConditionalGeneration(hf_config)


def warm_started_model(encoder: str, tokenizer: Any) -> EncoderDecoderModel:
    """An encoder-decoder whose encoder and decoder both start from the pretrained ``encoder``
    (cross-attention is new); generation starts at ``[CLS]`` and ends at ``[SEP]``."""
    path = resolve_model_name(encoder)
    model = EncoderDecoderModel.from_encoder_decoder_pretrained(path, path)
    for settings in (model.config, model.generation_config):
        settings.decoder_start_token_id = tokenizer.cls_token_id
        settings.bos_token_id = tokenizer.cls_token_id
        settings.eos_token_id = tokenizer.sep_token_id
        settings.pad_token_id = tokenizer.pad_token_id
    return model


def target_ids(tokenizer: Any, targets: Sequence[str], max_length: int) -> list[list[int]]:
    """Token ids of the linearised targets, each ending with the end-of-sequence token. A
    tokenizer that wraps sequences in ``[CLS] ... [SEP]`` would make the decoder predict the
    ``[CLS]`` it starts from, so only the end token is added."""
    end = tokenizer.eos_token_id if tokenizer.eos_token_id is not None else tokenizer.sep_token_id
    pieces = tokenizer(list(targets), add_special_tokens=False, truncation=True, max_length=max_length - 1)
    return [ids + [end] for ids in pieces["input_ids"]]


def _dataset(turns: Sequence[AnnotatedTurn], tokenizer: Any, config: T5Config) -> Dataset:
    sources = tokenizer([PREFIX + t.text for t in turns], truncation=True, max_length=config.max_source_length)
    labels = target_ids(tokenizer, [linearize_slots(t.slots) for t in turns], config.max_target_length)
    return Dataset.from_dict({"input_ids": sources["input_ids"], "attention_mask": sources["attention_mask"],
                              "labels": labels})


def _is_seq2seq(name_or_path: str) -> bool:
    return bool(getattr(AutoConfig.from_pretrained(resolve_model_name(name_or_path)), "is_encoder_decoder", False))


def train_t5_tracker(
    train: Sequence[AnnotatedTurn],
    validation: Sequence[AnnotatedTurn],
    config: T5Config,
    *,
    work_dir: Path,
    seed: int,
) -> T5SlotTracker:
    """Train the tracker (from scratch, from a pretrained seq2seq model or warm-started from a
    pretrained encoder), early stopping on validation loss."""
    if config.base_model == "scratch":
        corpus = [PREFIX + t.text for t in train] + [linearize_slots(t.slots) for t in train]
        tokenizer = train_sentencepiece_tokenizer(corpus, config.vocab_size)
        model = scratch_model(tokenizer, config)
    elif _is_seq2seq(config.base_model):
        tokenizer = AutoTokenizer.from_pretrained(resolve_model_name(config.base_model))
        model = AutoModelForSeq2SeqLM.from_pretrained(resolve_model_name(config.base_model))
    else:
        tokenizer = load_tokenizer(config.base_model)
        model = warm_started_model(config.base_model, tokenizer)
    trainer = fit(
        model=model,
        tokenizer=tokenizer,
        train_dataset=_dataset(train, tokenizer, config),
        eval_dataset=_dataset(validation, tokenizer, config),
        data_collator=DataCollatorForSeq2Seq(tokenizer, model=model),
        work_dir=work_dir,
        settings=config,
        seed=seed,
        metric="eval_loss",
    )
    return T5SlotTracker(trainer.model, tokenizer, max_source_length=config.max_source_length,
                         max_target_length=config.max_target_length)

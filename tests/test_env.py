"""The Gymnasium environments (tod.env): Gymnasium's checker, reset/step semantics, the
reward, terminated/truncated, bad inputs, and the vectorised form's batched NLU.

Semantics tests use the dictionary NLU of conftest (exact parses, so rewards are known);
the checker and the vectorised form run the real NLU on the smoke checkpoint (tiny, trained
once per test process, see test_hardening_support)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import HashingEncoder
from gymnasium.error import InvalidAction, ResetNeeded
from gymnasium.utils.env_checker import check_env
from test_hardening_support import RECORDS, smoke_checkpoint

from tod.env import ConsultationEnv, RewardConfig, VectorConsultationEnv
from tod.nlu import load_parser
from tod.records import RecordFileError, iter_fact_paths

CLOSING = ["Final Diagnosis: type 2 diabetes mellitus", "Thirst, urination and weight loss.", "Metformin."]


@pytest.fixture
def env(example_record, parser):
    parser.add("Do you smoke?", ["ask_tobacco"])
    parser.add("Any allergies?", ["ask_allergic_history"])
    parser.add("How old are you?", ["ask_age"])
    parser.add("Any medications?", ["ask_past_medication"])
    parser.add("Do you drink?", ["ask_alcohol"])
    return ConsultationEnv([example_record], parser, encoder=HashingEncoder(), max_turns=5)


@pytest.fixture(scope="module")
def nlu(tmp_path_factory):
    return load_parser(smoke_checkpoint(tmp_path_factory))


def test_bench_env_writes_markdown_and_json(tmp_path_factory, tmp_path):
    from eval import bench_env

    checkpoint = smoke_checkpoint(tmp_path_factory)
    argv = ["--checkpoint", str(checkpoint), "--steps", "3", "--envs", "2", "--vector-steps", "2",
            "--output-dir", str(tmp_path), "--speed-result", str(tmp_path / "none.json")]
    assert bench_env.main(argv) == 0
    result = json.loads((tmp_path / f"env_{checkpoint.name}.json").read_text())
    assert result["sequential"]["replies"] == 3 and result["sequential"]["replies_per_second"] > 0
    [vector] = result["vectorised"]
    assert vector["num_envs"] == 2 and 0 < vector["replies"] <= 4 and vector["replies_per_cpu_second"] > 0
    assert result["llm_patient"] is None and "Machine:" in (tmp_path / f"env_{checkpoint.name}.md").read_text()


def test_check_env_passes_with_the_real_nlu(nlu):
    env = ConsultationEnv(RECORDS, nlu)
    check_env(env, skip_render_check=True)
    check_env(ConsultationEnv(RECORDS, nlu, render_mode="ansi"))


def test_reset_returns_the_opening_and_is_seeded(env, example_record):
    opening, info = env.reset(seed=3)
    assert opening == example_record.case.opening_statement
    assert info == {"record_id": "im-001", "department": "internal_medicine", "turn": 0}
    assert opening in env.observation_space


def test_reset_picks_records_with_the_seeded_generator(nlu):
    env = ConsultationEnv(RECORDS, nlu)
    first = [env.reset(seed=s)[1]["record_id"] for s in range(8)]
    again = [env.reset(seed=s)[1]["record_id"] for s in range(8)]
    assert first == again and len(set(first)) > 1
    assert env.reset(options={"record_id": first[0]})[1]["record_id"] == first[0]


def test_step_rewards_new_facts_and_penalises_repeats(env, example_record):
    families = dict(iter_fact_paths(example_record.case))
    env.reset(seed=0)
    reply, reward, terminated, truncated, info = env.step("Do you smoke?")
    assert "cigarettes" in reply and info["revealed"] == ["social.tobacco"] and reward == 1.0
    assert info["intents"] == ["ask_tobacco"] and info["provenance"] == ["social.tobacco"]
    assert (terminated, truncated, info["turn"], info["phase"]) == (False, False, 1, "interview")
    _, reward, _, _, info = env.step("Do you smoke?")
    assert info["repeated"] == ["ask_tobacco"] and info["revealed"] == [] and reward == -0.5
    _, reward, _, _, info = env.step("How old are you?")
    assert info["revealed"] == ["demographics.age_years"] and families["demographics.age_years"] == "demographics"
    assert reward == 1.0


def test_family_weights_and_penalty_are_configurable(example_record, parser):
    parser.add("Do you smoke?", ["ask_tobacco"])
    reward = RewardConfig(family_weights={"social": 3.0}, repeat_penalty=2.0)
    env = ConsultationEnv([example_record], parser, encoder=HashingEncoder(), reward=reward)
    env.reset(seed=0)
    assert env.step("Do you smoke?")[1] == 3.0
    assert env.step("Do you smoke?")[1] == -2.0
    with pytest.raises(ValueError, match="unknown families \\['lifestyle'\\]"):
        RewardConfig(family_weights={"lifestyle": 1.0})
    with pytest.raises(ValueError, match="diagnosis must be"):
        RewardConfig(diagnosis="top5")  # type: ignore[arg-type]


@pytest.mark.parametrize("answer, score", [("Final Diagnosis: type 2 diabetes mellitus", 1.0),
                                           ("Final Diagnosis: migraine", 0.0)])
def test_terminated_after_the_closing_answers_with_the_diagnosis_reward(env, answer, score):
    env.reset(seed=0)
    env.step("Do you smoke?")
    _, _, terminated, _, info = env.step("Final Diagnosis: type 2 diabetes mellitus")
    assert not terminated and info["events"][-1] == "ask_diagnosis_again"
    assert env.step(answer)[2:4] == (False, False)
    assert env.step(CLOSING[1])[2:4] == (False, False)
    _, reward, terminated, truncated, info = env.step(CLOSING[2])
    assert terminated and not truncated
    assert info["diagnosis_score"] == score and reward == 10.0 * score
    assert info["summary_answers"] == {"diagnosis": answer, "basis": CLOSING[1], "treatment": CLOSING[2]}


def test_similarity_diagnosis_score(example_record, parser):
    env = ConsultationEnv([example_record], parser, encoder=HashingEncoder(), reward=RewardConfig(diagnosis="similarity"))
    env.reset(seed=0)
    for text in ["Final Diagnosis: diabetes", "Final Diagnosis: type 2 diabetes", *CLOSING[1:]]:
        *_, info = env.step(text)
    assert 0.5 < info["diagnosis_score"] <= 1.0


def test_environments_share_one_diagnosis_encoder(example_record, parser):
    # 128 environments must not load 128 copies of the sentence encoder at their first episode end
    envs = [ConsultationEnv([example_record], parser, encoder=HashingEncoder()) for _ in range(3)]
    assert len({id(env.metric_context.encoder) for env in envs}) == 1


def test_truncated_at_the_turn_limit_then_reset_needed(env):
    env.reset(seed=0)
    questions = ["Do you smoke?", "How old are you?", "Any medications?", "Do you drink?"]
    assert [env.step(q)[2:4] for q in questions] == [(False, False)] * 4
    reply, reward, terminated, truncated, info = env.step("Any allergies?")
    assert (terminated, truncated) == (False, True) and "end:turn_limit" in info["events"]
    assert "diagnosis_score" not in info
    with pytest.raises(ResetNeeded, match="after the episode ended"):
        env.step("Anything else?")
    env.reset()
    assert env.step("Do you smoke?")[2:4] == (False, False)


def test_bad_inputs_are_named(env, example_record, parser, tmp_path: Path):
    with pytest.raises(ResetNeeded, match="before reset"):
        env.step("Do you smoke?")
    env.reset(seed=0)
    for action in (None, 3, b"Do you smoke?", ["Do you smoke?"]):
        with pytest.raises(InvalidAction, match="must be the doctor's message as a str"):
            env.step(action)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown record_id 'no-such-id'"):
        env.reset(options={"record_id": "no-such-id"})
    with pytest.raises(ValueError, match="unknown \\['record'\\]"):
        env.reset(options={"record": "im-001"})
    bad = tmp_path / "bad.jsonl"
    data = json.loads(json.dumps(example_record.model_dump(mode="json", exclude_none=True)))
    data["case"]["demographics"]["age_years"] = "fifty"
    bad.write_text(json.dumps(data) + "\n", encoding="utf-8")
    with pytest.raises(RecordFileError, match=r"bad.jsonl:1: record .im-001.: field case.demographics.age_years"):
        ConsultationEnv(bad, parser)
    with pytest.raises(ValueError, match="max_turns"):
        ConsultationEnv([example_record], parser, max_turns=0)


def test_vector_env_parses_every_turn_in_one_batch(nlu):
    calls: list[int] = []

    class CountingParser:
        def parse(self, text):
            raise AssertionError("the vectorised form parses in batches only")

        def parse_batch(self, texts):
            calls.append(len(texts))
            return nlu.parse_batch(texts)

    envs = VectorConsultationEnv(4, RECORDS, CountingParser(), max_turns=3, idle_limit=10)
    openings, infos = envs.reset(seed=7)
    record_ids = list(infos["record_id"])
    assert len(openings) == 4 and infos["_record_id"].all()
    single = ConsultationEnv(RECORDS, nlu, max_turns=3, idle_limit=10)
    questions = ["Do you smoke?", "Any allergies?", "How old are you?", "Any fever?"]
    observations, rewards, terminated, truncated, infos = envs.step(questions)
    assert calls == [4] and rewards.shape == (4,) and terminated.dtype == np.bool_
    for i in range(4):  # the same replies as four single environments seeded alike
        opening, info = single.reset(seed=7 + i)
        assert (opening, info["record_id"]) == (openings[i], record_ids[i])
        assert single.step(questions[i])[0] == observations[i]
    for _ in range(2):
        observations, rewards, terminated, truncated, infos = envs.step(questions)
    assert truncated.all() and not terminated.any()  # the third turn reaches max_turns
    observations, rewards, _, _, infos = envs.step([1, 2, 3, 4])  # ignored: autoreset (next step)
    assert (rewards == 0).all() and infos["_record_id"].all() and calls == [4, 4, 4]
    with pytest.raises(InvalidAction, match="environment 2"):
        envs.step(["Hello?", "Hello?", 5, "Hello?"])
    with pytest.raises(ValueError, match="3 actions for 4"):
        envs.step(questions[:3])


def test_orders_go_to_the_examiner_and_paths_are_the_record_s(example_record, parser):
    exams = [e.model_copy(update={"known_to_patient": i == 1}) for i, e in enumerate(example_record.case.examinations)]
    record = example_record.model_copy(update={"case": example_record.case.model_copy(update={"examinations": exams})})
    parser.add("Have you had any tests?", ["ask_medical_examination"])
    env = ConsultationEnv([record], parser, encoder=HashingEncoder(), max_turns=5)
    env.reset(seed=0)
    observation, _, _, _, info = env.step("ORDER: HbA1c")
    assert "[EXAMINATION RESULTS]" in observation and exams[2].result in info["examiner"]
    observation, _, _, _, info = env.step("Have you had any tests?")
    assert "examinations[1]" in " ".join(info["provenance"])  # the known result, under its record path
    assert "[EXAMINATION RESULTS]" not in observation
    env.step("Final Diagnosis: type 2 diabetes mellitus")
    for text in CLOSING:
        _, _, terminated, _, info = env.step(text)
    assert terminated and info["diagnosis_score"] == 1.0

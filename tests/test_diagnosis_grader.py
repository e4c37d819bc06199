"""tod's top-1 diagnosis matcher on hand-checked pairs, and the grader benchmark's plumbing.

Each pair is (the doctor's raw answer, the reference diagnosis, expected top-1 verdict),
decided as a clinician would under CRAFT-MD's grading contract: the same diagnosis counts,
in other words, abbreviated, plural, reordered or with a course/severity qualifier; a
different disease, a more general one, the opposite ("non-") or a hedged answer ("A or B")
does not. The answer is parsed as the evaluator parses it. The strings are written for this
test, not taken from the CRAFT-MD data.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tod.evaluation.metrics import EvalItem, MetricContext
from tod.evaluation.metrics.diagnosis import diagnosis, match_rule, parse_answer
from tod.evaluation.transcript import Transcript
from tod.records.model import Record
from tod.records.synonyms import same_diagnosis, synonyms_of


SAME = [
    ("Final Diagnosis: Genital herpes", "Genital herpes"),
    ("**Final Diagnosis:** Gastroesophageal Reflux Disease (GERD)", "GERD"),
    ("Polycystic ovary syndrome", "Polycystic ovary syndrome (PCOS)"),
    ("Post-traumatic stress disorder", "Posttraumatic stress disorder"),
    ("Absence seizures", "Absence seizure"),
    ("Papillary carcinoma of the thyroid", "Papillary thyroid carcinoma"),
    ("Type II diabetes mellitus", "Type 2 diabetes mellitus"),
    ("Gout", "Acute gout"),
    ("Acute pyelonephritis", "Pyelonephritis"),
    ("Haemophilia A", "Hemophilia A"),
    ("Parkinson's disease", "Parkinson disease"),
    ("Final Diagnosis: Community-acquired pneumonia", "Pneumonia"),
    ("The most likely diagnosis is:\n\nEpididymitis", "Epididymitis"),
    ("Inflammatory bowel disease (IBD), specifically Crohn's disease.", "Crohn disease"),
    ("Fifth disease (erythema infectiosum)", "Erythema infectiosum"),
    ("Nursemaid's elbow (also known as radial head subluxation)", "Radial head subluxation"),
    ("Based on the findings, a diagnosis of genital herpes is most likely.", "Genital herpes"),
    ("Pelvic inflammatory disease (PID). This diagnosis is supported by the cervical motion tenderness.",
     "Pelvic inflammatory disease"),
    ("The final diagnosis is: Acanthosis nigricans.", "Acanthosis nigricans"),
    ("**Final Diagnosis:**: Possible hip osteoarthritis. Further tests are needed.", "Hip osteoarthritis"),
    ("Graft-versus-host disease", "Graft versus host disease"),
    ("Deep vein thrombosis", "Deep venous thrombosis"),
    ("Final Diagnosis: Trisomy 21 (Down syndrome)", "Down syndrome"),
]

DIFFERENT = [
    ("Leukemia", "Acute lymphoblastic leukemia"),  # more general
    ("Anemia", "Anemia of chronic disease"),  # more general ("chronic" is not a qualifier here)
    ("Acute myeloid leukemia", "Chronic myeloid leukemia"),  # qualifiers exclude each other
    ("Chronic paronychia", "Acute paronychia"),
    ("Hodgkin lymphoma", "Non-Hodgkin lymphoma"),  # the opposite
    ("Non-Hodgkin lymphoma", "Hodgkin lymphoma"),
    ("Migraine without aura", "Migraine with aura"),
    ("Hepatitis A", "Hepatitis B"),
    ("Herpes zoster", "Herpes simplex"),
    ("Type 1 diabetes", "Type 2 diabetes mellitus"),
    ("Esophageal stricture", "Esophagitis"),
    ("Migraine or tension headache", "Migraine"),  # hedged: no committed top-1
    ("Final Diagnosis: Vestibular migraine vs labyrinthitis", "Vestibular migraine"),
    ("The most likely diagnosis is not a heart attack.", "Myocardial infarction"),
    ("Unsure, more tests are needed.", "Sarcoidosis"),
]

#: Same diagnosis, different words: only a synonym of the record can tell.
NEEDS_SYNONYM = [
    ("Fifth disease", "Erythema infectiosum"),
    ("Nursemaid's elbow", "Radial head subluxation"),
    ("Kidney stone", "Nephrolithiasis"),
]


@pytest.fixture(scope="module")
def context() -> MetricContext:
    return MetricContext(bertscore=False)


def top1(answer: str, reference: str, context: MetricContext, synonyms: tuple[str, ...] = (),
         alternatives: tuple[str, ...] = ()) -> bool:
    """The evaluator's top-1 verdict on a raw answer."""
    record = Record.model_validate({
        "id": "r", "department": "internal_medicine",
        "case": {"opening_statement": "I feel unwell.", "demographics": {"age_years": 40, "sex": "female"},
                 "symptoms": [{"name": "malaise"}]},
        "reference": {"diagnosis": reference, "synonyms": list(synonyms), "alternatives": list(alternatives)},
    })
    transcript = Transcript(record_id="r", department="internal_medicine", condition="vignette", doctor="test",
                            status="ok", error=None, turns=(), summary_answers={"diagnosis": answer}, revealed=())
    return diagnosis([EvalItem(record, transcript)], context)[0]["top1"] == 1.0


@pytest.mark.parametrize(("answer", "reference"), SAME)
def test_the_same_diagnosis_in_other_words_matches(answer: str, reference: str, context: MetricContext) -> None:
    assert top1(answer, reference, context)


@pytest.mark.parametrize(("answer", "reference"), DIFFERENT)
def test_another_diagnosis_a_more_general_one_or_a_hedge_does_not(answer: str, reference: str,
                                                                  context: MetricContext) -> None:
    assert not top1(answer, reference, context)


@pytest.mark.parametrize(("answer", "reference"), NEEDS_SYNONYM)
def test_synonyms_of_the_record_count(answer: str, reference: str, context: MetricContext) -> None:
    assert not top1(answer, reference, context)
    assert top1(answer, reference, context, synonyms=(answer,))


def test_an_alternative_of_the_record_blocks_a_near_match(context: MetricContext) -> None:
    assert top1("Bronchiolitis with wheeze", "Bronchiolitis", context)
    assert not top1("Bronchitis", "Bronchiolitis", context, alternatives=("Bronchitis", "Croup"))
    assert not top1("Chronic paronychia", "Paronychia", context, alternatives=("Chronic paronychia",))


def test_hedged_answers_keep_their_diagnoses_for_top3(context: MetricContext) -> None:
    parsed = parse_answer("Final Diagnosis: Migraine or tension headache (further tests needed)")
    assert parsed.hedged and parsed.top1 is None
    assert parsed.candidates == ["Migraine", "tension headache"]
    ranked = parse_answer("1. Migraine\n2. Tension headache")
    assert not ranked.hedged and ranked.top1 == ("Migraine",)


def test_match_rule_names_the_rule(context: MetricContext) -> None:
    assert match_rule("GERD", ["Gastroesophageal reflux disease (GERD)"], [], context) == "exact"
    assert match_rule("Kidney stones", ["kidney stone disease"], [], context) == "equivalent"
    assert match_rule("Perforated peptic ulcer", ["Peptic ulcer"], [], context) == "contains"
    assert match_rule("Perforated peptic ulcer", ["Peptic ulcer"], ["Perforated peptic ulcer", "Gastric cancer"],
                      context) is None
    assert match_rule("Leukemia", ["Acute lymphoblastic leukemia"], [], context) is None


def test_agreement_table_matches_a_hand_computed_kappa() -> None:
    from eval.bench_grader import agreement_table

    grader = [1, 1, 0, 0, 0, 0, 1, 0]
    tod = [1, 0, 0, 0, 1, 0, 1, 0]
    table = agreement_table(("g", g, t) for g, t in zip(grader, tod))["g"]
    # agreement 6/8; chance agreement (3/8)^2 + (5/8)^2 = 34/64; kappa (48/64 - 34/64) / (30/64) = 7/15
    assert table["agreement"] == pytest.approx(0.75)
    assert table["kappa"] == pytest.approx(7 / 15)
    assert (table["tod_only"], table["grader_only"], table["n"]) == (1, 1, 8)
    assert agreement_table([("h", 1, 1), ("h", 1, 1)])["h"]["kappa"] is None  # one verdict only: undefined


def _answers(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_benchmark_scores_every_answer_and_sorts_the_disagreements(tmp_path: Path) -> None:
    from eval import bench_grader

    (tmp_path / "cases.csv").write_text(
        ",case_vignette,choice_1,choice_2,choice_3,choice_4,answer,category,dataset,case_id\n"
        "0,x,Gout,Pseudogout,Septic arthritis,Cellulitis,Gout,Rheumatology,d,case_0\n"
        "1,x,IgA vasculitis,Endocarditis,Meningococcemia,ITP,Henoch-Schonlein purpura,Rheumatology,d,case_1\n",
        encoding="utf-8")
    base = {"case_id": "case_0", "doctor_model": "m", "correct_answer": "gout"}
    rows = [
        {**base, "id": i, "condition": condition, "answer_text": text, "extracted": extracted, "verdict": verdict}
        for i, condition, text, extracted, verdict in (
            ("a", "vignette", "Final Diagnosis: Acute gout", "acute gout", 1),
            ("b", "vignette", "Pseudogout", "pseudogout", 0),
            ("c", "multiturn", "Gout or septic arthritis", "multiple", 0),
            ("d", "multiturn", "Podagra", "podagra", 1),
            ("e", "multiturn", "Gout", "none", 0),
        )
    ] + [
        {**base, "id": "f", "case_id": "case_1", "condition": "vignette", "answer_text": "IgA vasculitis",
         "extracted": "iga vasculitis", "correct_answer": "henoch-schonlein purpura", "verdict": 1},
    ]
    answers = _answers(tmp_path / "graded.jsonl", rows)
    out = tmp_path / "out"
    assert bench_grader.main(["--answers", str(answers), "--cases", str(tmp_path / "cases.csv"),
                              "--output-dir", str(out)]) == 0
    result = json.loads((out / "grader.json").read_text())
    assert (out / "grader.md").read_text().startswith("# ") and "Machine:" in (out / "grader.md").read_text()
    assert result["answers"] == 6 and result["overall"]["n"] == 6
    assert result["overall"]["agreement"] == pytest.approx(3 / 6)
    assert set(result["condition"]) == {"vignette", "multiturn"} and result["doctor_model"]["m"]["n"] == 6
    assert result["cases_without_answer_option"] == ["case_1"]
    kinds = {kind: (k["tod_only"], k["grader_only"]) for kind, k in result["disagreements"].items()}
    assert kinds["synonym missed"] == (0, 2)  # podagra; IgA vasculitis (no record synonyms)
    assert kinds["other"] == (1, 0)  # the grader found no diagnosis in "Gout"
    assert sum(a + b for a, b in kinds.values()) == 3
    assert all("top1" not in e for k in result["disagreements"].values() for e in k["examples"])  # ids only

    records = tmp_path / "craftmd.jsonl"  # an imported record names a synonym of case_0's answer
    records.write_text(json.dumps({
        "id": "craftmd/case_0", "department": "internal_medicine",
        "case": {"opening_statement": "My big toe hurts.", "demographics": {"age_years": 50, "sex": "male"},
                 "symptoms": [{"name": "toe pain"}]},
        "reference": {"diagnosis": "Gout", "synonyms": ["Podagra"], "alternatives": ["Pseudogout"]},
    }) + "\n", encoding="utf-8")
    assert bench_grader.main(["--answers", str(answers), "--cases", str(tmp_path / "cases.csv"),
                              "--records", str(records), "--output-dir", str(out)]) == 0
    result = json.loads((out / "grader.json").read_text())
    assert result["record_synonyms_for_cases"] == 1
    assert result["disagreements"]["synonym missed"]["grader_only"] == 1  # podagra is now matched


def test_benchmark_names_the_line_and_field_of_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from eval import bench_grader

    cases = tmp_path / "cases.csv"
    cases.write_text("case_id,choice_1,choice_2,choice_3,choice_4,answer\ncase_0,A,B,C,D,A\n", encoding="utf-8")
    good = {"id": "a", "case_id": "case_0", "doctor_model": "m", "condition": "vignette", "answer_text": "A",
            "extracted": "a", "correct_answer": "a", "verdict": 1}
    bad = {k: v for k, v in good.items() if k != "extracted"}
    answers = _answers(tmp_path / "graded.jsonl", [good, bad])
    out = tmp_path / "out"
    assert bench_grader.main(["--answers", str(answers), "--cases", str(cases), "--output-dir", str(out)]) == 2
    assert f"{answers}:2: field 'extracted' is missing" in capsys.readouterr().err
    assert not out.exists()
    cases.write_text("case_id,choice_1,choice_2,choice_3,answer\ncase_0,A,B,C,A\n", encoding="utf-8")
    _answers(answers, [good])
    assert bench_grader.main(["--answers", str(answers), "--cases", str(cases), "--output-dir", str(out)]) == 2
    assert "column 'choice_4' is missing" in capsys.readouterr().err


#: Hand-checked (answer key, doctor's answer) pairs of CRAFT-MD cases that the grader accepted:
#: the importer's synonyms (tod.records.synonyms) must make the evaluator accept them too.
IMPORTED_SYNONYMS = [
    ("Enteric fever", "Typhoid fever"),
    ("Pulmonary thromboembolism", "Pulmonary embolism"),
    ("Primary biliary cirrhosis", "Primary biliary cholangitis"),
    ("Bochdalek hernia", "Congenital diaphragmatic hernia"),
    ("Perniosis", "Chilblains"),
    ("Lipoid nephrosis", "Minimal change disease"),
    ("Monosodium urate crystals", "Gout"),
    ("Positive urinary beta-hCG and no intrauterine mass", "Ectopic pregnancy"),
]


@pytest.mark.parametrize(("reference", "answer"), IMPORTED_SYNONYMS)
def test_imported_synonyms_accept_the_grader_s_matches(reference: str, answer: str, context: MetricContext) -> None:
    assert not top1(answer, reference, context)
    assert top1(answer, reference, context, synonyms=tuple(synonyms_of(reference)))


def test_a_finding_s_diagnosis_is_accepted_one_way_only() -> None:
    assert "Gout" in synonyms_of("Monosodium urate crystals")
    assert "Monosodium urate crystals" not in synonyms_of("Gout")
    assert not same_diagnosis("Gout", "Monosodium urate crystals")
    assert same_diagnosis("Rubeola", "measles")

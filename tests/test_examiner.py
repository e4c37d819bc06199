"""The examiner (issue 17): orders, results only when ordered, unrecorded tests, the patient's
view, the cost ledger and bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import FakeParser
from test_patient_session import ListDoctor
from tod.doctors.base import Message
from tod.doctors.prompts import DEFAULT_SYSTEM_PROMPT, RESULTS_CLOSE, RESULTS_OPEN, to_chat_messages
from tod.evaluation.consult import dialogue_transcript
from tod.evaluation.config import EvalConfig
from tod.evaluation.ledger import ledger_of
from tod.evaluation.metrics.communication import communication_of
from tod.evaluation.metrics.coverage import coverage_of
from tod.evaluation.metrics.base import EvalItem
from tod.evaluation.transcript import Transcript, Turn
from tod.examiner import Examiner, patient_view
from tod.examiner.catalog import DEFAULT_CATALOG, CatalogError, Catalog, default_catalog
from tod.examiner.orders import recognise_orders
from tod.examiner.prices import DEFAULT_PRICES, PriceError, PriceTable
from tod.nlu.types import TurnParse
from tod.records.model import Record
from tod.session import run_consultation

RECORD = {
    "id": "exam-001",
    "department": "surgery",
    "case": {
        "opening_statement": "I've had a pain in my tummy since yesterday.",
        "demographics": {"age_years": 30, "sex": "male"},
        "symptoms": [{"name": "abdominal pain", "duration": "one day"}],
        "examinations": [
            {"name": "temperature", "result": "38.1 C", "category": "vital_sign"},
            {"name": "full blood count and CRP", "result": "white cells 14.2, CRP 85", "category": "lab"},
            {"name": "abdominal examination", "result": "tender in the right lower quadrant with guarding", "category": "physical_exam"},
            {"name": "physical examination", "result": "Chest clear. Heart sounds normal. Throat not inflamed.", "category": "physical_exam"},
            {"name": "HbA1c", "result": "41 mmol/mol last year", "category": "lab", "known_to_patient": True},
            {"name": "ultrasound right lower quadrant", "result": "non-compressible tubular structure", "category": "imaging"},
        ],
    },
    "reference": {"diagnosis": "Acute appendicitis", "basis": "Pain and raised markers.", "treatment": "Appendectomy."},
}


@pytest.fixture
def record() -> Record:
    return Record.model_validate(RECORD)


def keys(text: str, parse: TurnParse | None = None) -> set[tuple[str | None, str | None]]:
    return {(o.test, o.region) for o in recognise_orders(text, parse).orders}


# ------------------------------------------------------------------ ordering phrasings

PHRASINGS = [
    ("I'd like to get a chest X-ray.", {("chest_xray", None)}),
    ("Let's do a CBC.", {("complete_blood_count", None)}),
    ("Can we check a full blood count?", {("complete_blood_count", None)}),
    ("I'll order a blood count and a CRP.", {("complete_blood_count", None), ("c_reactive_protein", None)}),
    ("ORDER: chest X-ray; full blood count", {("chest_xray", None), ("complete_blood_count", None)}),
    ("ORDER: CXR, FBC, U&E", {("chest_xray", None), ("complete_blood_count", None), ("basic_metabolic_panel", None)}),
    ("order: urinalysis", {("urinalysis", None)}),
    ("- ORDER: ECG; troponin; D-dimer", {("ecg", None), ("troponin", None), ("d_dimer", None)}),
    ("Let me examine your abdomen.", {("physical_exam", "abdomen")}),
    ("I'm going to listen to your chest.", {("physical_exam", "chest")}),
    ("Let me have a look in your ears and throat.", {("physical_exam", "ears"), ("physical_exam", "head_and_neck")}),
    ("Let's check your vital signs.", {("vital_signs", None)}),
    ("I want to check your blood pressure and temperature.", {("blood_pressure", None), ("temperature", None)}),
    ("We should run some blood tests.", {("blood_tests", None)}),
    ("Can we do a urine dipstick and a pregnancy test?", {("urinalysis", None), ("pregnancy_test", None)}),
    ("I'd like an ultrasound of your abdomen.", {("ultrasound", None)}),
    ("Let's get a CT head.", {("ct_head", None)}),
    ("I will send off liver function tests, lipase and an HbA1c.", {("liver_function", None), ("lipase", None), ("hba1c", None)}),
    ("We need an ECG and an echocardiogram.", {("ecg", None), ("echocardiogram", None)}),
    ("Let me do a physical examination.", {("physical_exam", None)}),
    ("I'll examine your chest and order a chest X-ray.", {("physical_exam", "chest"), ("chest_xray", None)}),
    ("What were the results of your thyroid function tests?", {("thyroid_function", None)}),
    ("ORDER: serum uric acid", {(None, None)}),
]


@pytest.mark.parametrize("text,expected", PHRASINGS)
def test_orders_are_recognised_in_many_phrasings(text: str, expected: set) -> None:
    assert keys(text) == expected


def test_there_are_at_least_twenty_phrasings_and_lists_and_order_lines() -> None:
    assert len(PHRASINGS) >= 20
    assert sum(1 for t, e in PHRASINGS if len(e) > 1) >= 5
    assert sum(1 for t, _ in PHRASINGS if "ORDER" in t.upper()) >= 4


@pytest.mark.parametrize(
    "text",
    ["We don't need a chest X-ray.", "There is no need for a CT scan.", "How long have you had the pain?", "Your temperature is fine."],
)
def test_mentions_that_are_not_orders_order_nothing(text: str) -> None:
    assert keys(text) == set()


def test_nlu_values_order_tests_and_unknown_names_are_kept() -> None:
    parse = TurnParse("Have you had any blood tests or a sweat chloride test?", ("ask_medical_examination",),
                      {"medical_examination": ["blood tests", "sweat chloride test", "any tests"]})
    orders = recognise_orders(parse.text, parse).orders
    assert [(o.test, o.source) for o in orders] == [("blood_tests", "nlu"), (None, "nlu")]
    assert orders[1].text == "sweat chloride test"
    other = TurnParse("Do you smoke?", ("ask_tobacco",), {"medical_examination": ["blood tests"]})
    assert recognise_orders(other.text, other).orders == ()


# ------------------------------------------------------------------ results

def test_results_only_for_what_is_ordered(record: Record) -> None:
    examiner = Examiner(record.case)
    reply = examiner.respond("ORDER: CBC")
    assert reply.paths == ("examinations[1]",)
    assert "white cells 14.2" in reply.text and "38.1" not in reply.text and "guarding" not in reply.text
    assert examiner.respond("How long have you had the pain?") is None


def test_a_test_inside_a_combined_record_entry_is_found(record: Record) -> None:
    assert Examiner(record.case).respond("ORDER: CRP").paths == ("examinations[1]",)


def test_region_examination_returns_that_region_only(record: Record) -> None:
    examiner = Examiner(record.case)
    abdomen = examiner.respond("Let me examine your abdomen.")
    assert abdomen.paths == ("examinations[2]",) and "guarding" in abdomen.text and "Chest clear" not in abdomen.text
    chest = examiner.respond("Let me listen to your chest.")
    assert chest.paths == ("examinations[3]",)
    assert "Chest clear." in chest.text and "Heart sounds" not in chest.text and "Throat" not in chest.text


def test_group_orders_return_every_result_of_their_kind(record: Record) -> None:
    reply = Examiner(record.case).respond("ORDER: blood tests")
    assert reply.paths == ("examinations[1]", "examinations[4]")


@pytest.mark.parametrize("unrecorded", ["not_available", "normal"])
def test_unrecorded_tests_never_yield_numbers(record: Record, unrecorded: str) -> None:
    examiner = Examiner(record.case, unrecorded=unrecorded)
    record_numbers = set(re.findall(r"\d+(?:\.\d+)?", record.case.model_dump_json()))
    for test in default_catalog().tests.values():
        if test.group or any(test.key in recorded for recorded in examiner._tests.values()):
            continue
        result = examiner.result(recognise_orders(f"ORDER: {test.names[0]}").orders[0])
        assert result.status == "unrecorded" and result.paths == ()
        assert not re.search(r"\d", result.line.replace(test.display, "")), result.line  # "vitamin B12" names a test
        assert ("normal" in result.line) == (unrecorded == "normal")
    reply = examiner.respond("ORDER: CT head 5 mm slices; serum uric acid 450")
    assert set(re.findall(r"\d+(?:\.\d+)?", reply.text)) <= record_numbers
    assert [r.status for r in reply.results] == ["unrecorded", "unknown"]


def test_unrecorded_region_uses_the_convention(record: Record) -> None:
    line = Examiner(record.case, unrecorded="normal").respond("Let me examine your knee.").results[0].line
    assert line == "- examination of the musculoskeletal: normal."


# ------------------------------------------------------------------ the patient's view

def test_patient_view_keeps_only_known_results_and_maps_paths(record: Record) -> None:
    view = patient_view(record)
    assert [e.name for e in view.record.case.examinations] == ["HbA1c"]
    assert view.record_path("examinations[0]") == "examinations[4]"
    assert view.record_path("symptoms[0].duration") == "symptoms[0].duration"
    assert view.record.reference == record.reference and record.case.examinations[0].name == "temperature"


def test_a_known_result_lets_the_patient_mention_it(record: Record, make_agent) -> None:
    parser = FakeParser()
    question = parser.add("Have you had any tests before?", ["ask_medical_examination"])
    patient = make_agent(patient_view(record).record, parser)
    patient.opening()
    reply = patient.respond(question)
    assert "41 mmol/mol" in reply.text and "38.1" not in reply.text and "14.2" not in reply.text
    assert reply.provenance == ("examinations[0]",)


def test_without_known_results_the_patient_states_none(rich_record: Record, make_agent) -> None:
    parser = FakeParser()
    question = parser.add("Have you had any tests?", ["ask_medical_examination"])
    patient = make_agent(patient_view(rich_record).record, parser)
    patient.opening()
    reply = patient.respond(question)
    assert reply.provenance == () and not re.search(r"\d", reply.text)


# ------------------------------------------------------------------ session and transcript

LINES = [
    "How long have you had the pain?",
    "ORDER: full blood count; chest X-ray",
    "Let me examine your abdomen.",
    "ORDER: CBC",
    "Final Diagnosis: appendicitis",
    "Appendicitis.",
    "The examination.",
    "Surgery.",
]


def consult_once(record: Record, make_agent) -> Transcript:
    parser = FakeParser()
    parser.add("How long have you had the pain?", ["ask_symptom_duration"], {"symptom": ["pain"]})
    patient = make_agent(patient_view(record).record, parser, idle_limit=1)
    consultation = run_consultation(ListDoctor(LINES), patient, examiner=Examiner(record.case))
    return dialogue_transcript(record, ListDoctor(LINES), consultation, seed=0)


def test_examiner_speaks_as_its_own_role_and_orders_keep_the_interview_going(record: Record, make_agent) -> None:
    parser = FakeParser()
    patient = make_agent(patient_view(record).record, parser, idle_limit=1)
    doctor = ListDoctor(LINES[1:])
    consultation = run_consultation(doctor, patient, examiner=Examiner(record.case))
    # an order-only turn is not idle: with idle_limit 1 the interview still ran to the final diagnosis
    assert consultation.end_reason == "final_diagnosis"
    first = consultation.turns[0]
    assert first.examiner is not None and first.examiner.paths == ("examinations[1]",)
    assert [m.role for m in doctor.seen[1][-3:]] == ["doctor", "patient", "examiner"]
    assert consultation.to_json()["turns"][0]["examiner"]["orders"][1]["status"] == "unrecorded"
    assert all(t.examiner is None for t in consultation.turns if t.patient.phase != "interview")


def test_chat_doctor_sees_a_marked_results_block() -> None:
    chat = to_chat_messages("sys", [Message("patient", "Hi."), Message("doctor", "ORDER: CBC"),
                                    Message("patient", "Okay."), Message("examiner", "- CBC: normal.")])
    assert chat[-1] == {"role": "user", "content": f"Okay.\n\n{RESULTS_OPEN}\n- CBC: normal.\n{RESULTS_CLOSE}"}
    assert "ORDER:" in DEFAULT_SYSTEM_PROMPT and RESULTS_OPEN in DEFAULT_SYSTEM_PROMPT


def test_transcript_keeps_orders_and_coverage_and_depth_count_them(record: Record, make_agent) -> None:
    transcript = consult_once(record, make_agent)
    again = Transcript.from_json(transcript.to_json())
    assert again == transcript
    ordered = [t for t in transcript.turns if t.orders]
    assert [len(t.orders) for t in ordered] == [2, 1, 1] and ordered[0].examiner.startswith("Examiner")
    coverage = coverage_of(EvalItem(record, transcript))
    assert coverage["coverage_by_family"]["examinations"] == pytest.approx(2 / 6)
    depth = communication_of([t for t in transcript.turns if t.phase == "interview"])
    assert depth["examinations_ordered"] == 4 and depth["requests"] == depth["questions"] + 4


# ------------------------------------------------------------------ the ledger

def price_file(tmp_path: Path, **overrides: object) -> Path:
    data = yaml.safe_load(DEFAULT_PRICES.read_text())
    for key in data["categories"]:
        data["categories"][key] = {"price": 1.0}
    data["categories"]["complete_blood_count"] = {"price": 10.0}
    data["categories"]["chest_xray"] = {"price": 30.5}
    data["categories"]["physical_exam"] = {"price": 2.25}
    data.update(per_visit=100.0, per_question=5.0)
    for key, value in overrides.items():
        if value is None:
            data["categories"].pop(key)
        else:
            data["categories"][key] = value
    path = tmp_path / "prices.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_costs_add_up_on_a_hand_computed_consultation(record: Record, make_agent, tmp_path: Path) -> None:
    prices = PriceTable.load(price_file(tmp_path))
    ledger = ledger_of(consult_once(record, make_agent), prices)
    # one question (the duration turn); CBC 10 + chest X-ray 30.5 + abdomen 2.25 + CBC again 10
    assert ledger.questions == 1
    assert ledger.tests_ordered == 4 and ledger.tests_with_result == 3 and ledger.tests_wasted == 1
    assert ledger.tests_repeated == 1
    assert ledger.test_cost == pytest.approx(52.75)
    assert ledger.cost == pytest.approx(100 + 5 + 52.75)
    assert ledger.by_category == {"chest_xray": 1, "complete_blood_count": 2, "physical_exam": 1}


def test_a_replayed_consultation_gives_the_same_ledger(record: Record, make_agent) -> None:
    prices = PriceTable.load()
    first = ledger_of(consult_once(record, make_agent), prices)
    second = ledger_of(consult_once(record, make_agent), prices)
    logged = ledger_of(Transcript.from_json(consult_once(record, make_agent).to_json()), prices)
    assert first == second == logged and first.tests_ordered == 4


def test_unknown_tests_cost_nothing_and_are_wasted() -> None:
    turn = Turn("ORDER: foo", "Okay.", orders=({"text": "foo", "test": None, "status": "unknown", "category": None, "paths": []},))
    transcript = Transcript("r", "surgery", "dialogue", "d", "ok", turns=(turn,))
    ledger = ledger_of(transcript, PriceTable.load())
    assert ledger.tests_wasted == 1 and ledger.test_cost == 0 and ledger.by_category == {"unknown": 1}


# ------------------------------------------------------------------ bad input

def test_an_order_line_naming_nothing_is_a_note_not_a_crash(record: Record) -> None:
    reply = Examiner(record.case).respond("ORDER: ;")
    assert reply.results == () and "names no test" in reply.text


@pytest.mark.parametrize(
    "override,message",
    [
        ({"chest_xray": None}, "no price for chest_xray"),
        ({"chest_xray": {"price": -3}}, "categories.chest_xray.price: a price cannot be negative"),
        ({"chest_xray": {"code": "CPT 71046"}}, "categories.chest_xray.price: expected a number, got None"),
        ({"mri_of_the_soul": {"price": 3}}, "categories.mri_of_the_soul: not a test category of the catalog"),
    ],
)
def test_bad_price_tables_are_clear_errors(tmp_path: Path, override: dict, message: str) -> None:
    with pytest.raises(PriceError, match=re.escape(message)):
        PriceTable.load(price_file(tmp_path, **override))


def test_a_price_for_an_unknown_category_is_an_error() -> None:
    with pytest.raises(PriceError, match="no price for test category 'x'"):
        PriceTable.load().price("x")


def test_bad_catalogs_and_settings_are_clear_errors(tmp_path: Path, record: Record) -> None:
    bad = tmp_path / "tests.yaml"
    bad.write_text("tests:\n  cbc:\n    kind: blood\n    names: [cbc]\n")
    with pytest.raises(CatalogError, match="tests.cbc: kind 'blood'"):
        Catalog.load(bad)
    bad.write_text("tests:\n  a:\n    kind: lab\n    names: [cbc]\n  b:\n    kind: lab\n    names: [CBC]\n")
    with pytest.raises(CatalogError, match="name 'cbc' is used by 'a' and 'b'"):
        Catalog.load(bad)
    assert Catalog.load(DEFAULT_CATALOG).tests
    with pytest.raises(TypeError):
        Examiner(record)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unrecorded"):
        Examiner(record.case, unrecorded="zero")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unrecorded"):
        EvalConfig(doctor="scripted", records="r", output_dir="o", unrecorded="zero")


# ------------------------------------------------------------------ importers and reports

def test_importers_mark_results_the_patient_knew() -> None:
    from tod.records.builder import known_result

    assert known_result("Audiology Report One Week Ago", "improved hearing")
    assert known_result("HbA1c", "8.1% three months ago") and known_result("blood pressure", "home readings around 150/95")
    assert not known_result("Ultrasound", "disruption adjacent to the scar from the previous caesarean")
    assert not known_result("full blood count", "haemoglobin 98 g/L")


def test_accuracy_vs_cost_plots_the_pareto_front(tmp_path: Path) -> None:
    from tod.evaluation.plots import pareto_front, plot_accuracy_vs_cost, plot_tests_by_category
    from tod.evaluation.reporting import Run

    assert pareto_front([(100, 0.5), (200, 0.4), (300, 0.8), (150, 0.5)]) == [0, 2]
    runs = [
        Run(name, tmp_path, {"metrics": {"cost": cost, "top1": top1}, "counts": {"ok": 2}, "tests_by_category": cats}, {})
        for name, cost, top1, cats in [("a", 320.0, 0.5, {"chest_xray": 2}), ("b", 410.5, 0.7, {"ecg": 1}), ("c", None, 0.9, {})]
    ]
    assert plot_accuracy_vs_cost(runs, tmp_path / "avc.png").stat().st_size > 0
    assert plot_tests_by_category(runs, tmp_path / "cat.png").stat().st_size > 0
    assert plot_accuracy_vs_cost(runs[2:], tmp_path / "none.png") is None and not (tmp_path / "none.png").exists()


def test_evaluate_refuses_a_bad_price_table_before_writing(tmp_path: Path, capsys) -> None:
    from tod import evaluate

    prices = price_file(tmp_path, chest_xray={"price": -1})
    out = tmp_path / "run"
    records = Path(__file__).resolve().parents[1] / "records" / "default.jsonl"
    code = evaluate.main(["--doctor", "scripted", "--records", str(records), "--limit", "1", "--output-dir", str(out),
                          "--condition", "vignette", "--prices", str(prices), "--no-bertscore"])
    assert code == 1 and not out.exists()
    assert "categories.chest_xray.price: a price cannot be negative" in capsys.readouterr().err


def test_the_patient_leaves_an_answered_order_to_the_examiner(record: Record, make_agent) -> None:
    from tod.session import play_turn

    parser = FakeParser()
    text = parser.add("Have you had a full blood count? And do you smoke?", ["ask_medical_examination", "ask_tobacco"],
                      {"medical_examination": ["full blood count"]})
    patient = make_agent(patient_view(record).record, parser)
    patient.opening()
    turn = play_turn(text, patient, Examiner(record.case))
    assert turn.examiner.paths == ("examinations[1]",)
    assert turn.patient.intents == ("ask_tobacco",) and "14.2" not in turn.patient.text
    asked = parser.add("Have you had any tests before?", ["ask_medical_examination"])
    known = play_turn(asked, patient, Examiner(record.case))
    assert known.examiner is None and "41 mmol/mol" in known.patient.text

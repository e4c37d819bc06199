"""Import rules of round 5 (issue 16): each pinned with a made-up vignette sentence, never a
source text."""

from __future__ import annotations

from tod.records.labtable import Table, split_tables
from tod.records.routing import route_clause
from tod.records.vignette import read_vignette


def _facts(clause: str) -> list[tuple[str, str | None, str, str | None]]:
    routing = route_clause(clause, default=None)
    assert not routing.unrouted, routing.unrouted
    return [(f.field, f.value, f.status.value, f.detail) for f in routing.facts]


def _case(text: str) -> dict:
    return read_vignette(text, leak_terms=[]).builder.case("x")


def test_otherwise_before_a_denial_of_history_is_a_blanket_denial() -> None:
    blanket = [("history.past_diagnoses", None, "denied", None)]
    assert _facts("Otherwise she has no known medical conditions") == blanket
    assert _facts("otherwise no significant medical problems") == blanket
    assert _facts("He has otherwise been healthy") == blanket


def test_gravida_and_para_are_reproductive_history() -> None:
    assert _facts("She is G3P2") == [("social.reproductive_history", "3 pregnancies and 2 births", "present", None)]
    assert _facts("She is gravida 1, para 0") == [("social.reproductive_history", "1 pregnancy and 0 births", "present", None)]


def test_moving_from_another_country_is_an_exposure() -> None:
    assert _facts("He emigrated to Canada from Chile") == [
        ("history.exposures", "emigrated to Canada from Chile", "present", None)]
    assert _facts("Her parents moved here from Vietnam") == [
        ("history.exposures", "her parents moved here from Vietnam", "present", None)]
    assert _facts("She is originally from Ghana") == [("history.exposures", "originally from Ghana", "present", None)]
    assert route_clause("She came from the gym", default=None).facts == []  # a place, not a country of origin


def test_moving_from_another_country_keeps_its_time_as_detail() -> None:
    case = _case("A 33-year-old man presents with a cough. He immigrated to Canada from Chile 4 years ago.")
    assert case["history"]["exposures"] == [
        {"value": "immigrated to Canada from Chile", "status": "present", "detail": "4 years ago"}]


def test_a_tried_treatment_keeps_its_outcome_as_detail() -> None:
    assert _facts("She has tried naproxen and heat packs without relief") == [
        ("history.medications", "naproxen", "present", "without relief"),
        ("history.medications", "heat packs", "present", "without relief")]
    assert _facts("He did try an antifungal cream with little improvement") == [
        ("history.medications", "antifungal cream", "present", "with little improvement")]
    assert _facts("He takes lisinopril") == [("history.medications", "lisinopril", "present", None)]


def _rows(text: str) -> list[tuple[str, str]]:
    return [row for block in split_tables(text) if isinstance(block, Table) for row in block.rows]


def test_reference_values_in_a_result_table_are_never_results() -> None:
    text = ("A man is tired.\nLaboratory studies show:\nHemoglobin 9 g/dL\nMean 13.5 g/dL (-2SD: 12.0 g/dL)\n"
            "Mean corpuscular volume 70 fL\nHormone X 12 mIU/mL\nNormal values:\n   Phase one 2.0 - 8.0 mIU/mL\n"
            "   Phase two 1.5 - 6.0 mIU/mL\nHormone Y 30 pg/mL\nWhat is the cause?")
    assert _rows(text) == [("Hemoglobin", "9 g/dL"), ("Mean corpuscular volume", "70 fL"), ("Hormone X", "12 mIU/mL"),
                           ("Hormone Y", "30 pg/mL")]


def test_a_reference_range_after_a_result_is_left_out() -> None:
    text = ("A man is tired.\nLaboratory studies show:\nMCV 70 fL; 80-100 fL\nHormone Y 30 pg/mL, 20 - 50 pg/mL\n"
            "Hormone Z 4 ng/dL (normal, 1-3 ng/dL)\nSodium 140 mEq/L")
    assert _rows(text) == [("MCV", "70 fL"), ("Hormone Y", "30 pg/mL"), ("Hormone Z", "4 ng/dL"), ("Sodium", "140 mEq/L")]


def _symptom(case: dict, name: str) -> dict:
    return next(s for s in case["symptoms"] if s["name"] == name)


def test_a_relative_clause_after_a_symptom_states_its_course() -> None:
    case = _case("A 41-year-old man presents with a bump on his shin that has slowly increased in size. "
                 "He also has a rash that began on his chest and spread to his back.")
    assert _symptom(case, "bump")["course"] == "getting bigger"
    assert "aggravating_factors" not in _symptom(case, "bump")  # "size" is no trigger
    assert _symptom(case, "rash")["course"] == "starting on my chest, then spreading to my back"


def test_a_relative_clause_after_a_symptom_states_its_trigger() -> None:
    case = _case("A 57-year-old woman presents with a cramping pain that occurs after meals.")
    assert _symptom(case, "cramping pain")["aggravating_factors"] == ["meals"]
    case = _case("A 57-year-old woman presents with a cramping pain that comes on with exertion.")
    assert _symptom(case, "cramping pain")["aggravating_factors"] == ["exertion"]
    case = _case("A 57-year-old woman presents with a rash that appeared on her left hip.")
    assert "aggravating_factors" not in _symptom(case, "rash")  # a place, not a trigger


def test_a_symptom_becoming_constant_is_its_course() -> None:
    case = _case("A 62-year-old man presents with a dull headache. Over the past month the headache has become "
                 "nearly constant.")
    assert _symptom(case, "dull headache")["course"] == "becoming nearly constant"


def test_a_time_lead_without_a_comma_ends_at_its_time_unit() -> None:
    case = _case("A 29-year-old woman presents with fatigue. For the last 3 months or so she has felt pressure in "
                 "her lower back.")
    assert _symptom(case, "pressure")["duration"] == "3 months"


def test_scope_procedures_are_operations_and_procedures() -> None:
    case = _case("A 29-year-old woman presents with fatigue. In the past year she has had a colonoscopy and two "
                 "cystoscopies.")
    assert [f["value"] for f in case["history"]["trauma_surgery"]] == ["colonoscopy", "two cystoscopies"]
    assert "past_diagnoses" not in case["history"]


def test_a_single_event_s_circumstance_is_no_trigger() -> None:
    case = _case("A 70-year-old man presents after a fall that occurred while he was gardening.")
    assert all("aggravating_factors" not in s for s in case["symptoms"])


def test_a_treatment_for_a_condition_is_a_medication_and_past_history_with_its_time() -> None:
    assert _facts("He received radiotherapy for a seminoma 8 years ago") == [
        ("history.medications", "radiotherapy", "present", "8 years ago"),
        ("history.past_diagnoses", "seminoma", "present", "8 years ago")]
    assert _facts("She was treated with a 5-day course of doxycycline for bronchitis last month") == [
        ("history.medications", "doxycycline", "present", "last month"),
        ("history.past_diagnoses", "bronchitis", "present", "last month")]
    assert _facts("He takes sertraline for depression and naproxen for gout") == [
        ("history.medications", "sertraline", "present", None), ("history.past_diagnoses", "depression", "present", None),
        ("history.medications", "naproxen", "present", None), ("history.past_diagnoses", "gout", "present", None)]


def test_a_treatment_for_no_named_condition_stays_whole() -> None:
    for clause in ("She takes ibuprofen for the pain", "He has been taking amlodipine for 2 years",
                   "She took cefalexin for this infection", "He is on enoxaparin for DVT prophylaxis"):
        assert [f.field for f in route_clause(clause, default=None).facts] == ["history.medications"], clause


def test_last_after_the_is_no_closing_time() -> None:
    case = _case("A 45-year-old woman presents with palpitations. She has a history of asthma that got worse over "
                 "the last year.")
    assert all("detail" not in f for f in case["history"]["past_diagnoses"])


def test_a_received_diagnosis_is_past_history() -> None:
    assert _facts("He received a diagnosis of sarcoidosis 6 years ago") == [
        ("history.past_diagnoses", "sarcoidosis 6 years ago", "present", None)]


def test_a_treatment_s_condition_loses_who_prescribed_it_and_skips_a_span_of_time() -> None:
    assert _facts("She was prescribed bupropion for depression by her psychiatrist") == [
        ("history.medications", "bupropion", "present", None), ("history.past_diagnoses", "depression", "present", None)]
    assert [f.field for f in route_clause("He took cefuroxime for about a week to treat a sinus infection",
                                          default=None).facts] == ["history.medications"]


def test_behaviours_stated_in_the_perfect_are_symptoms_with_noun_like_names() -> None:
    case = _case("An 11-year-old girl is brought by her father because of problems at school. He says she has "
                 "skipped classes and often lies to her coach. She has also bitten her younger brother.")
    names = [s["name"] for s in case["symptoms"] if s["status"] == "present"]
    assert "skipping classes" in names
    assert "often lying to my coach" in names
    assert "biting my younger brother" in names


def test_a_negated_behaviour_is_never_present() -> None:
    case = _case("A 7-year-old boy is brought because of tantrums. He has not eaten anything since morning.")
    assert all(s["status"] == "denied" for s in case["symptoms"] if "eating" in s["name"])


def test_a_participle_before_a_conjunction_or_reason_is_no_behaviour() -> None:
    from tod.records.symptom_names import verb_phrase_symptom
    assert verb_phrase_symptom("has stopped because of the pain") is None
    assert verb_phrase_symptom("has slept and eaten very little") is None
    assert verb_phrase_symptom("has stolen a bicycle") == "stealing a bicycle"


def test_a_fever_with_its_temperature_is_a_symptom_and_a_vital_sign() -> None:
    case = _case("A 19-year-old man presents with a fever of 38.9°C and a sore throat.")
    assert [s["name"] for s in case["symptoms"]] == ["fever", "sore throat"]
    assert [(e["name"], e["result"], e["category"]) for e in case["examinations"]] == [
        ("temperature", "38.9°C", "vital_sign")]


def test_the_examiner_s_narration_is_no_part_of_a_finding() -> None:
    case = _case("A 44-year-old woman presents with a rash. On physical exam you note scaly patches on the knees. "
                 "Upon examination, the physician notes a soft mass in the right groin.")
    assert [(e["name"], e["result"]) for e in case["examinations"]] == [
        ("physical exam", "scaly patches on the knees"), ("examination", "a soft mass in the right groin")]


def test_a_lone_quality_word_joins_the_next_item_or_names_its_symptom() -> None:
    from tod.records.narrative import symptom_items
    assert [i["name"] for i in symptom_items("a swollen, warm knee and tender")] == ["swollen, warm knee", "tenderness"]


def test_no_improvement_is_no_denied_symptom() -> None:
    routing = route_clause("She reports no improvement with ice packs", default=None)
    assert routing.facts == [] and routing.unrouted
    assert [(f.value, f.status.value) for f in route_clause("She denies any fever", default="symptoms").facts] == [
        ("fever", "denied")]


def test_a_denied_improvement_leaves_the_other_denials_of_its_clause() -> None:
    routing = route_clause("She reports no improvement with ice packs and no fever", default="symptoms")
    assert [(f.value, f.status.value) for f in routing.facts] == [("fever", "denied")]


def test_a_complaint_ends_before_the_accident_that_caused_it() -> None:
    case = _case("A 12-year-old girl presents with a swollen and painful left ankle after she fell off a horse an hour ago.")
    assert [s["name"] for s in case["symptoms"]] == ["swollen, painful left ankle"]


def test_a_repair_is_an_operation_unless_it_is_still_needed() -> None:
    assert _facts("He had a hernia repair 3 years ago") == [
        ("history.trauma_surgery", "hernia repair 3 years ago", "present", None)]
    assert route_clause("She has a hernia that needs repair", default=None).facts == []


def test_a_generic_medication_for_a_condition_stays_whole() -> None:
    assert _facts("He takes medication for hypertension") == [
        ("history.medications", "medication for hypertension", "present", None)]


def test_a_procedure_the_patient_asks_for_is_no_operation() -> None:
    routing = route_clause("She expresses a concern about cancer and requests a colonoscopy", default=None)
    assert routing.facts == [] and routing.unrouted


def test_a_wish_for_a_procedure_names_no_field() -> None:
    from tod.records.routing import item_field
    assert item_field("desire for a diagnostic arthroscopy") is None
    assert item_field("a knee arthroscopy") == "history.trauma_surgery"


def _reproductive(text: str) -> list[str]:
    return [f["value"] for f in _case(text)["social"].get("reproductive_history", [])]


def test_pregnancy_stated_in_the_subject_is_reproductive_history() -> None:
    assert _reproductive("A 31-year-old G3P2 woman at 28 weeks\u2019 gestation presents with itching.") == [
        "3 pregnancies and 2 births", "28 weeks pregnant"]
    assert _reproductive("A 35-year-old nulliparous woman presents with pelvic pain.") == ["never given birth"]
    assert _reproductive("A 22-year-old primigravid woman at 9 weeks' gestation presents with nausea.") == [
        "first pregnancy", "9 weeks pregnant"]


def test_a_newborn_s_gestation_and_mother_are_not_her_pregnancy() -> None:
    assert _reproductive("A 3-day-old girl born at 35 weeks' gestation to a G2P1 mother presents with poor feeding.") == []
    assert _reproductive("A 16-year-old girl born at 32 weeks' gestation presents with wheezing.") == []

"""How a symptom is named from a sentence (issue 16): chart leads, report verbs and asides are no
part of a name, difficulties are shared by each activity of a list, and a feeling keeps its
adverbs. Made-up sentences and case fields, never a source text."""

from __future__ import annotations

from tod.records.builder import CaseBuilder
from tod.records.narrative import symptom_items
from tod.records.phrases import split_items
from tod.records.symptom_names import verb_phrase_symptom

from record_support import build, builder_symptoms, case_of, imported_case, knee_case, read, symptom_names


def test_a_conclusion_a_setting_or_a_medicine_is_no_symptom() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("indicative of a made-up condition")
    builder.add_symptom("during the visit")
    builder.add_symptom("use of an antihistamine for the itch")
    builder.add_symptom("uses reading glasses")
    builder.add_symptom("aching pain during intercourse")
    builder.add_symptom("aching pain during sexual intercourse")
    names = [name for name, _ in builder_symptoms(builder)]
    assert "aching pain during intercourse" in names and not any("during the" in n or "indicative" in n for n in names)
    assert len([n for n in names if "aching" in n]) == 1
    assert builder.history == {"medications": [{"value": "an antihistamine for the itch", "status": "present"}]}  # a lens is no medicine


def test_signs_after_an_injury_are_symptoms_with_the_injury_as_onset_not_split_trauma_items() -> None:
    case = imported_case({"Demographics": "30-year-old man", "History": "He has had wrist pain for 2 days.",
                          "Symptoms": {"Primary_Symptom": "Wrist pain",
                                       "Secondary_Symptoms": ["Redness and swelling after the injury"]},
                          "Review_of_Systems": "Bruising following the fall. No numbness after the fall."})
    signs = {s["name"]: (s["status"], s.get("onset")) for s in case["symptoms"]}
    assert signs["redness"] == ("present", "after the injury")
    assert signs["swelling"] == ("present", "after the injury")
    assert signs["bruising"] == ("present", "following the fall")
    assert signs["numbness after the fall"][0] == "denied"
    assert case["history"]["trauma_surgery"] == []


def test_a_fall_in_school_grades_is_a_complaint() -> None:
    case, unrouted = read("A 15-year-old boy is brought in for tiredness. His grades have declined.")
    assert "declined grades" in symptom_names(case)
    assert unrouted == 0


def test_a_difficulty_is_shared_by_each_activity_of_its_list() -> None:
    assert split_items("difficulty opening jars, tying shoelaces, and buttoning her coat") == [
        "difficulty opening jars", "difficulty tying shoelaces", "difficulty buttoning her coat"]
    assert split_items("trouble gardening, sewing, and paying rent") == [
        "trouble gardening", "trouble sewing", "trouble paying rent"]


def test_a_symptom_gerund_after_a_difficulty_stays_its_own_symptom() -> None:
    assert split_items("difficulty chewing, vomiting and fever") == ["difficulty chewing", "vomiting", "fever"]
    assert split_items("a painful, burning rash") == ["a painful burning rash"]


def test_a_list_of_difficulties_in_a_vignette_is_kept_as_symptoms() -> None:
    case = knee_case("She now has difficulty opening jars, tying shoelaces, and buttoning her coat.")
    assert {"difficulty opening jars", "difficulty tying shoelaces"} <= set(symptom_names(case))
    assert any(name.startswith("difficulty buttoning") for name in symptom_names(case))


def test_an_adverb_after_the_linking_verb_keeps_the_feeling() -> None:
    assert verb_phrase_symptom("is also dizzy") == "feeling dizzy"
    assert verb_phrase_symptom("is now lethargic") == "feeling lethargic"
    assert verb_phrase_symptom("is also well") is None
    assert "feeling dizzy" in symptom_names(knee_case("She is also dizzy."))


def test_a_difficulty_with_a_subordinate_gerund_shares_no_head() -> None:
    items = split_items("difficulty sleeping despite avoiding coffee and walking daily")
    assert "difficulty walking daily" not in items


def test_an_adverb_of_degree_or_frequency_stays_in_the_feeling() -> None:
    assert verb_phrase_symptom("is constantly tired") == "feeling constantly tired"


def test_a_chart_lead_or_a_no_cause_tail_is_no_part_of_a_symptom_name() -> None:
    builder = CaseBuilder([])
    for name in ("Positive for chills", "shows signs of restlessness", "tiredness without any specific trigger"):
        builder.add_symptom(name)
    assert [s["name"] for s in builder.symptoms] == ["chills", "restlessness", "tiredness"]


def test_a_lone_quality_word_joins_the_next_item_or_names_its_symptom() -> None:
    from tod.records.narrative import symptom_items
    assert [i["name"] for i in symptom_items("a swollen, warm knee and tender")] == ["swollen, warm knee", "tenderness"]


def test_a_complaint_ends_before_the_accident_that_caused_it() -> None:
    case = case_of("A 12-year-old girl presents with a swollen and painful left ankle after she fell off a horse an hour ago.")
    assert [s["name"] for s in case["symptoms"]] == ["swollen, painful left ankle"]


def test_a_report_verb_inside_a_complaint_list_is_not_part_of_a_name() -> None:
    case = case_of("A 44-year-old man presents with hip pain, and also reports buzzing in the ears and a dry cough.")
    names = symptom_names(case)
    assert "dry cough" in names
    assert not any(name.startswith(("reports", "also")) for name in names), names


def test_both_before_a_pair_is_no_part_of_its_first_item() -> None:
    assert split_items("both nausea and dizziness") == ["nausea", "dizziness"]
    assert split_items("fever, both nausea and dizziness") == ["fever", "nausea", "dizziness"]
    assert split_items("pain in both wrists") == ["pain in both wrists"]


def test_a_complaint_after_a_relative_clause_is_kept() -> None:
    case = case_of("A 40-year-old woman presents with headaches that began in spring, and blurred vision.")
    assert symptom_names(case) == ["headaches", "blurred vision"]
    rash = case_of("A 40-year-old woman presents with a rash that spread to the arms, neck, and shins.")
    assert symptom_names(rash) == ["rash"]  # a body part of the spread, no complaint


def test_reports_of_a_symptom_stays_a_named_complaint() -> None:
    case = case_of("A 52-year-old woman presents with fatigue and reports of dizziness.")
    assert symptom_names(case) == ["fatigue", "reports of dizziness"]  # not cut to "of dizziness" and dropped


def test_an_onset_with_its_setting_stays_one_name() -> None:
    case = case_of("A 30-year-old woman presents with back pain and onset of pain while running.")
    assert "onset of pain while running" in symptom_names(case)
    assert all(not s.get("aggravating_factors") for s in case["symptoms"]), case["symptoms"]


def test_an_item_of_a_placed_list_that_reads_as_no_symptom_is_counted_unrouted() -> None:
    _, builder = build("A 30-year-old woman comes because of a rash. Since then she has had itching and "
                       "numerous pending papers.")
    assert builder.unrouted >= 1


def test_a_reporting_word_before_a_list_item_is_no_part_of_its_name() -> None:
    names = [item["name"] for item in symptom_items("low mood, specifically noting poor sleep, and headaches")]
    assert names == ["low mood", "poor sleep", "headaches"]
    names = [item["name"] for item in symptom_items("cough, father reports poor appetite")]
    assert names == ["cough", "poor appetite"]
    kept = [item["name"] for item in symptom_items("complaining that she cannot sleep")]
    assert not any(name == "she cannot sleep" for name in kept)  # a reported clause is left whole


def test_a_sensitivity_or_a_leakage_the_patient_notices_is_a_symptom() -> None:
    case, unrouted = read("A 50-year-old woman comes to the clinic because of a cough. She has noticed occasional "
                          "sensitivity to loud sounds. She also reports increased bladder leakage.")
    assert {"occasional sensitivity to loud sounds", "increased bladder leakage"} <= set(symptom_names(case))
    assert unrouted == 0


def test_a_tail_of_reasoning_about_the_cause_is_no_part_of_a_symptom_name() -> None:
    """"nosebleeds possibly due to dry air", "leg swelling secondary to long standing": the
    symptom is named without the reasoning about its cause."""
    builder = CaseBuilder(["made-up disease"])
    builder.add_symptom("nosebleeds possibly due to dry air")
    builder.add_symptom("leg swelling secondary to long standing")
    assert builder_symptoms(builder) == [("nosebleeds", "present"), ("leg swelling", "present")]

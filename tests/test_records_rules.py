"""General import rules of the shared router and vignette reader (issue 16, import quality),
each pinned with a small made-up vignette or AgentClinic section, never a source text."""

from __future__ import annotations

from tod.records.agentclinic import import_medqa_case
from tod.records.opening import opening_statement
from tod.records.vignette import read_vignette


def _read(text: str):
    return read_vignette(text, leak_terms=[])


def _case(text: str) -> dict:
    vignette = _read(text)
    opening = opening_statement(vignette.builder.current_symptoms(), caregiver=vignette.caregiver, sex=vignette.sex)
    return vignette.builder.case(opening)


def _symptoms(case: dict, status: str = "present") -> list[str]:
    return [s["name"] for s in case["symptoms"] if s["status"] == status]


def _values(case: dict, section: str, field: str) -> list[tuple[str | None, str]]:
    return [(f.get("value"), f["status"]) for f in case[section].get(field, [])]


def test_a_complaint_with_a_when_clause_keeps_the_clause_as_its_trigger() -> None:
    case = _case("A 40-year-old man presents with complaints of sharp knee pain every time he climbs the stairs.")
    assert [(s["name"], s.get("aggravating_factors")) for s in case["symptoms"]] == [
        ("sharp knee pain", ["climbing the stairs"])]
    assert "check-up" not in case["opening_statement"]


def test_complaints_stated_as_observed_behaviour_or_a_missing_event_are_symptoms() -> None:
    seen = _case("A 70-year-old man is brought by his neighbours because he was seen wandering outside at night.")
    assert _symptoms(seen) == ["wandering outside at night"]
    assert seen["opening_statement"].startswith("Doctor, I've been wandering outside at night.")
    caught = _case("A 12-year-old boy is brought to the clinic after he was caught lying to his teachers.")
    assert _symptoms(caught) == ["lying to my teachers"]  # a 12-year-old speaks for himself
    assert caught["opening_statement"].startswith("Doctor, I've been lying to my teachers.")
    late = _case("A 17-year-old girl is brought to the clinic because she has not menstruated yet.")
    assert _symptoms(late) == ["never having menstruated"]


def test_no_complaints_except_x_makes_x_a_complaint_with_its_duration() -> None:
    case = _case("A 20-year-old woman comes for a visit. She has no complaints except for mild back pain for the past "
                 "month.")
    assert [(s["name"], s["status"], s.get("duration")) for s in case["symptoms"]] == [
        ("mild back pain", "present", "a month")]


def test_a_visit_reason_ending_the_sentence_is_no_symptom() -> None:
    vignette = _read("A 45-year-old man presents to his doctor for a wellness checkup. He is concerned about a cough.")
    assert _symptoms(vignette.builder.case("x")) == ["cough"]


def test_a_clause_negated_in_its_main_verb_is_a_denial_not_a_complaint() -> None:
    case = _case("A 50-year-old woman presents with a headache. Her husband reports that her mood and appetite have "
                 "not changed. She describes a rash that does not itch.")
    assert _symptoms(case, "denied") == ["changes in mood", "changes in appetite", "itching"]
    assert "headache" in _symptoms(case) and all("mood" not in s for s in _symptoms(case))


def test_sentences_about_a_symptom_give_its_duration_character_and_companions() -> None:
    vignette = _read("A 30-year-old woman presents with chest pain. The pain has been present for the past 2 weeks, "
                     "and it is sharp and stabbing in nature. It is associated with shortness of breath. Her pulse is "
                     "90/min. The episodes are worse when lying flat.")
    pain = vignette.builder.symptoms[0]
    assert (pain["name"], pain["duration"], pain["degree"]) == ("chest pain", "2 weeks", "sharp and stabbing")
    assert [s["name"] for s in vignette.builder.symptoms] == ["chest pain", "shortness of breath"]
    assert [e["name"] for e in vignette.builder.examinations] == ["pulse"]  # the last sentence is no finding
    assert vignette.builder.unrouted == 0


def test_history_sentences_reach_their_fields() -> None:
    case = _case("A 60-year-old man presents with a cough. His past medical history is relevant for gout. The medical "
                 "history is also significant for asthma, for which he takes albuterol. The family history is "
                 "negative for ovarian and endometrial cancers. He recently began lisinopril. His father died at 70 years "
                 "from complications of a stroke and his sister lives abroad. He worked in a coal mine for 20 years. "
                 "He smokes 1 pack per day and drinks 3 beers per day.")
    assert _values(case, "history", "past_diagnoses") == [("gout", "present"), ("asthma", "present")]
    assert _values(case, "history", "medications") == [("albuterol", "present"), ("lisinopril", "present")]
    assert [(f["value"], f["status"], f.get("detail")) for f in case["history"]["family_history"]] == [
        ("ovarian cancers", "denied", None), ("endometrial cancers", "denied", None), ("stroke", "present", "father")]
    assert _values(case, "history", "exposures") == [("worked in a coal mine for 20 years", "present")]
    assert case["social"]["tobacco"]["value"] == "smokes 1 pack per day"
    assert case["social"]["alcohol"]["value"] == "drinks 3 beers per day"


def test_narrative_that_is_no_finding_is_skipped_or_routed_not_stored_as_an_examination() -> None:
    vignette = _read("A 50-year-old man presents with fever. His temperature is 39°C. Prior to admission, his "
                     "medications included metformin and aspirin. His lactic acid is 3.6 mmol/L. Figure A illustrates "
                     "a radiograph of his chest. Further imaging is pending. His laboratory values are notable for "
                     "the findings below.")
    assert [(e["name"], e["result"], e["category"]) for e in vignette.builder.examinations] == [
        ("temperature", "39°C", "vital_sign"), ("lactic acid", "3.6 mmol/L", "lab")]
    assert [f["value"] for f in vignette.builder.history["medications"]] == ["metformin", "aspirin"]
    assert vignette.skipped == 3


def test_a_symptom_restated_with_describing_words_is_one_symptom() -> None:
    case = _case("A 33-year-old man presents with back pain. He states that he is having severe back pain.")
    assert _symptoms(case) == ["back pain"]
    assert case["opening_statement"].startswith("Doctor, I've been having back pain.")


def test_openings_keep_the_chief_complaint_first_and_lists_keep_their_place() -> None:
    case = _case("A 15-year-old girl is brought for her repeated behavioral problems at home and school. She has "
                 "been acting aggressively over the last few years. She also has occasional nosebleeds.")
    assert _symptoms(case)[0] == "repeated behavioral problems at home and school"
    assert case["opening_statement"].startswith(
        "Doctor, I've been having repeated behavioral problems at home and school and occasional nosebleeds, and "
        "I've been acting aggressively")
    acting = _case("A 60-year-old man is brought in because he has been acting strangely. He also has a cough.")
    assert acting["opening_statement"].startswith("Doctor, I've been acting strangely, and I've been having cough")


def test_agentclinic_review_of_systems_signs_denials_and_history_lists() -> None:
    actor = {"Demographics": "50-year-old man", "Symptoms": {"Primary_Symptom": "Blurred vision",
                                                            "Secondary_Symptoms": ["Right eye is asymptomatic"]},
             "Past_Medical_History": "Hypertension, asthma, history of a motor vehicle accident 3 years prior.",
             "Review_of_Systems": "On review, there's no history of cough or fever. Oriented to time, place, and person.",
             "History": "He has had blurred vision for 3 days. He had a knee replacement (2 years ago). He had a knee "
                        "replacement 2 years ago."}
    case = {"OSCE_Examination": {"Objective_for_Doctor": "Assess.", "Patient_Actor": actor,
                                 "Physical_Examination_Findings": {}, "Test_Results": {}, "Correct_Diagnosis": "X"}}
    record, _, _ = import_medqa_case(case, case_id="t-rules")
    data = record.model_dump(mode="json")["case"]
    assert _symptoms(data) == ["blurred vision"]
    assert _symptoms(data, "denied") == ["symptoms in Right eye", "cough", "fever"]
    assert [(e["name"], e["result"]) for e in data["examinations"]] == [
        ("oriented", "Oriented to time, place, and person")]
    assert _values(data, "history", "past_diagnoses") == [("hypertension", "present"), ("asthma", "present")]
    assert [(f["value"], f.get("detail")) for f in data["history"]["trauma_surgery"]] == [
        ("motor vehicle accident", "3 years prior"), ("knee replacement", "2 years ago")]


def test_items_of_a_denial_list_stay_denied_and_steps_of_care_are_counted_not_stored() -> None:
    vignette = _read("A 30-year-old man presents with a wart on his toe. He denies any new lesions, a history of trauma "
                     "to the area, or a family history of similar lesions. He was treated with ibuprofen and discharged "
                     "the next day.")
    case = vignette.builder.case("x")
    assert _values(case, "history", "trauma_surgery") == [("trauma to the area", "denied")]
    assert _values(case, "history", "family_history") == [("similar lesions", "denied")]
    assert _values(case, "history", "current_treatment") == [("ibuprofen", "present")]  # a course that is over
    assert vignette.builder.unrouted == 1 and "discharged the next day" in " ".join(vignette.builder.warnings)


def test_reported_sentences_about_a_symptom_and_changes_with_a_trigger_describe_it() -> None:
    case = _case("A 65-year-old woman presents for shoulder pain. She reports pain is worse when reaching overhead. "
                 "She says that the pain has now lasted for 4 weeks. The episodes lasted a few minutes.")
    assert [(s["name"], s.get("duration"), s.get("aggravating_factors")) for s in case["symptoms"]] == [
        ("shoulder pain", "4 weeks", ["reaching overhead"])]


def test_past_bouts_of_a_condition_are_history_and_adjective_pairs_keep_their_noun() -> None:
    case = _case("A 2-year-old boy is brought for rectal bleeding. He has several itchy, red skin spots. He has had "
                 "six episodes of bilateral otitis media.")
    assert _symptoms(case) == ["rectal bleeding", "several itchy red skin spots"]
    assert _values(case, "history", "past_diagnoses") == [("six episodes of bilateral otitis media", "present")]


def test_habits_and_care_steps_are_not_medications_or_findings() -> None:
    vignette = _read("A 70-year-old woman presents with confusion. She has been taking off her shoes in public. Her "
                     "past medical history is significant only for smoking, and her only home medication is aspirin. "
                     "Heparin is started. The patient is then transferred to the floor.")
    case = vignette.builder.case("x")
    assert _values(case, "history", "medications") == [("aspirin", "present")]
    assert case["social"]["tobacco"]["value"] == "smoking"
    assert case["examinations"] == [] and vignette.skipped == 2 and vignette.builder.unrouted == 1


def test_agentclinic_placeholders_family_denials_and_adjective_runs() -> None:
    actor = {"Demographics": "40-year-old man",
             "Symptoms": {"Primary_Symptom": "Fatigue",
                          "Secondary_Symptoms": ["Presence of multiple pinpoint, red spots on the legs"]},
             "Past_Medical_History": "No cancer history in the family.",
             "Social_History": "No significant social history.",
             "Review_of_Systems": "Unable to perform due to the patient's state."}
    case = {"OSCE_Examination": {"Objective_for_Doctor": "Assess.", "Patient_Actor": actor,
                                 "Physical_Examination_Findings": {}, "Test_Results": {}, "Correct_Diagnosis": "X"}}
    record, builder, _ = import_medqa_case(case, case_id="t-placeholders")
    data = record.model_dump(mode="json")["case"]
    assert [(s["name"], s.get("position")) for s in data["symptoms"]] == [
        ("fatigue", None), ("multiple pinpoint red spots", "the legs")]
    assert _values(data, "history", "family_history") == [("cancer", "denied")]
    assert data["social"]["living_habits"] == [] and builder.unrouted == 0


def test_lone_adjectives_join_their_noun_unless_the_list_names_them_as_items() -> None:
    from tod.records.phrases import split_items

    assert split_items("a clear, sticky discharge") == ["a clear sticky discharge"]
    assert split_items("fever, cold, and cough") == ["fever", "cold", "cough"]
    assert split_items("itchy and painful rash") == ["itchy painful rash"]
    assert split_items("breast, endometrial, and ovarian cancers") == ["breast", "endometrial cancers", "ovarian cancers"]


def test_denied_verb_phrases_are_symptoms_only_in_noun_form_and_picture_pointers_are_skipped() -> None:
    vignette = _read("A 7-year-old boy presents with a rash. He has not yet begun care with his pediatrician. He has "
                     "not lost weight. He has no comorbidities. "
                     "During a review of symptoms, he mentions a camping trip to Arizona. The ER team immediately "
                     "transfers him to the ICU. The boy's foot is shown in the image.")
    case = vignette.builder.case("x")
    assert [(s["name"], s["status"]) for s in case["symptoms"]] == [("rash", "present"), ("weight loss", "denied")]
    assert case["history"]["past_diagnoses"] == [{"status": "denied"}]
    assert [f.get("detail") for f in case["history"]["exposures"]] == [None]
    assert case["examinations"] == [] and vignette.skipped == 2
    assert "unrouted: 'yet begun care with his pediatrician'" in vignette.builder.warnings


def test_social_and_history_sections_keep_exceptions_amounts_and_family_denials() -> None:
    from tod.records.routing import route_text

    def facts(text: str, default: str) -> list[tuple[str, str | None, str]]:
        return [(f.field, f.value, f.status.value) for f in route_text(text, default=default).facts]

    assert facts("Does not use tobacco, moderate alcohol use.", "social.living_habits") == [
        ("social.tobacco", None, "denied"), ("social.alcohol", "moderate alcohol use", "present")]
    assert facts("Non-smoker, occasional alcohol use.", "social.living_habits") == [
        ("social.tobacco", None, "denied"), ("social.alcohol", "occasional alcohol use", "present")]
    assert facts("Denies smoking, alcohol, or drug use.", "social.living_habits") == [
        ("social.tobacco", None, "denied"), ("social.alcohol", None, "denied"), ("social.drug_use", None, "denied")]
    assert facts("Insignificant, except for migraine treated with sumatriptan.", "history.past_diagnoses") == [
        ("history.past_diagnoses", "migraine", "present"), ("history.medications", "sumatriptan", "present")]
    assert facts("No history of asthma or eczema in himself or his family.", "history.past_diagnoses") == [
        ("history.family_history", "asthma", "denied"), ("history.family_history", "eczema", "denied"),
        ("history.past_diagnoses", "asthma", "denied"), ("history.past_diagnoses", "eczema", "denied")]


def test_has_also_had_and_the_sudden_appearance_of_leave_the_symptom_name() -> None:
    case = _case("A 2-year-old girl is brought because of the sudden appearance of a rash on her arm. She has also had "
                 "several itchy and red bumps that started on her scalp.")
    assert [(s["name"], s.get("onset"), s.get("position")) for s in case["symptoms"]] == [
        ("rash", "sudden", "her arm"), ("several itchy red bumps", None, None)]


def test_lesion_qualities_parent_denials_weight_amounts_and_treated_conditions() -> None:
    case = _case("A 6-year-old boy presents with a rash on his leg. His parents deny any trauma to the area. The rash is "
                 "not itchy or painful. He has a 2-year history of asthma treated with albuterol. He has chronic "
                 "constipation for which he takes lactulose. He has lost 3 kg over the past month. The patient states "
                 "his symptoms started thirty minutes ago.")
    assert [(s["name"], s["status"], s.get("duration")) for s in case["symptoms"]] == [
        ("rash", "present", "thirty minutes"), ("itching", "denied", None), ("pain", "denied", None),
        ("weight loss of 3 kg", "present", "a month")]
    assert _values(case, "history", "trauma_surgery") == [("trauma to the area", "denied")]
    assert _values(case, "history", "past_diagnoses") == [("asthma", "present"), ("chronic constipation", "present")]
    assert _values(case, "history", "medications") == [("albuterol", "present"), ("lactulose", "present")]


def test_review_of_systems_findings_tried_remedies_and_body_size_sentences() -> None:
    vignette = _read("A 30-year-old woman presents with a rash on her leg. She is 167 cm (5 ft 5 in) and weighs 81.6 kg "
                     "(180 lb). She has tried over the counter hydrocortisone without significant relief. A review of "
                     "systems is positive for a 6-kg unintentional weight loss over the past 2 months. Her vital signs "
                     "are unremarkable.")
    case = vignette.builder.case("x")
    assert case["demographics"]["height"] == "167 cm (5 ft 5 in)" and case["demographics"]["weight"] == "81.6 kg (180 lb)"
    assert _values(case, "history", "medications") == [("over the counter hydrocortisone", "present")]
    assert [(s["name"], s.get("duration")) for s in case["symptoms"]] == [
        ("rash", None), ("6-kg unintentional weight loss", "2 months")]
    assert [(e["name"], e["result"]) for e in case["examinations"]] == [("vital signs", "unremarkable")]
    assert vignette.builder.unrouted == 0


def test_first_person_agrees_across_a_parenthetical_adverb() -> None:
    from tod.records.phrases import first_person

    assert first_person("he, however, remembers events from his past") == "I, however, remember events from my past"


def test_a_symptom_restated_in_other_word_forms_is_stored_once() -> None:
    from tod.records.builder import CaseBuilder
    from tod.records.model import Status

    builder = CaseBuilder([])
    builder.add_symptom("decreased bowel sounds")
    builder.add_symptom("decrease in bowel sounds")
    builder.add_symptom("voice changes", Status.denied)
    builder.add_symptom("changes in voice", Status.denied)
    builder.add_symptom("weight loss of 4 kg")
    assert [(s["name"], s["status"]) for s in builder.symptoms] == [
        ("decreased bowel sounds", "present"), ("voice changes", "denied"), ("weight loss of 4 kg", "present")]


def test_a_sensation_test_named_after_a_vital_sign_is_a_physical_examination() -> None:
    from tod.records.builder import exam_category

    assert exam_category("Neurological Examination Sensation Temperature and Pain", "Absent", section="physical") == \
        "physical_exam"
    assert exam_category("Vital Signs Temperature", "38.2°C", section="physical") == "vital_sign"


def test_history_narrative_of_accidents_treatments_work_and_changed_faculties() -> None:
    case = _case("A 30-year-old man presents with a cough. His appetite has diminished over the past few days. He is "
                 "fully immunized. He was involved in a motor vehicle collision as a passenger. He mentions being "
                 "treated for pneumonia 6 months ago. He has been working on a dairy farm.")
    assert [(s["name"], s.get("duration")) for s in case["symptoms"]] == [
        ("cough", None), ("diminished appetite", "a few days")]
    assert _values(case, "history", "vaccinations") == [("fully immunized", "present")]
    assert _values(case, "history", "trauma_surgery") == [("motor vehicle collision as a passenger", "present")]
    assert [(f["value"], f.get("detail")) for f in case["history"]["past_diagnoses"]] == [("pneumonia", "6 months ago")]
    assert _values(case, "history", "exposures") == [("working on a dairy farm", "present")]


def test_part_time_work_completed_treatment_last_cycle_and_review_findings() -> None:
    case = _case("A 50-year-old woman presents with a cough. She works part-time as a cashier in a bookstore. She "
                 "recently completed treatment for a urinary tract infection. Her last menstrual cycle was 5 years "
                 "ago. Review of systems is positive for conjunctival injection.")
    assert case["demographics"]["occupation"]["value"] == "cashier in a bookstore"
    assert _values(case, "history", "past_diagnoses") == [("urinary tract infection", "present")]
    assert [f.get("detail") for f in case["social"]["reproductive_history"]] == ["5 years ago"]
    assert _symptoms(case) == ["cough", "conjunctival injection"]


def test_openings_place_felt_symptoms_in_a_body_part_and_visible_ones_on_it() -> None:
    opening = opening_statement([{"name": "pain", "status": "present", "position": "my left thigh"},
                                 {"name": "rash", "status": "present", "position": "my arm"}], caregiver=False, sex="male")
    assert opening.startswith("Doctor, I've been having pain in my left thigh and rash on my arm.")


def test_visits_dated_complaints_and_managed_conditions_are_not_misfiled() -> None:
    from tod.records.routing import route_text

    facts = [(f.field, f.value) for f in route_text("Asthma, currently managed with inhaled budesonide.",
                                                     default="history.past_diagnoses").facts]
    assert facts == [("history.past_diagnoses", "asthma"), ("history.medications", "inhaled budesonide")]
    assert route_text("He has a 2-month history of difficulty sleeping.", default=None).facts == []
    case = _case("A 70-year-old man presents with knee pain. He reports coming in for his annual check-up.")
    assert _symptoms(case) == ["knee pain"]


def test_contraception_facts_and_a_couple_as_subject() -> None:
    case = _case("A 28-year-old woman presents with infertility. She and her partner are sexually active and do not "
                 "use contraception. Her only home medication is oral contraception pills. She has lost 3 kg (7 lb) "
                 "within the last 6 months.")
    assert _values(case, "social", "sexual_history") == [("sexually active and do not use contraception", "present")]
    assert _values(case, "history", "medications") == [("oral contraception pills", "present")]
    assert _symptoms(case) == ["infertility", "weight loss of 3 kg"]


def test_concerns_beliefs_accidents_and_examination_requests_state_the_complaint() -> None:
    openings = {text: _case(text)["opening_statement"] for text in (
        "A 30-year-old woman presents because her parents are concerned that she might be depressed.",
        "A 15-year-old girl is brought in because her mother thinks her daughter has attention issues.",
        "A 33-year-old woman is brought to the emergency department when she experienced sudden chest pain.",
        "A 16-year-old boy is brought in by his mother to examine the patient's acne.",
        "An 11-month-old boy presents to the clinic with another chest cold.")}
    assert list(openings.values()) == [
        "Doctor, I've been feeling depressed. I'm worried about it.",
        "Doctor, I've been having attention issues. I'm worried about it.",
        "Doctor, I've been having sudden chest pain. I'm worried about it.",
        "Doctor, I've been having acne. I'm worried about it.",
        "Doctor, my son has been having chest cold. I'm worried."]
    hit = _read("A 27-year-old woman is brought to the emergency department after being hit by a car.")
    assert hit.visit_reason == "being hit by a car"


def test_started_drugs_stay_history_and_managed_conditions_keep_their_drug() -> None:
    case = _case("A 40-year-old man presents with muscle pain. Four years ago, he was diagnosed with chronic hepatitis B "
                 "and was started on tenofovir. His past medical history is significant for hypothyroidism, "
                 "well-managed medically with levothyroxine. A 40-year-old man makes an appointment with his physician "
                 "because his skin has become yellow.")
    assert _values(case, "history", "past_diagnoses") == [("chronic hepatitis B", "present"), ("hypothyroidism", "present")]
    assert _values(case, "history", "medications") == [("tenofovir", "present"), ("levothyroxine", "present")]
    assert _symptoms(case) == ["muscle pain"]


def test_history_lists_keep_items_in_their_fields() -> None:
    case = _case("A 40-year-old woman presents with chest pain. Her past medical history is significant for myocardial "
                 "infarction 1 year ago, status post coronary angioplasty, and severe asthma. Her surgical history is "
                 "negative for disease. She has a family history of diabetes and a menstrual cycle that occurs every 45 "
                 "days. She has a family history of thyroid cancer in her father and uncle, who both underwent surgery. "
                 "She returned from a camping trip where she hiked and drank from mountain streams. She has tried diet "
                 "plans and exercise regimens.")
    assert [f["value"] for f in case["history"]["past_diagnoses"]] == ["myocardial infarction", "severe asthma"]
    assert _values(case, "history", "trauma_surgery") == [("status post coronary angioplasty", "present")]
    assert [f["value"] for f in case["history"]["family_history"]] == ["diabetes", "thyroid cancer in my father and uncle"]
    assert _values(case, "social", "reproductive_history") == [("menstrual cycle that occurs every 45 days", "present")]
    assert "alcohol" not in case["social"] and len(case["history"]["exposures"]) == 1
    assert _values(case, "social", "living_habits") == [("diet plans", "present"), ("exercise regimens", "present")]


def test_social_lists_keep_companions_denials_and_statements_apart() -> None:
    from tod.records.routing import route_text

    def facts(text: str, default: str) -> list[tuple[str, str | None, str]]:
        return [(f.field, f.value, f.status.value) for f in route_text(text, default=default).facts]

    assert facts("Lives with mother, father, and a younger sister.", "social.living_habits") == [
        ("social.living_habits", "lives with mother, father, and a younger sister", "present")]
    assert facts("University student, non-smoker, and occasional alcohol use.", "social.living_habits") == [
        ("social.living_habits", "university student", "present"), ("social.tobacco", None, "denied"),
        ("social.alcohol", "occasional alcohol use", "present")]
    assert facts("Diagnosed with asthma, no known drug allergies, immunizations up to date.", "history.past_diagnoses") == [
        ("history.past_diagnoses", "asthma", "present"), ("history.allergies", None, "denied"),
        ("history.vaccinations", "immunizations up to date", "present")]
    assert facts("The patient is 3 months old, so the social history is not applicable.", "social.living_habits") == []


def test_a_drug_after_a_condition_in_a_history_list_is_a_medication() -> None:
    from tod.records.routing import route_text

    assert [(f.field, f.value) for f in route_text("Peptic ulcer disease, currently taking omeprazole.",
                                                    default="history.past_diagnoses").facts] == [
        ("history.past_diagnoses", "peptic ulcer disease"), ("history.medications", "omeprazole")]


def test_a_denied_non_symptom_item_keeps_the_field_of_the_item_before_it() -> None:
    from tod.records.routing import route_text

    assert [(f.field, f.value) for f in route_text("Mother denies any medication exposures or new topical products.",
                                                    default="symptoms").facts] == [
        ("history.exposures", "medication exposures"), ("history.exposures", "new topical products")]
    assert [(f.field, f.value) for f in route_text("He denies recent travel, fever, or chills.", default="symptoms").facts
            ] == [("history.exposures", "travel"), ("symptoms", "fever"), ("symptoms", "chills")]


def test_a_review_not_given_is_a_placeholder_but_a_symptom_not_reported_is_not() -> None:
    from tod.records.routing import is_not_provided

    assert is_not_provided("No system review was mentioned due to the age of the patient")
    assert not is_not_provided("No fever was reported")


def test_conditions_in_the_subject_of_a_visit_are_history_and_adjective_lists_keep_their_noun() -> None:
    vignette = _read("A 40-year-old man with sickle cell disease presents for a routine eye examination.")
    assert vignette.visit_reason == "a routine eye examination"
    assert [f["value"] for f in vignette.builder.history["past_diagnoses"]] == ["sickle cell disease"]
    assert _symptoms(_case("A toddler with spreading eczema is brought in by his mother.")) == ["spreading eczema"]
    assert _symptoms(_case("A 30-year-old woman presents with painful, erythematous, and purplish plaques on her hands.")
                     ) == ["painful erythematous purplish plaques"]
    assert _symptoms(_case("A 30-year-old woman presents with vesicles on her arms at 38 weeks' gestation.")) == [
        "vesicles"]


def test_treated_history_remedies_to_no_avail_and_blood_sugar() -> None:
    vignette = _read("A 30-year-old woman presents with a cough. She has a history of gonorrhea, which was treated 4 "
                     "years ago. She has tried NSAIDs and ice to no avail. She has not eaten anything for a day. Random "
                     "blood sugar is 45 mg/dL.")
    case = vignette.builder.case("x")
    assert [f["value"] for f in case["history"]["past_diagnoses"]] == ["gonorrhea"]
    assert [f["value"] for f in case["history"]["medications"]] == ["NSAIDs", "ice"]
    assert [(e["name"], e["category"]) for e in case["examinations"]] == [("Random blood sugar", "lab")]
    assert _symptoms(case, "denied") == [] and vignette.builder.unrouted == 1


def test_nouns_ending_like_adjectives_are_items_of_their_own() -> None:
    from tod.records.phrases import split_items

    assert split_items("mastectomy, chemotherapy and radiation") == ["mastectomy", "chemotherapy", "radiation"]
    assert split_items("itchy, scaly rash") == ["itchy scaly rash"]


def test_a_condition_treated_with_surgery_and_chemotherapy_is_split_by_field() -> None:
    from tod.records.routing import route_text

    facts = [(f.field, f.value) for f in route_text(
        "Past medical history is significant for breast carcinoma treated with mastectomy, chemotherapy and radiation, "
        "and hypertension.", default=None).facts]
    assert facts == [("history.past_diagnoses", "breast carcinoma"), ("history.trauma_surgery", "mastectomy"),
                     ("history.medications", "chemotherapy"), ("history.medications", "radiation"),
                     ("history.past_diagnoses", "hypertension")]


def test_a_had_this_symptom_sentence_gives_its_duration_and_factors_end_at_their_clause() -> None:
    vignette = _read("A 23-year-old woman presents with pain in her axilla. She has had this pain chronically for the "
                     "past year. The pain gets worse when she exercises and disappears after she rests. Her temperature "
                     "is 37 C. Gastric pH is < 2.")
    pain = vignette.builder.symptoms[0]
    assert (pain["duration"], pain["aggravating_factors"]) == ("a year", ["I exercise"])
    assert [(e["name"], e["category"]) for e in vignette.builder.examinations] == [
        ("temperature", "vital_sign"), ("Gastric pH", "lab")]


def test_first_noticed_this_symptom_ago_gives_its_duration() -> None:
    case = _case("A 40-year-old man presents with diarrhea. He first noticed this diarrhea about a month ago.")
    assert [(s["name"], s.get("duration")) for s in case["symptoms"]] == [("diarrhea", "a month")]


def test_negative_histories_joined_by_and_and_received_transplants() -> None:
    case = _case("A 40-year-old man presents with a cough. Past medical history is negative and family history is "
                 "irrelevant. He received a kidney transplant 6 years ago.")
    assert case["history"]["past_diagnoses"] == [{"status": "denied"}]
    assert case["history"]["family_history"] == [{"status": "denied"}]
    assert [(f["value"], f.get("detail")) for f in case["history"]["trauma_surgery"]] == [
        ("kidney transplant", "6 years ago")]


def test_episode_lengths_negated_asides_and_history_sentences_with_vitals() -> None:
    stiffness = _case("A 50-year-old woman presents with morning stiffness that lasts about 15 minutes. She says it "
                      "does not bother her, but it has been there for several months.")
    assert [(s["name"], s["status"], s.get("duration")) for s in stiffness["symptoms"]] == [
        ("morning stiffness", "present", "several months")]
    vignette = _read("A 40-year-old woman presents with hair loss. Her scalp is not itchy. She says it has never looked "
                     "like this before. Her past medical history is positive for asthma; nevertheless, her vitals are "
                     "stable.")
    case = vignette.builder.case("x")
    assert [(s["name"], s["status"]) for s in case["symptoms"]] == [("hair loss", "present"), ("itching", "denied")]
    assert _values(case, "history", "past_diagnoses") == [("asthma", "present")]
    assert case["examinations"] == [] and vignette.builder.unrouted == 2


def test_symptoms_that_started_last_night() -> None:
    case = _case("A 32-year-old man presents with fever and vomiting. The patient states that his symptoms started last "
                 "night.")
    assert case["symptoms"][0]["duration"] == "last night"
    assert "It started last night." in case["opening_statement"]


def test_a_negation_late_in_a_long_complaint_does_not_deny_it() -> None:
    case = _case("A 33-year-old woman presents at 37 weeks gestation. She states that she has had a headache for the "
                 "past day and generally does not feel well. A 37-year-old woman presents after 8 hours of left sided "
                 "flank pain that radiates to her groin.")
    assert [(s["name"], s.get("duration")) for s in case["symptoms"]] == [
        ("headache", "a day"), ("left sided flank pain", "8 hours")]
    worried = _case("A 3-year-old boy is brought in by his mother because she is worried that he might be harming himself.")
    assert worried["opening_statement"].startswith("Doctor, my son has been harming himself.")


def test_openings_give_the_duration_only_to_symptoms_that_share_it() -> None:
    other_bout = _case("A 2-year-old girl is brought to the clinic because of a rash on her legs that started 5 hours "
                       "ago. Three days ago, she was seen because of a high fever and vomiting.")
    assert other_bout["opening_statement"] == ("Doctor, my daughter has been having rash on her legs. "
                                               "It's been going on for 5 hours. I'm worried.")
    undated = _case("A 40-year-old woman presents with knee pain for 3 days. She also has a cough.")
    assert undated["opening_statement"].startswith(
        "Doctor, I've been having knee pain. It's been going on for 3 days. Also, I've been having cough.")
    repeated = _case("A 50-year-old man presents with intermittent throbbing headaches and confusion for 2 weeks. He "
                     "also has increased confusion.")
    assert repeated["opening_statement"].startswith(
        "Doctor, I've been having throbbing headaches that come and go and confusion. It's been going on for 2 weeks. "
        "I'm worried")
    same_period = _case("A 38-year-old man comes to the physician because of an 8-month history of upper back pain. "
                        "During this period, he has also had nausea and heartburn.")
    assert [s.get("duration") for s in same_period["symptoms"]] == ["8 months"] * 3
    assert same_period["opening_statement"].startswith(
        "Doctor, I've been having upper back pain, nausea and heartburn. It's been going on for 8 months.")


def test_resolved_symptoms_stay_facts_but_not_the_complaint() -> None:
    case = _case("A 9-month-old boy is brought in because of belly pain. A week ago, his father noticed he had a cough "
                 "and loose stools, but both resolved after a few days.")
    assert _symptoms(case) == ["belly pain", "cough", "loose stools"]
    assert not any(s.get("relieving_factors") for s in case["symptoms"])  # "a few days" is no factor
    assert case["opening_statement"] == "Doctor, my son has been having belly pain. I'm worried."
    abated = _case("A 50-year-old man presents with a rash on his chest. He also had a fever. The fever lasted for two "
                   "days and abated.")
    assert "fever" not in abated["opening_statement"]
    stented = _case("A 55-year-old man is seen for shortness of breath. He was admitted 5 days ago with chest pain. He "
                    "underwent stent placement with resolution of his chest pain.")
    assert _symptoms(stented) == ["shortness of breath", "chest pain"]
    assert stented["opening_statement"] == "Doctor, I've been having shortness of breath. I'm worried about it."
    eased = _case("A 50-year-old man presents with a headache. He also has neck pain. The neck pain resolved with rest.")
    assert "neck pain" in eased["opening_statement"]  # a relieving factor, not a resolution


def test_openings_say_lay_noun_phrases() -> None:
    case = _case("A 50-year-old man presents with mild intermittent lower back pain and aching joints in his hands.")
    assert case["opening_statement"].startswith(
        "Doctor, I've been having mild lower back pain that comes and goes and aching joints in my hands.")
    clinical = _case("A 60-year-old man presents with new onset shortness of breath and asymptomatic palpable purple "
                     "bumps on his lower extremity.")
    assert clinical["opening_statement"].startswith(
        "Doctor, I've been having shortness of breath and purple bumps on my leg.")


def test_a_symptom_restated_in_other_word_forms_is_one_symptom() -> None:
    case = _case("A 45-year-old woman presents with rapid breathing, generalized weakness and vomiting. She has been "
                 "breathing rapidly and feeling weaker, and she vomited 3 times. She also has chest pain and back pain.")
    assert _symptoms(case) == ["rapid breathing", "generalized weakness", "vomiting", "chest pain", "back pain"]


def test_denied_earlier_bouts_are_history_and_vague_denials_are_reported() -> None:
    for text in ("A 50-year-old man presents with dizziness. He has never experienced anything like this before.",
                 "A 30-year-old woman presents with a headache. She denies previous similar episodes."):
        vignette = _read(text)
        case = vignette.builder.case("x")
        assert _symptoms(case, "denied") == []
        assert _values(case, "history", "past_diagnoses") == [("similar episodes before", "denied")]
    vague = _read("A 30-year-old woman presents with a headache. She denies any specific triggers.")
    assert _symptoms(vague.builder.case("x"), "denied") == [] and vague.builder.unrouted == 1
    assert _symptoms(_case("A 30-year-old woman presents with a headache. She denies any episodes of vomiting."),
                     "denied") == ["episodes of vomiting"]


def test_reported_clauses_and_pronoun_sentences_about_a_symptom_are_read() -> None:
    case = _case("A 40-year-old man presents with dizziness. They are associated with nausea and vomiting. He also "
                 "endorses a ringing in his ears.")
    assert _symptoms(case) == ["dizziness", "nausea", "vomiting", "ringing"]
    reported = _read("A 30-year-old woman presents with fatigue. She reports that for the past few months, she has "
                     "been having severe pain during her menses.")
    pain = reported.builder.symptoms[1]
    assert (pain["name"], pain["duration"], reported.builder.unrouted) == ("severe pain during my menses", "a few months", 0)
    for text, expected in (
            ("She states that recently she has been feeling well other than headaches.", "headaches"),
            ("The patient states that she feels well aside from the occasional headache.", "occasional headache"),
            ("She mentions that for the last 6 months, she has felt increasing pelvic pressure.", "increasing pelvic pressure")):
        assert _symptoms(_case(f"A 33-year-old woman presents with fatigue. {text}")) == ["fatigue", expected]


def test_sentences_describing_a_symptom_give_its_character_place_and_radiation() -> None:
    def described(text: str) -> tuple[list[dict], int]:
        vignette = _read(text)
        return vignette.builder.symptoms, vignette.builder.unrouted

    symptoms, unrouted = described("A 40-year-old man presents with abdominal pain. The pain is colicky and radiates to "
                                   "the right groin.")
    assert (symptoms[0]["degree"], symptoms[0]["position"], unrouted) == ("colicky", "radiating to the right groin", 0)
    symptoms, unrouted = described("A 40-year-old woman presents with a rash. It is mildly itchy. The rash is located on "
                                   "her face and trunk.")
    assert (symptoms[0]["degree"], symptoms[0]["position"], unrouted) == ("mildly itchy", "my face and trunk", 0)
    symptoms, unrouted = described("A 40-year-old man presents with back pain. The pain is located in the lower back "
                                   "and radiates to the left leg.")
    assert symptoms[0]["position"] == "the lower back, radiating to the left leg"
    opening = opening_statement(symptoms, caregiver=False, sex="male")
    assert opening.startswith("Doctor, I've been having back pain in the lower back.")  # where it is, not where it spreads
    for text in ("The discomfort is located in the upper belly and sometimes occurs after eating.",  # not all read
                 "His right hip is painless.", "Initially, the pain was sharp."):  # against the pain; a past state
        symptoms, unrouted = described(f"A 40-year-old man presents with hip pain and belly discomfort. {text}")
        assert all(set(s) == {"name", "status"} for s in symptoms) and unrouted == 1, text


def test_openings_leave_out_examiner_findings_and_say_a_place_once() -> None:
    opening = opening_statement([{"name": "uterine tenderness", "status": "present"},
                                 {"name": "decreased bowel sounds", "status": "present"},
                                 {"name": "lower abdominal pain", "status": "present"},
                                 {"name": "right breast mass", "status": "present", "position": "my right breast"},
                                 {"name": "weight loss of 6.8 kg", "status": "present"},
                                 {"name": "weight loss", "status": "present"}], caregiver=False, sex="female")
    assert opening.startswith("Doctor, I've been having lower belly pain, right breast mass and weight loss of 6.8 kg.")
    once = opening_statement([{"name": "unintentional weight loss", "status": "present"},
                              {"name": "weight loss of 6.8 kg", "status": "present"}], caregiver=False, sex="female")
    assert once.startswith("Doctor, I've been having unintentional weight loss. I'm worried")


def test_a_denial_after_a_comma_is_read_as_a_denial() -> None:
    case = _case("A 27-year-old man presents after a car crash. He complains of pain in the chest, denies headache, "
                 "dizziness, or abdominal pain.")
    assert _symptoms(case, "denied") == ["headache", "dizziness", "abdominal pain"]
    listed = _case("A 27-year-old man presents with cough, fever, and denies chest pain.")
    assert (_symptoms(listed), _symptoms(listed, "denied")) == (["cough", "fever"], ["chest pain"])


def test_an_affirmative_item_after_a_denial_keeps_the_rest_of_the_list() -> None:
    from tod.records.routing import route_clause

    routed = route_clause("denies any tobacco or alcohol use, and enjoys outdoor activities like walking and sunbathing",
                          default=None)
    assert [(f.field, f.value, f.status.value) for f in routed.facts] == [
        ("social.tobacco", None, "denied"), ("social.alcohol", None, "denied"),
        ("social.living_habits", "enjoys outdoor activities like walking and sunbathing", "present")]


def test_placeholders_give_no_fact_and_do_not_hide_the_facts_beside_them() -> None:
    from tod.records.routing import route_text

    routed = route_text("Denies alcohol. Smoking status unknown. No provided information on drug use. Married.",
                        default="social.living_habits")
    assert [(f.field, f.value, f.status.value) for f in routed.facts] == [
        ("social.alcohol", None, "denied"), ("social.living_habits", "married", "present")]
    assert route_text("Unknown substance use. Alcohol use not documented.", default="social.living_habits").facts == []


def test_history_sentences_about_cycles_pregnancies_living_and_birth_are_routed() -> None:
    from tod.records.routing import route_clause

    expected = {
        "Her past medical history is otherwise significant for asthma": ("history.past_diagnoses", "asthma"),
        "She reports that her cycles are regular": ("social.reproductive_history", "her cycles are regular"),
        "She had two uncomplicated pregnancies": ("social.reproductive_history", "had two uncomplicated pregnancies"),
        "He has lived by himself since last year": ("social.living_habits", "has lived by himself since last year"),
        "He was born at full term": ("history.past_diagnoses", "born at full term"),
        "He has met all developmental milestones": ("history.past_diagnoses", "met all developmental milestones"),
    }
    for clause, (field, value) in expected.items():
        assert [(f.field, f.value) for f in route_clause(clause, default=None).facts] == [(field, value)], clause


def test_a_denied_history_is_past_history_unless_it_names_a_symptom() -> None:
    from tod.records.routing import SYMPTOMS, route_clause

    def routed(clause: str) -> list[tuple[str, str | None, str]]:
        return [(f.field, f.value, f.status.value) for f in route_clause(clause, default=SYMPTOMS).facts]

    assert routed("She denies any history of psychiatric illness") == [
        ("history.past_diagnoses", "psychiatric illness", "denied")]
    assert routed("He has no psychiatric history") == [("history.past_diagnoses", "psychiatric history", "denied")]
    assert routed("No history of fever") == [("symptoms", "fever", "denied")]
    event = opening_statement([{"name": "motor vehicle accident", "status": "present"},
                               {"name": "associated nausea", "status": "present", "duration": "a hour"}],
                              caregiver=False, sex="male")
    assert event.startswith("Doctor, I've been having nausea. It's been going on for an hour.")


def test_a_position_ends_before_a_verb_of_onset() -> None:
    from tod.records.narrative import symptom_items

    assert symptom_items("progressive swelling in his right ring finger began") == [
        {"name": "progressive swelling", "position": "his right ring finger"}]
    assert symptom_items("blindness in her right eye that suddenly started")[0]["position"] == "her right eye"


def test_a_sentence_listing_measured_tests_gives_one_examination_each() -> None:
    from tod.records.vignette import exam_results

    assert exam_results("Her hemoglobin is 12.3 g/dL, leukocyte count is 11,800/mm3, and mean corpuscular volume is "
                        "75 fL.") == [("hemoglobin", "12.3 g/dL"), ("leukocyte count", "11,800/mm3"),
                                      ("mean corpuscular volume", "75 fL")]
    assert exam_results("Serum glucose is 140 mg/dL with ketones.") == [("Serum glucose", "140 mg/dL with ketones")]
    case = _case("A 40-year-old woman presents with fatigue. Her hemoglobin is 12.3 g/dL, and mean corpuscular volume "
                 "is 75 fL.")
    assert [(e["name"], e["category"]) for e in case["examinations"]] == [("hemoglobin", "lab"),
                                                                         ("mean corpuscular volume", "lab")]


def test_growth_percentiles_are_an_examination_and_adverbs_do_not_hide_a_complaint() -> None:
    growth = _case("A 4-year-old boy is brought in because of diarrhea. He is at the 3rd percentile for height and weight.")
    assert [(e["name"], e["result"], e["category"]) for e in growth["examinations"]] == [
        ("height and weight percentiles", "3rd percentile for height and weight", "vital_sign")]
    case = _case("A 50-year-old woman presents with fatigue. She is also having difficulty holding things. She has "
                 "also noticed a tightening of the skin on her face.")
    assert _symptoms(case) == ["fatigue", "difficulty holding things", "tightening"]


def test_an_adverb_before_not_and_a_drug_regimen_are_read() -> None:
    from tod.records.routing import SYMPTOMS, route_clause

    def routed(clause: str) -> list[tuple[str, str | None, str]]:
        return [(f.field, f.value, f.status.value) for f in route_clause(clause, default=SYMPTOMS).facts]

    assert routed("He is currently not taking any medications") == [("history.medications", None, "denied")]
    assert routed("She has been on a stable regimen of lisinopril and omeprazole") == [
        ("history.medications", "lisinopril", "present"), ("history.medications", "omeprazole", "present")]


def test_a_negated_relief_or_trigger_is_no_factor() -> None:
    failed = _read("A 40-year-old man presents with knee pain. The pain did not improve with ibuprofen.")
    assert "relieving_factors" not in failed.builder.symptoms[0] and failed.builder.unrouted == 1
    rest = _read("A 40-year-old man presents with knee pain. The pain improves with rest.")
    assert rest.builder.symptoms[0]["relieving_factors"] == ["rest"]


def test_what_a_complaint_lacks_is_denied() -> None:
    case = _case("A 38-year-old man presents with nausea and episodes of diarrhea with no blood or mucus.")
    assert (_symptoms(case), _symptoms(case, "denied")) == (["nausea", "diarrhea"], ["blood", "mucus"])
    assert _symptoms(_case("A 30-year-old woman presents with weight loss without trying.")) == ["weight loss without trying"]
    listed = _case("A 40-year-old man presents with fatigue. He reports fever without chills and denies sore throat.")
    assert (_symptoms(listed), _symptoms(listed, "denied")) == (["fatigue", "fever"], ["chills", "sore throat"])

"""Which history field a sentence goes to (issue 16): past conditions with their time and
treatment, medications and current treatment, operations and procedures, exposures,
reproductive history, and what stays this illness. Made-up sentences, never a source text."""

from __future__ import annotations

from tod.records.builder import CaseBuilder
from tod.records.model import Status
from tod.records.routing import route_clause

from record_support import (
    build,
    builder_symptoms,
    case_of,
    field_statuses,
    imported_case,
    knee_case,
    read,
    routed,
    routed_details,
    routed_statuses,
    routed_values,
    symptom_names,
)


def _reproductive(text: str) -> list[str]:
    return [f["value"] for f in case_of(text)["social"].get("reproductive_history", [])]


def _history(case: dict, field: str) -> list[tuple[str | None, str | None]]:
    return [(f["value"], f.get("detail")) for f in case["history"].get(field, [])]


def test_treatments_listed_with_the_tests_are_current_treatment() -> None:
    builder = CaseBuilder([])
    builder.add_exam("IV fluids", "two litres of saline given")
    builder.add_exam("Interventions", "started on vasopressors")
    builder.add_exam("Serum sodium", "140 mEq/L", section="tests")
    builder.add_exam("After an IV line was placed, a stool sample", "no parasites seen", section="tests")
    assert builder.history["current_treatment"] == [
        {"value": "IV fluids", "status": "present", "detail": "two litres of saline given"},
        {"value": "started on vasopressors", "status": "present"}]
    assert [e["name"] for e in builder.examinations] == [  # a test named in a sentence stays a test
        "Serum sodium", "After an IV line was placed, a stool sample"]


def test_pain_during_intercourse_is_a_symptom_not_sexual_history() -> None:
    builder = CaseBuilder([])
    builder.add_fact("social.sexual_history", "pain during intercourse")
    builder.add_fact("social.sexual_history", "sexually active with one partner, stopped recently due to pain")
    assert builder_symptoms(builder) == [("pain during intercourse", "present")]
    assert builder.social["sexual_history"] == [
        {"value": "sexually active with one partner, stopped recently due to pain", "status": "present"}]


def test_history_stated_as_a_symptom_goes_to_its_history_field() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("history significant for gout")
    builder.add_symptom("family history of similar rashes")
    builder.add_symptom("family history of heart disease", Status.denied)
    assert builder.symptoms == []
    assert builder.history == {
        "past_diagnoses": [{"value": "gout", "status": "present"}],
        "family_history": [{"value": "similar rashes", "status": "present"},
                           {"value": "heart disease", "status": "denied"}]}


def test_a_recent_history_item_and_a_device_in_use_are_no_symptoms() -> None:
    case = imported_case({"Demographics": "30-year-old man", "History": "He has had a sore throat for 3 days.",
                          "Symptoms": {"Primary_Symptom": "Sore throat",
                                       "Secondary_Symptoms": ["Recent history of a cold", "Uses contact lenses"]}})
    assert [s["name"] for s in case["symptoms"]] == ["sore throat"]
    assert case["history"]["past_diagnoses"] == [{"value": "a cold", "status": "present", "detail": "recent"}]
    assert case["social"]["living_habits"] == [{"value": "uses contact lenses", "status": "present", "detail": None}]


def test_a_possessed_occupation_noun_is_no_occupation() -> None:
    assert routed_statuses("She is a retired bus driver") == [
        ("demographics.occupation", "retired bus driver", "present")]
    case, _ = read("A 9-year-old girl is brought in for a cough. She kicks her teachers.")
    assert "occupation" not in case["demographics"]


def test_being_taken_somewhere_is_no_medication() -> None:
    for clause in ("He was taken to the clinic by his wife", "She has been taken to a shelter"):
        assert all(f.field != "history.medications" for f in route_clause(clause, default=None).facts)


def test_treatments_tried_in_the_past_perfect_or_with_to() -> None:
    assert routed_statuses("She has tried to take antihistamines without any improvement") == [
        ("history.medications", "antihistamines", "present")]
    assert routed_statuses("He had tried several moisturizing creams") == [("history.medications", "several moisturizing creams", "present")]
    assert route_clause("He tried to climb a ladder", default=None).facts == []


def test_a_hospital_stay_is_past_history_with_its_reason_and_time() -> None:
    assert routed_details("She was hospitalized for asthma 2 years ago") == [
        ("history.past_diagnoses", "hospital stay for asthma", "2 years ago")]
    assert routed_details("He was discharged 5 days ago after IV fluids") == [
        ("history.past_diagnoses", "hospital stay after IV fluids", "5 days ago")]


def test_an_admission_without_a_time_is_this_illness_not_a_past_event() -> None:
    assert route_clause("She was admitted to the ICU", default=None).facts == []


def test_an_illness_dated_months_or_years_back_is_past_history() -> None:
    assert routed_details("He had a febrile seizure 3 years ago") == [
        ("history.past_diagnoses", "febrile seizure", "3 years ago")]
    assert route_clause("He had a fever 2 days ago", default=None).facts == []  # days back: this illness


def test_a_complaint_in_the_past_few_days_is_a_symptom_not_history() -> None:
    case = knee_case("She adds that she is also nauseous and vomited twice in the past 3 days.")
    assert "feeling nauseous" in symptom_names(case)
    assert not case.get("history", {}).get("past_diagnoses")


def test_an_event_in_a_recent_span_that_is_no_symptom_stays_history() -> None:
    case = knee_case("She has been admitted to the hospital twice in the past few months.")
    assert [f["value"] for f in case["history"]["past_diagnoses"]] == ["admitted to the hospital twice"]


def test_a_history_value_ending_in_a_time_keeps_no_dangling_verb() -> None:
    builder = CaseBuilder([])
    builder.add_fact("social.reproductive_history", "her last menstrual period was 3 weeks ago")
    assert builder.social["reproductive_history"] == [
        {"value": "my last menstrual period", "status": "present", "detail": "3 weeks ago"}]


def test_a_lasting_condition_the_patient_has_is_past_history() -> None:
    assert routed_values("The patient has coeliac disease") == [("history.past_diagnoses", "coeliac disease")]
    assert routed_values("She has had type 1 diabetes since age 9") == [("history.past_diagnoses", "type 1 diabetes since age 9")]
    assert route_clause("He has a rash on his elbow", default=None).facts == []  # a complaint, not history


def test_healthy_except_for_x_makes_x_past_history_with_its_treatment() -> None:
    assert routed_values("He has been healthy except for an ear infection 2 years ago, which was treated with "
                         "antibiotics") == [("history.past_diagnoses", "ear infection 2 years ago"),
                                     ("history.past_diagnoses", "antibiotics")]


def test_a_treatment_clause_that_names_no_treatment_leaves_the_condition() -> None:
    assert routed_values("His medical history is unremarkable except for gonorrhea for which he was successfully "
                         "treated") == [("history.past_diagnoses", "gonorrhea")]


def test_a_condition_with_its_treatments_gives_the_diagnosis_and_each_drug() -> None:
    assert routed_values("He has gout treated with colchicine and allopurinol") == [
        ("history.past_diagnoses", "gout"), ("history.medications", "colchicine"), ("history.medications", "allopurinol")]
    assert routed_values(
        "Her medical history is unremarkable except for migraine, for which she takes sumatriptan") == [
        ("history.past_diagnoses", "migraine"), ("history.medications", "sumatriptan")]


def test_a_condition_prescribed_unnamed_medication_keeps_the_condition_and_no_generic_drug() -> None:
    facts = routed_values("He has had gout for the past 3 years, for which he has been prescribed medication")
    assert [field for field, _ in facts] == ["history.past_diagnoses"]
    assert facts[0][1].startswith("gout")


def test_a_history_value_keeps_no_relative_pronoun_before_its_moved_time() -> None:
    builder = CaseBuilder([])
    builder.add_fact("history.past_diagnoses", "a broken wrist that occurred 4 years ago")
    assert builder.history["past_diagnoses"] == [{"value": "a broken wrist", "status": "present", "detail": "4 years ago"}]


def test_gravida_and_para_are_reproductive_history() -> None:
    assert routed("She is G3P2") == [("social.reproductive_history", "3 pregnancies and 2 births", "present", None)]
    assert routed("She is gravida 1, para 0") == [("social.reproductive_history", "1 pregnancy and 0 births", "present", None)]


def test_moving_from_another_country_is_an_exposure() -> None:
    assert routed("He emigrated to Canada from Chile") == [
        ("history.exposures", "emigrated to Canada from Chile", "present", None)]
    assert routed("Her parents moved here from Vietnam") == [
        ("history.exposures", "her parents moved here from Vietnam", "present", None)]
    assert routed("She is originally from Ghana") == [("history.exposures", "originally from Ghana", "present", None)]
    assert route_clause("She came from the gym", default=None).facts == []  # a place, not a country of origin


def test_moving_from_another_country_keeps_its_time_as_detail() -> None:
    case = case_of("A 33-year-old man presents with a cough. He immigrated to Canada from Chile 4 years ago.")
    assert case["history"]["exposures"] == [
        {"value": "immigrated to Canada from Chile", "status": "present", "detail": "4 years ago"}]


def test_a_tried_treatment_keeps_its_outcome_as_detail() -> None:
    assert routed("She has tried naproxen and heat packs without relief") == [
        ("history.medications", "naproxen", "present", "without relief"),
        ("history.medications", "heat packs", "present", "without relief")]
    assert routed("He did try an antifungal cream with little improvement") == [
        ("history.medications", "antifungal cream", "present", "with little improvement")]
    assert routed("He takes lisinopril") == [("history.medications", "lisinopril", "present", None)]


def test_scope_procedures_are_operations_and_procedures() -> None:
    case = case_of("A 29-year-old woman presents with fatigue. In the past year she has had a colonoscopy and two "
                   "cystoscopies.")
    assert [f["value"] for f in case["history"]["trauma_surgery"]] == ["colonoscopy", "two cystoscopies"]
    assert "past_diagnoses" not in case["history"]


def test_a_treatment_for_a_condition_is_past_history_with_its_time_when_it_is_over() -> None:
    assert routed("He received radiotherapy for a seminoma 8 years ago") == [
        ("history.past_diagnoses", "radiotherapy", "present", "8 years ago"),
        ("history.past_diagnoses", "seminoma", "present", "8 years ago")]
    assert routed("She was treated with a 5-day course of doxycycline for bronchitis last month") == [
        ("history.past_diagnoses", "doxycycline", "present", "last month"),
        ("history.past_diagnoses", "bronchitis", "present", "last month")]
    assert routed("He takes sertraline for depression and naproxen for gout") == [
        ("history.medications", "sertraline", "present", None), ("history.past_diagnoses", "depression", "present", None),
        ("history.medications", "naproxen", "present", None), ("history.past_diagnoses", "gout", "present", None)]


def test_a_treatment_for_no_named_condition_stays_whole() -> None:
    for clause in ("She takes ibuprofen for the pain", "He has been taking amlodipine for 2 years",
                   "She took cefalexin for this infection", "He is on enoxaparin for DVT prophylaxis"):
        assert [f.field for f in route_clause(clause, default=None).facts] == ["history.medications"], clause


def test_a_received_diagnosis_is_past_history() -> None:
    assert routed("He received a diagnosis of sarcoidosis 6 years ago") == [
        ("history.past_diagnoses", "sarcoidosis 6 years ago", "present", None)]


def test_a_treatment_s_condition_loses_who_prescribed_it_and_skips_a_span_of_time() -> None:
    assert routed("She was prescribed bupropion for depression by her psychiatrist") == [
        ("history.medications", "bupropion", "present", None), ("history.past_diagnoses", "depression", "present", None)]
    assert [f.field for f in route_clause("He took cefuroxime for about a week to treat a sinus infection",
                                          default=None).facts] == ["history.medications"]


def test_a_repair_is_an_operation_unless_it_is_still_needed() -> None:
    assert routed("He had a hernia repair 3 years ago") == [
        ("history.trauma_surgery", "hernia repair 3 years ago", "present", None)]
    assert route_clause("She has a hernia that needs repair", default=None).facts == []


def test_a_generic_medication_for_a_condition_stays_whole() -> None:
    assert routed("He takes medication for hypertension") == [
        ("history.medications", "medication for hypertension", "present", None)]


def test_a_procedure_the_patient_asks_for_is_no_operation() -> None:
    routing = route_clause("She expresses a concern about cancer and requests a colonoscopy", default=None)
    assert routing.facts == [] and routing.unrouted


def test_a_wish_for_a_procedure_names_no_field() -> None:
    from tod.records.routing import item_field
    assert item_field("desire for a diagnostic arthroscopy") is None
    assert item_field("a knee arthroscopy") == "history.trauma_surgery"


def test_pregnancy_stated_in_the_subject_is_reproductive_history() -> None:
    assert _reproductive("A 31-year-old G3P2 woman at 28 weeks\u2019 gestation presents with itching.") == [
        "3 pregnancies and 2 births", "28 weeks pregnant"]
    assert _reproductive("A 35-year-old nulliparous woman presents with pelvic pain.") == ["never given birth"]
    assert _reproductive("A 22-year-old primigravid woman at 9 weeks' gestation presents with nausea.") == [
        "first pregnancy", "9 weeks pregnant"]


def test_a_newborn_s_gestation_and_mother_are_not_her_pregnancy() -> None:
    assert _reproductive("A 3-day-old girl born at 35 weeks' gestation to a G2P1 mother presents with poor feeding.") == []
    assert _reproductive("A 16-year-old girl born at 32 weeks' gestation presents with wheezing.") == []


def test_an_illness_weeks_before_is_past_history_with_its_time() -> None:
    case = case_of("A 25-year-old man presents with a rash. He had an ear infection 5 weeks ago.")
    assert symptom_names(case) == ["rash"]
    assert _history(case, "past_diagnoses") == [("ear infection", "5 weeks ago")]
    still = case_of("A 25-year-old man presents with a rash. He had a cough 5 weeks ago that has persisted.")
    assert "cough" in symptom_names(still)  # still there: a symptom


def test_a_condition_held_for_a_length_of_time_keeps_it_as_detail() -> None:
    case = case_of("A 61-year-old woman presents with a headache. She has had asthma for 12 years. "
                   "She has a 4-year history of gout. She plays tennis twice a week.")
    assert _history(case, "past_diagnoses") == [("asthma", "for 12 years"), ("gout", "for 4 years")]


def test_a_dated_history_in_the_subject_is_not_the_complaint() -> None:
    case = case_of("A 58-year-old man with a 6-year history of gout presents with a 3-day history of sore throat.")
    assert symptom_names(case) == ["sore throat"]
    assert case["symptoms"][0]["duration"] == "3 days"
    assert _history(case, "past_diagnoses") == [("gout", None)]


def test_supportive_care_is_current_treatment_not_a_medication() -> None:
    case = case_of("A 70-year-old man presents with a cough. He takes aspirin and uses home oxygen. He receives tube feeds.")
    assert _history(case, "medications") == [("aspirin", None)]
    assert _history(case, "current_treatment") == [("home oxygen", None), ("tube feeds", None)]


def test_a_treatment_that_did_not_help_keeps_its_outcome() -> None:
    assert routed("Naproxen did not help") == [("history.medications", "naproxen", "present", "did not help")]
    assert routed("Antacids have not relieved the pain") == [
        ("history.medications", "antacids", "present", "have not relieved the pain")]
    assert route_clause("The cough did not improve", default=None).facts == []  # no treatment named


def test_a_received_transfusion_is_a_procedure_and_its_denial_is_no_symptom() -> None:
    case, _ = build("A 40-year-old man has a cough. He received a blood transfusion last year.")
    assert field_statuses(case, "history", "trauma_surgery") == [("blood transfusion", "present")]
    assert not case["history"].get("medications")
    case, _ = build("A 35-year-old woman has a fever. She denies any history of blood transfusions or travel.")
    assert ("blood transfusions", "denied") in field_statuses(case, "history", "trauma_surgery")
    assert all("transfusion" not in s["name"] for s in case["symptoms"])


def test_descent_in_the_subject_is_kept_as_an_unrouted_clause() -> None:
    _, builder = build("A 30-year-old woman of South Asian descent presents with a painful rash on her arm.")
    assert builder.unrouted == 1
    assert any("South Asian descent" in w for w in builder.warnings)


def test_a_medication_that_mentions_an_injury_stays_a_medication() -> None:
    case, _ = build("A 20-year-old man has knee pain. He has been taking large amounts of naproxen for pain from "
                    "minor sports injuries.")
    assert [v for v, _ in field_statuses(case, "history", "medications") if "naproxen" in (v or "")]
    assert not case["history"].get("trauma_surgery")


def test_a_history_only_notable_for_a_condition_names_that_condition() -> None:
    assert routed_values("Her past medical history is only notable for hypothyroidism") == [
        ("history.past_diagnoses", "hypothyroidism")]
    assert routed_values("His family history is only significant for glaucoma") == [
        ("history.family_history", "glaucoma")]


def test_a_named_disorder_joined_to_a_chronic_condition_is_past_history_too() -> None:
    case, unrouted = read("A 45-year-old woman comes in for a cough. She has asthma and celiac disease.")
    assert [f["value"] for f in case["history"]["past_diagnoses"]] == ["asthma", "celiac disease"]
    assert unrouted == 0


def test_a_transfusion_told_in_the_past_is_procedure_history_and_one_given_now_is_not() -> None:
    case = case_of("A 60-year-old man comes in for a cough. Last year, he was transfused 2 units of platelets.")
    assert [f["value"] for f in case["history"]["trauma_surgery"]] == ["transfused 2 units of platelets"]
    assert routed_values("received 4 units of packed red blood cells") == [
        ("history.trauma_surgery", "4 units of packed red blood cells")]
    now = case_of("A 60-year-old man comes in for a cough. He is transfused 2 units of blood.")
    assert now["history"].get("trauma_surgery", []) == []


def test_a_regimen_one_has_also_been_on_is_a_current_medication_without_its_reason() -> None:
    assert routed_details("She has also been on drugamine and testazole for 4 days given the fevers and rash") == [
        ("history.medications", "drugamine", "for 4 days"), ("history.medications", "testazole", "for 4 days")]


def test_a_family_history_significant_only_for_a_condition() -> None:
    assert routed_values("His family history is significant only for migraine headaches") == [
        ("history.family_history", "migraine headaches")]


def test_a_relatives_condition_named_with_a_gerund_or_a_side_of_the_family_is_family_history() -> None:
    assert routed_details("Her maternal aunt has ankylosing spondylitis") == [
        ("history.family_history", "ankylosing spondylitis", "maternal aunt")]
    assert routed_details("Her father's side of the family has a history of a clotting disease") == [
        ("history.family_history", "clotting disease", "father's side of the family")]
    assert routed_details("Her aunt is undergoing treatment for kidney disease") == [
        ("history.family_history", "kidney disease", "aunt")]
    assert route_clause("Her brother is doing well", default=None).facts == []  # a doing is no condition
    assert all(f.field != "history.family_history" for f in route_clause(
        "His father has been giving him cough syrup", default=None).facts)  # a remedy given to the patient


def test_a_statement_told_with_a_reporting_verb_is_no_part_of_the_social_value() -> None:
    """"... and admits to X" / "... and states that X" starts a clause of its own: the social
    value keeps only its own statement, and what the patient reports is routed on its own."""
    case = knee_case(" She is sexually active with one partner and admits to having pain during intercourse."
                     " She lives alone and states that she walks her dog daily.")
    assert case["social"]["sexual_history"] == [{"value": "sexually active with one partner", "status": "present"}]
    assert "pain during intercourse" in symptom_names(case)
    habits = [f["value"] for f in case["social"]["living_habits"]]
    assert "lives alone" in habits and not any("states" in h for h in habits)


def _values(case: dict, section: str, name: str) -> list[tuple[str, str, str | None]]:
    return [(f.get("value"), f["status"], f.get("detail")) for f in case[section].get(name, [])]


def test_a_finished_course_named_with_its_condition_is_that_conditions_detail() -> None:
    """A course that ended, told with the condition it treated, is the condition's detail; a
    second course joins the first; a course with no condition is a course had, never the bare
    drug class as a diagnosis."""
    case = knee_case(" She has a history of thyroid cancer. She was treated with chemotherapy and radiation"
                     " 12 years ago.")
    assert _values(case, "history", "past_diagnoses") == [
        ("thyroid cancer", "present", "treated with chemotherapy and radiation 12 years ago")]
    case = knee_case(" She has a history of otitis media, which was treated with antibiotics.")
    assert ("otitis media", "present", "treated with antibiotics") in _values(case, "history", "past_diagnoses")
    case = knee_case(" She received antibiotics 3 years ago.")
    assert _values(case, "history", "past_diagnoses") == [("a course of antibiotics", "present", "3 years ago")]


def test_an_operation_is_never_given_a_course_as_a_condition() -> None:
    """A course told after an operation goes to the condition told before the operation."""
    case = knee_case(" She has a history of colon cancer, which was treated with colectomy and radiation"
                     " 8 years ago.")
    assert ("colon cancer", "present", "treated with radiation 8 years ago") in _values(case, "history", "past_diagnoses")
    assert all("radiation" not in (v or "") for v, _, _ in _values(case, "history", "past_diagnoses"))


def test_a_gerund_activity_is_an_exposure_or_a_habit_never_a_symptom() -> None:
    """What the patient eats or touches is an exposure, what else the patient does a living
    habit, denied as told; an activity said of how well it goes stays with the symptoms."""
    case = knee_case(" She admits to recently eating undercooked pork. She denies wearing a mask while painting.")
    assert ("eating undercooked pork", "present", None) in _values(case, "history", "exposures")
    assert ("wearing a mask while painting", "denied", None) in _values(case, "social", "living_habits")
    assert not any(n.startswith(("eating", "wearing")) for s in ("present", "denied") for n in symptom_names(case, s))
    builder = CaseBuilder(leak_terms=[])
    builder.add_symptom("eating well")
    builder.add_fact("history.medications", "using heat pads")
    assert builder_symptoms(builder) == [("eating well", "present")]
    assert builder.social["living_habits"] == [{"value": "using heat pads", "status": "present"}]


def test_a_past_event_lived_again_is_a_symptom() -> None:
    """"re-experiences the accident" is a symptom, never an injury in the history."""
    builder = CaseBuilder(leak_terms=[])
    builder.add_fact("history.trauma_surgery", "often re-experiences the fall")
    assert builder_symptoms(builder) == [("re-experiencing the fall", "present")]
    assert not builder.history.get("trauma_surgery")


def test_another_persons_event_in_a_symptom_is_the_patients_own_fact() -> None:
    """A loss told after "since" is a life event of the social history; what another person
    found of the patient is the patient's own present sign, never denied with the clause before."""
    builder = CaseBuilder(leak_terms=[])
    builder.add_symptom("sleeping poorly since her brother died in March")
    builder.add_symptom("yesterday his neighbor found him confused", Status.denied)
    assert builder_symptoms(builder) == [("sleeping poorly", "present"), ("confused", "present")]
    assert builder.social["living_habits"] == [{"value": "my brother died in March", "status": "present"}]


def test_a_condition_told_during_a_course_is_no_course() -> None:
    """"a rash during antibiotic treatment" is a past condition kept as told, never reworded as
    a course had."""
    builder = CaseBuilder(leak_terms=[])
    builder.add_fact("history.past_diagnoses", "hives during antibiotic treatment")
    assert builder.history["past_diagnoses"] == [{"value": "hives during antibiotic treatment", "status": "present"}]

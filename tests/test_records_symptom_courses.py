"""The course and factors of a symptom (issue 16): how it began and went, what eases or triggers
it, where a course or a time lead ends, and what is no course or no trigger. Made-up sentences,
never a source text."""

from __future__ import annotations

from tod.records.agentclinic import _add_review_of_systems
from tod.records.builder import CaseBuilder
from tod.records.vignette import read_vignette

from record_support import case_of, read


def _course(text: str) -> str | None:
    case, _ = read(f"A 40-year-old man presents with a rash on his arm. {text}")
    return case["symptoms"][0].get("course")


def _symptom(case: dict, name: str) -> dict:
    return next(s for s in case["symptoms"] if s["name"] == name)


def test_how_a_symptom_began_is_part_of_its_course() -> None:
    assert _course("The rash began on his wrist and has spread to his chest.") == \
        "starting on my wrist, then spreading to my chest"
    assert _course("It started as tiny pink spots that later merged.") == "starting as tiny pink spots"
    assert _course("The rash has spread to his back.") == "spreading to my back"
    assert _course("The rash began when he was 12 years old.") is None  # a time, no form or place
    assert _course("He started on a new cream last week.") is None  # a person starting a treatment


def test_a_review_of_systems_sentence_on_what_eases_a_symptom_is_its_factor() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("wheezing")
    _add_review_of_systems(builder, "The wheezing improves with an inhaler.")
    assert builder.symptoms == [{"name": "wheezing", "status": "present", "relieving_factors": ["inhaler"]}]


def test_a_clause_on_how_a_symptom_went_is_its_course() -> None:
    vignette = read_vignette("A 30-year-old man presents with a rash on his chest for 3 days. The rash has spread to his "
                             "back and arms.", leak_terms=[])
    assert [(s["name"], s.get("course")) for s in vignette.builder.symptoms] == [("rash", "spreading to my back and arms")]
    assert vignette.builder.unrouted == 0
    worse = read_vignette("A 6-year-old boy is brought in with a cough for 2 weeks. It has gotten worse over the last 2 "
                          "days.", leak_terms=[])
    assert worse.builder.symptoms[0].get("course") == "getting worse over the last 2 days"


def test_the_patient_says_a_symptom_course_when_asked_how_it_has_gone(rich_record, parser, make_agent) -> None:
    record = rich_record.model_copy(deep=True)
    record.case.symptoms[1].course = "spreading to my arms"
    agent = make_agent(record, parser)
    reply = agent.respond(parser.add("How has the rash changed?", ["ask_symptom_description_time"], {"symptom": ["rash"]}))
    assert "symptoms[1].course" in reply.provenance
    assert "been spreading to my arms" in reply.text


def test_a_course_ends_at_the_next_clause_and_a_new_complaint_is_no_course() -> None:
    lump = read_vignette("A 40-year-old woman presents with a lump in her neck. The lump has slowly enlarged over the past "
                         "month, and she noticed it bleeds.", leak_terms=[])
    assert lump.builder.symptoms[0].get("course") == "getting bigger over the past month"
    other = read_vignette("A 60-year-old man presents with leg weakness. He has become more forgetful.", leak_terms=[])
    assert "course" not in other.builder.symptoms[0]


def test_a_lesion_grown_larger_is_getting_bigger() -> None:
    mole = read_vignette("A 30-year-old man presents with a mole on his back. It has grown progressively larger over the "
                         "past year.", leak_terms=[])
    assert mole.builder.symptoms[0].get("course") == "getting bigger over the past year"


def test_a_course_after_where_the_symptom_began_is_kept_without_its_aside() -> None:
    began = read_vignette("A 30-year-old woman presents with a rash. The rash began on her trunk and spread to her "
                          "legs.", leak_terms=[])
    assert began.builder.symptoms[0].get("course") == "starting on my trunk, then spreading to my legs"
    aside = read_vignette("A 30-year-old man presents with a rash. The rash has grown slowly, with several new spots "
                          "appearing near the first one.", leak_terms=[])
    assert aside.builder.symptoms[0].get("course") == "getting bigger"


def test_a_negated_change_is_no_course() -> None:
    vignette = read_vignette("A 50-year-old man presents with heartburn. His symptoms have not improved despite antacids.",
                             leak_terms=[])
    assert "course" not in vignette.builder.symptoms[0]


def test_a_relative_clause_after_a_symptom_states_its_course() -> None:
    case = case_of("A 41-year-old man presents with a bump on his shin that has slowly increased in size. "
                   "He also has a rash that began on his chest and spread to his back.")
    assert _symptom(case, "bump")["course"] == "getting bigger"
    assert "aggravating_factors" not in _symptom(case, "bump")  # "size" is no trigger
    assert _symptom(case, "rash")["course"] == "starting on my chest, then spreading to my back"


def test_a_relative_clause_after_a_symptom_states_its_trigger() -> None:
    case = case_of("A 57-year-old woman presents with a cramping pain that occurs after meals.")
    assert _symptom(case, "cramping pain")["aggravating_factors"] == ["meals"]
    case = case_of("A 57-year-old woman presents with a cramping pain that comes on with exertion.")
    assert _symptom(case, "cramping pain")["aggravating_factors"] == ["exertion"]
    case = case_of("A 57-year-old woman presents with a rash that appeared on her left hip.")
    assert "aggravating_factors" not in _symptom(case, "rash")  # a place, not a trigger


def test_a_symptom_becoming_constant_is_its_course() -> None:
    case = case_of("A 62-year-old man presents with a dull headache. Over the past month the headache has become "
                   "nearly constant.")
    assert _symptom(case, "dull headache")["course"] == "becoming nearly constant"


def test_a_time_lead_without_a_comma_ends_at_its_time_unit() -> None:
    case = case_of("A 29-year-old woman presents with fatigue. For the last 3 months or so she has felt pressure in "
                   "her lower back.")
    assert _symptom(case, "pressure")["duration"] == "3 months"


def test_a_single_event_s_circumstance_is_no_trigger() -> None:
    case = case_of("A 70-year-old man presents after a fall that occurred while he was gardening.")
    assert all("aggravating_factors" not in s for s in case["symptoms"])


def test_last_after_the_is_no_closing_time() -> None:
    case = case_of("A 45-year-old woman presents with palpitations. She has a history of asthma that got worse over "
                   "the last year.")
    assert all("detail" not in f for f in case["history"]["past_diagnoses"])


def test_a_trigger_stated_after_a_complaint_is_its_aggravating_factor() -> None:
    case = case_of("A 52-year-old man presents with calf pain when climbing stairs and wrist swelling after falling on ice.")
    calf = case["symptoms"][0]
    assert (calf["name"], calf["aggravating_factors"]) == ("calf pain", ["climbing stairs"])
    assert all(not s.get("aggravating_factors") for s in case["symptoms"][1:])  # a fall is the cause, no trigger
    lying = case_of("A 52-year-old man presents with a cough when lying flat.")["symptoms"][0]
    assert lying == {"name": "cough", "status": "present", "aggravating_factors": ["lying flat"]}  # no shape "flat"


def test_relief_with_a_position_is_no_aggravating_factor() -> None:
    case = case_of("A 52-year-old man presents with chest pain and pain alleviation when leaning forward.")
    assert all(not s.get("aggravating_factors") for s in case["symptoms"]), case["symptoms"]

"""Behaviours read as symptoms (issue 16): a narrated, past, perfect or stopped behaviour is a
gerund-phrase symptom of the patient, a negated one is denied, and chart verbs, other people's
behaviours and events are no behaviour. Made-up sentences, never a source text."""

from __future__ import annotations

from tod.records.phrases import reported_clause
from tod.records.symptom_names import behaviour_phrases, is_fragment, stopped_behaviour, verb_phrase_symptom

from record_support import build, case_of, read, symptom_names


def test_reported_clause_strips_the_speakers_frame_only() -> None:
    assert reported_clause("She states that the blister does not hurt") == "the blister does not hurt"
    assert reported_clause("His father claims that he kicks the furniture") == "kicks the furniture"
    assert reported_clause("She has a blister") is None  # a bare subject is no frame
    assert reported_clause("Her brother smokes") is None  # another person's own statement
    assert reported_clause("According to his uncle, he kicks the furniture") == "kicks the furniture"
    assert reported_clause("According to the schedule, he naps daily") is None  # no one who speaks for him


def test_what_a_caregiver_tells_in_an_according_to_frame_is_the_patients() -> None:
    case, unrouted = read("A 7-year-old girl is brought in for a cough. According to her grandmother, she has been "
                          "shouting at night and hiding food.")
    assert {"shouting at night", "hiding food"} <= set(symptom_names(case))
    assert unrouted == 0


def test_a_reported_behaviour_is_read_as_the_patients_own() -> None:
    case, unrouted = read("A 9-year-old boy is brought in for a cough. His aunt says that he shouts at his classmates.")
    assert "shouting at his classmates" in symptom_names(case)  # a caregiver speaks for a child
    assert unrouted == 0


def test_a_behaviour_with_any_verb_but_a_chart_verb_is_a_gerund_phrase() -> None:
    assert behaviour_phrases("He has been whispering to the lamp posts") == ["whispering to the lamp posts"]
    assert behaviour_phrases("She hugs strangers in the street") == ["hugging strangers in the street"]
    assert behaviour_phrases("She suspects that the neighbour reads her mail") == ["suspecting the neighbour reads her mail"]


def test_a_list_of_behaviours_gives_one_phrase_per_verb_with_its_negation() -> None:
    assert behaviour_phrases("He mocks the coach, kicks doors and does not finish his homework") == [
        "mocking the coach", "kicking doors", "not finishing his homework"]


def test_chart_verbs_other_people_and_bare_adverbs_are_no_behaviour() -> None:
    assert behaviour_phrases("He wears hearing aids") == []  # a chart verb
    assert behaviour_phrases("She takes no medications") == []
    assert behaviour_phrases("She is being observed on the ward") == []  # the progressive of a chart verb
    assert behaviour_phrases("His brother collects stamps") == []  # another person
    assert behaviour_phrases("She dresses well") == []  # no object
    assert behaviour_phrases("He reads fluently") == []
    assert behaviour_phrases("The symptoms worsen at night") == []  # no patient subject


def test_a_narrated_behaviour_in_the_history_is_a_present_symptom() -> None:
    case, unrouted = read("A 40-year-old man is brought in by his brother for odd behaviour. "
                          "He has been whispering to the lamp posts. He hugs strangers in the street.")
    assert {"whispering to the lamp posts", "hugging strangers in the street"} <= set(symptom_names(case))
    assert unrouted == 0


def test_a_behaviour_sentence_in_the_findings_is_no_symptom() -> None:
    case, _ = read("A 40-year-old man is brought in for odd behaviour. On examination, he mumbles to himself "
                   "and avoids eye contact.")
    assert not any(name.startswith("mumbling") for name in symptom_names(case))
    assert case["examinations"]


def test_a_behaviour_of_a_person_of_the_other_sex_is_not_the_patients() -> None:
    case, _ = read("A 30-year-old woman comes in for trouble sleeping. Her partner moved in last month. "
                   "He leaves wet towels on the floor.")
    assert not any(name.startswith("leaving") for name in symptom_names(case))


def test_behaviours_stated_in_the_perfect_are_symptoms_with_noun_like_names() -> None:
    case = case_of("An 11-year-old girl is brought by her father because of problems at school. He says she has "
                   "skipped classes and often lies to her coach. She has also bitten her younger brother.")
    names = [s["name"] for s in case["symptoms"] if s["status"] == "present"]
    assert "skipping classes" in names
    assert "often lying to my coach" in names
    assert "biting my younger brother" in names


def test_a_negated_behaviour_is_never_present() -> None:
    case = case_of("A 7-year-old boy is brought because of tantrums. He has not eaten anything since morning.")
    assert all(s["status"] == "denied" for s in case["symptoms"] if "eating" in s["name"])


def test_a_participle_before_a_conjunction_or_reason_is_no_behaviour() -> None:
    from tod.records.symptom_names import verb_phrase_symptom
    assert verb_phrase_symptom("has stopped because of the pain") is None
    assert verb_phrase_symptom("has slept and eaten very little") is None
    assert verb_phrase_symptom("has stolen a bicycle") == "stealing a bicycle"


def test_a_behaviour_in_the_simple_past_is_a_gerund_symptom() -> None:
    assert verb_phrase_symptom("vomited three times") == "vomiting three times"
    assert verb_phrase_symptom("stole a bicycle") == "stealing a bicycle"
    assert verb_phrase_symptom("walked to the bus") is None  # an event, not a symptom
    assert verb_phrase_symptom("hit his elbow") is None  # an injury's cause, not a behaviour
    case = case_of("A 7-year-old girl is brought in for a rash. She vomited three times. She walked to the bus.")
    assert symptom_names(case) == ["rash", "vomiting three times"]


def test_coordinated_present_tense_behaviours_are_separate_symptoms() -> None:
    assert verb_phrase_symptom("bites the dog and insults his uncle") == "biting the dog and insulting his uncle"
    case = case_of("A 10-year-old boy is brought in for behaviour problems. He bites his sister and threatens neighbours.")
    assert symptom_names(case) == ["behaviour problems", "biting my sister", "threatening neighbours"]


def test_a_past_behaviour_towards_another_is_a_gerund_phrase_without_its_time() -> None:
    assert behaviour_phrases("He hit a classmate last week") == ["hitting a classmate"]
    assert behaviour_phrases("She kicked the family dog twice") == ["kicking the family dog"]
    assert behaviour_phrases("He bit his younger brother") == ["biting his younger brother"]


def test_a_past_injury_or_event_is_no_behaviour() -> None:
    assert behaviour_phrases("He hit his head on the table") == []  # his own body part: an injury
    assert behaviour_phrases("She walked to the bakery") == []  # no behaviour verb


def test_past_behaviours_of_a_history_part_are_present_symptoms() -> None:
    case, builder = build("A 6-year-old boy is brought in for aggression. He punched a girl at the playground "
                          "yesterday. He threw a chair at his teacher.")
    names = [s["name"] for s in case["symptoms"] if s["status"] == "present"]
    assert "punching a girl at the playground" in names
    assert "throwing a chair at his teacher" in names
    assert builder.unrouted == 0


def test_a_stopped_behaviour_is_named_as_the_patient_says_it() -> None:
    assert stopped_behaviour("stopped going to her chess club 3 weeks ago") == "stopped going to chess club 3 weeks ago"
    assert stopped_behaviour("has stopped visiting the library because of the noise") == "stopped visiting the library"
    assert stopped_behaviour("no longer walks his dog") == "no longer walking dog"
    assert stopped_behaviour("used to enjoy knitting, but now watches TV") == "loss of interest in knitting"


def test_a_stopped_habit_or_treatment_is_no_behaviour() -> None:
    assert stopped_behaviour("stopped smoking 5 years ago") is None
    assert stopped_behaviour("stopped taking her inhaler") is None
    assert stopped_behaviour("no longer has a headache") is None  # a symptom gone, no behaviour
    assert stopped_behaviour("stopped following a stroke") is None  # "following" is a preposition here
    assert stopped_behaviour("stopped running as much as before") == "stopped running as much as before"


def test_stopped_behaviours_are_present_symptoms_and_habits_stay_history() -> None:
    case, builder = build("A 16-year-old girl is brought in because of sadness. She stopped going to her choir "
                          "practice 3 weeks ago. She no longer meets her friends. She used to enjoy painting. "
                          "She stopped drinking coffee last year.")
    names = symptom_names(case)
    assert "stopped going to choir practice" in names
    assert "no longer meeting friends" in names
    assert "loss of interest in painting" in names
    assert not any("coffee" in n for n in names)
    assert not symptom_names(case, "denied")  # "no longer" is no denial
    assert builder.unrouted == 0


def test_a_negated_behaviour_in_a_symptom_list_is_kept() -> None:
    case, _ = build("A 9-year-old boy is brought in because of poor grades. He has irritability, not doing his "
                    "homework, and stomach aches.")
    assert "not doing homework" in symptom_names(case) or "not doing his homework" in symptom_names(case)
    assert not is_fragment("not doing his homework")


def test_a_negated_item_that_is_no_behaviour_stays_denied() -> None:
    case, _ = build("A 40-year-old man comes because of cough. He has no fever.")
    assert "fever" in symptom_names(case, "denied")
    assert "fever" not in symptom_names(case)


def test_a_behaviour_the_child_fails_to_do_is_a_present_symptom_not_a_denial() -> None:
    case = case_of("An 8-year-old girl is brought in for a cough. Her teachers say that she does not finish "
                   "her worksheets and never answers questions in class. She does not smoke.")
    assert {"not finishing worksheets", "not answering questions in class"} <= set(symptom_names(case))
    assert not [s for s in case["symptoms"] if s["status"] == "denied"]
    assert stopped_behaviour("does not follow up with her doctor") is None  # care, not a behaviour
    assert stopped_behaviour("never talks to her at home") == "not talking at home"  # "her": another person
    assert stopped_behaviour("does not speak much during the interview") is None  # seen by the examiner at the visit
    assert stopped_behaviour("does not follow the doctor's instructions") is None  # adherence to care
    assert stopped_behaviour("never follows rules at school") == "not following rules at school"


def test_a_behaviour_told_as_adjectives_is_one_present_symptom_per_adjective() -> None:
    case, unrouted = read("A 10-year-old boy is brought in for a cough. His father says he is extremely talkative, "
                          "fidgety, and argumentative.")
    assert {"being extremely talkative", "being fidgety", "being argumentative"} <= set(symptom_names(case))
    assert unrouted == 0


def test_every_behaviour_a_complaint_frame_reports_is_kept() -> None:
    case, unrouted = read("A 9-year-old girl is brought in for a cough. Her coaches complain that she interrupts the "
                          "other players, shouts constantly, and cannot wait her turn.")
    assert {"interrupting the other players", "shouting constantly", "inability to wait her turn"} \
        <= set(symptom_names(case))  # the first behaviour, right after the frame, too
    assert unrouted == 0


def test_a_state_seen_at_the_visit_is_general_appearance_not_a_complaint() -> None:
    case = case_of("A 30-year-old man is brought in for a cough. He is agitated and hostile in the emergency department.")
    assert symptom_names(case) == ["cough"]
    assert {"name": "general appearance", "result": "agitated and hostile", "category": "physical_exam"} \
        in case["examinations"]

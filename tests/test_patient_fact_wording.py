"""How the patient speaks a record value (issue 15): a verb phrase as a clause with the speaker's
subject, a noun with its article, a dated one-off in the simple past, details and chart notes as
clauses of their own or left to the field that holds their facts, occupations and changes said as
clauses, relatives joined with "and". Made-up records and values only."""

from __future__ import annotations

import re

import pytest

from tod.patient.facts import spoken_phrase, without_chart_tail
from tod.patient.plain import plain_value, symptom_clause
from tod.patient.spoken import (
    change_said, course_or_finding_said, item_sentence, join_detail, split_aside, spoken_fact, without_notes,
)
from tod.patient.templates import join_things
from tod.patient.voice import (
    SYMPTOM_HEADS,
    first_person,
    occupation_phrase,
    occupation_said,
    relative_phrase,
    verb_clause,
    verb_kind,
    with_article,
)
from tod.records.model import Record
from tod.text import indefinite_article

from reply_support import SEEDS, ask, edited, replies_to, reply_to, updated


@pytest.mark.parametrize(("text", "kind"), [
    ("born at 38 weeks by caesarean", "passive"),
    ("diagnosed with eczema as a toddler", "passive"),
    ("undergone a knee arthroscopy", "perfect"),
    ("swam in a lake last month", "past"),
    ("hiked in the woods two weeks ago", "past"),
    ("raised itchy patches", None),
    ("enlarged prostate", None),
    ("heart attack", None),
])
def test_verb_kind_tells_a_verb_phrase_from_a_noun_phrase(text: str, kind: str | None) -> None:
    assert verb_kind(text) == kind


def test_verb_clause_gives_the_speaker_as_subject() -> None:
    assert verb_clause("born at 38 weeks by caesarean") == "I was born at 38 weeks by caesarean"
    assert verb_clause("undergone a knee arthroscopy", "she") == "she's undergone a knee arthroscopy"
    assert verb_clause("swam in a lake last month", "he") == "he swam in a lake last month"
    assert verb_clause("enlarged prostate") == "enlarged prostate"


@pytest.mark.parametrize(("text", "said"), [
    ("operation for a blocked bowel as a baby", "an operation for a blocked bowel as a baby"),
    ("uncomplicated pregnancy", "an uncomplicated pregnancy"),
    ("tetanus vaccine after a cut", "a tetanus vaccine after a cut"),
    ("asthma since childhood", "asthma since childhood"),
])
def test_with_article_finds_the_head_before_a_tail(text: str, said: str) -> None:
    assert with_article(text) == said


def test_family_history_value_takes_its_article(rich_record) -> None:
    record = edited(rich_record, family_history=[{"value": "operation for a twisted gut", "detail": "father"}])
    assert spoken_phrase(record.case, "history.family_history[0]") == "my father has had an operation for a twisted gut"


def test_exposure_verb_phrase_is_a_clause(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, exposures=[{"value": "swam in a flooded quarry"}])
    replies = replies_to(record, parser, make_agent, "Any unusual exposures?", ["ask_contact_history"])
    assert all("I swam in a flooded quarry" in r for r in replies), replies
    assert not any("Well, swam" in r for r in replies)


def test_past_diagnosis_verb_phrase_takes_a_clause_frame(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "undergone a small-bowel repair"}])
    replies = replies_to(record, parser, make_agent, "Any medical history?", ["ask_past_diagnosis"])
    assert all("I've undergone a small-bowel repair" in r for r in replies), replies
    assert not any("had undergone" in r for r in replies)


def test_dated_vaccine_is_said_in_the_simple_past(child_record, parser, make_agent) -> None:
    record = edited(child_record, vaccinations=[{"value": "hepatitis B vaccine at birth"}])
    replies = replies_to(record, parser, make_agent, "Has she had her jabs?", ["ask_preventive"], seeds=SEEDS)
    assert all("had a hepatitis B vaccine at birth" in r for r in replies), replies
    assert not any("has had a hepatitis B" in r for r in replies)


def test_relatives_clauses_are_joined_with_and_not_as_well_as() -> None:
    from tod.patient.templates import join_things

    joined = join_things(["his older sister has had eczema", "his mother has had hay fever and eczema"])
    assert joined == "his older sister has had eczema and his mother has had hay fever and eczema"
    assert join_things(["a headache and swelling", "spots"]) == "spots, as well as a headache and swelling"


def test_a_past_test_with_its_finding_is_said_as_the_test_had_and_what_it_showed(rich_record) -> None:
    record = edited(rich_record, trauma_surgery=[{"value": "colonoscopy revealed two small polyps"}])
    # never "I've had colonoscopy revealed two small polyps"
    assert spoken_phrase(record.case, "history.trauma_surgery[0]") == "a colonoscopy, which showed two small polyps"


def test_treatment_with_a_recorded_medicine_is_left_to_the_medicines(rich_record) -> None:
    record = edited(rich_record, medications=[{"value": "carbimazole 10 mg"}],
                    past_diagnoses=[{"value": "overactive thyroid on carbimazole"}])
    assert spoken_phrase(record.case, "history.past_diagnoses[0]") == "an overactive thyroid"


def test_treatment_with_an_unrecorded_medicine_is_kept(rich_record) -> None:
    record = edited(rich_record, medications=[], past_diagnoses=[{"value": "gout with colchicine"}])
    assert "colchicine" in spoken_phrase(record.case, "history.past_diagnoses[0]")


def test_relative_clause_about_the_patient_is_its_own_clause(rich_record) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "liver failure who was awaiting a transplant list review"}])
    said = spoken_phrase(record.case, "history.past_diagnoses[0]")
    assert said == "liver failure; I was awaiting a transplant list review"


def test_relative_clause_about_a_person_stays(rich_record) -> None:
    record = edited(rich_record, family_history=[{"value": "cousin who had a stroke young"}])
    assert "who had a stroke young" in spoken_phrase(record.case, "history.family_history[0]")


def test_place_in_hospital_is_its_own_clause_unless_recorded_elsewhere(rich_record) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "kidney infection on the surgical ward"}])
    said = spoken_phrase(record.case, "history.past_diagnoses[0]")
    assert said == "a kidney infection; that was on the surgical ward"
    record = edited(rich_record, past_diagnoses=[{"value": "kidney infection on the surgical ward"},
                                                 {"value": "appendix out on the surgical ward"}])
    assert spoken_phrase(record.case, "history.past_diagnoses[0]") == "a kidney infection"


def test_despite_clause_with_a_fact_of_its_own_is_kept(rich_record) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "heartburn despite cutting out coffee"}])
    assert without_chart_tail(record.case, "history.past_diagnoses[0]", "heartburn despite cutting out coffee") \
        == "heartburn despite cutting out coffee"


@pytest.mark.parametrize(("text", "said"), [
    ("blocked ear", "a blocked ear"),
    ("lump next to the back passage", "a lump next to the back passage"),
    ("broken left wrist", "a broken left wrist"),
    ("swollen belly", "a swollen belly"),
    ("left ear", "left ear"),
    ("arthritis of the knee", "arthritis of the knee"),
    ("ear pain", "ear pain"),
    ("limp", "a limp"),
])
def test_described_body_part_takes_its_article(text: str, said: str) -> None:
    assert with_article(text, SYMPTOM_HEADS) == said


def test_condition_noun_takes_its_article() -> None:
    assert with_article("heart condition as a child") == "a heart condition as a child"
    assert with_article("thyroid gland problem on thyroxine") == "a thyroid gland problem on thyroxine"
    assert with_article("bipolar disorder") == "bipolar disorder"


def test_several_operations_are_not_said_with_a_singular_verb(rich_record, parser, make_agent):
    record = edited(rich_record, trauma_surgery=[{"value": "two caesarean sections"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any operations?", ["ask_trauma_surgery"])
        assert "two caesarean sections" in reply.text and "was two" not in reply.text, reply.text


def test_record_values_are_spoken_as_a_person_says_them():
    assert with_article("heart attack") == "a heart attack"
    assert with_article("ear infection") == "an ear infection"
    assert with_article("type 2 diabetes") == "type 2 diabetes"
    assert occupation_phrase("bus driver") == "a bus driver"
    assert occupation_phrase("retired") == "retired"
    assert occupation_phrase("works night shifts") == "I work night shifts"
    assert relative_phrase("older sister, on insulin", "my") == "my older sister, on insulin"
    assert relative_phrase("since her forties", "my") == "since her forties"
    from tod.patient.spoken import join_detail

    assert join_detail("eczema", "Since birth") == "eczema since birth"


def test_details_are_clauses_not_brackets(rich_record, parser, make_agent):
    record = updated(rich_record, history={"past_diagnoses": [{"value": "kidney stone", "detail": "passed at 40"}],
                                           "family_history": [{"value": "gout", "detail": "uncle"}]})
    agent = make_agent(record, parser)
    diagnoses = ask(agent, parser, "Any past illnesses?", "ask_past_diagnosis")
    family = ask(agent, parser, "Anything in the family?", "ask_family_history")
    # a note clause about the item ("passed at 40") is left out: the item itself is said
    assert "a kidney stone" in diagnoses and "passed" not in diagnoses and "(" not in diagnoses, diagnoses
    assert "my uncle has had gout" in family.lower() and "(" not in family, family


def test_occupation_and_demographics_are_whole_sentences(rich_record, parser, make_agent, child_record):
    agent = make_agent(rich_record, parser)
    job = ask(agent, parser, "What do you do?", "ask_occupation")
    assert "a teacher" in job.lower(), job
    for text, intent in (("How old are you?", "ask_age"), ("Are you male or female?", "ask_gender")):
        reply = ask(make_agent(rich_record, parser, seed=1), parser, text, intent)
        assert re.match(r"^(?:\w+\. )?I'm \S", reply), reply  # a whole sentence, after any persona opener
    data = child_record.model_dump()
    data["case"]["demographics"]["occupation"] = {"value": "attends nursery"}
    child = ask(make_agent(Record.model_validate(data), parser), parser, "Does she go to school?", "ask_occupation")
    assert "she attends nursery" in child.lower(), child
    data["case"]["demographics"]["occupation"] = {"value": "year 2 pupil"}
    pupil = ask(make_agent(Record.model_validate(data), parser), parser, "Is she at school?", "ask_occupation")
    assert "a year 2 pupil" in pupil.lower(), pupil


def test_a_factor_starting_with_a_preposition_takes_no_with(rich_record, parser, make_agent):
    symptoms = [{"name": "chest pain", "aggravating_factors": ["after meals", "stooping"]}]
    agent = make_agent(updated(rich_record, symptoms=symptoms), parser)
    text = ask(agent, parser, "What makes it worse?", "ask_symptom_factors")
    assert "worse after meals" in text and "with after" not in text and "stooping" in text, text


def test_a_detail_saying_when_or_how_often_follows_without_a_comma():
    assert join_detail("fish oil", "twice a week") == "fish oil twice a week"
    assert join_detail("eczema", "since school") == "eczema since school"
    assert join_detail("cider", "weekends") == "cider at weekends"
    assert join_detail("weight gain", "about 3 kg") == "weight gain of about 3 kg"
    # a participle clause keeps its comma (spoken_fact leaves such a note out); a dose takes none
    assert join_detail("gallstones", "removed 2 years ago") == "gallstones, removed 2 years ago"
    assert join_detail("lisinopril", "10 mg") == "lisinopril 10 mg"
    assert join_detail("gallstones", "left kidney") == "gallstones, left kidney"


def test_a_bracketed_aside_is_a_detail_and_a_repeated_one_is_dropped():
    assert split_aside("kidney disease (kidney disease)") == ("kidney disease", [])
    assert split_aside("heart murmur (since birth)") == ("heart murmur", ["since birth"])
    said = spoken_fact("social.tobacco", ("ex-smoker (gave up 5 years ago)",), voice=first_person)
    assert said == "I'm an ex-smoker; I gave up 5 years ago", said
    assert "(" not in said


def test_relatives_say_who_had_it_and_person_nouns_and_doings_become_clauses():
    assert spoken_fact("history.family_history[0]", ("gout", "my uncle")) == "my uncle has had gout"
    assert spoken_fact("history.family_history[0]", ("gout", "my uncle and aunt")) == "my uncle and aunt have had gout"
    # a detail that says more than who keeps the note form (no invented verb)
    assert spoken_fact("history.family_history[0]", ("gout", "my uncle, in his fifties")) == "gout, my uncle, in his fifties"
    assert spoken_fact("social.living_habits[0]", ("keen cyclist",)) == "I'm a keen cyclist"
    assert spoken_fact("social.living_habits[0]", ("keen cyclist",), subject="she") == "she is a keen cyclist"
    assert spoken_fact("social.living_habits[0]", ("hardly sleeping at night",)) == "I've been hardly sleeping at night"
    # only social history takes the person frame; a diagnosis ending in "-er" is left alone
    assert spoken_fact("history.past_diagnoses[0]", ("bladder cancer",)) == "bladder cancer"


def test_replies_speak_the_record_as_sentences(rich_record, parser, make_agent):
    record = updated(rich_record, social={"alcohol": {"value": "cider", "detail": "weekends"},
                                          "living_habits": [{"value": "keen cyclist, stopped after the fall"}]},
                     history={"medications": [{"value": "fish oil", "detail": "daily"}],
                              "family_history": [{"value": "glaucoma", "detail": "grandmother"}]})
    agent = make_agent(record, parser)
    alcohol = ask(agent, parser, "Do you drink?", "ask_alcohol")
    habits = ask(agent, parser, "Tell me about your routine.", "ask_living_habit")
    meds = ask(agent, parser, "Any medicines?", "ask_past_medication")
    family = ask(agent, parser, "Anything in the family?", "ask_family_history")
    assert "cider at weekends" in alcohol.lower() and "cider, weekends" not in alcohol.lower(), alcohol
    assert "I'm a keen cyclist; I stopped after the fall" in habits, habits
    assert "fish oil daily" in meds and not meds.startswith("Medicines?"), meds
    assert "my grandmother has had glaucoma" in family.lower(), family


def test_field_sentence_frames_turn_note_values_into_clauses():
    assert spoken_fact("social.reproductive_history[0]", ("menopause at 49",)) == "I went through menopause at 49"
    assert spoken_fact("social.reproductive_history[0]", ("three children",)) == "I have three children"
    assert spoken_fact("social.reproductive_history[0]", ("last period 5 days ago",)) == "my last period was 5 days ago"
    assert spoken_fact("social.reproductive_history[0]", ("last period was 5 days ago",)) == "last period was 5 days ago"
    assert spoken_fact("social.reproductive_history[0]", ("never been pregnant",), subject="she") == "she has never been pregnant"
    assert spoken_fact("social.living_habits[0]", ("diet low in salt",)) == "my diet is low in salt"
    assert spoken_fact("social.living_habits[0]", ("high-protein diet",)) == "I have a high-protein diet"
    # a frame is a field's: a past diagnosis that names children is left alone
    assert spoken_fact("history.past_diagnoses[0]", ("two children with asthma",)) == "two children with asthma"
    assert first_person("lives with husband") == "I live with my husband"
    assert first_person("lives with her husband") == "I live with my husband"


@pytest.mark.parametrize("path, value, subject, said", [
    ("social.alcohol", "Socially", "I", "I drink socially"),
    ("social.alcohol", "occasionally, at weekends", "I", "I drink occasionally, at weekends"),
    ("social.alcohol", "2 glasses of wine a day", "she", "she has 2 glasses of wine a day"),
    ("social.tobacco", "1 pack per day", "I", "I smoke a pack per day"),
    ("social.tobacco", "10 cigarettes a day", "he", "he smokes 10 cigarettes a day"),
    ("social.living_habits[0]", "time in prison", "I", "I spent time in prison"),
    ("social.living_habits[0]", "worked outdoors for 30 years", "I", "I worked outdoors for 30 years"),
    ("social.alcohol", "none", "I", "none"),  # not how often or how much: left to the field's denial
])
def test_a_verbless_social_note_is_said_as_a_clause_of_its_field(path, value, subject, said):
    """A note with no verb takes its field's verb ("I drink socially", "I smoke a pack per
    day"), a stay named by its time is where the speaker spent it, a note opened by its verb
    is the speaker's clause; never "Socially." or "I've had worked outdoors"."""
    assert spoken_fact(path, (value,), subject=subject, voice=first_person) == said


def test_every_verb_of_a_note_is_the_speakers_own():
    """A note's verbs joined by "and", and a note clause after an occupation, are said in the
    speaker's person (never "I went camping and recalls ...", "I'm a traffic warden,
    frequently plays golf"); a parent keeps the child's he/she."""
    assert first_person("went hiking in May and recalls a friend falling ill") == \
        "I went hiking in May and recall a friend falling ill"
    assert first_person("works in a shop and drives a van") == "I work in a shop and drive a van"
    assert occupation_said(occupation_phrase("bus driver, regularly plays tennis")) == \
        "I'm a bus driver, and I regularly play tennis"
    assert occupation_said(occupation_phrase("pupil, swims twice a week", "he"), "he") == \
        "he's a pupil, and he swims twice a week"
    assert occupation_phrase("nurse, night shifts") == "a nurse, night shifts"


@pytest.mark.parametrize("detail, subject, said", [
    ("a year ago; settled at home", "I", "stomach bug a year ago, and it settled at home"),
    ("twice; resolved without treatment", "she", "stomach bug twice, and it resolved without treatment"),
])
def test_an_illness_passing_is_said_of_the_illness(detail, subject, said):
    """A note that an illness passed ("settled at home") has the illness as its subject:
    "and it settled at home", never "and I'm settled at home"."""
    assert spoken_fact("history.past_diagnoses[0]", ("stomach bug", detail), subject=subject) == said


def test_a_note_clause_about_an_item_is_said_with_it_as_subject_or_left_out():
    def spoken(path: str, *texts: str) -> str:
        return spoken_fact(path, texts, voice=first_person)

    assert spoken("history.current_treatment[0]", "herbal tea", "drunk for a week, no change") == "herbal tea, with no change"
    assert spoken("history.past_diagnoses[0]", "a cold sore", "twice last year, went away on its own") == (
        "a cold sore twice last year; it went away on its own")
    assert spoken("history.past_diagnoses[0]", "a bunion", "removed at 30") == "a bunion"
    assert spoken("history.past_diagnoses[0]", "a weak bladder", "needs to pass water at night") == "a weak bladder"
    assert spoken("history.medications[0]", "naproxen", "250 mg twice a day, did not help") == (
        "naproxen 250 mg twice a day; it didn't help")


@pytest.mark.parametrize(("texts", "said"), [
    (("mefenamic acid", "little help"), "mefenamic acid, but it didn't help much"),
    (("eye drops, some relief",), "eye drops, and they helped a bit"),
    (("naproxen", "without any improvement"), "naproxen, but it didn't help"),
    (("steroid drops", "little improvement"), "steroid drops, but they didn't help much"),
    (("cefalexin", "5 days from the GP, no improvement"), "cefalexin from the GP for 5 days, but it didn't help"),
    (("cefalexin, 5 days from the out-of-hours doctor, with no improvement",),
     "cefalexin from the out-of-hours doctor for 5 days, but it didn't help"),
])
def test_a_note_form_outcome_or_course_of_a_medicine_is_said_as_clauses(texts: tuple[str, ...], said: str) -> None:
    assert spoken_fact("history.medications[0]", texts, voice=first_person) == said


@pytest.mark.parametrize(("texts", "subject", "said"), [
    (("psoriasis", "on treatment for 3 years"), "I", "psoriasis, and I've been on treatment for it for 3 years"),
    (("lactose intolerance", "found at age 4, on a dairy-free diet"), "he",
     "lactose intolerance, and he's on a dairy-free diet for it"),
])
def test_a_condition_kept_under_treatment_is_said_as_what_the_speaker_is_on(texts, subject: str, said: str) -> None:
    assert spoken_fact("history.past_diagnoses[0]", texts, subject=subject) == said


def test_a_social_note_clause_is_the_speakers_own_sentence():
    assert spoken_fact("social.living_habits[0]", ("keen runner, stopped after the move",), voice=first_person) == (
        "I'm a keen runner; I stopped after the move")
    # a clause that cannot be said as the speaker's own is left out, the item stays
    assert without_notes("choir on Sundays, also at the school", keep_first=True) == "choir on Sundays"


def test_item_sentence_only_takes_clauses_that_say_what_the_item_did():
    assert item_sentence("did not work") == "it did not work"
    assert item_sentence("no relief") == "but it didn't help"
    assert item_sentence("no change") == "with no change"
    assert item_sentence("left knee") is None


def test_a_treatment_note_is_not_pasted_into_the_reply(rich_record, parser, make_agent):
    record = updated(rich_record, history={"current_treatment": [{"value": "ice packs", "detail": "used for a day, no change"}]})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(
            parser.add("Tried anything for it?", ["ask_receiving_treatment"])).text
        assert "ice packs" in text and "used for a day" not in text and ", no change" not in text, text


def test_a_described_organ_takes_its_article_a_bare_one_does_not():
    from tod.patient.voice import with_article

    assert with_article("underactive thyroid") == "an underactive thyroid"
    assert with_article("slipped disc") == "a slipped disc"
    assert with_article("thyroid") == "thyroid"
    assert with_article("type 2 diabetes") == "type 2 diabetes"


def test_a_relative_named_inside_a_family_note_comes_first():
    said = spoken_fact("history.family_history[0]", ("childhood nosebleeds", "my aunt, outgrew them by ten"))
    assert said == "my aunt had nosebleeds as a child and outgrew them by ten"
    assert spoken_fact("history.family_history[0]", ("migraine", "my sister")) == "my sister has had migraine"
    assert spoken_fact("history.family_history[0]", ("migraine", "my sister, in her teens")) == (
        "migraine, my sister, in her teens")


def test_a_weight_change_with_an_amount_or_a_tail_takes_its_article():
    assert with_article("weight loss of 2.5 kg", SYMPTOM_HEADS) == "a weight loss of 2.5 kg"
    assert with_article(plain_value("unintentional 6-kg weight loss"), SYMPTOM_HEADS) == (
        "a 6-kg weight loss without trying")
    assert with_article("weight loss", SYMPTOM_HEADS) == "weight loss"
    assert with_article("swelling on both sides", SYMPTOM_HEADS) == "a swelling on both sides"


@pytest.mark.parametrize(("text", "subject", "said"), [
    ("weight loss of about 7 kg over three months", "I", "I've lost about 7 kg over three months"),
    ("weight gain of 2.5 kg", "I", "I've put on 2.5 kg"),
    ("weight gain of 4 kg in a fortnight", "he", "he's put on 4 kg in a fortnight"),
    ("weight loss without trying of 3 kg", "my child", "my child has lost 3 kg without trying"),
    ("height loss of 2 cm", "I", "I've lost 2 cm of height"),
])
def test_a_change_with_its_amount_is_said_as_a_clause(text, subject, said):
    assert change_said(text, subject) == said


@pytest.mark.parametrize("text", ["weight loss", "blood loss of 300 ml", "loss of appetite", "weight loss, now stable"])
def test_a_change_without_a_weight_or_size_amount_is_left_as_it_is(text):
    assert change_said(text) == text


def test_a_weight_change_is_never_said_in_chart_form(rich_record, parser, make_agent):
    record = edited(rich_record, physical_changes=[{"value": "weight gain", "detail": "about 6 kg in 3 months"}])
    for intent in ("ask_physical_change", "ask_weight"):
        for text in replies_to(record, parser, make_agent, "Has your weight changed?", [intent]):
            assert "I've put on about 6 kg in 3 months" in text, text
            assert "weight gain" not in text and "there's been I" not in text, text


def test_a_clause_follows_the_things_of_a_list():
    assert join_things(["tiredness", "I've lost 4 kg"]) == "tiredness, and I've lost 4 kg"
    assert join_things(["I've lost 4 kg", "a dry cough", "itching"]) == "a dry cough and itching, and I've lost 4 kg"


def test_a_listed_weight_change_reads_as_a_sentence(rich_record, parser, make_agent):
    record = edited(rich_record, physical_changes=[{"value": "weight loss", "detail": "3 kg"},
                                                    {"value": "hair thinning"}])
    for text in replies_to(record, parser, make_agent, "Any changes in your body?", ["ask_physical_change"]):
        assert "hair thinning, and I've lost 3 kg" in text, text


@pytest.mark.parametrize(("phrase", "subject", "said"), [
    ("an elementary school teacher", "I", "I'm an elementary school teacher"),
    ("retired", "I", "I'm retired"),
    ("a year 3 pupil", "she", "she's a year 3 pupil"),
    ("a pupil", "my child", "my child is a pupil"),
    ("I work in a warehouse", "I", "I work in a warehouse"),
])
def test_an_occupation_is_said_as_a_clause(phrase, subject, said):
    assert occupation_said(phrase, subject) == said


def test_an_occupation_answer_is_a_sentence_not_a_noun_phrase(rich_record, parser, make_agent):
    record = edited(rich_record, demographics={"occupation": {"value": "elementary school teacher"}})
    for text in replies_to(record, parser, make_agent, "What do you do for work?", ["ask_occupation"]):
        assert "I'm an elementary school teacher." in text, text
        assert not text.startswith("An elementary"), text


@pytest.mark.parametrize(("text", "said"), [
    ("6-kg weight loss", "I've lost 6 kg"),
    ("9 pound weight gain over two months", "I've put on 9 pounds over two months"),
    ("unexplained weight loss of about 4 kg", "unexplained weight loss of about 4 kg"),  # a modifier is no function word
])
def test_a_change_with_its_amount_before_it_is_said_as_a_clause(text, said):
    assert change_said(text) == said


@pytest.mark.parametrize(("word", "article"), [
    ("ulcer", "an"), ("upper arm pain", "an"), ("university student", "a"), ("urine infection", "a"),
    ("one-off dose", "a"), ("hour", "an"), ("heart attack", "a"), ("", "a"),
])
def test_the_indefinite_article_follows_the_sound_of_the_word(word, article):
    assert indefinite_article(word) == article


def test_a_student_of_a_university_is_said_with_a(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["demographics"]["occupation"] = {"value": "university student"}
    for text in replies_to(Record.model_validate(data), parser, make_agent, "What do you do for work?", ["ask_occupation"]):
        assert "a university student" in text, text


@pytest.mark.parametrize(("value", "detail", "said"), [
    ("heart attack", "father at 70", "my father had a heart attack at 70"),
    ("bowel cancer", "father, at age 72", "my father had bowel cancer at 72"),
    ("sudden death from a bleed in the brain", "mother at age 55", "my mother died suddenly of a bleed in the brain at 55"),
    ("suicide", "maternal uncle", "my maternal uncle died by suicide"),
    ("died of kidney cancer", "father", "my father died of kidney cancer"),
    ("skin cancer that spread", "father, died aged 60", "my father had skin cancer that spread and died aged 60"),
])
def test_a_relatives_age_or_death_is_said_as_what_happened_to_them(rich_record, value: str, detail: str, said: str) -> None:
    record = edited(rich_record, family_history=[{"value": value, "detail": detail}])
    assert spoken_phrase(record.case, "history.family_history[0]") == said


@pytest.mark.parametrize(("detail", "said"), [
    ("often forgets to take it", "I take amlodipine, but I often forget to take it."),
    ("5 mg daily, sometimes misses", "I take amlodipine 5 mg daily, but I sometimes miss doses."),
])
def test_a_missed_medicine_note_is_a_clause_of_its_own(rich_record, parser, make_agent, detail: str, said: str) -> None:
    record = edited(rich_record, medications=[{"value": "amlodipine", "detail": detail}])
    replies = replies_to(record, parser, make_agent, "Do you take any medicines?", ["ask_past_medication"])
    assert any(said in r for r in replies), replies
    assert not any("forgets" in r or "misses" in r for r in replies), replies


def test_a_parent_says_the_child_forgets(child_record) -> None:
    record = edited(child_record, medications=[{"value": "inhaler", "detail": "often forgets"}])
    assert spoken_phrase(record.case, "history.medications[0]").endswith("but she often forgets to take it")


@pytest.mark.parametrize(("value", "detail", "said"), [
    ("routine vaccines", "up to date", "Yes, my routine vaccines are up to date."),
    ("up to date on all vaccines", None, "Yes, I'm up to date on all vaccines."),
    ("immunizations are up-to-date", None, "Yes, my immunizations are up-to-date."),
])
def test_a_vaccination_status_is_a_clause_of_the_speaker(rich_record, parser, make_agent, value: str,
                                                         detail: str | None, said: str) -> None:
    fact = {"value": value, **({"detail": detail} if detail else {})}
    replies = replies_to(edited(rich_record, vaccinations=[fact]), parser, make_agent, "Are your vaccines up to date?",
                         ["ask_preventive"])
    assert any(said in r for r in replies), replies
    assert not any("had up to date" in r or "had immunizations are" in r or ", up to date" in r for r in replies), replies


@pytest.mark.parametrize("name, subject, said", [
    ("diminished appetite", "I", "I've been eating less than usual"),
    ("decreased feeding", "he", "he's been feeding less than usual"),
    ("increased drinking", "she", "she's been drinking more than usual"),
    ("reduced oral intake", "I", "my oral intake has been lower than usual"),
    ("raised energy levels", "she", "her energy levels have been higher than usual"),
    ("decreased vision", "I", "my vision has been worse than usual"),
    ("reduced hearing", "he", "his hearing has been worse than usual"),
    ("screaming", "he", "he's been screaming"),
    ("trembling of the left hand", "I", "my left hand has been trembling"),
    ("eyelids drooping", "I", "my eyelids have been drooping"),
])
def test_a_symptom_named_as_a_change_doing_or_part_doing_is_said_as_a_clause(name, subject, said):
    """A chart change of a function, a doing alone, and a part's doing named the chart way
    round are clauses, never "having {name}"."""
    assert symptom_clause(name, subject) == said


@pytest.mark.parametrize("name", ["increased pain", "reduced reflexes", "vomiting", "swelling", "pain in my hand"])
def test_a_symptom_change_or_sign_stays_a_thing(name):
    """A change of a symptom is a thing had, an examiner's sign is left as recorded, a noun
    in -ing stays a noun."""
    assert symptom_clause(name) == name


@pytest.mark.parametrize("text, heads, said", [
    ("bout of bronchitis, two winters ago", None, "a bout of bronchitis, two winters ago"),
    ("flu with high temperature last spring", None, "flu with high temperature last spring"),
    ("sore throat with cold 3 weeks ago", None, "sore throat with cold 3 weeks ago"),
    ("rattling noise", None, "a rattling noise"),
    ("faint smell of burning once", None, "a faint smell of burning once"),
    ("feeling cold", None, "feeling cold"),
    ("several spots", None, "several spots"),
    ("squeaky noise when breathing in", None, "a squeaky noise when breathing in"),
    ("skin spots", None, "skin spots"),
    ("I've had a fall", None, "I've had a fall"),
    ("continuous heart murmur", SYMPTOM_HEADS, "a continuous heart murmur"),
    ("squeaky noise when breathing in", SYMPTOM_HEADS, "a squeaky noise when breathing in"),
    ("blocked ear", SYMPTOM_HEADS, "a blocked ear"),
    ("lump next to the back passage", SYMPTOM_HEADS, "a lump next to the back passage"),
    ("skin spots that itch", SYMPTOM_HEADS, "skin spots that itch"),
    ("wheezing", SYMPTOM_HEADS, "wheezing"),
])
def test_a_singular_countable_thing_takes_its_article(text, heads, said):
    """The head before the first tail (a preposition, a time, a comma) decides the article:
    "a bout of ...", "a rattling noise"; a mass noun, a plural, a doing, a clause or a
    determiner keeps it as it is. Of a symptom (``SYMPTOM_HEADS``), a singular count noun is
    had with "a"; a plural or a mass noun none."""
    assert (with_article(text) if heads is None else with_article(text, heads)) == said


@pytest.mark.parametrize("name, subject, said", [
    ("improvement of pain after sleep", "I", "my pain is better after sleep"),
    ("headache resolution upon rest", "she", "her headache is gone with rest"),
    ("improvement in hallucinations", "he", "his hallucinations have got better"),
    ("slight improvement", "I", "I've got a bit better"),
    ("previous weight gain attempts", "I", "I've been trying to gain weight"),
    ("ongoing cough despite resolution of the initial chest infection", "I",
     "my cough has carried on even though the chest infection cleared up"),
    ("failed newborn hearing tests", "he", "he didn't pass the newborn hearing tests"),
    ("unresponsiveness during spells", "I", "I stop responding during the spells"),
    ("flexed left elbow at rest", "I", "my left elbow is held bent at rest"),
    ("raised dark borders", "I", "I've noticed raised dark edges"),
])
def test_a_course_note_or_finding_named_as_a_symptom_is_said_as_a_clause(name, subject, said):
    """A symptom name that notes how a complaint went or what was found is said in a frame
    that fits it, never as a thing had ("having improvement of ...")."""
    assert course_or_finding_said(name, subject) == said


@pytest.mark.parametrize("name", ["chest pain", "suicide attempt", "bleeding after sex", "flexed adducted",
                                  "weight improvement"])
def test_a_complaint_is_no_course_note_or_finding(name):
    """A complaint, an attempt that is no weight change, and a posture with no body part are
    left to the other wordings."""
    assert course_or_finding_said(name) is None


def test_a_course_note_joins_a_symptom_list_as_a_clause(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{"name": "abdominal pain"},
                                           {"name": "improvement of pain after sleep"}])
    replies = replies_to(record, parser, make_agent, "What symptoms have you had?", ["ask_symptom"])
    assert any("my pain is better after sleep" in r for r in replies), replies
    assert not any("improvement" in r for r in replies), replies


def test_an_examiners_press_test_is_not_said():
    assert plain_value("pitting swelling of both ankles") == "swelling of both ankles"


@pytest.mark.parametrize("value, subject, said", [
    ("mostly ready meals", "I", "I mostly have ready meals"),
    ("usually late nights", "she", "she usually has late nights"),
])
def test_a_verbless_habit_led_by_how_often_is_what_the_speaker_has(value, subject, said):
    assert spoken_fact("social.living_habits[0]", (value,), subject=subject) == said

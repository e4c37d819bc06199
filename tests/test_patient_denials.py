"""When the patient denies and how (issue 15): never an item a present fact may amount to, a
recorded denial only for a lexical match, a denial said once and followed only by facts of its
kind, never a "Yes" after a denial, and a denial among several questions naming its topic.
Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.templates import default_bank

from reply_support import DENIES, RECALL, SEEDS, WITHOUT_RASH, ask, diagnosis_reply, edited, replies_to, reply_to, updated


class _SameVector:
    """An encoder under which every text is like every other (cosine 1)."""

    def encode(self, texts):
        import numpy as np

        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.?!])\s+", text) if s]


def test_a_positive_question_about_an_attribute_is_not_answered_no(child_record, parser, make_agent):
    for text in replies_to(child_record, parser, make_agent, "Is she feeding well?", ["ask_physical_change"],
                           {"physical_change": ["feeding"]}):
        assert "change in feeding" in text and not re.match(r"(?:[A-Z][a-z]*\. )?No\b", text), text


def test_a_named_symptom_recorded_in_another_word_form_is_not_denied(rich_record, parser, make_agent):
    symptoms = [*WITHOUT_RASH, {"name": "irritability"}]
    record = edited(rich_record, symptoms=symptoms)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed,
                         "Any belly pain, irritable mood, headache, dizziness or nausea?", ["ask_symptom"],
                         {"symptom": ["belly pain", "irritable mood", "headache", "dizziness", "nausea"]})
        assert "symptoms[2]" in reply.provenance and "irritability" in reply.text, reply.text


def test_an_item_a_present_fact_of_another_field_names_is_not_denied(rich_record, parser, make_agent):
    record = updated(rich_record, social={"living_habits": [{"value": "grows vegetables in her garden"}]})
    text = ask(make_agent(record, parser), parser, "Any contact with plants?", "ask_contact_history",
               {"exposure": ["plants"]})
    assert "garden" in text and "if that's what you mean" in text and not re.search(r"\bno\b", text.lower()), text


def test_an_unchanged_attribute_is_denied_as_unchanged(rich_record, parser, make_agent):
    record = updated(rich_record, history={"physical_changes": [{"value": "weight gain", "status": "denied"}]})
    agent = make_agent(record, parser)
    text = ask(agent, parser, "Any changes in your sleep?", "ask_physical_change", {"physical_change": ["sleep"]})
    assert re.search("change in|same as usual", text.lower()) and "no sleep" not in text.lower(), text


def test_an_unrecorded_attribute_is_not_denied_while_other_changes_are_recorded(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)  # its physical changes hold a present fact
    text = ask(agent, parser, "Any changes in your sleep?", "ask_physical_change", {"physical_change": ["sleep"]})
    # said as unremarkable in the patient's own words, hedged by what the patient noticed
    assert "my sleep" in text and re.search(r"noticed|as far as i can tell", text.lower()), text
    assert not re.search(r"\bno (?:change|sleep)\b", text.lower()), text


def test_a_denied_item_is_followed_by_the_recorded_fact_of_its_kind(rich_record, parser, make_agent):
    record = updated(rich_record, history={"past_diagnoses": [{"value": "COPD"}]})
    agent = make_agent(record, parser)
    reply = agent.respond(parser.add("Any bronchitis?", ["ask_past_diagnosis"], {"past_diagnosis": ["bronchitis"]}))
    assert reply.text.startswith("No") and "lung" in reply.text, reply.text  # COPD in lay words
    assert reply.provenance == ("history.past_diagnoses[0]",)


def test_a_recorded_denial_is_said_only_for_a_lexical_match(rich_record, parser, make_agent):
    symptoms = [{"name": "headache"}, {"name": "facial weakness", "status": "denied"}]
    agent = make_agent(updated(rich_record, symptoms=symptoms), parser, encoder=_SameVector())
    text = ask(agent, parser, "Any weakness in your legs?", "ask_symptom", {"symptom": ["leg weakness"]})
    # touched only by the narrower denial: softly denied as asked (round 7), never as "no facial weakness"
    assert "facial" not in text and "leg weakness" in text, text


def test_absent_symptoms_named_for_several_questions_are_denied_once(rich_record, parser, make_agent):
    symptoms = [{"name": "headache", "duration": "two days"}, {"name": "fever", "status": "denied"},
                {"name": "rash", "status": "denied"}]
    agent = make_agent(updated(rich_record, symptoms=symptoms), parser)
    turn = parser.add("Any fever or rash, and how long have you had them?",
                      ["ask_symptom", "ask_symptom_duration", "ask_symptom_description_degree"],
                      {"symptom": ["fever", "rash"]})
    text = agent.respond(turn).text
    assert text.lower().count("fever") == 1 and text.lower().count("rash") == 1, text


def test_a_narrower_recorded_denial_does_not_answer_a_broader_item(rich_record, parser, make_agent):
    symptoms = [{"name": "headache"}, {"name": "facial weakness", "status": "denied"},
                {"name": "neck stiffness", "status": "denied"}]
    agent = make_agent(updated(rich_record, symptoms=symptoms), parser)
    broad = ask(agent, parser, "Any weakness?", "ask_symptom", {"symptom": ["weakness"]})
    assert "facial" not in broad, broad
    exact = ask(agent, parser, "Any painful neck stiffness?", "ask_symptom", {"symptom": ["painful neck stiffness"]})
    assert exact.startswith("No") and "neck stiffness" in exact, exact


def test_a_denied_condition_is_not_followed_by_unrelated_ones(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    reply = agent.respond(parser.add("Any kidney problems?", ["ask_past_diagnosis"], {"past_diagnosis": ["kidney problems"]}))
    # round 4: only what was asked (the recorded asthma is no kidney problem)
    assert reply.text.startswith("No") and "asthma" not in reply.text, reply.text
    # a named condition (not a kind) is denied alone
    single = agent.respond(parser.add("Any gout?", ["ask_past_diagnosis"], {"past_diagnosis": ["gout"]}))
    assert single.text.startswith("No") and "asthma" not in single.text, single.text


def test_a_value_saying_there_is_nothing_is_a_blanket_denial(rich_record, parser, make_agent):
    record = updated(rich_record, history={"past_diagnoses": [{"value": "no significant past medical history"}]})
    text = ask(make_agent(record, parser), parser, "Any medical conditions?", "ask_past_diagnosis")
    assert text.startswith("No") and "history" not in text, text


def test_the_denial_check_ignores_values_that_say_there_is_nothing():
    from eval.reply_checks import Categories, false_denial

    categories = Categories()
    assert false_denial([], ["no past medical history available"], categories, blanket=True) is None
    assert false_denial([], ["asthma"], categories, blanket=True) == "asthma"


def test_an_item_a_habit_field_does_not_mention_is_not_denied(rich_record, parser, make_agent):
    record = updated(rich_record, social={"living_habits": [{"value": "walks to work"}]})
    text = ask(make_agent(record, parser), parser, "Any stress lately?", "ask_living_habit",
               {"living_habit": ["stress"]})
    assert text.startswith("Stress?") and not re.search(r"\bno stress\b", text.lower()), text
    assert "not sure" not in text.lower(), text


def test_a_related_fact_after_a_denial_is_linked_to_it(rich_record, parser, make_agent):
    record = updated(rich_record, history={"past_diagnoses": [{"value": "emphysema"}]})
    text = ask(make_agent(record, parser), parser, "Any bronchitis?", "ask_past_diagnosis",
               {"past_diagnosis": ["bronchitis"]})
    assert text.startswith("No"), text
    assert re.search(r"\bBut I have had emphysema\b|I have had emphysema, though", text), text
    assert "as far as I know" not in text and "Yes" not in text, text


def test_a_fact_said_after_a_denial_never_opens_with_yes(rich_record, parser, make_agent):
    record = updated(rich_record, history={"past_diagnoses": [{"value": "eczema"}]})
    for seed, persona in [(seed, persona) for seed in SEEDS for persona in ("phlegmatic", "sanguine,volunteer")]:
        text = make_agent(record, parser, seed=seed, persona=persona).respond(parser.add(
            "Allergic to latex? And any illnesses?", ["ask_allergic_history", "ask_past_diagnosis"],
            {"allergy": ["latex"]})).text
        sentences = _sentences(text)
        denial = next(i for i, s in enumerate(sentences) if s.startswith("No"))
        assert "eczema" in text, text
        assert not any(s.startswith("Yes") for s in sentences[denial + 1:]), text


@pytest.mark.parametrize("asked", ["heart problems", "kidney disease"])
def test_a_denied_kind_is_not_followed_by_unrelated_history(rich_record, parser, make_agent, asked):
    record = updated(rich_record, history={"past_diagnoses": [{"value": "eczema"}, {"value": "hay fever"}]})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(parser.add(
            f"Any {asked}?", ["ask_past_diagnosis"], {"past_diagnosis": [asked]})).text
        assert text.startswith(("No", "Hmm", "Mm", "Well")) or "No" in text, text
        assert "eczema" not in text and "hay fever" not in text, text


def test_a_denial_among_several_questions_names_its_topic_not_the_guess(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = diagnosis_reply(rich_record, parser, make_agent, seed, "Any lupus? Do you smoke?",
                               ["ask_past_diagnosis", "ask_tobacco"], ["lupus"])
        assert "lupus" not in text.lower() and "illness" in text and "that one" not in text, text


def test_a_denial_of_one_asked_item_may_point_back_at_it(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = diagnosis_reply(rich_record, parser, make_agent, seed, "Any lupus?", ["ask_past_diagnosis"], ["lupus"])
        assert "lupus" not in text.lower() and "never" in text and "not that one" not in text, text


def test_every_fact_variant_keeps_a_template_that_does_not_open_with_yes_or_no():
    """After a denial a fact is said without "Yes" (the renderer's choice needs one)."""
    bank = default_bank()
    for section, variant in bank.variant_keys():
        if section == "common" or variant.startswith(("denied", "absent", "repeated")):
            continue
        for voice in ("patient", "caregiver"):
            options = bank.options(section, variant, voice)
            assert any(not re.match(r"(?:yes|yeah|no|nah)\b", t, re.IGNORECASE) for t in options), (section, variant)


@pytest.mark.parametrize(("recorded", "text", "item"), [
    ("lightheadedness", "Any dizziness?", "dizziness"),
    ("growing swelling", "Have you noticed any bump?", "bump"),
    ("limited range of motion", "Any difficulty moving?", "difficulty moving"),
])
def test_a_symptom_recorded_in_clinical_or_lay_words_is_said_not_denied(rich_record, parser, make_agent, recorded, text, item):
    record = edited(rich_record, symptoms=[*WITHOUT_RASH, {"name": recorded}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert f"symptoms[{len(WITHOUT_RASH)}]" in reply.provenance and recorded in reply.text, reply.text
        assert not re.search(r"(?:^|\. )No\b", reply.text), reply.text


def test_a_pain_recorded_by_its_place_adjective_lies_there(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[*WITHOUT_RASH, {"name": "facial pain"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any joint pain?", ["ask_symptom"], {"symptom": ["joint pain"]})
        assert "joint pain" in reply.text and re.search(r"(?:^|\. )No\b", reply.text), reply.text
        assert not re.search(r"couldn't say|don't really know", reply.text), reply.text


_WITHOUT_MEDICINES = {"medications": [{"status": "denied"}], "current_treatment": []}


@pytest.mark.parametrize("item", ["over-the-counter pain relievers", "painkillers"])
def test_a_remedy_that_eases_a_symptom_is_said_not_a_blanket_medicine_denial(rich_record, parser, make_agent, item):
    symptoms = [{"name": "back pain", "relieving_factors": ["ibuprofen"]}]
    record = edited(rich_record, symptoms=symptoms, **_WITHOUT_MEDICINES)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, f"Any {item}?", ["ask_past_medication"], {"past_medication": [item]})
        assert "ibuprofen" in reply.text and not DENIES.search(reply.text), reply.text
        assert "symptoms[0].relieving_factors[0]" in reply.provenance


def test_a_remedy_that_only_worsens_a_symptom_is_no_habit_of_the_patient(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{"name": "back pain", "aggravating_factors": ["ibuprofen"]}], **_WITHOUT_MEDICINES)
    reply = reply_to(record, parser, make_agent, 0, "Any painkillers?", ["ask_past_medication"], {"past_medication": ["painkillers"]})
    assert "ibuprofen" not in reply.text, reply.text


def test_a_condition_class_is_not_denied_past_a_recorded_member(rich_record, parser, make_agent):
    record = updated(rich_record, history={"past_diagnoses": [{"value": "acid reflux"}]})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any stomach issues?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["stomach issues"]})
        assert "reflux" in reply.text and not re.search(r"\bno stomach\b", reply.text.lower()), reply.text
        assert "history.past_diagnoses[0]" in reply.provenance


def test_a_look_recorded_as_a_descriptor_is_said_not_denied(rich_record, parser, make_agent):
    for seed in SEEDS:  # the rich record's rash is red
        reply = reply_to(rich_record, parser, make_agent, seed, "Any redness?", ["ask_symptom"], {"symptom": ["redness"]})
        assert "red" in reply.text.lower() and not DENIES.search(reply.text), reply.text
        assert "symptoms[1].color" in reply.provenance


def test_a_gait_question_is_not_denied_past_a_child_who_will_not_stand(child_record, parser, make_agent):
    record = edited(child_record, symptoms=[{"name": "cough"}, {"name": "unable to bear weight", "duration": "two days"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any trouble walking?", ["ask_symptom"],
                         {"symptom": ["trouble walking"]})
        assert "symptoms[1]" in reply.provenance and not DENIES.search(reply.text), reply.text


def test_a_denial_right_after_present_symptoms_is_a_contrast(rich_record, parser, make_agent):
    """A symptom denied right after symptoms the patient has is said as a contrast ("But no
    fever."), never "No, ..." which reads as taking them back."""
    for text in replies_to(rich_record, parser, make_agent, "Any belly pain? What about a fever?",
                           ["ask_symptom"], {"symptom": ["abdominal pain", "fever"]}):
        assert re.search(r"pain[^.]*\. But\b[^.]*fever", text), text
        assert ". No," not in text, text


def test_a_feeling_denied_after_present_symptoms_keeps_its_own_frame(rich_record, parser, make_agent):
    """The contrast is worded for problem nouns; a feeling keeps the frame a feeling takes
    ("I haven't been anxious"), never "But no anxious"."""
    for text in replies_to(rich_record, parser, make_agent, "Any belly pain? Have you been anxious?",
                           ["ask_symptom"], {"symptom": ["abdominal pain", "anxious"]}):
        assert "anxious" in text and not re.search(r"\bno anxious\b", text.lower()), text


def test_a_state_word_among_symptoms_is_never_echoed_as_a_thing(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Are you dehydrated, with a dry mouth or sunken eyes?",
                           ["ask_symptom"], {"symptom": ["dehydrated", "dry mouth", "sunken eyes"]}):
        assert not re.search(r"\bno dehydrated\b", text.lower()), text


def test_a_narrowed_medicine_class_takes_no_remedy_outside_it(rich_record, parser, make_agent):
    """"heart medications" is a kind the medicine category does not carry: a paracetamol that
    eases a symptom is no known member of it, so it is not said as one."""
    symptoms = [{"name": "fever", "relieving_factors": ["paracetamol"]}]
    record = edited(rich_record, symptoms=symptoms, **_WITHOUT_MEDICINES)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Have you taken any heart medications?",
                         ["ask_past_medication"], {"past_medication": ["heart medications"]})
        assert "paracetamol" not in reply.text, reply.text
        assert "symptoms[0].relieving_factors[0]" not in reply.provenance, reply.provenance


def test_difficulty_moving_is_no_question_about_a_move(child_record, parser, make_agent):
    record = updated(child_record, social={"living_habits": [{"value": "in year 1 at primary school"}]})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any difficulty moving his arm?", ["ask_symptom"],
                         {"symptom": ["difficulty moving"]})
        assert "school" not in reply.text, reply.text


@pytest.mark.parametrize(("field", "recorded", "text", "intent", "slot", "item"), [
    ("past_diagnoses", "type 2 diabetes", "Any endocrine disorders?", "ask_past_diagnosis", "past_diagnosis", "endocrine disorders"),
    ("past_diagnoses", "epilepsy since childhood", "Any neurological conditions?", "ask_past_diagnosis", "past_diagnosis", "neurological conditions"),
    ("past_diagnoses", "rheumatoid arthritis", "Any autoimmune problems?", "ask_past_diagnosis", "past_diagnosis", "autoimmune problems"),
    ("past_diagnoses", "iron deficiency anaemia", "Any blood disorders?", "ask_past_diagnosis", "past_diagnosis", "blood disorders"),
])
def test_a_body_system_class_is_not_denied_past_a_recorded_condition_of_it(rich_record, parser, make_agent, field, recorded,
                                                                           text, intent, slot, item):
    """A body-system class of condition ("endocrine disorders") has the conditions of that
    system as members: one recorded is said, the class never denied."""
    record = updated(rich_record, history={field: [{"value": recorded}]})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, [intent], {slot: [item]})
        assert f"history.{field}[0]" in reply.provenance and not DENIES.search(reply.text), reply.text


@pytest.mark.parametrize(("symptom", "text", "item"), [
    ("swelling of the neck", "Has it grown or changed in size?", "change in size"),
    ("lump in the armpit", "Any new growths?", "growths"),
    ("gets angry quickly", "Has he been irritable?", "irritable"),
    ("vomiting", "Any change in her digestion?", "change in digestion"),
    ("waking at night breathless", "Any change in her sleep patterns?", "change in sleep patterns"),
    ("dark spot on the back that keeps growing", "Any lumps or bumps?", "lumps"),
])
def test_a_kind_of_change_is_not_denied_past_a_recorded_member(child_record, parser, make_agent, symptom, text, item):
    """A kind of change or mood ("change in size", "irritable") has its recorded members (a
    swelling, "gets angry quickly"): the member is said, the kind never denied."""
    record = edited(child_record, symptoms=[{"name": symptom}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[0]" in reply.provenance and not DENIES.search(reply.text), reply.text


def test_a_topic_question_takes_a_recorded_member_of_the_topic_from_another_field(rich_record, parser, make_agent):
    """A question about the reproductive topic with that field empty: a symptom of the topic
    recorded elsewhere (painful intercourse) is said, never "nothing comes to mind"."""
    record = updated(rich_record, symptoms=[{"name": "painful intercourse"}], social={"reproductive_history": []})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Anything about your reproductive health?",
                         ["ask_reproductive_history"])
        assert "symptoms[0]" in reply.provenance and "comes to mind" not in reply.text, reply.text


def test_a_family_class_is_answered_with_the_recorded_family_fact_of_it(rich_record, parser, make_agent):
    """"GI conditions in the family, like ...?" with a father operated on for vomiting as a
    baby: the recorded family fact of that class is said, not only the examples denied."""
    record = updated(rich_record, history={"family_history": [{"value": "operation for vomiting as a baby", "detail": "father"}]})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any GI conditions in the family, like Crohn's disease?",
                         ["ask_family_history"], {"family_history": ["GI conditions", "Crohn's disease"]})
        assert "history.family_history[0]" in reply.provenance and "vomiting" in reply.text, reply.text


def test_a_pain_recorded_at_another_place_is_no_headache(rich_record, parser, make_agent):
    """A symptom's recorded position places every text of it: a "pain" at the ring finger is
    not what "headache?" asks, so it is not linked to it."""
    record = edited(rich_record, symptoms=[{"name": "pain", "position": "right ring finger"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any headache?", ["ask_symptom"], {"symptom": ["headache"]})
        assert "finger" not in reply.text and "symptoms[0]" not in reply.provenance, reply.text


def test_a_topic_member_said_again_is_a_repeat(rich_record, parser, make_agent):
    """A recorded member said for a topic question (section "common") asked a second time is
    said as a repeat, never a missing template."""
    record = updated(rich_record, symptoms=[{"name": "pain during intercourse"}], social={"sexual_history": []})
    agent = make_agent(record, parser)
    first = ask(agent, parser, "Any sexual or reproductive problems?", "ask_coitus", {})
    second = ask(agent, parser, "Any sexual or reproductive problems?", "ask_coitus", {})
    assert "intercourse" in first and second.startswith("As I said"), (first, second)


@pytest.mark.parametrize(("name", "text", "item"), [
    ("loss of appetite", "Any hair loss?", "hair loss"),
    ("difficulty sleeping", "Any difficulty swallowing?", "difficulty swallowing"),
])
def test_a_symptom_sharing_only_a_change_word_is_not_the_item_asked(name, text, item, rich_record, parser, make_agent):
    """A match shares the thing named (hair, swallowing), not only a change word (loss,
    difficulty): the other symptom is neither said for the item nor keeps it from a denial."""
    record = edited(rich_record, symptoms=[{"name": "cough"}, {"name": name}], physical_changes=[])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[1]" not in reply.provenance and DENIES.match(reply.text), reply.text


def test_a_parent_says_the_childs_exposures_not_their_own(child_record, parser, make_agent):
    """A parent who recalls no exposure speaks of the child's ("anything else he might have
    been exposed to"), never of their own."""
    record = updated(child_record, history={"exposures": []})
    for text in replies_to(record, parser, make_agent, "Has he been exposed to anything unusual recently?",
                           ["ask_contact_history"], {"exposure": ["anything unusual"]}):
        assert "I might have been exposed" not in text, text


def test_a_young_childs_job_is_too_young_not_a_doubt(child_record, parser, make_agent):
    """A job asked of a young child with none recorded: too young for it, never "I'm not sure
    his work matters here"."""
    assert child_record.case.demographics.age_years < 12 and child_record.case.demographics.occupation is None
    for text in replies_to(child_record, parser, make_agent, "What does he do for work?", ["ask_occupation"], {}):
        assert "just a child" in text and "work" not in text.lower(), text


def test_a_class_word_alone_links_no_recorded_fact_of_another_place(rich_record, parser, make_agent):
    """"ear infections" and a recorded chlamydia infection share only the class word
    ("infection"): the infection is neither said as the one asked nor volunteered beside it."""
    record = updated(rich_record, history={"past_diagnoses": [{"value": "chlamydia infection"}]})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any history of ear infections?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["ear infections"]})
        assert "chlamydia" not in reply.text and "history.past_diagnoses[0]" not in reply.provenance, reply.text


def test_a_treatments_question_takes_what_eases_the_complaint(rich_record, parser, make_agent):
    """"What have you tried?" with no treatment recorded as such: a cream that eases the rash,
    or a medicine whose text names the complaint, is said, never "nothing I've tried"."""
    eased = updated(rich_record, symptoms=[{"name": "rash", "relieving_factors": ["hydrocortisone cream"]}],
                    history={"current_treatment": []})
    taken = updated(rich_record, symptoms=[{"name": "sore throat"}],
                    history={"current_treatment": [], "medications": [{"value": "amoxicillin for the sore throat"}]})
    for record, path in ((eased, "symptoms[0].relieving_factors[0]"), (taken, "history.medications[0]")):
        for seed in SEEDS:
            reply = reply_to(record, parser, make_agent, seed, "What have you tried for it?", ["ask_receiving_treatment"])
            assert path in reply.provenance and not RECALL.search(reply.text), reply.text


def test_an_operation_recorded_among_past_illnesses_answers_a_surgery_question(rich_record, parser, make_agent):
    """A transplant recorded as a past illness, with no operation listed: "any surgeries?" and an
    operations question naming nothing take it, never "nothing comes to mind" nor the topic
    fallback "As for injuries or operations"."""
    record = updated(rich_record, history={"trauma_surgery": [], "past_diagnoses": [{"value": "kidney transplant"}]})
    for text, slots in (("Have you had any surgeries?", {"trauma_surgery": ["surgeries"]}), ("Any operations?", {})):
        for seed in SEEDS:
            reply = reply_to(record, parser, make_agent, seed, text, ["ask_trauma_surgery"], slots)
            assert "history.past_diagnoses[0]" in reply.provenance and not RECALL.search(reply.text), reply.text
            assert "injuries or operations" not in reply.text, reply.text


@pytest.mark.parametrize("recorded", [{"status": "denied"}, {"value": "no medical conditions"}])
def test_a_birth_event_is_denied_as_an_event_not_by_the_blanket_of_conditions(rich_record, parser, make_agent, recorded):
    """"Born prematurely?" beside a record of no conditions: an event of birth is no condition,
    so it is denied as an event, never "no medical conditions" nor "Yes, I've had no ..."."""
    record = updated(rich_record, history={"past_diagnoses": [recorded]})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Was she born prematurely?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["born prematurely"]})
        assert "condition" not in reply.text and "Yes" not in reply.text and DENIES.search(reply.text), reply.text

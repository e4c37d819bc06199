"""LeakDetector: finding a record's reference answers in a patient reply."""

from __future__ import annotations

from tod.evaluation.leaks import Leak, LeakDetector


def test_a_reply_naming_the_diagnosis_or_the_treatment_leaks(example_record):
    detector = LeakDetector(example_record)
    found = detector.find("I have type 2 diabetes and I take metformin.", "What do you have?")
    assert Leak("diagnosis", "type 2 diabetes", quoted=False, in_case=False) in found
    assert Leak("reference_word", "metformin", quoted=False) in found
    assert found[0].to_json() == {"what": "diagnosis", "text": "type 2 diabetes", "quoted": False, "in_case": False}


def test_a_synonym_the_doctor_quoted_is_a_quoted_leak(example_record):
    found = LeakDetector(example_record).find("I don't know if it's T2DM.", "Is it T2DM?")
    assert found == [Leak("diagnosis", "T2DM", quoted=True)]


def test_the_basis_as_a_whole_text_leaks(example_record):
    basis = example_record.reference.basis
    found = LeakDetector(example_record).find(f"They said: {basis}")
    assert Leak("basis_or_treatment", basis, quoted=False) in found


def test_case_words_template_words_and_the_doctors_words_do_not_leak(example_record):
    detector = LeakDetector(example_record)
    assert "polyuria" in detector.hidden and "diabetes" not in detector.hidden  # the case mentions diabetes
    assert detector.find("I'm always thirsty and my father has diabetes.", "Any family history?") == []
    # a reference-only word the doctor said first is not the patient's leak
    assert detector.find("Polyuria? I'm not sure.", "Any polyuria?") == []
    # the fixed words a reply may use can be given
    assert LeakDetector(example_record, fixed_words=frozenset({"polyuria"})).find("Polyuria.") == []

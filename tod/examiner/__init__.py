"""The examiner: test results only for the tests the doctor orders, and their prices.

* :mod:`.view`: the record as the patient knows it (:func:`patient_view`);
* :mod:`.catalog` (``tests.yaml``): test names and synonyms -> test categories;
* :mod:`.regions`: physical examination by body region or system;
* :mod:`.orders`: the orders of a doctor turn (NLU, ``ORDER:`` lines, requests in text);
* :mod:`.examiner`: the stage (:class:`Examiner`); :mod:`.render`: its messages;
* :mod:`.prices` (``prices.yaml``): the price table of the cost ledger
  (:mod:`tod.evaluation.ledger`).
"""

from tod.examiner.examiner import Examiner, ExaminerReply, OrderResult
from tod.examiner.view import PatientView, patient_view

__all__ = ["Examiner", "ExaminerReply", "OrderResult", "PatientView", "patient_view"]

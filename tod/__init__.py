"""tod: an offline, trainable patient simulator for evaluating medical LLMs.

The pipeline, one subpackage per stage:

* :mod:`tod.nlu`: parse a doctor turn into intents and slots;
* :mod:`tod.patient`: dialogue state, record lookup policy, template NLG, dialogue manager;
* :mod:`tod.doctors`: the doctor models under test;
* :mod:`tod.evaluation`: consultation metrics and reports.

Records (:mod:`tod.records`) and the label schema (:mod:`tod.schema`) are shared by all.
"""

__version__ = "0.1.0"

import os as _os

# Offline by default: no hub downloads unless the user asks for them (HF_HUB_OFFLINE=0).
_os.environ.setdefault("HF_HUB_OFFLINE", "1")
_os.environ.setdefault("HF_DATASETS_OFFLINE", _os.environ["HF_HUB_OFFLINE"])
# Quiet library chatter (weight-loading bars and load reports); tod prints its own progress.
_os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
_os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

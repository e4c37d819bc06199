"""Fitting the doctor-turn NLU, and the corpus it is fitted on.

``run`` turns a :class:`~tod.training.config.TrainConfig` into a checkpoint folder; ``intent``
(with ``thresholds``), ``tagger`` and ``t5`` fit one model each through the shared HF Trainer
of ``hf_trainer``; ``corpus`` generates the annotated training turns. The fitted models
predict, save and load in :mod:`tod.nlu`, which never imports this package.
"""

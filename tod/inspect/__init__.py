"""tod as an inspect_ai task (``pip install -e ".[inspect]"``).

    inspect eval tod/consultation --model openai/gpt-4o-mini -T records=records/default.jsonl -T limit=20

The model under evaluation plays the doctor through inspect's model API (any provider
inspect supports, with its retries, concurrency and caching); tod plays the patient and
the examiner. Modules:

* :mod:`tod.inspect.task`: the ``consultation`` task (dataset, options);
* :mod:`tod.inspect.solver`: the consultation (the three conditions of ``tod.evaluate``);
* :mod:`tod.inspect.scorers`: tod's metrics as inspect scorers;
* :mod:`tod.inspect.provider`: the ``tod/scripted`` model (tod's scripted doctor);
* :mod:`tod.inspect._registry`: what the ``inspect_ai`` entry point loads.
"""

"""The data tables of the record importers, kept in ``tod/records/data/*.yaml``.

A pattern file (one a module of regular expressions, and the department keywords) maps each
key to one case-insensitive pattern, given as one string or as a list of strings that join
into one (a long pattern keeps one alternative group a line). ``synonyms.yaml`` holds the
diagnosis synonym groups.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from types import SimpleNamespace

import yaml


@cache
def load_yaml(name: str) -> dict:
    """The mapping in ``tod/records/data/<name>.yaml`` (read once per process)."""
    text = resources.files("tod.records").joinpath("data", f"{name}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        raise ValueError(f"tod/records/data/{name}.yaml: expected a mapping at the top level, got {type(data).__name__}")
    return data


def load_patterns(name: str) -> SimpleNamespace:
    """The patterns of ``tod/records/data/<name>.yaml``, compiled case-insensitive, one attribute a key.

    Raises ValueError naming the file and key of a value that is neither a string nor a list
    of strings, or of a pattern that does not compile.
    """
    compiled = {}
    for key, value in load_yaml(name).items():
        pieces = [value] if isinstance(value, str) else value
        if not isinstance(pieces, list) or not all(isinstance(piece, str) for piece in pieces):
            raise ValueError(f"tod/records/data/{name}.yaml: {key}: expected a string or a list of strings")
        try:
            compiled[key] = re.compile("".join(pieces), re.I)
        except re.error as error:
            raise ValueError(f"tod/records/data/{name}.yaml: {key}: not a regular expression: {error}") from error
    return SimpleNamespace(**compiled)

"""Result tables inside a case text: one "name value" line per result.

Vignettes list laboratory panels line by line after "Laboratory studies show:" ("Hemoglobin
10.6 g/dL", "Na+: 146 mEq/L", "Hepatitis C antibody (anti-HCV) negative"), with sub-headers
("Serum", "Urine:", "Differential count:") that name the specimen of the rows below. Joined
into one sentence they would read as one garbled finding, so :func:`split_tables` keeps them
as rows: each becomes one examination, named with its sub-header ("Serum creatinine").
Reference values ("Normal values:" and the rows under it, "Mean ... (-2SD ...)", a range after
a result) are no result of the patient and are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Words a result may start with when it is not a number.
_VALUE_WORD = re.compile(
    r"^(?:positive|negative|normal|abnormal|absent|present|reactive|nonreactive|non-reactive|none|nil|numerous|few|"
    r"many|rare|occasional|trace|elevated|low|high|increased|decreased|undetectable|detected|not|clear|cloudy|turbid|"
    r"yellow|amber|straw|light|dark|red|pink|brown|colorless|colourless|moderate|small|large|mild|within|no|"
    r"growth|pending)\b",
    re.I,
)
_VALUE_START = re.compile(r"^(?:[<>≤≥~±]|[-+]?\d|\d\+|\+{1,4}$|[-+]$)")
#: A line that is a sentence, not a row: a finite verb, or sentence punctuation at its end.
_SENTENCE = re.compile(r"\b(?:is|are|was|were|shows?|showed|reveals?|revealed|demonstrates?|has|had|which|what)\b|"
                       r"[.?!]['\"\u201d]?$", re.I)
_MAX_ROW_WORDS = 14
#: A header or row name that labels reference values, not the patient's results ("Normal
#: values:", "Mean 14.0 g/dL (-2SD: 13.0 g/dL)", "Reference range").
_REFERENCE_LABEL = re.compile(r"^\(?\s*(?:(?:normal|reference)(?: values?| ranges?| limits?)?|mean|median|[-+]?\d*\s*SD)"
                              r"(?=\s*(?:[\d(:<>\u2013-]|$))", re.I)
#: A reference range after a result ("85 fL; 80-96 fL", "52 ng/dL, 40 - 60 ng/dL", "9 ng/dL (normal, 2-9 ng/dL)").
_TRAILING_RANGE = re.compile(r"\s*[;,]\s*[\d.,]+\s*[-\u2013]\s*[\d.,]+(?:\s*[^\s\d;,()]+)?\s*$|"
                             r"\s*\((?:normal|reference|ref\.?)\b[^()]*\)\s*$", re.I)


def table_row(line: str) -> tuple[str, str] | None:
    """(name, result) of a table line, or None when the line is prose or a header.

    "Hemoglobin 10.6 g/dL" -> ("Hemoglobin", "10.6 g/dL"); "Na+: 146 mEq/L" -> ("Na+",
    "146 mEq/L"); "Triiodothyronine (T3) 218 ng/dL" -> ("Triiodothyronine (T3)", "218 ng/dL").
    """
    text = re.sub(r"\s+", " ", line).strip()
    if not text or len(text.split()) > _MAX_ROW_WORDS or _SENTENCE.search(text):
        return None
    name, colon, value = text.partition(":")
    if colon:
        name, value = name.strip(), value.strip()
        return (name, _TRAILING_RANGE.sub("", value)) if name and value and len(name.split()) <= 8 else None
    tokens, depth = text.split(" "), 0
    for i, token in enumerate(tokens):
        if i and depth == 0 and (_VALUE_START.match(token) or _VALUE_WORD.match(token)):
            return " ".join(tokens[:i]), _TRAILING_RANGE.sub("", " ".join(tokens[i:]))
        depth += token.count("(") - token.count(")")
    return None


def is_reference_label(name: str) -> bool:
    """True when a table header or row name labels reference values ("Normal values", "Mean",
    "(-2SD"): its rows state no result of the patient."""
    return _REFERENCE_LABEL.match(name.strip()) is not None


def table_header(line: str) -> str | None:
    """The sub-header a line states ("Serum", "Differential count:"), or None."""
    text = re.sub(r"\s+", " ", line).strip()
    if not text or _SENTENCE.search(text) or len(text.rstrip(":").split()) > 4 or re.search(r"\d", text):
        return None
    if ":" in text.rstrip(":"):
        return None
    return text.rstrip(": ")


@dataclass
class Table:
    """The rows of one table, in order, as (name, result) pairs."""

    rows: list[tuple[str, str]] = field(default_factory=list)


def _row_name(header: str | None, name: str) -> str:
    if not header:
        return name
    first = name.split(" ")[0]
    if len(first) >= 3 and first.isalpha() and first[1:].islower():
        name = name[:1].lower() + name[1:]
    return f"{header} {name}"


def split_tables(text: str) -> list[str | Table]:
    """The text as prose blocks (str) and tables, in order.

    A line is part of a table when it parses as a row (:func:`table_row`), or as a header
    (:func:`table_header`) followed by a row; a header names the rows under it until the next
    header, or, when its rows are indented, until a row that is not. The first line is
    always prose.
    """
    raw = [line for line in text.splitlines() if line.strip()]
    indents = [len(line) - len(line.lstrip()) for line in raw]
    lines = [line.strip() for line in raw]
    blocks: list[str | Table] = []
    table: Table | None = None
    header: str | None = None
    header_indent, nested = 0, False
    for number, line in enumerate(lines):
        row = table_row(line) if number else None
        following = lines[number + 1] if number + 1 < len(lines) else ""
        head = table_header(line) if number and row is None and table_row(following) else None
        if row is None and head is None:
            table, header = None, None
            if blocks and isinstance(blocks[-1], str):
                blocks[-1] += " " + line
            else:
                blocks.append(line)
            continue
        if table is None:
            table = Table()
            blocks.append(table)
        if row is None:
            header, header_indent, nested = head, indents[number], False
            continue
        if header and indents[number] > header_indent:
            nested = True
        elif header and nested:
            header = None
        if not (header and is_reference_label(header) or is_reference_label(row[0])):
            table.rows.append((_row_name(header, row[0]), row[1]))
    return blocks

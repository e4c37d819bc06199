"""Obvious synonyms of diagnosis names, for imported references.

A name's synonyms are its parenthesised parts ("Necrobiotic xanthogranuloma (NXG)" ->
"Necrobiotic xanthogranuloma", "NXG") and the other members of its group in
:data:`SYNONYM_GROUPS`, a short table of well-known equivalent names (eponyms, common and
abbreviated names) read from ``tod/records/data/synonyms.yaml``. The same table lets an
importer match an answer written one way to an option written another ("Henoch-Schonlein
purpura" is the option "IgA vasculitis").
"""

from __future__ import annotations

import re
import unicodedata

from tod.records.patterns import load_yaml


def _synonym_groups() -> tuple[tuple[str, ...], ...]:
    """The groups of ``tod/records/data/synonyms.yaml``; ValueError names a malformed group."""
    groups = load_yaml("synonyms").get("groups")
    if not isinstance(groups, list):
        raise ValueError("tod/records/data/synonyms.yaml: groups: expected a list of name lists")
    for number, group in enumerate(groups, 1):
        if not isinstance(group, list) or len(group) < 2 or not all(isinstance(n, str) and n.strip() for n in group):
            raise ValueError(
                f"tod/records/data/synonyms.yaml: groups: entry {number}: expected two or more names, got {group!r}"
            )
    return tuple(tuple(group) for group in groups)


SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = _synonym_groups()


def normalise_name(name: str) -> str:
    """A name for comparison: no accents, lower case, single spaces, no trailing dot."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text).strip(" .").lower()


_GROUP_OF: dict[str, int] = {normalise_name(n): i for i, group in enumerate(SYNONYM_GROUPS) for n in group}


def same_diagnosis(a: str, b: str) -> bool:
    """True when two names are equal after :func:`normalise_name` or share a synonym group."""
    na, nb = normalise_name(a), normalise_name(b)
    return na == nb or (na in _GROUP_OF and _GROUP_OF.get(na) == _GROUP_OF.get(nb))


def synonyms_of(name: str, *also: str) -> list[str]:
    """Obvious synonyms of ``name`` (see the module docstring), plus ``also`` (another spelling
    of it found in the source); never ``name`` itself."""
    found: list[str] = [re.sub(r"\s*\(.*?\)\s*", " ", name).strip()]
    found += [p.strip() for p in re.findall(r"\(([^)]+)\)", name)]
    found += list(also)
    group = _GROUP_OF.get(normalise_name(name))
    if group is not None:
        found += SYNONYM_GROUPS[group]
    seen = {normalise_name(name)}
    out = []
    for item in found:
        key = normalise_name(item)
        if key and key not in seen:
            seen.add(key)
            out.append(item.strip())
    return out

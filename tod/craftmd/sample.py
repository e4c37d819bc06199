"""Choose the CRAFT-MD doctor messages to annotate: stratified by doctor model and by position
in the consultation, with candidates for rare intents pre-selected by keyword.

Only ids are written (``annotations/craftmd/sample.jsonl``); the texts stay in the source.

    python -m tod.craftmd.sample --source ../shared/data/craftmd --size 4400 --seed 13 \\
        --output annotations/craftmd/sample.jsonl
    python -m tod.craftmd.sample --top-up annotations/craftmd/sample.jsonl \\
        --output annotations/craftmd/sample_top_up.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import defaultdict
from pathlib import Path

from tod.craftmd.conversations import DEFAULT_SOURCE, iter_consultations

POSITIONS = ("opening", "early", "middle", "late", "final")

# Keyword cues that pre-select candidates for intents the data holds rarely. A cue only chooses
# which messages get read; the labels are decided by reading each message.
RARE_CUES: dict[str, str] = {
    "smell": r"\b(smell|odou?r|foul)",
    "color": r"\bcolou?r",
    "shape": r"\b(look like|size|shape|raised|bumps?|lumps?|texture)\b",
    "coitus": r"\b(sexual|sexually|partners?|condoms?|intercourse)\b",
    "preventive": r"\b(vaccin|immuni[sz])",
    "occupation": r"\b(occupation|job|work)\b",
    "weight": r"\b(weigh|height|bmi|tall)\b",
    "gender": r"\b(gender|sex|male|female)\b",
    "age": r"\b(how old|your age|age)\b",
    "drug": r"\b(recreational|illicit|drugs?|substance)\b",
    "alcohol": r"\b(alcohol|drink)",
    "tobacco": r"\b(smok|tobacco|cigarette|vap)",
    "allergy": r"\ballerg",
    "family": r"\bfamily\b",
    "reproductive": r"\b(period|pregnan|menstru|contracept|birth|breastfeed)",
    "trauma_surgery": r"\b(injur|surger|operation|accident|fall|fell|bitten|bite)",
    "examination": r"\b(test|blood pressure|temperature|x-ray|scan|biopsy|ultrasound|exam)",
    "living_habit": r"\b(diet|exercise|sleep|routine|hygiene|stress)",
    "physical_change": r"\b(appetite|weight loss|lost weight|energy|fatigue)",
    "factors": r"\b(worse|better|trigger|relieve|aggravat)",
    "position": r"\b(where|radiat|spread|which side|located)",
    "duration": r"\b(how long|since when)\b",
    "time": r"\b(suddenly|gradual|come and go|constant|how often|when did)",
    "degree": r"\b(how (bad|severe)|scale|severity|worse)\b",
    "receiving_treatment": r"\b(tried|treated|treatment|seen a doctor)\b",
    "medication": r"\b(medication|medicine|taking any|supplement)",
    "contact": r"\b(travel|exposed|exposure|contact with|animals?|pets?|sick contacts?)",
}
CANDIDATES_PER_CUE = 45

# A second round for intents still under 30 labelled examples after the first sample: tighter
# cues, drawn from messages outside the first sample (``--top-up``).
TOP_UP_CUES: dict[str, str] = {
    "smell": r"\b(smell|odou?r)",
    "coitus": r"\b(sexually active|sexual partners?|unprotected|condoms?|intercourse|sexual activity)",
    "alcohol": r"\b(alcohol|drinks? per|how much do you drink|drinking)",
    "drug": r"\b(recreational|illicit|street drugs|cocaine|marijuana|cannabis|heroin|substance use)",
    "weight": r"\b(weigh|height|how tall|bmi)\b",
    "occupation": r"\b(occupation|do for (a )?(living|work)|your job|work as|line of work)",
    # "weigh" above matches the verb only; body weight and height are asked with the nouns
    "weight_noun": r"\b(your (current )?weight|how much do you weigh|your height|how tall|bmi|body mass)",
}
TOP_UP_PER_CUE = 40


def _position(index: int, count: int) -> str:
    if index == 0:
        return "opening"
    if index == count - 1:
        return "final"
    third = (index - 1) / max(1, count - 2)
    return "early" if third < 1 / 3 else "middle" if third < 2 / 3 else "late"


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def candidate_pool(source: str | Path) -> list[dict]:
    """Every doctor message once per distinct text: id, doctor model, case, position, text."""
    seen: set[str] = set()
    pool = []
    for conv in iter_consultations(source):
        doctor = conv.doctor_messages()
        for index, message in enumerate(doctor):
            key = _norm(message.content)
            if not key or key in seen:
                continue
            seen.add(key)
            pool.append({"id": message.id, "doctor_model": conv.doctor_model, "case_id": conv.case_id,
                         "position": _position(index, len(doctor)), "text": message.content})
    return pool


def _cue_candidates(pool: list[dict], cues: dict[str, str], per_cue: int, reason: str) -> dict[str, dict]:
    """Up to ``per_cue`` rows of ``pool`` (in its order) per cue, no row twice; each row's
    ``reason`` is ``REASON:CUE``."""
    chosen: dict[str, dict] = {}
    for name, pattern in cues.items():
        regex = re.compile(pattern, re.IGNORECASE)
        hits = [row for row in pool if row["id"] not in chosen and regex.search(row["text"])]
        for row in hits[:per_cue]:
            chosen[row["id"]] = {**row, "reason": f"{reason}:{name}"}
    return chosen


def choose(pool: list[dict], *, size: int, seed: int) -> list[dict]:
    """The annotation sample: rare-intent candidates first, then equal shares per doctor model,
    spread evenly over the positions. Rows carry ``reason`` (``cue:NAME`` or ``stratum``)."""
    rng = random.Random(seed)
    pool = list(pool)
    rng.shuffle(pool)
    chosen = _cue_candidates(pool, RARE_CUES, CANDIDATES_PER_CUE, "cue")
    strata: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in pool:
        if row["id"] not in chosen:
            strata[(row["doctor_model"], row["position"])].append(row)
    models = sorted({row["doctor_model"] for row in pool})
    per_model = size // len(models)
    for model in models:
        have = sum(1 for row in chosen.values() if row["doctor_model"] == model)
        need = max(0, per_model - have)
        buckets = [strata[(model, p)] for p in POSITIONS if strata[(model, p)]]
        while need > 0 and any(buckets):
            for bucket in buckets:
                if bucket and need > 0:
                    row = bucket.pop()
                    chosen[row["id"]] = {**row, "reason": "stratum"}
                    need -= 1
    rows = list(chosen.values())
    rng.shuffle(rows)
    return rows


def top_up(pool: list[dict], exclude: set[str], *, seed: int) -> list[dict]:
    """Candidates for the intents of :data:`TOP_UP_CUES`, none of them in ``exclude``."""
    rng = random.Random(seed)
    pool = [row for row in pool if row["id"] not in exclude]
    rng.shuffle(pool)
    return list(_cue_candidates(pool, TOP_UP_CUES, TOP_UP_PER_CUE, "top-up").values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default=str(DEFAULT_SOURCE))
    parser.add_argument("--size", type=int, default=4400)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--output", default="annotations/craftmd/sample.jsonl")
    parser.add_argument("--top-up", metavar="SAMPLE", help="draw top-up candidates for rare intents, excluding the "
                        "ids of this earlier sample file")
    args = parser.parse_args(argv)
    pool = candidate_pool(args.source)
    if args.top_up:
        earlier = {json.loads(line)["id"] for line in Path(args.top_up).read_text(encoding="utf-8").splitlines() if line}
        rows = top_up(pool, earlier, seed=args.seed)
    else:
        rows = choose(pool, size=args.size, seed=args.seed)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps({k: row[k] for k in ("id", "doctor_model", "position", "reason")}) + "\n")
    print(f"{len(rows)} message ids written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

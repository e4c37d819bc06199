"""Matching an item the doctor names to record values by text relevance.

"Any family history of heart disease?" names "heart disease"; the record's family history
may hold "coronary artery disease" (the same thing) or "diabetes" (something else). A
:class:`Matcher` scores a query against candidate record texts in four steps, the first
that fires wins:

1. equal after normalisation (lower case, punctuation dropped, plural "s" dropped, lay
   mapping applied to both sides): 1.0;
2. a shared concept of the synonym table (``templates/synonyms.yaml``): 0.95; or the query
   names a category of that file and the candidate is one of its members ("allergies to
   medications" -> a codeine allergy, "bowel habits" -> bloody diarrhoea): 0.92;
3. the content words of one side all occur in the other ("pain" vs "chest pain"): 0.9;
4. cosine similarity of sentence embeddings, when an encoder is given and the cosine
   reaches the threshold: 0.85 x cosine.

Record texts are embedded once, at :meth:`Matcher.index` (agent start-up); a query is
embedded at most once per process (cached), so a turn costs at most one encoder call on
the short slot strings it names. Without an encoder only steps 1-3 apply.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Protocol, Sequence, TypeVar

import numpy as np

from tod.lexicon import LayLexicon, load_categories, load_examiner_signs, load_synonym_groups, phrase_pattern

K = TypeVar("K")

#: Default cosine threshold for step 4 (all-MiniLM-L6-v2: "heart disease" vs "heart
#: attack" 0.72, vs "diabetes" 0.38, vs "high blood pressure" 0.41).
DEFAULT_THRESHOLD = 0.6

#: The lowest score of a lexical match (step 3); embedding matches score below it.
LEXICAL_FLOOR = 0.9
#: The score of a shared concept (step 2); equal texts score 1.0.
SYNONYM_SCORE = 0.95

#: Words that carry no identity of an item ("any", "history of", "problems").
_GENERIC_WORDS = frozenset(
    """a an the any some of in on at to for with and or my your you have has had do does
    did is are was were be been being ever recent recently history problem problems issue
    issues condition conditions disease diseases trouble test tests result results level
    levels check checked""".split()
)
_NON_WORD = re.compile(r"[^a-z0-9%/.+-]+")


#: Body regions a question may name ("joint pain", "forearm pain"), by word: a word maps to
#: the regions it lies in ("knee" is in the leg and is a joint), a word not listed is no body
#: part. A record fact answers such a question only where it lies in one of those regions.
_BODY_REGIONS: dict[str, frozenset[str]] = {
    word: frozenset(regions.split())
    for words, regions in (
        ("head scalp forehead headache", "head"), ("earache", "ear"), ("toothache", "mouth"),
        ("stomachache bellyache tummyache", "abdomen"), ("backache", "back"), ("face facial cheek", "face"), ("eye eyelid", "eye"), ("ear", "ear"),
        ("nose nostril", "nose"), ("mouth lip tongue tooth teeth gum", "mouth"), ("jaw", "jaw face"),
        ("throat", "throat neck"), ("neck", "neck"), ("shoulder", "shoulder arm joint"),
        ("arm upper-arm", "arm"), ("forearm", "arm"), ("elbow", "arm joint"), ("wrist", "arm hand joint"),
        ("hand palm", "hand arm"), ("finger thumb knuckle", "hand joint"), ("chest rib breastbone sternum retrosternal substernal", "chest"),
        ("breast nipple", "breast chest"), ("back spine lumbar", "back"), ("abdomen abdominal belly stomach tummy epigastric epigastrium umbilical periumbilical", "abdomen"),
        ("flank", "abdomen back"), ("hip", "hip leg joint"), ("groin", "groin"), ("pelvis pelvic", "pelvis"),
        ("buttock", "buttock"), ("leg", "leg"), ("thigh calf shin", "leg"), ("knee", "leg joint"),
        ("ankle", "leg foot joint"), ("foot feet heel toe sole", "foot leg"), ("joint", "joint"),
        ("muscle", "muscle"), ("bone", "bone"), ("skin", "skin"), ("genital penis testicle scrotum vagina vaginal vulva", "genital"),
        ("rectum rectal anus anal", "rectum"), ("bladder", "bladder"), ("kidney", "kidney"),
        # organs and operations named by them: where an operation or injury lies
        ("appendix appendectomy appendicectomy bowel colon intestine gallbladder cholecystectomy hernia caesarean "
         "cesarean laparoscopy laparotomy", "abdomen"), ("coronary", "heart"), ("concussion skull", "head"),
        ("tonsil tonsillectomy", "throat neck"), ("hysterectomy uterus womb ovary", "pelvis abdomen"),
    )
    for word in words.split()
}


def body_regions(text: str) -> frozenset[str]:
    """The body regions ``text`` names ("sore left knee" -> {"leg", "joint"}); empty when it
    names no body part."""
    return frozenset(r for w in normalise(text).split() for r in _BODY_REGIONS.get(w, ()))


def asked_place(text: str) -> frozenset[str]:
    """The body regions a question places its item in (:func:`body_regions`), the skin left
    out: it covers the whole body, so "bumps on my skin?" asks about bumps anywhere (a rash
    recorded on the arms is such bumps)."""
    return body_regions(text) - {"skin"}


class TextEncoder(Protocol):
    """A sentence encoder: ``encode(texts)`` returns one L2-normalised row per text."""

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float array of unit vectors."""
        ...


#: Endings of singular words that end in "s" but are no plural ("sinus", "virus",
#: "arthritis", "pelvis", "glass").
_SINGULAR_S_ENDINGS = ("ss", "us", "is")


def _stem(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith(_SINGULAR_S_ENDINGS):
        return word[:-1]
    return word


def normalise(text: str) -> str:
    """Lower case, punctuation (except inside numbers and units) to spaces, words stemmed
    by dropping a plural "s", whitespace collapsed. "Headaches!" -> "headache"."""
    words = _NON_WORD.sub(" ", text.lower()).split()
    return " ".join(_stem(w.strip(".")) for w in words if w.strip("."))


def own_word(text: str, stem: str) -> str:
    """The word of ``text`` (lower case, as its speaker wrote it) whose normalised form is
    ``stem``, so a reply says the doctor's word, never its stem ("sinuses" for "sinuse");
    ``stem`` itself when no word of ``text`` has that form."""
    words = (w.strip(".") for w in _NON_WORD.sub(" ", text.lower()).split())
    return next((w for w in words if w and _stem(w) == stem), stem)


def content_words(text: str) -> frozenset[str]:
    """The normalised words of ``text`` minus generic words ("any", "history", "problems")."""
    return frozenset(w for w in normalise(text).split() if w not in _GENERIC_WORDS)


#: Words two texts may share without naming the same thing ("vision changes" and "change in
#: bowel habit"): a shared word of these relates them, but never makes one the other's answer.
WEAK_WORDS = frozenset(
    normalise("""change new feeling sensation bad severe mild left right side upper lower difficulty loss increase
    decrease increased decreased more less frequent sudden unusual abnormal persistent constant""").split()
)

#: Words that name a kind of complaint, not what it is of ("infection", "disorder", "disease"):
#: two texts sharing only these (and :data:`WEAK_WORDS`) name different things unless the head
#: is shared too ("chest infection" and "urinary tract infection", "liver disease" and
#: "kidney disease"), however close their embeddings lie.
KIND_WORDS = frozenset(
    normalise("""infection infections illness illnesses disorder disorders disease diseases condition conditions
    problem problems issue issues trouble troubles""").split()
)


class SynonymTable:
    """Concept lookup: which synonym groups a phrase mentions (whole words, normalised)."""

    def __init__(self, groups: dict[str, tuple[str, ...]]) -> None:
        self._member_concept: dict[str, set[str]] = {}
        for name, members in groups.items():
            for member in members:
                self._member_concept.setdefault(normalise(member), set()).add(name)
        members = [m for m in self._member_concept if m]
        self._pattern = phrase_pattern(members) if members else None

    @classmethod
    def load(cls, path: str | Path | None = None) -> "SynonymTable":
        """The table of ``synonyms.yaml`` (default: the repository's templates folder)."""
        return cls(load_synonym_groups(path))

    def concepts(self, text: str) -> frozenset[str]:
        """The groups whose members occur in ``text`` as whole words (after normalising)."""
        if self._pattern is None:
            return frozenset()
        found: set[str] = set()
        for match in self._pattern.finditer(normalise(text)):
            found |= self._member_concept[match.group(0).lower()]
        return frozenset(found)


class CategoryTable:
    """Category lookup: the categories a doctor's phrase names ("medications for your
    diabetes" -> diabetes_medication) and whether a record text is one of their members
    ("metformin 500 mg twice daily")."""

    def __init__(self, categories: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> None:
        self._names = {normalise(n): name for name, (names, _) in categories.items() for n in names}
        self._name_words = {name: frozenset(w for n in names for w in content_words(n)) for name, (names, _) in categories.items()}
        self._members = {name: frozenset(normalise(m) for m in members) for name, (_, members) in categories.items()}
        self._name_pattern = phrase_pattern(list(self._names)) if self._names else None
        self._member_pattern = {name: phrase_pattern(list(m)) for name, m in self._members.items()}

    @classmethod
    def load(cls, path: str | Path | None = None) -> "CategoryTable":
        """The categories of ``synonyms.yaml`` (default: the repository's templates folder)."""
        return cls(load_categories(path))

    def named(self, text: str) -> tuple[str, ...]:
        """The categories ``text`` names: the longest category phrase it holds as whole words
        first ("medications for your diabetes" before "medications")."""
        if self._name_pattern is None:
            return ()
        found = [self._names[m.group(0).lower()] for m in self._name_pattern.finditer(normalise(text))]
        return tuple(dict.fromkeys(found))

    def name_words(self, category: str) -> frozenset[str]:
        """The words of every phrase that names ``category`` ("medication", "meds", "pills", ...)."""
        return self._name_words[category]

    def member_of(self, text: str) -> frozenset[str]:
        """The categories ``text`` holds a member of ("bronchitis" -> lung_condition)."""
        norm = normalise(text)
        return frozenset(name for name, pattern in self._member_pattern.items() if pattern.search(norm))

    def related(self, query: str, candidate: str) -> bool:
        """Whether ``query`` and ``candidate`` are kin: members of one category ("bronchitis"
        and "COPD", "aspirin" and "metformin"), or ``candidate`` a member of what ``query`` names;
        never a ``candidate`` that lies apart from the body part ``query`` names ("ear infections"
        and a chlamydia infection share no more than the class word)."""
        place = asked_place(query)
        if place and not place & body_regions(candidate):
            return False
        return bool(self.member_of(query) & self.member_of(candidate)) or self.covers(query, candidate)

    def covers(self, query: str, candidate: str) -> bool:
        """Whether ``candidate`` (record text) is a member of the first category ``query``
        names (the most specific: "diabetes medication" does not cover aspirin), lying where
        the query places the category (:meth:`placed_elsewhere`)."""
        named = self.named(query)
        return (bool(named) and self._member_pattern[named[0]].search(normalise(candidate)) is not None
                and not self.placed_elsewhere(query, named[0], candidate))

    def placed_elsewhere(self, query: str, category: str, candidate: str) -> bool:
        """Whether ``query`` narrows ``category`` to a body part by a word besides the category's
        own names ("ear infections": the ear) and ``candidate`` does not lie there: the class word
        alone ("infection") never links a chlamydia infection to the ear infections asked."""
        place = body_regions(" ".join(content_words(query) - self._name_words[category]))
        return bool(place) and not place & body_regions(candidate)


class Matcher:
    """Scores how well a named item matches record texts (see the module docstring).

    Args:
        encoder: sentence encoder for step 4, or ``None`` for lexical matching only.
        synonyms: concept groups for step 2.
        lexicon: lay table applied to both sides before comparing.
        threshold: minimum cosine for an embedding match.
        categories: category table for step 2 (default: the repository's).
    """

    def __init__(
        self,
        encoder: TextEncoder | None,
        synonyms: SynonymTable,
        lexicon: LayLexicon,
        *,
        threshold: float = DEFAULT_THRESHOLD,
        categories: CategoryTable | None = None,
    ) -> None:
        self.encoder = encoder
        self.categories = categories or default_categories()
        self.synonyms = synonyms
        self.lexicon = lexicon
        self.threshold = threshold
        self._vectors: dict[str, np.ndarray] = {}
        self._forms: dict[str, tuple[str, frozenset[str], frozenset[str]]] = {}

    def index(self, texts: Iterable[str]) -> None:
        """Precompute the forms and (in one encoder call) the embeddings of record texts."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        for text in todo:
            self._form(text)
        if self.encoder is not None and todo:
            for text, vector in zip(todo, self.encoder.encode(todo)):
                self._vectors[text] = np.asarray(vector, dtype=np.float32)

    def _form(self, text: str) -> tuple[str, frozenset[str], frozenset[str]]:
        form = self._forms.get(text)
        if form is None:
            lay = self.lexicon.to_lay(text)
            concepts = self.synonyms.concepts(text) | self.synonyms.concepts(lay)
            form = (normalise(lay), content_words(lay) | content_words(text), concepts)
            self._forms[text] = form
        return form

    def _vector(self, text: str) -> np.ndarray:
        vector = self._vectors.get(text)
        if vector is None:
            assert self.encoder is not None
            vector = np.asarray(self.encoder.encode([text])[0], dtype=np.float32)
            self._vectors[text] = vector
        return vector

    def lexical_score(self, query: str, candidate: str) -> float:
        """Steps 1-3: 1.0, 0.95 or 0.92, 0.9, or 0.0 when none fires."""
        q_norm, q_words, q_concepts = self._form(query)
        c_norm, c_words, c_concepts = self._form(candidate)
        if not q_norm or not c_norm:
            return 0.0
        if q_norm == c_norm:
            return 1.0
        if q_concepts & c_concepts:
            return SYNONYM_SCORE
        if self.categories.covers(query, candidate):
            return 0.92
        if q_words and c_words and (q_words <= c_words or c_words <= q_words):
            return 0.9
        return 0.0

    def score(self, query: str, candidate: str) -> float:
        """The match score of ``query`` against ``candidate`` in [0, 1]; 0 = no match."""
        lexical = self.lexical_score(query, candidate)
        if lexical or self.encoder is None or not query.strip() or not candidate.strip():
            return lexical
        if self.shares_only_weak_words(query, candidate):
            return 0.0
        cosine = float(self._vector(query) @ self._vector(candidate))
        return 0.85 * cosine if cosine >= self.threshold else 0.0

    def shares_only_weak_words(self, query: str, candidate: str) -> bool:
        """Whether the two texts (as asked and in lay words) share words, all of them change or
        degree words (:data:`WEAK_WORDS`) or kind words (:data:`KIND_WORDS`), while each names
        something else besides: "hair loss" and "loss of appetite", "difficulty swallowing" and
        "difficulty sleeping", "chest infection" and "urinary tract infection" name different
        things, however close their embeddings lie."""
        q_words, c_words = (self._form(t)[1] | (set(normalise(t).split()) & KIND_WORDS) for t in (query, candidate))
        shared, weak = q_words & c_words, WEAK_WORDS | KIND_WORDS
        return bool(shared) and shared <= weak and bool(q_words - weak) and bool(c_words - weak)

    def best(self, query: str, candidates: Sequence[tuple[K, Sequence[str]]]) -> K | None:
        """The key of the candidate whose best text scores highest for ``query``, or ``None``
        when no text matches. Ties go to the earlier candidate (record order)."""
        best_key: K | None = None
        best_score = 0.0
        for key, texts in candidates:
            score = max((self.score(query, t) for t in texts), default=0.0)
            if score > best_score:
                best_key, best_score = key, score
        return best_key


@lru_cache(maxsize=1)
def default_synonyms() -> SynonymTable:
    """The repository's synonym table, loaded once per process."""
    return SynonymTable.load()


@lru_cache(maxsize=1)
def default_categories() -> CategoryTable:
    """The repository's category table, loaded once per process."""
    return CategoryTable.load()


@lru_cache(maxsize=1)
def _examiner_sign_pattern() -> re.Pattern[str]:
    return phrase_pattern([normalise(s) for s in load_examiner_signs()])


def names_examiner_sign(text: str) -> bool:
    """Whether ``text`` names a sign only an examiner sees or measures (``examiner_signs`` of
    ``templates/synonyms.yaml``: "papilledema", "enlarged liver" as "hepatomegaly"): the
    patient cannot have noticed it, nor its absence."""
    return _examiner_sign_pattern().search(normalise(text)) is not None

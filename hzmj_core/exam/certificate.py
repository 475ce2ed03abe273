"""Certificate codes (电子证书的验证码): short, URL-safe, and checked.

An exam code packs the level, the exam's seed, the date, a 4-byte hash of the name on the certificate (2 bytes in
format 1, whose codes still verify) and every answer given (each as an integer below its question's
:meth:`~hzmj_core.exam.base.Question.radix`, all in one mixed-radix number), then 4 bytes of SHA-256 over all of
that. A ladder code packs the grade, the date, the name hash and 10 bytes of the SHA-256 of the match file
(:mod:`hzmj_core.exam.ladder`) instead of answers. The bytes are written in base 32 (A-Z, 2-7), grouped by dashes.

Verifying a code checks the 4 bytes (a typo or an edit fails), then regenerates the exam from the seed and
grades the answers again (a code whose answers do not pass is refused): the code proves that these answers to this
exam pass, offline, with nothing secret. Like any offline check it cannot prove who answered, when, or under what
clock: the date is the issuing device's, and a date after the verifying device's today is refused.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..reasons import Reason
from .exams import LEVELS, Level, grade, make_exam

VERSION = 2
"""The format codes are issued in: 2 binds the name by 4 bytes of SHA-256."""
READS = {1: 2, 2: 4}
"""The formats this version verifies, each with its name hash's length in bytes (format 1: 2 bytes)."""
LADDER = 3
"""The level number of a ladder certificate (exam levels are 1 and 2)."""
_EPOCH = datetime.date(2024, 1, 1).toordinal()
FIRST_DAY = "2024-01-01"
"""The first date a certificate can carry (day 1)."""


class CodeError(ValueError):
    """A code that does not verify: ``reason`` says why (a code of :data:`~hzmj_core.reasons.EXAM_CODES`), which
    the page words in the player's language; the message is its English, in one line."""

    def __init__(self, code: str, **params: Any) -> None:
        self.reason = Reason(code, params)
        super().__init__(self.reason.text("en", glossed=False))


def clean_name(name: str) -> str:
    """A name as it enters a certificate: control characters (C0, C1) and lone surrogates dropped, runs of white
    space made one space, trimmed."""
    kept = "".join(c for c in name if unicodedata.category(c) not in ("Cc", "Cs") or c in "\t\n\r")
    return " ".join(kept.split())


def name_hash(name: str, size: int = READS[VERSION]) -> int:
    """``size`` bytes of SHA-256 of the name as typed (:func:`clean_name`, case folded)."""
    data = clean_name(name).casefold().encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:size], "big")


def check_date(date: str, today: datetime.date | None = None) -> datetime.date:
    """An ISO date a certificate can carry: from 2024-01-01 to ``today`` (the device's, by default);
    :class:`CodeError` in words otherwise."""
    shown = date[:40].encode("utf-8", "replace").decode()
    try:
        d = datetime.date.fromisoformat(date)
    except ValueError:
        raise CodeError("cert_date_form", value=shown) from None
    if d < datetime.date(2024, 1, 1):
        raise CodeError("cert_date_early", date=d.isoformat(), first=FIRST_DAY)
    now = today or datetime.date.today()
    if d > now:
        raise CodeError("cert_date_future", date=d.isoformat(), today=now.isoformat())
    return d


def day_number(date: str | None, today: datetime.date | None = None) -> int:
    """Days since 2024-01-01 (1 = that day) of an ISO date (:func:`check_date`), 0 for none."""
    if not date:
        return 0
    return check_date(date, today).toordinal() - _EPOCH + 1


def _date(day: int) -> str | None:
    if day <= 0:
        return None
    if day - 1 + _EPOCH > datetime.date.max.toordinal():
        raise CodeError("cert_date_range")
    return datetime.date.fromordinal(day - 1 + _EPOCH).isoformat()


def _varint(n: int) -> bytes:
    if n < 0:
        raise ValueError("a varint is never negative")
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def varint(self) -> int:
        n = shift = 0
        while True:
            if self.pos >= len(self.data) or shift > 630:
                raise CodeError("cert_cut_short")
            b = self.data[self.pos]
            self.pos += 1
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return n

    def take(self, k: int) -> bytes:
        if self.pos + k > len(self.data):
            raise CodeError("cert_cut_short")
        out = self.data[self.pos:self.pos + k]
        self.pos += k
        return out


def _seal(body: bytes) -> str:
    raw = body + hashlib.sha256(body).digest()[:4]
    text = base64.b32encode(raw).decode().rstrip("=")
    return "-".join(text[i:i + 5] for i in range(0, len(text), 5))


def _open(code: object) -> _Reader:
    if not isinstance(code, str) or not code.strip():
        raise CodeError("cert_empty")
    text = code.strip().upper().replace("-", "").replace(" ", "")
    if not text.isalnum() or any(c in "0189" for c in text):
        raise CodeError("cert_characters")
    try:
        raw = base64.b32decode(text + "=" * (-len(text) % 8))
    except ValueError:
        raise CodeError("cert_length") from None
    if len(raw) < 8:
        raise CodeError("cert_short")
    if base64.b32encode(raw).decode().rstrip("=") != text:
        # the last character's unused bits are set: the code was edited there (the check cannot see those bits)
        raise CodeError("cert_damaged")
    body, check = raw[:-4], raw[-4:]
    if hashlib.sha256(body).digest()[:4] != check:
        raise CodeError("cert_damaged")
    return _Reader(body)


def exam_code(level: Level, seed: int, packed: list[int], radices: list[int], date: str | None = None,
              name: str = "", today: datetime.date | None = None) -> str:
    """The code of a graded exam (answers already packed per question); a date outside 2024-01-01 … ``today``
    is refused (:class:`CodeError`)."""
    value = 0
    for p, r in zip(reversed(packed), reversed(radices), strict=True):
        value = value * r + p
    size = READS[VERSION]
    body = bytes([VERSION << 4 | level.code]) + _varint(seed) + _varint(day_number(date, today)) + \
        name_hash(name, size).to_bytes(size, "big") + _varint(value)
    return _seal(body)


def ladder_code(grade_number: int, file_hash: bytes, date: str | None = None, name: str = "",
                today: datetime.date | None = None) -> str:
    """The code of a ladder grade, pinning the match file by the first 10 bytes of its SHA-256."""
    size = READS[VERSION]
    body = bytes([VERSION << 4 | LADDER, grade_number]) + _varint(day_number(date, today)) + \
        name_hash(name, size).to_bytes(size, "big") + file_hash[:10]
    return _seal(body)


@dataclass
class Decoded:
    """What a code says, before the exam or the matches are checked again."""

    level: int
    version: int = VERSION
    seed: int = 0
    day: int = 0
    name: int = 0
    answers_value: int = 0
    grade: int = 0
    file_hash: bytes = b""

    def name_matches(self, name: str) -> bool:
        """Whether ``name`` hashes to the code's name hash (of the code's format's length)."""
        return name_hash(name, READS[self.version]) == self.name

    def date(self, today: datetime.date | None = None) -> str | None:
        """The code's date, refused (:class:`CodeError`) when it is after ``today`` (the device's by default)."""
        iso = _date(self.day)
        if iso is not None:
            now = today or datetime.date.today()
            if datetime.date.fromisoformat(iso) > now:
                raise CodeError("cert_date_future", date=iso, today=now.isoformat())
        return iso


def decode(code: object) -> Decoded:
    """Read a code (its check verified); :class:`CodeError` with the reason otherwise."""
    rd = _open(code)
    head = rd.take(1)[0]
    version = head >> 4
    if version not in READS:
        raise CodeError("cert_version", value=version, supported=VERSION)
    size = READS[version]
    lv = head & 0xF
    if lv == LADDER:
        g = rd.take(1)[0]
        day = rd.varint()
        nm = int.from_bytes(rd.take(size), "big")
        fh = rd.take(10)
        out = Decoded(LADDER, version, day=day, name=nm, grade=g, file_hash=fh)
    elif lv in {x.code for x in LEVELS.values()}:
        seed = rd.varint()
        day = rd.varint()
        nm = int.from_bytes(rd.take(size), "big")
        out = Decoded(lv, version, seed=seed, day=day, name=nm, answers_value=rd.varint())
    else:
        raise CodeError("cert_level", value=lv)
    if rd.pos != len(rd.data):
        raise CodeError("cert_left_over")
    return out


def verify_exam(code: object, name: str | None = None, today: datetime.date | None = None) -> dict[str, Any]:
    """Regenerate and regrade the exam in a code: ``{valid: true, level, seed, right, total, passed, date, ...}``.
    Raises :class:`CodeError` with its reason when the code does not verify (a date after ``today``, the
    verifying device's by default, among the reasons)."""
    d = decode(code)
    date = d.date(today)
    if d.level == LADDER:
        raise CodeError("cert_is_ladder")
    level = next(x for x in LEVELS.values() if x.code == d.level)
    if d.seed >= 1 << 64:
        raise CodeError("cert_seed")
    _, _, questions = make_exam(level.id, d.seed)
    value = d.answers_value
    answers = []
    for q in questions:
        r = q.radix()
        answers.append(q.unpack(value % r))
        value //= r
    if value:
        raise CodeError("cert_answers_over")
    g = grade(level.id, d.seed, answers)
    if name is not None and not d.name_matches(name):
        raise CodeError("cert_name")
    if not g.passed:
        raise CodeError("cert_below_pass", score=g.score, total=len(questions), pass_mark=level.pass_mark)
    return {"valid": True, "level": level.id, "name_zh": level.name_zh, "name_en": level.name_en, "seed": d.seed,
            "right": g.score, "total": len(questions), "passed": True, "pass_mark": level.pass_mark,
            "date": date, "answers": answers, "format": d.version}


def date_of(day: int) -> str | None:
    """The ISO date of a day number (None for 0)."""
    return _date(day)

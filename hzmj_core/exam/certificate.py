"""Certificate codes (电子证书的验证码): short, URL-safe, and checked.

An exam code packs the level, the exam's seed, the date, a 2-byte hash of the name on the certificate and every
answer given (each as an integer below its question's :meth:`~hzmj_core.exam.base.Question.radix`, all in one
mixed-radix number), then 4 bytes of SHA-256 over all of that. A ladder code packs the grade, the date, the name
hash and 10 bytes of the SHA-256 of the match file (:mod:`hzmj_core.exam.ladder`) instead of answers. The bytes are
written in base 32 (A-Z, 2-7), grouped by dashes.

Verifying a code checks the 4 bytes (a typo or an edit fails), then regenerates the exam from the seed and
grades the answers again (a code whose answers do not pass is refused): the code proves that these answers to this
exam pass, offline, with nothing secret. Like any offline check it cannot prove who answered.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from ..reasons import Reason
from .base import ExamError
from .exams import LEVELS, Level, grade, make_exam

VERSION = 1
LADDER = 3
"""The level number of a ladder certificate (exam levels are 1 and 2)."""
_EPOCH = datetime.date(2024, 1, 1).toordinal()


class CodeError(ValueError):
    """A code that does not verify: ``reason`` says why (a code of :data:`~hzmj_core.reasons.EXAM_CODES`), which
    the page words in the player's language; the message is its English, in one line."""

    def __init__(self, code: str, **params: Any) -> None:
        self.reason = Reason(code, params)
        super().__init__(self.reason.text("en", glossed=False))


def name_hash(name: str) -> int:
    """Two bytes of SHA-256 of the name as typed (spaces trimmed, case folded)."""
    return int.from_bytes(hashlib.sha256(name.strip().casefold().encode()).digest()[:2], "big")


def day_number(date: str | None) -> int:
    """Days since 2024-01-01 (1 = that day) of an ISO date, 0 for none."""
    if not date:
        return 0
    try:
        return datetime.date.fromisoformat(date).toordinal() - _EPOCH + 1
    except ValueError:
        raise ExamError(f"date must be YYYY-MM-DD, not {date!r}") from None


def _date(day: int) -> str | None:
    return None if day <= 0 else datetime.date.fromordinal(day - 1 + _EPOCH).isoformat()


def _varint(n: int) -> bytes:
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
              name: str = "") -> str:
    """The code of a graded exam (answers already packed per question)."""
    value = 0
    for p, r in zip(reversed(packed), reversed(radices), strict=True):
        value = value * r + p
    body = bytes([VERSION << 4 | level.code]) + _varint(seed) + _varint(day_number(date)) + \
        name_hash(name).to_bytes(2, "big") + _varint(value)
    return _seal(body)


def ladder_code(grade_number: int, file_hash: bytes, date: str | None = None, name: str = "") -> str:
    """The code of a ladder grade, pinning the match file by the first 10 bytes of its SHA-256."""
    body = bytes([VERSION << 4 | LADDER, grade_number]) + _varint(day_number(date)) + \
        name_hash(name).to_bytes(2, "big") + file_hash[:10]
    return _seal(body)


@dataclass
class Decoded:
    """What a code says, before the exam or the matches are checked again."""

    level: int
    seed: int = 0
    day: int = 0
    name: int = 0
    answers_value: int = 0
    grade: int = 0
    file_hash: bytes = b""


def decode(code: object) -> Decoded:
    """Read a code (its check verified); :class:`CodeError` with the reason otherwise."""
    rd = _open(code)
    head = rd.take(1)[0]
    if head >> 4 != VERSION:
        raise CodeError("cert_version", value=head >> 4, supported=VERSION)
    lv = head & 0xF
    if lv == LADDER:
        g = rd.take(1)[0]
        day = rd.varint()
        nm = int.from_bytes(rd.take(2), "big")
        fh = rd.take(10)
        out = Decoded(LADDER, day=day, name=nm, grade=g, file_hash=fh)
    elif lv in {x.code for x in LEVELS.values()}:
        seed = rd.varint()
        day = rd.varint()
        nm = int.from_bytes(rd.take(2), "big")
        out = Decoded(lv, seed=seed, day=day, name=nm, answers_value=rd.varint())
    else:
        raise CodeError("cert_level", value=lv)
    if rd.pos != len(rd.data):
        raise CodeError("cert_left_over")
    return out


def verify_exam(code: object, name: str | None = None) -> dict[str, Any]:
    """Regenerate and regrade the exam in a code: ``{valid: true, level, seed, right, total, passed, date, ...}``.
    Raises :class:`CodeError` with its reason when the code does not verify."""
    d = decode(code)
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
    if name is not None and name_hash(name) != d.name:
        raise CodeError("cert_name")
    if not g.passed:
        raise CodeError("cert_below_pass", score=g.score, total=len(questions), pass_mark=level.pass_mark)
    return {"valid": True, "level": level.id, "name_zh": level.name_zh, "name_en": level.name_en, "seed": d.seed,
            "right": g.score, "total": len(questions), "passed": True, "pass_mark": level.pass_mark,
            "date": _date(d.day), "answers": answers}


def date_of(day: int) -> str | None:
    """The ISO date of a day number (None for 0)."""
    return _date(day)

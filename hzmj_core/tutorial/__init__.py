"""The tutorial: a catalogue of short lessons, each with exercises whose answers come from the engine.

An exercise is *data* (:mod:`.content`): a hand or a scripted position (:mod:`.positions`, a scenario hand
log built with :func:`hzmj_core.scenario.build_wall`) and a question. Nothing stores an answer: :func:`check`
(:mod:`.checking`) asks the engine (win evaluation, hand analysis, the round state machine, the settlement)
what the right answer is, compares it with the learner's, and explains both in Chinese and English, naming
seats from the learner's (你/下家/对家/上家). :mod:`.presenting` gives the page what it shows, and
:mod:`.widget` the ``<hzmj-hand>`` analysis, :mod:`.embed` the widgets' markup with that analysis carried
inside it.

Exercise kinds (``kind``):

``tile``
    Find the tile written in notation. Answer: a tile (``"5p"``).
``win_value``
    Is this a win, and how many fan is it worth? Answer: ``null`` (no win) or the fan ``F``.
``baotou_discard``
    Fourteen tiles: which discard leaves a hand in 暴头 state? Answer: a tile.
``waits``
    Thirteen tiles: which tiles win, and how many of them are left? Answer: ``{"tiles": [...], "left": n}``.
``payments``
    Who pays what? Answer: the four point changes ``[d0, d1, d2, d3]``.
``move``
    A scripted position: play the right move. Answer: an action (``"S1 discard P"``). With goal ``best`` the
    engine plays every candidate out (the other seats discard what they draw and never claim) and the moves
    with the best result for the learner are right; with goal ``legal`` any legal move is right.
``claimants``
    A discard was just made: which seats may claim it (win, pong or chow)? Answer: a list of seats.
"""

from .base import Exercise, Lesson, LessonError
from .checking import check
from .content import LESSONS
from .embed import carried_hand, carried_lesson, carried_tutorial, embed, hand_markup, lesson_markup
from .presenting import catalogue, exercise_ids, lesson, present
from .widget import hand_widget

__all__ = ["LESSONS", "Exercise", "Lesson", "LessonError", "carried_hand", "carried_lesson", "carried_tutorial",
           "catalogue", "check",
           "embed", "exercise_ids", "hand_markup", "hand_widget", "lesson", "lesson_markup", "present"]

"""保皇 Baohuang — RULES.md Part B on the shared climbing core (engine.plays).

``Rules`` is the oracle (parse, beats; options of B.2 and presets of B.1); ``State`` one match of ``hands``
hands. Game-specific ``view`` fields: ``hand_no``, ``hands``, ``top``, ``lap``, ``rang`` (让 players this
lap), ``emperor``, ``x_holder`` (who holds 皇牌 X^ / whose pot turn it is during selection), ``called`` (the
called identity, B-14), ``solo`` ("ming" / "grab" public; "an" only for the emperor or once revealed),
``guard`` (only the guard's own seat, or after a public reveal), ``guard_public``, ``role`` (the viewer's
own role), ``mingbao``, ``rebels`` (declared 造反), ``transit`` (cards travelling with X^ or in the pot),
``tuoguan``, ``left``, ``options`` (every B.2 option, resolved).

Phases: ``abdicate`` (让位) · ``call`` (叫庄) · ``pot`` (放底牌) · ``declare`` (the emperor calls / 明独保) ·
``grab`` (抢独/抢庄) · ``mingbao`` (明保 window) · ``rebellion`` (造反 window) · ``play`` · ``over``.

Modules: ``options`` (B.2 specs, presets) · ``rules`` (the oracle) · ``emperor`` (deal, selection, guard,
明保, 造反) · ``tableplay`` (rounds, laps, 接风, 憋/清, end of hand) · ``scoring`` (B-34 … B-41) · ``cardpick``
(which physical cards a play uses) · ``state`` (the API: legal actions, apply, views, 托管, from_view).

Readings chosen where RULES.md leaves room (see also the comments at each rule id):
- B-7.4 the forced acceptance applies with the called-triple guard (经典); "four identical cards" = a suited
  identity held four times. The abdication payment card is chosen deterministically (2 of the lowest suit,
  else the highest non-joker card); its identity is told only to the payer and, with the rest of the
  travelling cards, to the acceptor; the public learns only how many cards travel.
- B-8 call mode offers 叫庄 (a held triple or quad), 明独保 and 让庄; 抢庄 (B-9) is a grab window after the
  call, asked in turn order from the X^ holder (抢独: from the emperor's 上家 outwards). No "any time" grab.
- B-11 accepting the pot needs a callable identity held three or more times in either guard mode.
- B-16/B-18 the 明保 and 造反 windows ask every non-emperor seat in turn (the guard is offered only
  "decline" for 造反, a rebel only "decline" for 明保), so who is asked reveals nothing; 暗独保 runs the same
  windows. B-19: the emperor playing the fourth copy of his called card (暗独保) or ``x^`` also reveals.
- B-22 a hand of only lowest-rank cards must lead all of them; they are never an answer.
- B-33 the 明独保 (24-12) / 抢庄 early end applies with ``hand_end = "side-finished"`` only (literal).
- B-46 … B-48: ``tuoguan``/``untuoguan``/``leave`` are host actions (any seat, any time); the table is
  dissolved when a hand ends with anyone in 托管; a hand with all five in 托管 scores 0.
- B-45 ``tribute_between_hands`` is accepted but has no effect (the seeds give no quantities).
"""
from engine.baohuang.options import SPECS, BaohuangOptions
from engine.baohuang.rules import Rules
from engine.baohuang.state import State

__all__ = ["Rules", "State", "SPECS", "BaohuangOptions"]

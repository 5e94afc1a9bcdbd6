"""保皇 Baohuang — RULES.md Part B on the shared climbing core (engine.plays).

``Rules`` is the oracle (parse, beats; options of B.2 and presets of B.1); ``State`` one match of ``hands``
hands. Game-specific ``view`` fields: ``hand_no``, ``hands``, ``top``, ``lap``, ``rang`` (让 players this
lap), ``emperor``, ``x_holder`` (who holds 皇牌 X^ / whose pot turn it is during selection), ``called`` (the
called identity, B-14), ``solo`` ("ming" / "grab" public; "an" only for the emperor or once revealed),
``guard`` (only the guard's own seat, or after a public reveal), ``guard_public``, ``role`` (the viewer's
own role), ``mingbao``, ``rebels`` (declared 造反), ``transit`` (cards travelling with X^ or in the pot),
``tuoguan``, ``left``, ``options`` (every B.2 option, resolved).
"""
from engine.baohuang.options import SPECS, BaohuangOptions
from engine.baohuang.rules import Rules
from engine.baohuang.state import State

__all__ = ["Rules", "State", "SPECS", "BaohuangOptions"]

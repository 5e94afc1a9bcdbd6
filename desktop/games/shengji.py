"""升级 Shengji at the table: four seats, partners opposite (S-3); the deal card by card with 亮主 / 反主
asked as the cards arrive (S-9a), the banker burying 8 cards (S-10), tricks with the winning play marked
(S-17), the defenders' points with their point cards (S-19), both sides' levels and the trump always shown.

The engine's notation is card by card (``3h3h5h``, ``x`` / ``X`` the jokers, RULES.md S-2); a legal set here
is far too large to list (C(33, 8) burials, every multiset of a suit as a lead), so the table offers only the
few actions a hint needs and judges every selection through ``state.action_for_cards``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from desktop import i18n
from desktop.games import NameOf, Presenter, Row, Shows

SUIT_SYMBOL = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}
SUIT_ZH = {"s": "黑桃", "h": "红桃", "c": "梅花", "d": "方块"}
SUIT_EN = {"s": "spades", "h": "hearts", "c": "clubs", "d": "diamonds"}
RANK_SHOWN = {"T": "10"}
POINTS = {"5": 5, "T": 10, "K": 10}
KIND_ZH = {"single": "单张", "pair": "对子", "tractor": "拖拉机", "throw": "甩牌", "shan": "闪", "zhen": "震", "yu": "雨"}
KIND_EN = {"single": "single", "pair": "pair", "tractor": "tractor", "throw": "throw", "shan": "shan 闪",
           "zhen": "zhen 震", "yu": "yu 雨"}
SPECIAL_KEY = {"shan": "sjShan", "zhen": "sjZhen", "yu": "sjYu"}   # 三五番 special plays (SF-14)
SW_SHOWN = ("deal", "declare", "stick", "exchange", "bury")   # phases the face-down declaration sits on the felt
HINT_POOL = 40   # plays taken from the lazy legal set for hints (never the whole set: see the docstring)

def split_cards(text: Any) -> list[str]:
    """``"3h3hX"`` or ``"3h 3h X"`` or a list → ``["3h", "3h", "X"]`` (S-2 notation)."""
    if isinstance(text, (list, tuple)):
        return [str(c) for c in text]
    out: list[str] = []
    s = str(text or "").replace(" ", "")
    i = 0
    while i < len(s):
        if s[i] in "xX":
            out.append(s[i])
            i += 1
        else:
            out.append(s[i:i + 2])
            i += 2
    return out


def card_word(card: str) -> str:
    """A card for a person: ``♥10``, ``小王``, ``大王``."""
    if card == "x":
        return "小王"
    if card == "X":
        return "大王"
    return SUIT_SYMBOL.get(card[1:], card[1:]) + RANK_SHOWN.get(card[0], card[0])


def cards_word(cards: Any) -> str:
    return "".join(card_word(c) for c in split_cards(cards))


def points_of(cards: Any) -> int:
    return sum(POINTS.get(c[0], 0) for c in split_cards(cards) if len(c) == 2)


def trump_word(trump: str | None, fixed: bool, lang: str) -> str:
    if trump is None:
        return i18n.word(lang, "sjNoTrump" if fixed else "sjTrumpUnset")
    return f"{SUIT_SYMBOL[trump]} {i18n.pick(lang, SUIT_ZH, SUIT_EN)[trump]}"


def level_word(level: Any) -> str:
    return RANK_SHOWN.get(str(level), str(level))


class ShengjiPresenter(Presenter):
    _phase = ""
    glyph = "升"
    felt = "wine"               # SPEC §8.3: a wine radial, the card table of the trick game
    # the new-game tile: (Chinese, English) of its two lines
    tile_lines = (("4 人 · 2 对 2", "4 players · 2 v 2"),
                  ("两副牌 · 亮主反主 · 打2到A", "Two decks · declare the trump · play up from 2 to A"))
    pass_kinds: tuple[str, ...] = ()   # 不亮 is no pass in the play (S-9a); the trick game has no pass at all
    match_key = "hand_no"
    hand_base = 1   # the engine numbers its first hand 1
    result_events = ("hand_over",)
    keeps_hand_order = True   # the engine's order: side suits, then the trumps up to 大王 (SPEC §8.1)
    clears_on_lead = True     # a new trick wipes the seats' plays of the last one
    button_kinds = ("declare", "stick")   # 亮主 and 粘牌 (SF-10) name their cards on the button
    auto_answer_kinds = ("decline", "pass")   # asked only so that being asked tells nothing (S-9a)
    lazy_legal = True
    selection_kinds = ("play", "bury", "exchange")
    choice_kinds = ("exchange",)   # 回牌: three cards in one offered action, selected in the hand (SF-10)
    demo_seed = 3
    results_heading = "handSettled"
    results_detail = "games/shengji/BottomDetail.qml"   # the bottom turned up, its points and multiplier (S-19)
    auto_pick_phases = ("bury", "exchange")   # the hint button of a card choice reads 自动选择 (SPEC §8.1)

    def option_word(self, name: str, value: Any, lang: str) -> str | None:
        """A must-play list in level words (``10,K``); other values take the engine's labels (VALUE_LABELS)."""
        if isinstance(value, (list, tuple)):
            return ",".join(level_word(v) for v in value) or "–"
        return None

    def option_shown(self, name: str, current: Mapping[str, Any]) -> bool:
        """三五番 (SF-0) keeps only some Part S options and adds its ``sw_*`` ones; the standard game has none
        of the ``sw_*``."""
        if current.get("variant") == "sanwufan":
            from engine.shengji import options as opts
            kept = getattr(opts, "SF_KEPT", None)
            return name.startswith("sw_") or kept is None or name in kept
        return not name.startswith("sw_")

    def result_data(self, events: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
        """The hand's result with the bottom turned up (``bottom_shown``, every seat sees it at the end)."""
        res = super().result_data(events)
        if res is None:
            return None
        shown = next((e.get("data", {}) for e in events if e.get("kind") == "bottom_shown"), None)
        if shown:
            res["bottom_cards"] = shown.get("cards") or ""
        return res

    def results_detail_rows(self, res: Mapping[str, Any], lang: str, name_of: Any) -> Row:
        """The bottom's eight cards, each point card tagged with its points, and what the bottom was worth
        (S-19: captured by the defenders' last trick, times the multiplier); then the level changes."""
        st = i18n.strings(lang)
        cards = split_cards(res.get("bottom_cards") or "")
        faces = self.faces(cards)
        for f, c in zip(faces, cards):
            f["points"] = POINTS.get(c[0], 0) if len(c) == 2 else 0
        bp = int(res.get("bottom_points") or points_of(cards))
        mult = int(res.get("multiplier") or 0)
        line = (st["sjBottomCaptured"].replace("%1", str(bp)).replace("%2", str(mult)).replace("%3", str(bp * mult))
                if mult else st["sjBottomKept"].replace("%1", str(bp)))
        lines, _ = self.results_extra(res, lang, name_of)
        special = SPECIAL_KEY.get(str(res.get("special")))
        if special and mult:
            line += " · " + st["sjSpecialLast"].replace("%1", st[special]).replace("%2", str(mult))
        return {"title": st["sjBottomTitle"], "bottom": faces, "line": line, "captured": bool(mult),
                "pointTag": st["sjPointTag"], "lines": lines}

    # ---------------------------------------------------------------- seats
    def relation(self, d: int, n: int, s: Mapping[str, str]) -> str:
        if d == 2:
            return s["sjPartner"]
        return super().relation(d, n, s)

    def badges(self, view: Mapping[str, Any], seat: int, me: int, s: Mapping[str, str], lang: str) -> list[Row]:
        out: list[Row] = []
        if view.get("banker") == seat:
            out.append({"text": "♔ " + i18n.word(lang, "sjBanker"), "color": "gold"})
        elif view.get("banker") is not None and seat not in (view.get("banker_side") or []):
            out.append({"text": i18n.word(lang, "sjDefender"), "color": "coral"})
        decl = view.get("declaration")
        if decl and decl.get("seat") == seat and not view.get("trump_fixed") and not view.get("sanwufan"):
            out.append({"text": i18n.word(lang, "sjShows", cards_word(decl.get("cards") or "")), "color": "gold"})
        return out

    def seat_extras(self, view: Mapping[str, Any], seat: int, d: int, lang: str) -> Row:
        # the partner sits opposite (S-3): no 对头 tab; no 报户 count badge (the counts are public anyway)
        return {"call": "", "kaidian": None, "opposite": False, "showMine": True, "report": False}

    def score(self, totals: Sequence[int], me: int, name_of: Any) -> Row:
        return super().score(totals, me, name_of)

    def top_score(self, view: Mapping[str, Any], totals: Sequence[int], me: int, name_of: Any, lang: str) -> Row:
        """The top bar: both sides' levels (我方 打 7 · 对方 打 5), not points (S-22)."""
        levels = view.get("levels") or ["2", "2"]
        mine, theirs = levels[me % 2], levels[1 - me % 2]
        return {"team": True, "mine": i18n.word(lang, "sjAt", level_word(mine)),
                "theirs": i18n.word(lang, "sjAt", level_word(theirs)), "per": []}

    def match_label(self, snap: Mapping[str, Any], s: Mapping[str, str], name_of: NameOf | None = None) -> str:
        view = snap.get("view") or {}
        no = view.get("hand_no") or 1
        head = s["handNo"].replace("%1", str(no))
        if view.get("phase") == "play":
            head += " · " + s["sjTrickOf"].replace("%1", str(int(view.get("trick_no") or 0) + 1))
        # the trump always in the top bar (SPEC §8.1), provisional while the deal may still change it
        trump = trump_word(view.get("trump") or (view.get("declaration") or {}).get("suit"),
                           bool(view.get("trump_fixed")), i18n.lang_of(s))
        return f"{head} · {s['sjTrumpIs']} {trump}" + ("" if view.get("trump_fixed") or not view.get(
            "declaration") else " · " + s["sjOpen"])

    # ---------------------------------------------------------------- cards and plays
    def faces(self, cards: Any) -> list[Row]:
        from desktop.models import card_info
        out = []
        for c in split_cards(cards):
            try:
                out.append(card_info(c))
            except Exception:
                continue
        return out

    def describe(self, text: str, rules: Any, lang: str) -> str:
        return cards_word(text)

    # 粘牌's return (SF-10): one offered action names three cards; the sticker selects them in his hand
    def choice_ok(self, cards: Sequence[str], args: Sequence[str]) -> bool:
        want = sorted(cards)
        for a in args:
            pool = split_cards(a)
            if all(pool.count(c) >= want.count(c) for c in set(want)):
                return True
        return False

    def choice_args(self, cards: Sequence[str], args: Sequence[str]) -> list[str]:
        return [a for a in args if sorted(split_cards(a)) == sorted(cards)][:1]   # the three in one action

    def auto_pick(self, args: Sequence[str], suggest: str, goal: int) -> list[str]:
        pick = suggest if suggest in args else (args[0] if args else "")
        return split_cards(pick)

    def hint_cards(self, hand: Sequence[str], action: Any) -> list[str] | None:
        arg = getattr(action, "arg", None)
        return split_cards(arg) if isinstance(arg, str) and arg else None

    def action_label(self, kind: str, arg: str | None, lang: str) -> str | None:
        if kind == "declare" and arg:
            return i18n.word(lang, "sjDeclareCards", cards_word(arg))
        st = i18n.strings(lang)
        if kind == "stick" and arg:
            return st["sjStick"] + " " + cards_word(arg)
        if kind == "exchange":
            return st["sjExchange"]
        if kind == "pass" and self._phase == "stick":
            return st["sjNoStick"]
        if kind == "pass":
            return st["sjNoDeclare"]
        if kind == "bury":
            return st["sjBury"]
        return None

    def play_note(self, d: Mapping[str, Any], lang: str) -> str:
        """A 三五番 special play named in the round log (闪 / 震 / 雨, SF-14)."""
        key = SPECIAL_KEY.get(str(d.get("kind")))
        return " · " + i18n.strings(lang)[key] if key else ""

    def hint_pool(self, legal: Any) -> list[Any]:
        return list(itertools.islice(legal.plays(), HINT_POOL))

    def pace(self, phase: str) -> float:
        """The deal goes card by card: a draw is quicker than a play."""
        return 0.12 if phase == "deal" else 1.0

    def trick_top(self, view: Mapping[str, Any]) -> int | None:
        """The seat whose play wins the trick so far (S-17), or the last trick's winner once it is complete.
        (The table asks this first of every refresh: the phase is kept for the words of the 不粘 button.)"""
        self._phase = str(view.get("phase") or "")
        if view.get("trick"):
            w = view.get("winning")
        else:
            w = view.get("last_trick_winner")
        return w if isinstance(w, int) else None

    def tracker(self, view: Mapping[str, Any], played: Mapping[int, int], options: Mapping[str, Any]) -> list[Row]:
        """记牌器: the jokers, level cards and point cards not yet seen (played this hand or in my hand);
        ``played`` counts the ranks played so far (the table counts the play events)."""
        from desktop.models import card_info
        level = str(view.get("level") or "2")
        level_rank = card_info(level + "s")["rank"]
        mine: dict[int, int] = {}   # my hand and every card played this hand (the view's, not the event count)
        seen = list(view.get("hand") or []) + split_cards(view.get("played") or "")
        seen += [c for t in view.get("trick") or [] for c in split_cards(t.get("cards"))]
        for c in seen:
            r = card_info(c)["rank"]
            mine[r] = mine.get(r, 0) + 1
        rows: list[Row] = []
        for label, rank, total, hot in (("大王", 17, 2, True), ("小王", 16, 2, True),
                                        ("级" + level_word(level), level_rank, 8, True),
                                        ("K", 13, 8, False), ("10", 10, 8, False), ("5", 5, 8, False)):
            if label[0] != "级" and rank == level_rank:
                continue   # a point rank that is the level: counted in the level row
            left = max(0, total - mine.get(rank, 0))
            rows.append({"rank": rank, "label": label, "left": left, "total": total, "hot": hot, "joker": rank >= 16})
        return rows

    # ---------------------------------------------------------------- the game panel (ui/games/shengji)
    panel = "games/shengji/ShengjiPanel.qml"

    def info(self, snap: Mapping[str, Any], lang: str, name_of: Any) -> Row:
        """What the Shengji panel shows: trump and level, the banker, the defenders' points with the point
        cards, the last trick, the bottom (the banker only), the bury counter."""
        view = snap.get("view") or {}
        me = int(snap.get("seat") or 0)
        banker = view.get("banker")
        phase = view.get("phase")
        fixed = bool(view.get("trump_fixed"))
        decl = view.get("declaration")
        trump = view.get("trump") or (decl or {}).get("suit")   # provisional: the standing declaration's suit
        defenders = None if banker is None else 1 - banker % 2
        captured = view.get("captured") or [[], []]
        pts_cards = split_cards(captured[defenders]) if defenders is not None else []
        last = [{"name": name_of(t["seat"]), "faces": self.faces(t["cards"]),
                 "win": t["seat"] == view.get("last_trick_winner")} for t in view.get("last_trick") or []]
        lead = view.get("lead") or {}
        tk = lead.get("kind")
        trick_pts = sum(points_of(t.get("cards")) for t in view.get("trick") or [])
        trump_text = trump_word(trump, fixed, lang)
        if not fixed and decl:
            trump_text += " · " + i18n.word(lang, "sjProvisional")
        held = list(view.get("hand") or [])
        sel_hint = ""
        goal = self.card_goal(view, me) or 8
        if phase == "bury" and banker == me:
            sel_hint = i18n.word(lang, "sjBuryHint", "%1", goal)   # %1: the count QML fills in
        st = i18n.strings(lang)
        decl_card: Row = {}
        sw = view.get("sanwufan")
        if sw:
            decl_card = self._sw_boxes(view, sw, me, st, name_of, lang)
        elif decl and phase in ("deal", "declare"):
            kind = next((d.get("kind") for d in reversed(view.get("declarations") or [])
                         if d.get("seat") == decl.get("seat")), "declare")
            tag = st.get({"override": "sjOverride", "reinforce": "sjReinforce"}.get(str(kind), "sjDeclare"), "")
            suit = decl.get("suit")
            so_far = st["sjTrumpSoFar"] + " " + (trump_word(suit, True, lang) if suit or decl.get("strength")
                                                    else trump_word(None, True, lang))
            decl_card = {"pos": (int(decl["seat"]) - me) % 4, "faces": self.faces(decl.get("cards") or ""),
                         "tag": tag, "seat": int(decl["seat"]), "boxes": [],
                         "line": st["sjDeclLine"].replace("%1", name_of(decl["seat"])).replace("%2", tag)
                         .replace("%3", cards_word(decl.get("cards") or "")).replace("%4", so_far)
                         .replace("%5", level_word(view.get("level")))}
        pts_now = int(view.get("defender_points") or 0)
        need_text = ""
        if defenders is not None:
            need_text = st["sjNeed"].replace("%1", str(80 - pts_now)) if pts_now < 80 else st["sjUp"]
        info: Row = {
            "decl": decl_card,
            "defenders": st["sjDefenders"].replace("%1", " · ".join(name_of(s) for s in (defenders, defenders + 2)))
            if defenders is not None else "",
            "need": need_text,
            "tray": {"title": st["sjBuryTray"], "points": st["sjBuryPoints"], "pointTag": st["sjPointTag"]},
            "level": level_word(view.get("level")), "trump": trump_text, "trumpSuit": trump or "",
            "trumpFixed": fixed, "banker": name_of(banker) if isinstance(banker, int) else "",
            "points": int(view.get("defender_points") or 0), "pointFaces": self.faces(pts_cards),
            "lastTrick": last, "trickPoints": trick_pts,
            "leadKind": i18n.pick(lang, KIND_ZH, KIND_EN).get(tk, "") if tk else "",
            "bottom": self.faces(view.get("bottom") or ""), "flipped": self.faces(view.get("bottom_flipped") or []),
            "declaration": (f"{name_of(decl['seat'])} · {cards_word(decl.get('cards') or '')}"
                            if decl and decl.get("cards") and not sw else ""),   # 三五番: the box on the felt says it
            "burying": phase == "bury" and banker == me, "buryGoal": goal, "buryHint": sel_hint, "phase": phase,
            "handSize": len(held),
            "labels": {"points": st["sjDefPoints"], "lastTrick": st["sjLastTrick"], "trump": st["sjTrumpLabel"],
                       "level": st["sjLevelLabel"], "bottom": st["sjBottomMine"], "banker": st["sjBanker"],
                       "trickPts": st["sjTrickPts"]},
        }
        return info

    def _sw_boxes(self, view: Mapping[str, Any], sw: Mapping[str, Any], me: int, st: Mapping[str, str],
                  name_of: Any, lang: str) -> Row:
        """三五番 on the felt (SF-7 … SF-11): the declaration as the others see it — the joker(s) face up, the
        pair face down until the burial turns it up — and a sticker's joker with his four face-down cards."""
        from desktop.faces import BACK
        phase = view.get("phase")
        declarer = sw.get("declarer")
        revealed = bool(sw.get("revealed"))
        if not isinstance(declarer, int) or not (phase in SW_SHOWN or (revealed and not view.get("trick_no")
                                                                       and phase == "play")):
            return {}
        jokers = str(sw.get("jokers_shown") or "")
        pair = str(sw.get("pair") or "") if revealed else ""
        down = int(sw.get("face_down") or 0) if not revealed else 0
        faces = self.faces(jokers) + (self.faces(pair) if pair else [dict(BACK) for _ in range(down or 2)])
        takeover = jokers.count("X") + jokers.count("x") >= 2
        tag = st["sjRevealed"] if revealed else st["sjTakeover" if takeover else "sjDing"]
        trump = view.get("trump")
        so_far = ((st["sjTrumpIs"] if revealed else st["sjTrumpSoFar"]) + " " + trump_word(trump, True, lang)
                  if trump else trump_word(None, False, lang))
        what = cards_word(jokers) + (" " + cards_word(pair) if pair else " + " + st["sjFaceDown"].replace(
            "%1", str(down or 2)))
        line = (st["sjDeclLine"].replace("%1", name_of(declarer)).replace("%2", tag).replace("%3", what)
                .replace("%4", so_far).replace("%5", level_word(view.get("level"))))
        boxes = []
        sticker = sw.get("sticker")
        if isinstance(sticker, int) and phase in SW_SHOWN:
            boxes.append({"pos": (sticker - me) % 4, "tag": st["sjStick"],
                          "faces": self.faces(str(sw.get("sticker_joker") or "")) + [dict(BACK) for _ in range(4)]})
        return {"pos": (declarer - me) % 4, "faces": faces, "tag": tag, "seat": declarer, "line": line,
                "boxes": boxes, "revealed": revealed}

    def prompt(self, view: Mapping[str, Any], me: int, name_of: Any, lang: str) -> str:
        """三五番's decisions at hand: whether to stick (the asked seat), which three cards to give back."""
        sw = view.get("sanwufan")
        if not sw:
            return ""
        st = i18n.strings(lang)
        phase, to_act, declarer = view.get("phase"), view.get("to_act"), sw.get("declarer")
        if phase == "stick" and isinstance(declarer, int) and isinstance(to_act, int):
            return (st["sjStickAsk"].replace("%1", name_of(declarer)) if to_act == me
                    else st["sjStickWait"].replace("%1", name_of(to_act)))
        if phase == "exchange" and to_act == me and isinstance(declarer, int):
            ret = (view.get("options") or {}).get("sw_stick_return", "declared_suit")
            return st["sjExchangeAsk"].replace("%1", name_of(declarer)).replace(
                "%2", st["sjExchangeSide" if ret == "any_side" else "sjExchangeDeclared"])
        return ""

    def card_goal(self, view: Mapping[str, Any], me: int) -> int:
        if view.get("phase") == "exchange":
            return 3   # 粘牌's return (SF-10)
        if view.get("phase") == "bury":
            return 4 if view.get("sanwufan") is not None else 8   # the bottom's size (SF-2, S-10)
        return 0

    def hand_marks(self, view: Mapping[str, Any]) -> set[str]:
        """The cards the engine orders as trumps (for the 主 mark): level cards, jokers, the trump suit."""
        level, trump = str(view.get("level") or ""), view.get("trump")
        return {c for c in view.get("hand") or [] if c in ("x", "X") or c[:1] == level
                or (trump is not None and c[1:] == trump)}

    def hand_tag(self, view: Mapping[str, Any], me: int, lang: str) -> str:
        """底 on the cards that came from the bottom, in the banker's hand until the burial ends (SPEC §8.1)."""
        if view.get("phase") == "bury" and view.get("banker") == me:
            return i18n.strings(lang)["sjBottomTag"]
        return ""

    def restored_tags(self, view: Mapping[str, Any], me: int) -> list[str]:
        """Mid-burial, the bottom the banker took (his own ``bottom_taken`` event in his history, S-10, SF-11)."""
        if view.get("phase") != "bury" or view.get("banker") != me:
            return []
        for e in reversed(view.get("history") or []):
            if e.get("kind") == "bottom_taken" and (e.get("data") or {}).get("seat") == me:
                return split_cards(e["data"].get("cards") or "")
        return []

    # ---------------------------------------------------------------- events
    def on_event(self, table: Shows, kind: str, d: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> None:
        me = int(snap["seat"])
        st = i18n.strings(lang)
        seat = d.get("seat")
        who = table.name_of(seat) if isinstance(seat, int) else ""
        if kind == "hand_start":
            table.clear_last()
        elif kind == "bottom_taken" and seat == me:   # the banker's own event (S-10, SF-11): tag those cards
            table.tag_cards(split_cards(d.get("cards") or ""))
        elif kind == "draw" and seat == me and int(d.get("n") or 0) % 24 < 4:
            table.fly("deal", -1, 0, [], False)   # a deal flight now and then: every draw would bury the felt
        elif kind == "declare":
            what = {"declare": st["sjDeclare"], "override": st["sjOverride"], "reinforce": st["sjReinforce"],
                    "takeover": st["sjTakeover"]}.get(str(d.get("kind")), "")
            shown = cards_word(d.get("cards") or d.get("jokers") or "")
            if d.get("face_down"):   # 三五番: the joker face up, the pair face down (SF-7)
                shown += " + " + i18n.strings(lang)["sjFaceDown"].replace("%1", str(d["face_down"]))
            table.say(f"{who} · {what} {shown}")
            table.ring("call")
        elif kind == "trump":
            b = d.get("banker")
            t = trump_word(d.get("trump"), True, lang)
            table.say(i18n.word(lang, "sjTrumpLine", t, level_word(d.get("level")), table.name_of(b))
                      if isinstance(b, int) else t)
        elif kind in ("stick", "stick_cards", "exchange", "exchange_cards", "stick_declined", "reveal", "bank",
                      "no_declaration"):
            self._sw_event(table, kind, d, snap, lang)
        elif kind == "throw_failed":
            table.say(i18n.word(lang, "sjThrowFailed", who, cards_word(d.get("forced") or "")))
        elif kind == "redeal":
            table.say(st["sjRedeal"])
        elif kind == "trick":
            w = d.get("winner")
            if isinstance(w, int) and d.get("points"):
                table.say(i18n.word(lang, "sjTrickWon", table.name_of(w), d["points"]))

    def _sw_event(self, table: Shows, kind: str, d: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> None:
        """三五番's own events (docs/ENGINE_API.md): the stick and the three cards passing between sticker and
        declarer fly as a tribute does (face up only to the two of them), the pair turning up."""
        st = i18n.strings(lang)
        me = int(snap["seat"])
        private = {e.get("kind") for e in snap.get("events", [])}
        seat = d.get("seat")
        who = table.name_of(seat) if isinstance(seat, int) else ""
        if kind == "stick":
            joker = str(d.get("joker") or "")
            table.say(st["sjStuck"].replace("%1", who).replace("%2", cards_word(joker)))
            took = str(d.get("took_joker") or "")
            if "stick_cards" not in private:   # the others see the declarer's joker go, the pair face down
                table.tribute_flight(d.get("declarer"), seat, [took] if took else [], 3, st["sjStick"], me,
                                     public=(took,) if took else ())
            table.ring("call")
        elif kind == "stick_cards":
            taken = split_cards(d.get("taken") or "")
            table.tribute_flight(d.get("declarer"), seat, taken, len(taken) or 3, st["sjStick"], me)
        elif kind == "exchange":
            if "exchange_cards" not in private:
                table.tribute_flight(d.get("from"), d.get("to"), [], int(d.get("count") or 3), st["sjExchange"], me)
        elif kind == "exchange_cards":
            cards = split_cards(d.get("cards") or "")
            table.tribute_flight(d.get("from"), d.get("to"), cards, len(cards) or 3, st["sjExchange"], me)
        elif kind == "stick_declined":
            table.say(st["sjStickDeclined"].replace("%1", who))
        elif kind == "reveal":
            table.say(st["sjRevealLine"].replace("%1", cards_word(d.get("pair") or ""))
                      .replace("%2", trump_word(d.get("trump"), True, lang)))
            table.ring("call")
        elif kind == "bank":
            b = d.get("banker")
            if isinstance(b, int):
                table.say(st["sjBankLine"].replace("%1", table.name_of(b)))
        elif kind == "no_declaration":
            table.say(st["sjNoDecl"])

    def sheet(self, results: Sequence[Mapping[str, Any]], me: int, n: int, options: Mapping[str, Any], lang: str,
              name_of: Any) -> Row:
        """计分表: per hand its banker, the defenders' points (S-19), both sides' levels after it (S-22), us
        first, and every seat's score; the row's mark says whether the bank was kept; the running totals."""
        from desktop import sheet
        s = i18n.strings(lang)
        us = me % 2   # partners sit across (seats 0 and 2, 1 and 3)
        columns = ([sheet.text(s["sheetHand"]), sheet.text(s["sjBanker"]), sheet.text(s["sjPointsHead"]),
                    sheet.text(s["sjLevelsHead"])] + sheet.seat_columns(n, me, name_of))
        rows = []
        for i, res in enumerate(results):
            b, levels = res.get("banker"), list(res.get("levels") or [])
            lv = f"{level_word(levels[us])} : {level_word(levels[1 - us])}" if len(levels) == 2 else "–"
            cells = [sheet.text(sheet.set_label(res, i, lang, self.hand_base)),
                     sheet.text(name_of(b) if isinstance(b, int) else "–", "gold"),
                     sheet.text(str(res.get("points", "–"))), sheet.text(lv)]
            rows.append({"cells": cells + sheet.nums(res.get("scores"), n),
                         "mark": s["sjBankKept" if res.get("bank_kept") else "sjBankLost"]})
        return {"columns": columns, "rows": rows, "total": sheet.total_row(results, n, lang, 3), "note": ""}

    def results_extra(self, res: Mapping[str, Any], lang: str, name_of: Any) -> tuple[list[str], str]:
        """The level changes of the hand (S-22) and the bottom multiplier (S-19)."""
        st = i18n.strings(lang)
        b = res.get("banker")
        nb = res.get("next_banker")
        bc, dc = int(res.get("banker_change") or 0), int(res.get("defender_change") or 0)
        levels = res.get("levels") or []
        lines = []
        pts = res.get("points")
        lines.append(i18n.word(lang, "sjResPoints", pts)
                     + (" · " + i18n.word(lang, "sjResBottom", res["multiplier"]) if res.get("multiplier") else ""))
        if isinstance(b, int):
            if bc > 0:
                lines.append(i18n.word(lang, "sjBankerUp", bc))
            if dc > 0:
                lines.append(i18n.word(lang, "sjDefUp", dc))
            if bc < 0 or dc < 0:
                lines.append(i18n.word(lang, "sjLevelDrop", min(bc, dc)))
        if len(levels) == 2:
            sides = [i18n.word(lang, "sjSideAt", name_of(t), name_of(t + 2), level_word(levels[t])) for t in (0, 1)]
            lines.append(i18n.word(lang, "sjLevels", " / ".join(sides)))
        if isinstance(nb, int):
            lines.append(i18n.word(lang, "sjNextBanker", name_of(nb)))
        return lines, st["sjBankKept" if res.get("bank_kept") else "sjBankLost"]


PRESENTER = ShengjiPresenter

"""山东麻将 Shandong Mahjong at the table: four seats each for himself, tiles drawn in QML
(ui/games/mahjong/Board.qml), the wall count and the dealer, every seat's discard river and melds, the own
concealed hand with the drawn tile apart, the claim bar (吃/碰/杠/胡/过, M-7) with only what is legal,
听牌 from the view (M-11a), and the results with the winning hand by its reading and the payments (M-19 … M-22).

The presenter turns the seat's view and the offered actions of the snapshot into one ``board`` dict for the
QML board; it decides no rule: what may be claimed or discarded is what the engine offered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from desktop import i18n
from desktop.games import NameOf, Presenter, Row, Shows

WIND_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
CIRCLE_WINDS = ("E", "S", "W", "N")   # the prevailing wind of each circle in turn (东风圈, 南风圈, …)
KIND_ZH = {"discard": "打出", "chow": "吃", "pung": "碰", "kong": "杠", "win": "胡", "pass": "过", "minglou": "明楼"}
KIND_EN = {"discard": "Discard", "chow": "Chow 吃", "pung": "Pung 碰", "kong": "Kong 杠", "win": "Win 胡",
           "pass": "Pass 过", "minglou": "Ready 明楼"}
CLAIM_ORDER = ("chow", "pung", "kong", "minglou", "win", "pass")   # the bar's order (SPEC §8.2 claim bar)
FLASH_EN = {"chow": "Chow", "pung": "Pung", "kong": "Kong", "win": "Win"}   # the 48 px claim flash (SPEC §8.4)
KEYS = {"chow": "C", "pung": "P", "kong": "K", "win": "↵", "pass": "Space", "discard": "↵", "minglou": "M"}
MELD_ZH = {"chow": "吃", "pung": "碰", "exposed": "明杠", "added": "加杠", "concealed": "暗杠"}
MELD_EN = {"chow": "chow", "pung": "pung", "exposed": "kong", "added": "added kong", "concealed": "concealed kong"}
LOG_WORDS = {"draw": "mjLogDraw", "chow": "mjLogChow", "pung": "mjLogPung", "kong": "mjLogKong", "added": "mjLogAdded",
             "concealed": "mjLogConcealed", "minglou": "mjLogMinglou", "replacement": "mjLogReplacement"}
NUM_ZH = "一二三四五六七八九"
SUIT_ZH = {"m": "万", "p": "饼", "s": "条"}
HONOUR_ZH = {"E": "东", "S": "南", "W": "西", "N": "北", "C": "中", "F": "发", "B": "白"}
SUIT_EN = {"m": "crak", "p": "dot", "s": "bam"}   # the players' short names: they fit the log's narrow column
HONOUR_EN = {"E": "East", "S": "South", "W": "West", "N": "North", "C": "Red", "F": "Green", "B": "White"}


def split_tiles(text: str | None) -> list[str]:
    """M-2 notation (``"234m55p EEE"``) → single tiles (``["2m", "3m", "4m", "5p", "5p", "E", "E", "E"]``)."""
    out: list[str] = []
    digits: list[str] = []
    for ch in (text or "").replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mps":
            out.extend(d + ch for d in digits)
            digits = []
        else:
            out.append(ch)
    return out


def tile_name(t: str, lang: str) -> str:
    """A tile in words, the same everywhere at the table: 五万 / 5 crak, 东 / East."""
    if len(t) == 2 and t[0].isdigit():
        n = int(t[0])
        return i18n.pick(lang, f"{NUM_ZH[n - 1]}{SUIT_ZH[t[1]]}", f"{n} {SUIT_EN[t[1]]}")
    return i18n.pick(lang, HONOUR_ZH, HONOUR_EN).get(t, t)


def meld_name(tiles: str | None, lang: str) -> str:
    """A meld in the round log's words: a run 五六七万 / 5-6-7 crak, a pung or kong by its tile (三饼 / 3 dot)."""
    ts = split_tiles(tiles)
    if not ts:
        return ""
    if len(set(ts)) == 1:
        return tile_name(ts[0], lang)
    suit = ts[0][1]
    return i18n.pick(lang, "".join(NUM_ZH[int(t[0]) - 1] for t in ts) + SUIT_ZH[suit],
                     "-".join(t[0] for t in ts) + f" {SUIT_EN[suit]}")


def tile_row(t: str) -> Row:
    """What the QML tile draws: the rank character and the suit character (or the honour), in its colour."""
    if len(t) == 2 and t[0].isdigit():
        n, suit = int(t[0]), t[1]
        return {"tile": t, "top": NUM_ZH[n - 1], "bottom": SUIT_ZH[suit], "honour": False,
                "color": {"m": "red", "p": "blue", "s": "green"}[suit], "digit": str(n)}
    color = {"C": "red", "F": "green", "B": "blue"}.get(t, "ink")
    return {"tile": t, "top": HONOUR_ZH.get(t, t), "bottom": "", "honour": True, "color": color, "digit": ""}


@lru_cache(maxsize=1)
def _default_options() -> dict[str, Any]:
    """M.1's defaults, worked out once: the top bar compares the table's options with them at each change."""
    from engine.mahjong import Rules
    return Rules().options.as_dict()


class MahjongPresenter(Presenter):
    glyph = "麻"
    felt = "ink"                # SPEC §8.3: an ink blue, to tell the tile table from the card tables at a glance
    # the new-game tile: (Chinese, English) of its two lines
    tile_lines = (("4 人 · 各自为战 · 136 张", "4 players · each for himself · 136 tiles"),
                  ("推倒胡 · 二五八将", "Any complete hand wins · pair of 2, 5 or 8"))
    pass_kinds = ()             # a claim round's 过 is sealed (M-7): nothing is shown for it
    auto_answer_kinds = ("pass",)     # a seat asked with nothing to claim is answered at once (M-7)
    board = "games/mahjong/Board.qml"
    results_detail = "games/mahjong/WinDetail.qml"
    replay_board = "games/mahjong/ReplayBoard.qml"
    match_key = "hand_no"
    hand_base = 1   # the engine numbers its first hand 1
    result_events = ("hand_end",)
    demo_seed = 3
    _claimed: tuple[str, Any] = ("", None)   # the tile and source of the last claim round (its meld event follows)
    _newest: tuple[int, str] | None = None   # the last discard (seat, tile) while it lies unclaimed in its river
    _added: int | None = None   # the seat whose added kong waits for its replacement (it may be robbed first, M-13)

    def relation(self, d: int, n: int, s: Mapping[str, str]) -> str:
        return {1: s["lower"], 2: s.get("across", ""), 3: s["upper"]}.get(d, "")   # 对家: no rival in Mahjong

    def match_label(self, snap: Mapping[str, Any], s: Mapping[str, str], name_of: NameOf | None = None) -> str:
        """东风圈 · 第3局 · 庄 刘强: the circle, the hand and who deals it (the mockup's top bar). A circle (圈) is
        complete when the deal passes back to the first dealer (M-18): a "one_circle" match is all 东风圈, and a
        longer one goes on to 南风圈 (the hand has no "of N": it ends by the deal, not by a count)."""
        view = snap.get("view") or {}
        lang = i18n.lang_of(s)
        wind = CIRCLE_WINDS[int(view.get("circle") or 0) % len(CIRCLE_WINDS)]
        circle = i18n.word(lang, "mjCircle", i18n.pick(lang, WIND_ZH[wind], HONOUR_EN[wind]))
        head = f'{circle} · {s["handNo"].replace("%1", str(view.get("hand_no", 1)))}'
        dealer = view.get("dealer")
        if name_of is None or not isinstance(dealer, int):
            return head
        return f"{head} · {i18n.word(lang, 'mjDealerIs', name_of(dealer))}"

    def rules_title(self, options: Mapping[str, Any], lang: str) -> str:
        """推倒胡 · 258 将, the mockup's words beside the name (Part M has no presets: M-11's win rule is the
        game), marked 自定 when the table changed any option of M.1 from its default."""
        short = i18n.word(lang, "mjRulesShort")
        if any(options.get(k, v) != v for k, v in _default_options().items()):
            return i18n.word(lang, "mjCustom", short)
        return short

    def faces(self, cards: Any) -> list[Row]:
        tiles = split_tiles(cards) if isinstance(cards, str) else [str(c) for c in cards or []]
        return [tile_row(t) for t in tiles]

    def is_card_arg(self, arg: Any) -> bool:
        return False   # tiles are not cards: every offered action is a button or a tile on the board

    def badges(self, view: Mapping[str, Any], seat: int, me: int, s: Mapping[str, str], lang: str) -> list[Row]:
        winds = view.get("winds") or []
        w = winds[seat] if seat < len(winds) else ""
        out: list[Row] = []
        if w:
            label = i18n.pick(lang, WIND_ZH.get(w, w), w)
            if view.get("dealer") == seat:
                label += " · " + i18n.word(lang, "mjDealer")
            out.append({"text": label, "color": "gold" if view.get("dealer") == seat else "blue"})
        if (view.get("minglou") or [False] * 4)[seat]:
            out.append({"text": "明楼", "color": "blue"})
        if seat == me and (view.get("ting") or {}).get("waits"):
            out.append({"text": i18n.word(lang, "mjReady"), "color": "mint"})   # my own plate only (M-11a)
        return out

    def seat_extras(self, view: Mapping[str, Any], seat: int, d: int, lang: str) -> Row:
        """The seat's running total on its plate over "手牌 N" (SPEC §8.2; M-18a, M-10). A hand of few tiles
        here only means melds laid down: no amber 剩N, the shedding games' 报户 warning (G-69)."""
        totals = view.get("totals") or []
        counts = view.get("counts") or []
        n = counts[seat] if seat < len(counts) else None
        return {"call": "", "kaidian": None, "opposite": False, "report": False,
                "countText": i18n.strings(lang)["mjHandCount"].replace("%1", str(n)) if n is not None else "",
                "total": int(totals[seat]) if seat < len(totals) else None}

    def plate_places(self, n: int) -> list[tuple[float, float, float, float]]:
        """SPEC §8.2's plates, relative to the centre x 672: you bottom left (56, 806) beside your hand, 下家 right
        (1046, 420), 对家 top right (946, 62) beside his hand, 上家 left (56, 300); the edges between them hold the
        hands. The last-play spot (unused: the board draws the rivers) is the plate's centre."""
        if n != 4:
            return super().plate_places(n)
        return [(px, py, px + 126, py + 36) for px, py in ((-616, 806), (374, 420), (274, 62), (-616, 300))]

    def lan_hint(self, options: Mapping[str, Any], lang: str) -> str:
        """The LAN lobby's line for a guest before he sits: the win rule of Part M, then every option that
        differs from the defaults (M.1), in words."""
        from engine.mahjong.options import SPECS
        s = i18n.strings(lang)
        head = [s["mjWinRule"]]
        if not options.get("honors", True):
            head.append(s["mjNoHonours"])
        changed = []
        for spec in SPECS:
            if spec.name in options and options[spec.name] != spec.default and spec.name != "honors":
                v = options[spec.name]
                word = (s["on"] if v else s["off"]) if isinstance(v, bool) else str(v)
                changed.append(s["lanOpt"].replace("%1", i18n.pick(lang, spec.label_zh, spec.label_en))
                               .replace("%2", word))
        return " · ".join(head + (changed or [s["mjDefaults"]]))

    def hint_cards(self, hand: Sequence[str], action: Any) -> list[str] | None:
        arg = getattr(action, "arg", None)
        return [arg] if getattr(action, "kind", "") == "discard" and isinstance(arg, str) else None

    # ---------------------------------------------------------------- the board
    def board_view(self, view: Mapping[str, Any], snap: Mapping[str, Any], lang: str, name_of: Any) -> Row:
        """Everything the QML board draws, per screen position (0 = me, 1 = 下家 right, 2 = 对家 top, 3 = 上家 left)."""
        me = int(snap.get("seat", 0))
        n = 4
        rivers = view.get("rivers") or [[] for _ in range(n)]
        melds = view.get("melds") or [[] for _ in range(n)]
        counts = view.get("counts") or [0] * n
        winds = view.get("winds") or [""] * n
        last = self._last_discard(view, self._newest)
        seats = []
        for pos in range(n):
            seat = (me + pos) % n
            count = int(counts[seat]) if seat < len(counts) else 0
            shown = (view.get("shown") or {}).get(str(seat), [])
            backs = max(0, count - len(shown)) if pos else 0   # a hand face up (明楼, a hand's end) has no backs
            seats.append({
                "seat": seat, "pos": pos, "count": count,
                # another seat's concealed hand is its count of backs, never its tiles; a hand of 3k+2 holds
                # a drawn tile (or a claim's discard to come), drawn a little apart as in the own hand
                "backs": backs, "drawnApart": backs > 0 and count % 3 == 2,
                "wind": i18n.pick(lang, WIND_ZH.get(winds[seat], winds[seat]), winds[seat]),
                "dealer": view.get("dealer") == seat,
                "river": [dict(tile_row(t), newest=(last == (seat, i))) for i, t in enumerate(rivers[seat])],
                "melds": [self._meld_row(m, name_of, lang) for m in melds[seat]],
                "shown": [tile_row(t) for t in shown],
                "shownWins": seat in (view.get("won_by") or []),   # the ended board: its last tile won the hand
            })
        hand = list(view.get("hand") or [])
        drawn = view.get("drawn")
        if drawn and drawn in hand:
            hand.remove(drawn)
        offered = [a for a in snap.get("fixed") or []] if snap.get("my_turn") else []
        discards = sorted({str(a["arg"]) for a in offered if a.get("kind") == "discard"})
        claims = sorted((self._claim_row(a, lang) for a in offered if a.get("kind") not in ("discard",)),
                        key=lambda c: CLAIM_ORDER.index(c["kind"]) if c["kind"] in CLAIM_ORDER else 9)
        claim = view.get("claim")
        return {
            "wall": view.get("wall", 0), "seats": seats,
            "hand": [tile_row(t) for t in hand], "drawn": tile_row(drawn) if drawn else None,
            "drawnWins": bool(view.get("won")),   # the ended board: my tile set apart is the one I won on
            "discards": discards, "claims": claims, "myTurn": bool(snap.get("my_turn")),
            "claimTile": tile_row(claim["tile"]) if claim else None,
            "claimFrom": int(claim["from"]) if claim else -1,
            "claimUse": self._claim_use(claims, claim["tile"] if claim else None),
            # the tile on offer: a discard (M-7), or the fourth tile of an added kong, which may be robbed (M-13)
            "claimText": i18n.word(lang, "mjAddsKong" if claim.get("kind") == "rob" else "mjDiscards",
                                   name_of(claim["from"]), tile_name(claim["tile"], lang)) if claim else "",
            "ting": self._ting(view, lang), "hint": self._hint(view, snap, lang),
            "dealerPos": (int(view.get("dealer", 0)) - me) % n, "toActPos": (
                (int(snap["to_act"]) - me) % n if isinstance(snap.get("to_act"), int) and view.get("to_act")
                is not None else -1),
            "mustDiscard": bool(view.get("must_discard")), "locked": bool(view.get("locked")),
            "counter": self._counter(view),
            "logTag": self._log_tag(view, snap, lang),
            "winPreview": self._win_preview(view, lang) if snap.get("my_turn") else None,
        }

    @staticmethod
    def _log_tag(view: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> str:
        """The tag on the log's newest line (the mockup's 牌局记录): 等待表态 while a discard or an added kong is
        on offer (M-7, M-13; to every seat alike, asked or not), 你的回合 when the move is mine; none on the board
        of a hand that is over."""
        if snap.get("set_over") or view.get("ended"):
            return ""
        if view.get("phase") in ("claim", "rob"):
            return i18n.word(lang, "mjLogClaims")
        if snap.get("my_turn") and view.get("phase") == "move":
            return i18n.word(lang, "mjLogYourTurn")
        return ""

    @staticmethod
    def _win_preview(view: Mapping[str, Any], lang: str) -> Row | None:
        """胡 on offer (SPEC §8.2: "胡 · 五万 / 平胡 · 将 5万"): the engine's own record of the win it would be
        (``win_offer``: reading, patterns, V, M-19 … M-21) and who pays what (M-20)."""
        w = view.get("win_offer")
        if not w:
            return None
        from engine.mahjong.scoring import PATTERN_EN, PATTERN_ZH
        names = i18n.pick(lang, PATTERN_ZH, PATTERN_EN)
        parts = [names.get(p, p) for p in w.get("patterns") or []]
        groups = str(w.get("reading") or "").split()
        if groups and len(split_tiles(groups[0])) == 2 and not {"qidui", "shisanyao"} & set(w.get("patterns") or []):
            parts.append(i18n.word(lang, "mjPair", tile_name(split_tiles(groups[0])[0], lang)))
        v = int(w.get("value") or 0)
        # M-13: a robbed kong is paid by its kong-maker, as a discard win by its discarder
        payer = "mjEachPays" if w.get("self_drawn") else "mjKongMakerPays" if "qiangganghu" in (
            w.get("patterns") or []) else "mjDiscarderPays"
        parts.append(i18n.word(lang, payer, v))
        tile = str(w.get("tile") or "")   # none on the dealer's first move (M-5): his fourteen tiles win as dealt
        head = i18n.word(lang, "mjSelfDrawWin" if w.get("self_drawn") else "mjWinOn", tile_name(tile, lang)) \
            if tile else i18n.word(lang, "mjSelfDrawTitle")
        return {"title": head, "line": " · ".join(parts), "value": v}

    @staticmethod
    def _claim_use(claims: Sequence[Row], tile: str | None) -> list[str]:
        """The own tiles an offered 吃/碰/杠 would take (SPEC §8.2: underlined mint in the hand): each claim's
        tiles without the discard it claims."""
        out: set[str] = set()
        for c in claims:
            if c["kind"] in ("chow", "pung", "kong") and tile:
                used = split_tiles(c["arg"]) if c["kind"] == "chow" else [tile]
                out.update(t for t in used if t != tile or c["kind"] != "chow")
        return sorted(out)

    @staticmethod
    def _counter(view: Mapping[str, Any]) -> list[list[Row]]:
        """牌张计数: per kind, the copies this seat cannot see (wall and other concealed hands), from public
        facts and its own tiles only; the waits of a ready hand are marked."""
        seen: dict[str, int] = {}
        for t in view.get("hand") or []:
            seen[t] = seen.get(t, 0) + 1
        for riv in view.get("rivers") or []:
            for t in riv:
                seen[t] = seen.get(t, 0) + 1
        for ms in view.get("melds") or []:
            for m in ms:
                for t in split_tiles(m.get("tiles")):
                    seen[t] = seen.get(t, 0) + 1
        for shown in (view.get("shown") or {}).values():
            for t in shown:
                seen[t] = seen.get(t, 0) + 1
        waits = {w for w, _ in (view.get("ting") or {}).get("waits") or []}
        rows = [[f"{n}{s}" for n in range(1, 10)] for s in "mps"]
        if (view.get("options") or {}).get("honors", True):
            rows.append(list("ESWNCFB"))
        return [[dict(tile_row(t), left=max(0, 4 - seen.get(t, 0)), wait=t in waits) for t in row] for row in rows]

    @staticmethod
    def _last_discard(view: Mapping[str, Any], newest: tuple[int, str] | None) -> tuple[int, int] | None:
        """(seat, river index) of the newest discard: the tile of the claim round on, else the last discard event
        while it is still its river's last tile (SPEC §8.2: it stays marked while the next seat moves)."""
        rivers = view.get("rivers") or [[]] * 4
        rnd = view.get("trick") or []
        if rnd and rnd[-1].get("kind") == "discard":
            s = int(rnd[-1]["seat"])
            return (s, len(rivers[s]) - 1)
        if newest is not None and 0 <= newest[0] < len(rivers) and rivers[newest[0]][-1:] == [newest[1]]:
            return (newest[0], len(rivers[newest[0]]) - 1)
        return None

    @staticmethod
    def _meld_row(m: Mapping[str, Any], name_of: Any, lang: str) -> Row:
        kind = m.get("kong") or m.get("kind") or ""
        label = i18n.pick(lang, MELD_ZH, MELD_EN).get(str(kind), str(kind))
        if m.get("kind") == "chow" and isinstance(m.get("from"), int):
            label += f" · {name_of(m['from'])}"
        tiles = split_tiles(m.get("tiles")) if m.get("tiles") else []
        hidden = m.get("tiles") is None
        faces = [dict(tile_row(t), back=(hidden or (kind == "concealed" and i in (0, 3)))) for i, t in enumerate(tiles)]
        if hidden:
            faces = [{"tile": "?", "top": "", "bottom": "", "honour": True, "color": "ink", "digit": "", "back": True}
                     for _ in range(4)]   # M-10: another seat's concealed kong is four backs
        return {"label": label, "tiles": faces}

    @staticmethod
    def _claim_row(a: Mapping[str, Any], lang: str) -> Row:
        kind = str(a.get("kind"))
        arg = a.get("arg")
        return {"kind": kind, "arg": "" if arg is None else str(arg),
                "label": i18n.pick(lang, KIND_ZH, KIND_EN).get(kind, kind), "key": KEYS.get(kind, ""),
                "tiles": [tile_row(t) for t in split_tiles(arg)] if kind == "chow" else [],
                "objectName": f"claim_{kind}" + (f"_{arg}" if arg else "")}

    @staticmethod
    def _ting(view: Mapping[str, Any], lang: str) -> Row:
        """听牌 (M-11a) as the view gives it: the waits of a ready hand, or per discard that leaves one ready."""
        t = view.get("ting") or {}
        waits = t.get("waits") or []
        if waits:
            left = sum(int(n) for _, n in waits)
            text = i18n.word(lang, "mjReadyLeft", left)
            return {"text": text, "tiles": [tile_row(x) for x, _ in waits], "after": {}}
        after = t.get("after") or {}
        if after:
            best = max(after.items(), key=lambda kv: sum(int(n) for _, n in kv[1]))
            left = sum(int(n) for _, n in best[1])
            text = i18n.word(lang, "mjDiscardReady", tile_name(best[0], lang))
            tail = i18n.word(lang, "mjLeft", left)
            return {"text": text, "tail": tail, "tiles": [tile_row(x) for x, _ in best[1]],
                    "after": {k: [x for x, _ in v] for k, v in after.items()}}
        return {"text": "", "tiles": [], "after": {}}

    # ---------------------------------------------------------------- the round log (牌局记录, SPEC §8.2)
    log_shown = 12

    def log_text(self, entry: Mapping[str, Any], lang: str) -> str:
        kind = str(entry.get("kind", ""))
        if kind == "discard":
            return i18n.word(lang, "mjLogDiscard", tile_name(str(entry.get("tile")), lang))
        if kind in ("chow", "pung", "kong", "added"):
            return i18n.word(lang, LOG_WORDS[kind], meld_name(entry.get("tiles"), lang))
        return i18n.strings(lang).get(LOG_WORDS.get(kind, ""), kind)

    def log_lit(self, view: Mapping[str, Any], entries: Sequence[Mapping[str, Any] | None]) -> int | None:
        """The line of the discard the board marks ▸ newest (the mockup's 牌局记录 tints it too, under the top line):
        it lies unclaimed in its river, so it is the log's last discard."""
        if self._last_discard(view, self._newest) is None:
            return None
        return next((i for i in range(len(entries) - 1, -1, -1) if (entries[i] or {}).get("kind") == "discard"),
                    None)

    # ---------------------------------------------------------------- events
    def on_event(self, table: Shows, kind: str, d: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> None:
        """Each event as a flight on the board (SPEC §8.4): a discard flies into its owner's river; a claimed
        tile flies from the river into the claimer's meld under a 吃/碰/杠/胡 flash; a concealed or added kong
        and a self-drawn win flash at the seat. The claimed tile is the one the ``claims`` event named. Each
        draw from the wall, discard, claim, kong and 明楼 is a line of the round log, as the mockup's 摸牌 / 打出
        rows (the win is the results' own; a kong's replacement is its own line's 补牌, except an added kong's,
        which gets a 补牌 line of its own once nobody robbed the kong, M-13). A draw's line names no tile, not
        even my own: the log is what the whole table saw."""
        seat = d.get("seat")
        words = i18n.pick(lang, KIND_ZH, FLASH_EN)
        if isinstance(seat, int) and kind in ("discard", "meld", "kong", "minglou"):
            mk = str(d.get("kind")) if kind in ("meld", "kong") else kind
            table.log(seat, {"kind": mk, "tile": d.get("tile"), "tiles": d.get("tiles"),
                             "tone": "discard" if kind == "discard" else "meld"})
        elif kind == "draw" and isinstance(seat, int) and d.get("from") == "front":
            table.log(seat, {"kind": "draw", "tone": "draw"})
        elif kind == "draw" and isinstance(seat, int) and seat == self._added:
            table.log(seat, {"kind": "replacement", "tone": "draw"})   # nobody robbed the added kong
        if kind in ("meld", "kong"):
            self._added = seat if kind == "kong" and d.get("kind") == "added" else None
        if kind == "discard" and isinstance(seat, int):
            self._newest = (seat, str(d.get("tile")))
            table.ring("play")
            pos = table.pos_of(seat)
            table.fly("tile", pos, pos, [tile_row(str(d.get("tile")))], True)
        elif kind == "claims":
            self._claimed = (str(d.get("tile")), d.get("seat"))
            winners = [w for w in d.get("win") or [] if isinstance(w, int)]
            src = d.get("seat")
            for w in winners:
                table.ring("finish")
                table.fly("claim", table.pos_of(src) if isinstance(src, int) else -1, table.pos_of(w),
                          [dict(tile_row(str(d.get("tile"))), caption=words["win"], gold=True)], True)
        elif kind == "meld" and isinstance(seat, int):
            self._newest = None   # the discard left its river for the meld
            table.ring("claim")
            mk = str(d.get("kind"))
            table.say(f"{table.name_of(seat)} · {words.get(mk, mk)}")
            tile, src = self._claimed
            src = d.get("from", src)
            table.fly("claim", table.pos_of(src) if isinstance(src, int) else -1, table.pos_of(seat),
                      [dict(tile_row(tile), caption=words.get(mk, mk), gold=False)], True)
        elif kind == "kong" and isinstance(seat, int):
            table.ring("claim")
            table.say(f"{table.name_of(seat)} · {words['kong']}")
            pos = table.pos_of(seat)
            table.fly("flash", pos, pos, [{"caption": words["kong"], "gold": False}], True)
        elif kind == "hand_end":
            table.ring("finish")
            for w in d.get("wins") or []:
                if w.get("self_drawn") and isinstance(w.get("seat"), int):
                    pos = table.pos_of(int(w["seat"]))
                    table.fly("flash", pos, pos, [{"caption": words["win"], "gold": True}], True)
        elif kind == "deal":
            table.ring("deal")

    def show_at_end(self, view: dict[str, Any], result: Mapping[str, Any], me: int) -> None:
        """A hand ends face up: the winner's hand with the winning tile last (mine: the tile set apart as a drawn
        one), a discard won on taken out of its river; a drawn hand shows every hand (M-16). Nobody is ready any
        more: the 听 pill goes."""
        shown = dict(view.get("shown") or {})
        rivers = [list(r) for r in view.get("rivers") or []]
        taken: set[int] = set()
        for w in result.get("wins") or []:
            seat, tile, tiles = int(w["seat"]), w.get("tile"), [str(t) for t in w.get("tiles") or []]
            if tile in tiles:
                tiles.remove(tile)
                tiles.append(tile)
            if seat == me:
                view["hand"], view["drawn"], view["won"] = tiles, tile, True
            else:
                shown[str(seat)] = tiles
                view["won_by"] = list(view.get("won_by") or []) + [seat]
            src = w.get("from")
            if isinstance(src, int):   # won on a discard or a robbed kong: its claim round is over (no tag, no mark)
                view["trick"], view["claim"] = [], None
                if src not in taken and src < len(rivers) and rivers[src][-1:] == [tile]:
                    rivers[src].pop()   # the winner took it (a robbed kong's tile is in no river)
                    taken.add(src)      # several winners on one discard (M-23) took the same tile
        if result.get("drawn"):   # the last discard's claim round ended with it: nothing is on offer any more
            view["trick"], view["claim"] = [], None
            shown.update({str(s): list(tiles) for s, tiles in enumerate(result.get("hands") or []) if s != me})
        counts = list(view.get("counts") or [])
        for s, tiles in shown.items():   # the plates count the hands as they lie open (a winner holds 14)
            if int(s) < len(counts):
                counts[int(s)] = len(tiles)
        view["shown"], view["rivers"], view["counts"] = shown, rivers, counts
        view["ting"] = {}   # the hand is over: no 听 pill or badge (the results say who was ready, and on what)
        view["ended"] = True   # nor a tag on the log's newest line

    def results_scores(self, res: Mapping[str, Any]) -> list[int] | None:
        return list(res.get("payments") or []) or None

    def results_extra(self, res: Mapping[str, Any], lang: str, name_of: Any) -> tuple[list[str], str]:
        if res.get("drawn"):
            return [], i18n.word(lang, "mjDrawn")
        wins = res.get("wins") or []
        if not wins:
            return [], ""
        w = wins[0]
        how = i18n.word(lang, "mjSelfDrawn" if w.get("self_drawn") else "mjOnDiscard")
        return [], i18n.word(lang, "mjWins", name_of(int(w["seat"])), how)

    def results_detail_rows(self, res: Mapping[str, Any], lang: str, name_of: Any) -> Row:
        """The win screen: each winner's hand laid out by its reading, the patterns, the payments."""
        from engine.mahjong.scoring import PATTERN_EN, PATTERN_ZH
        names = i18n.pick(lang, PATTERN_ZH, PATTERN_EN)
        wins = []
        for w in res.get("wins") or []:
            groups = [[tile_row(t) for t in split_tiles(g)] for g in str(w.get("reading") or "").split()
                      if g != "十三幺"]
            melds = (res.get("melds") or [[]] * 4)[int(w["seat"])]
            line = " · ".join(names.get(p, p) for p in w.get("patterns") or [])
            paid = self._who_pays(list(w["pays"]), lang, name_of) if w.get("pays") else ""
            wins.append({"name": name_of(int(w["seat"])), "groups": groups,
                         "melds": [[tile_row(t) for t in split_tiles(m)] for m in melds],
                         "tile": tile_row(w["tile"]) if w.get("tile") else None,
                         "patterns": line, "value": w.get("value", 0), "paid": paid,
                         "how": self._how(w, lang, name_of)})
        pays = [{"name": name_of(s), "pay": p} for s, p in enumerate(res.get("payments") or [])]
        return {"wins": wins, "kongs": self._kong_lines(res, lang, name_of), "payments": pays,
                "drawn": bool(res.get("drawn")),
                "title": i18n.word(lang, "mjDrawnTitle") if res.get("drawn") else "",
                "shown": self._shown_hands(res, lang, name_of)}

    @classmethod
    def _kong_lines(cls, res: Mapping[str, Any], lang: str, name_of: Any) -> list[str]:
        """Each kong's own payment, as the engine's result gives it (M-22: paid only when the hand has a winner),
        so that the hand's payments add up on the screen: 王磊 加杠 +3 · 每家付 1."""
        return [i18n.word(lang, "mjKongLine", name_of(int(k["seat"])), i18n.word(lang, f"mjKong_{k['kind']}"),
                          k["pays"][int(k["seat"])], cls._who_pays(k["pays"], lang, name_of))
                for k in res.get("kongs") or []]

    @staticmethod
    def _who_pays(pays: list[int], lang: str, name_of: Any) -> str:
        """Who pays a win or a kong, from the engine's payments for it: 王磊 付 3, or 每家付 2."""
        payers = [s for s, p in enumerate(pays) if p < 0]
        if len(payers) == 1:
            return i18n.word(lang, "mjPays", name_of(payers[0]), -pays[payers[0]])
        return i18n.word(lang, "mjEachPays", -min(pays))

    @staticmethod
    def _shown_hands(res: Mapping[str, Any], lang: str, name_of: Any) -> list[Row]:
        """A drawn hand's four hands, shown when it ends (M-16): the concealed tiles, the melds, and the waits
        of each hand that was ready (M-11a), as the engine's result gives them."""
        hands, waits = res.get("hands") or [], res.get("waits") or []
        melds = res.get("melds") or [[]] * len(hands)
        return [{"name": name_of(s), "tiles": [tile_row(t) for t in tiles],
                 "melds": [[tile_row(t) for t in split_tiles(m)] for m in melds[s]],
                 "waits": [tile_row(t) for t in (waits[s] if s < len(waits) else [])],
                 "ready": i18n.word(lang, "mjReady")} for s, tiles in enumerate(hands)]

    # ---------------------------------------------------------------- replays (回放) and reviews
    def step_words(self, kind: str, arg: str | None, lang: str) -> str | None:
        """打出 五万, 碰 九饼, 吃 五六七万, 杠 一万, 明楼 · 打出 五万, 胡, 过."""
        if kind == "discard" and arg:
            return i18n.word(lang, "mjLogDiscard", tile_name(arg, lang))
        if kind == "minglou" and arg:
            return i18n.word(lang, "mjLogMinglou") + " · " + i18n.word(lang, "mjLogDiscard", tile_name(arg, lang))
        if kind in ("chow", "pung") and arg:
            return i18n.word(lang, LOG_WORDS[kind], meld_name(arg, lang))
        if kind == "kong" and arg:
            return i18n.word(lang, "mjStepKong", meld_name(arg, lang))
        if kind in ("win", "pass"):
            return i18n.word(lang, "mjStepWin" if kind == "win" else "mjStepPass")
        return None

    def review_why(self, facts: Mapping[str, Any], lang: str) -> str | None:
        """高手打北：一向听，有效牌 17 种 56 张；你打一万：… — what each discard or answer to a discard leaves
        (M-11a), from the review's facts (engine.mahjong.review_facts)."""
        if facts.get("kind") not in ("discard", "claim"):
            return None
        bot, played = facts["bot"], facts["played"]
        text = i18n.word(lang, "mjWhy", self.leaves(bot, lang), self.leaves(played, lang))
        if (bot["shanten"], bot["live"]) == (played["shanten"], played["live"]):
            text += i18n.word(lang, "mjWhySame")
        return text + " (M-11a)"

    @staticmethod
    def leaves(f: Mapping[str, Any], lang: str) -> str:
        """One choice and what it leaves: 打北：一向听，有效牌 17 种 56 张 / 碰九饼后打北：听 二万、五万，共剩 5 张."""
        thrown = i18n.word(lang, "mjWhyDiscard", tile_name(f["tile"], lang)) if f.get("tile") else ""
        move = thrown
        if "action" in f:
            key = {"pass": "mjWhyPass", "chow": "mjWhyChow", "pung": "mjWhyPung", "kong": "mjWhyKong"}[f["action"]]
            said = i18n.word(lang, key, meld_name(f.get("meld"), lang))
            move = i18n.word(lang, "mjWhyThen", said, tile_name(f["tile"], lang)) if thrown else said
        if f["shanten"] <= 0:
            names = [tile_name(t, lang) for t, _ in f["tiles"]]
            waits = i18n.pick(lang, "、", ", ").join(names[:5]) + ("…" if len(names) > 5 else "")
            return i18n.word(lang, "mjWhyReady", move, waits, str(f["live"]))
        n = int(f["shanten"])
        far = (i18n.word(lang, "mjWhyShanten1") if n == 1 else
               i18n.word(lang, "mjWhyShanten", i18n.pick(lang, NUM_ZH[n - 1] if n <= 9 else str(n), str(n))))
        k = len(f["tiles"])
        kinds = i18n.word(lang, "mjWhyKinds1") if k == 1 else i18n.word(lang, "mjWhyKinds", str(k))
        return i18n.word(lang, "mjWhyNear", move, far, kinds, str(f["live"]))

    def _hint(self, view: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> Row:
        """The action 提示 would take; for a discard or an answer to one (过, 吃, 碰, 杠), what it leaves (the
        review's words), said when H is pressed."""
        sug = snap.get("suggest") or {}
        kind, arg = str(sug.get("kind", "")), str(sug.get("arg") or "")
        why = ""
        if snap.get("my_turn") and (kind == "discard" and arg or view.get("claim") and kind in CLAIM_ORDER):
            from engine.core import Action
            from engine.errors import IllegalPlay
            from engine.mahjong.review_facts import answer_facts, discard_facts
            try:
                f = (discard_facts(view, arg) if kind == "discard" else
                     answer_facts(view, Action(int(view["seat"]), kind, arg=arg or None)))
                why = self.leaves(f, lang) + " (M-11a)" if f is not None else ""
            except (KeyError, ValueError, IllegalPlay):   # a view without what the line needs: the bare hint
                why = ""
        return {"kind": kind, "arg": arg, "why": why}

    def replay_quiet(self, st: Any, action: Any) -> bool:
        """A 过 in a claim round changes nothing on the board: no step of its own, unless it passed a win (M-14)."""
        return action.kind == "pass" and not any(a.kind == "win" for a in st.legal_actions(action.seat))

    def replay_capture(self, st: Any) -> dict[str, Any]:
        """Every seat's concealed hand (the drawn tile set apart), its melds with concealed kongs face up, its
        river with the tile on offer marked, the wall count and the dealer: the match is over for the viewer."""
        seats = []
        view: Mapping[str, Any] = {}
        for s in range(st.n_seats):
            view = st.view(s)
            hand = list(view.get("hand") or [])
            drawn = view.get("drawn")
            if drawn in hand:
                hand.remove(drawn)
            offer = (view.get("trick") or [{}])[0]   # the tile a claim round is about
            river = [tile_row(t) for t in view["rivers"][s]]
            if river and offer.get("seat") == s and offer.get("kind") == "discard":
                river[-1] = dict(river[-1], newest=True)
            seats.append({"seat": s, "hand": [tile_row(t) for t in hand], "drawn": tile_row(drawn) if drawn else None,
                          "melds": [[tile_row(t) for t in split_tiles(m.get("tiles"))] for m in view["melds"][s]],
                          "river": river, "dealer": s == view.get("dealer")})
        return {"seats": seats, "wall": view.get("wall", 0)}

    def sheet(self, results: Sequence[Mapping[str, Any]], me: int, n: int, options: Mapping[str, Any], lang: str,
              name_of: Any) -> Row:
        """计分表: per hand its dealer (M-17), who won and how — 自摸, on whose discard, robbing whose kong
        (M-12, M-13), or 荒庄 (M-16) — and every seat's payment (M-20 … M-22); the running totals."""
        from desktop import sheet
        s = i18n.strings(lang)
        columns = ([sheet.text(s["sheetHand"]), sheet.text(i18n.word(lang, "mjSheetDealer")),
                    sheet.text(i18n.word(lang, "mjWinner"))] + sheet.seat_columns(n, me, name_of))
        rows = []
        for i, res in enumerate(results):
            dealer = res.get("dealer")
            cells = [sheet.text(sheet.set_label(res, i, lang, self.hand_base)),
                     sheet.text(name_of(int(dealer)) if isinstance(dealer, int) else "–"),
                     sheet.text("、".join(name_of(int(w["seat"])) for w in res.get("wins") or []) or "–", "gold")]
            rows.append({"cells": cells + sheet.nums(res.get("payments"), n),
                         "mark": self._how_won(res, lang, name_of)})
        return {"columns": columns, "rows": rows, "total": sheet.total_row(results, n, lang, 2), "note": ""}

    @classmethod
    def _how_won(cls, res: Mapping[str, Any], lang: str, name_of: Any) -> str:
        """The sheet row's mark: how its (first) winner won, or 荒庄."""
        wins = res.get("wins") or []
        return cls._how(wins[0], lang, name_of) if wins else i18n.word(lang, "mjDrawn")

    @staticmethod
    def _how(win: Mapping[str, Any], lang: str, name_of: Any) -> str:
        """自摸, 刘强 点炮, or 抢刘强的杠 (M-12, M-13)."""
        src = win.get("from")
        if not isinstance(src, int):
            return i18n.word(lang, "mjSelfDrawn")
        robbed = "qiangganghu" in (win.get("patterns") or [])
        return i18n.word(lang, "mjRobbedFrom" if robbed else "mjFromDiscard", name_of(src))

    def judge_state(self, view: Mapping[str, Any]) -> Any:
        return None   # every Mahjong action is a fixed choice: the offered list is the judge (LAN too)


PRESENTER = MahjongPresenter

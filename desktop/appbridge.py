"""The app bridge: language and settings, the home screen, the new-game form, rules and replays.

The games, their presets, seat counts and teams come from the engine's game registry (``engine.games``);
the new-game rule rows are generated from each game's option specs, never written in QML.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from PySide6.QtCore import Property, QCoreApplication, QObject, Signal, Slot

from desktop import i18n, rules_text, store
from desktop.settings import Settings

BOT_NAMES_ZH = ["王磊", "陈静", "刘强", "赵敏", "孙浩", "周涛"]
BOT_NAMES_EN = ["Wang Lei", "Chen Jing", "Liu Qiang", "Zhao Min", "Sun Hao", "Zhou Tao"]

SETS_CHOICES = (1, 3, 5, 7)


def _planned() -> list[str]:
    """Every registered game, in the registry's order."""
    from engine import games
    return games.names()


def _choices(spec: Any, cur: Any) -> list[Any]:
    """The values an option's selector offers: its choices; for a number the match lengths (or steps of 10
    from its default, e.g. a penalty); for a list option (Shengji must-play levels) its default and the value
    in force."""
    if spec.choices is not None:
        return list(spec.choices)
    if isinstance(spec.default, (list, tuple)):
        d, c = tuple(spec.default), tuple(cur) if isinstance(cur, (list, tuple)) else tuple(spec.default)
        return [d] if c == d else [d, c]
    base = SETS_CHOICES if spec.default in SETS_CHOICES else tuple(spec.default + 10 * k for k in range(4))
    return sorted(set(base) | {cur})


class AppBridge(QObject):
    langChanged = Signal()
    homeChanged = Signal()
    formChanged = Signal()
    replaysChanged = Signal()
    toast = Signal(str)
    startTable = Signal()
    goHome = Signal()

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        settings.changed.connect(self._on_settings)
        self._lang = settings.get("language")
        i18n.install(self._lang)
        self.retranslate: Any = None   # the QML engine's retranslate(), set by the app once QML is loaded
        self.table: Any = None
        self.replay: Any = None
        self._save_info: dict[str, Any] | None = None
        self._save_error = ""
        from engine import games
        self._game = games.names()[0]
        self._preset: dict[str, int] = {}
        self._opts: dict[str, dict[str, Any]] = {}
        self._levels: dict[str, list[int]] = {g.name: [2] * g.seats for g in games.specs()}
        self._seed = ""
        self._replays: list[dict[str, Any]] = []
        self.refresh_home()  # the engine's option specs are imported lazily (start-up time)

    # ------------------------------------------------------------------ language
    def _on_settings(self) -> None:
        if self.settings.get("language") != self._lang:
            self._lang = self.settings.get("language")
            i18n.install(self._lang)   # first the translator, so Python strings read below are in the new language
            if self.retranslate is not None:
                self.retranslate()     # every qsTr() binding re-evaluates
            self.langChanged.emit()
            self.homeChanged.emit()
        self.formChanged.emit()   # e.g. the player's name in the seat list

    def _g_s(self) -> dict[str, str]:
        return i18n.strings(self._lang)

    def _g_lang(self) -> str:
        return str(self._lang)

    s = Property("QVariantMap", _g_s, notify=langChanged)
    lang = Property(str, _g_lang, notify=langChanged)

    # ------------------------------------------------------------------ home
    def refresh_home(self) -> None:
        self._save_info = store.peek()
        if self._save_info and "error" in self._save_info:
            name = store.set_aside(self._save_info["error"])
            self._save_error = name
            self._save_info = None
        self.homeChanged.emit()

    def _g_has_save(self) -> bool:
        return self._save_info is not None

    def _g_save_text(self) -> str:
        s = i18n.strings(self._lang)
        if self._save_error:
            return s["saveDamaged"] + self._save_error
        if not self._save_info:
            return s["noSave"]
        import time
        g = self._save_info.get("game", "")
        n = self._save_info.get("actions", 0)
        when = time.strftime("%m-%d %H:%M", time.localtime(self._save_info.get("mtime", 0)))
        moves = QCoreApplication.translate("AppBridge", "%1 moves").replace("%1", str(n))
        where = (self._save_info.get("meta") or {}).get("progress") or {}
        if isinstance(where, dict) and where.get(self._lang):
            moves = str(where[self._lang])   # the set/hand and the score (desktop/progress.py)
        torn = f" · {s['saveTornShort']}" if self._save_info.get("torn") else ""
        return f"{s['saveFound']}{s.get(g, g)} · {moves} · {when}{torn}"

    def _g_game_line(self) -> str:
        """The games this build plays in the UI language (the Home page's foot), then the version."""
        from desktop import __version__
        from engine import games
        names = [i18n.pick(self._lang, games.spec(g).title_zh, games.spec(g).title_en) for g in games.available()]
        return " · ".join([*names, f"v{__version__}"])

    hasSave = Property(bool, _g_has_save, notify=homeChanged)
    gameLine = Property(str, _g_game_line, notify=langChanged)
    saveText = Property(str, _g_save_text, notify=homeChanged)

    @Slot(result=bool)
    def continueGame(self) -> bool:
        if not self._save_info:
            return False
        meta = self._save_info.get("meta") or {}
        try:
            torn = store.quick_check()  # cheap here; the replay itself runs on the engine thread
        except Exception as exc:
            self.save_failed(f"{type(exc).__name__}: {exc}")
            return False
        if torn:  # a crash cut the last line short: it is dropped, the rest resumes; say so
            self.toast.emit(i18n.strings(self._lang)["saveTorn"])
        game = str(meta.get("game") or self._save_info.get("game") or self._game)
        cfg = {"resume": True, "names": meta.get("seats") or self._names(game), "game": game}
        self.table.start(cfg)
        self.startTable.emit()
        return True

    def save_failed(self, reason: str) -> None:
        """A damaged save: set it aside, say so, never crash (also called when the replay fails on resume)."""
        self._save_error = store.set_aside(reason)
        self._save_info = None
        self.homeChanged.emit()
        self.toast.emit(i18n.strings(self._lang)["saveDamaged"] + self._save_error)

    # ------------------------------------------------------------------ new game form
    def _specs(self, game: str) -> tuple[Any, ...]:
        from engine import games
        try:
            return tuple(games.option_specs(game))
        except Exception:
            return ()

    def _presets(self, game: str) -> list[tuple[str, str, str, dict[str, Any]]]:
        """(name, Chinese title, English title, option values) of the game's presets (RULES.md G.4, B.1),
        shown by their titles in words (the code of a preset option, ``s001``, is the rules panel's business)."""
        from engine import games
        spec = games.spec(game)
        presets, titles = spec.presets(), spec.preset_titles()
        if not presets:
            return [("default", "默认", "Default", {})]
        out = []
        for name, values in presets.items():
            zh, en = titles.get(name, (name, name))
            out.append((name, zh, en, dict(values)))
        return out

    def _preset_values(self, game: str) -> dict[str, Any]:
        presets = self._presets(game)
        i = min(self._preset.get(game, 0), len(presets) - 1)
        base = {s.name: s.default for s in self._specs(game)}
        base.update(presets[i][3])
        if "preset" in base:   # a preset option stands for a set of option values: show them
            from engine import games
            for name in (presets[i][0], base["preset"]):   # the chosen preset itself when the engine takes it
                try:
                    base.update(games.rules(game, {"preset": name}).options.as_dict())
                    break
                except Exception:
                    continue
        return base

    def _reset_options(self, game: str) -> None:
        self._opts[game] = self._preset_values(game)

    def _cur(self, game: str) -> dict[str, Any]:
        if game not in self._opts:
            self._reset_options(game)
        return self._opts[game]

    def _g_games(self) -> list[dict[str, Any]]:
        """A tile per game: the registered ones, then those planned (a spec module named) with words to show."""
        from desktop.games import presenter
        from engine import games
        avail = set(games.available())
        s = i18n.strings(self._lang)
        out = []
        for g in _planned():
            try:
                spec = games.spec(g)
            except ValueError:
                spec = None
            if g not in avail and spec is None:  # planned, no words to show yet
                continue
            name = s.get(g) or (presenter(g).title(self._lang) if spec else g)  # a new game's name: its spec
            desc, desc2 = presenter(g).tile_words(self._lang) if spec else ("", "")
            out.append({"id": g, "name": name, "desc": desc,
                        "desc2": desc2 or s["comingSoon"], "seats": spec.seats if spec else 4,
                        "available": g in avail, "teams": bool(spec and spec.teams),
                        "felt": presenter(g).felt if spec else "green",
                        "chip": "" if g in avail else s["comingSoon"] if spec is None else s["notAvailable"]})
        return out

    def _g_game(self) -> str:
        return self._game

    def _g_preset_names(self) -> list[str]:
        return [i18n.pick(self._lang, p[1], p[2]) for p in self._presets(self._game)]

    def _g_preset_index(self) -> int:
        return self._preset.get(self._game, 0)

    def _g_rows(self) -> list[dict[str, Any]]:
        lang = self._lang
        cur = self._cur(self._game)
        base = self._preset_values(self._game)
        from desktop.games import presenter
        pres = presenter(self._game)   # a game may name its option values in words
        rows = []
        for spec in self._specs(self._game):
            if spec.name == "preset" or not pres.option_shown(spec.name, cur):
                continue
            choices = _choices(spec, cur.get(spec.name, spec.default))
            val = cur.get(spec.name, spec.default)
            if isinstance(val, list):
                val = tuple(val)
            idx = next((i for i, c in enumerate(choices) if type(c) is type(val) and c == val), 0)
            rows.append({
                "name": spec.name, "rule": spec.rule,
                "label": i18n.pick(lang, spec.label_zh, spec.label_en) or spec.name,
                "help": i18n.pick(lang, spec.help_zh, spec.help_en),
                "choices": [pres.option_word(spec.name, c, lang) or spec.value_label(c, lang) for c in choices], "index": idx,
                "isBool": all(isinstance(c, bool) for c in choices),
                "onIndex": next((i for i, c in enumerate(choices) if c is True), 1),
                "changed": base.get(spec.name) != val,
            })
        return rows

    def _g_changed(self) -> int:
        return sum(1 for r in self._g_rows() if r["changed"])

    def _names(self, game: str) -> list[str]:
        from engine import games
        n = games.spec(game).seats
        bots = i18n.pick(self._lang, BOT_NAMES_ZH, BOT_NAMES_EN)
        me = str(self.settings.get("playerName") or "").strip()[:12] or i18n.word(self._lang, "meDefault")
        return [me] + bots[: n - 1]

    def _g_seats(self) -> list[dict[str, Any]]:
        s = i18n.strings(self._lang)
        names = self._names(self._game)
        n = len(names)
        out = []
        from desktop.games import presenter
        pres = presenter(self._game)
        sides = [d["team"] for d in self._g_diagram()["seats"]]   # the diagram's colours (desktop/seat_diagram.py)
        for seat in range(n):
            rel = s["you"] if seat == 0 else pres.relation(seat, n, s)
            team = sides[seat]
            out.append({"seat": seat, "name": names[seat], "human": seat == 0, "relation": rel,
                        "level": self._levels[self._game][seat], "team": team})
        return out

    def _g_diagram(self) -> dict[str, Any]:
        """The seat diagram of the selected game (desktop/seat_diagram.py), live with the seat rows."""
        from desktop.games import presenter
        from desktop.seat_diagram import diagram
        from engine import games
        return diagram(games.spec(self._game), presenter(self._game), self._names(self._game),
                       self._levels[self._game], i18n.strings(self._lang), self._lang)

    def _g_levels(self) -> list[str]:
        s = i18n.strings(self._lang)
        return [s["lvl0"], s["lvl1"], s["lvl2"], s["lvl3"]]

    def _g_seed(self) -> str:
        return self._seed

    games = Property("QVariantList", _g_games, notify=formChanged)
    game = Property(str, _g_game, notify=formChanged)
    presetNames = Property("QVariantList", _g_preset_names, notify=formChanged)
    presetIndex = Property(int, _g_preset_index, notify=formChanged)
    optionRows = Property("QVariantList", _g_rows, notify=formChanged)
    changedCount = Property(int, _g_changed, notify=formChanged)
    seatRows = Property("QVariantList", _g_seats, notify=formChanged)
    seatDiagram = Property("QVariantMap", _g_diagram, notify=formChanged)
    levelNames = Property("QVariantList", _g_levels, notify=langChanged)
    seed = Property(str, _g_seed, notify=formChanged)

    @Slot(str)
    def selectGame(self, game: str) -> None:
        from engine import games
        if game in games.names() and game != self._game:
            self._game = game
            self.formChanged.emit()

    @Slot(int)
    def selectPreset(self, i: int) -> None:
        self._preset[self._game] = i
        self._reset_options(self._game)
        self.formChanged.emit()

    @Slot()
    def restorePreset(self) -> None:
        self._reset_options(self._game)
        self.formChanged.emit()

    @Slot(str, int)
    def setOption(self, name: str, index: int) -> None:
        spec = next((s for s in self._specs(self._game) if s.name == name), None)
        if spec is None:
            return
        cur = self._cur(self._game)
        choices = _choices(spec, cur.get(name, spec.default))
        if 0 <= index < len(choices):
            cur[name] = choices[index]
            self.formChanged.emit()

    @Slot(int, int)
    def setLevel(self, seat: int, level: int) -> None:
        lv = self._levels[self._game]
        if 0 <= seat < len(lv):
            lv[seat] = level
            self.formChanged.emit()

    @Slot(int)
    def setAllLevels(self, level: int) -> None:
        self._levels[self._game] = [level] * len(self._levels[self._game])
        self.formChanged.emit()

    @Slot(str)
    def setSeed(self, text: str) -> None:
        if text != self._seed:
            self._seed = text
            self.formChanged.emit()

    @Slot()
    def randomSeed(self) -> None:
        self._seed = str(random.randrange(10**7, 10**9))
        self.formChanged.emit()

    def game_options(self) -> dict[str, Any]:
        specs = {s.name: s for s in self._specs(self._game)}
        out = {}
        base = {s.name: s.default for s in specs.values()}
        from desktop.games import presenter
        pres = presenter(self._game)
        cur = self._cur(self._game)
        for k, v in cur.items():   # an option the screen hides (another variant's) keeps its default
            if k in specs and (v != base.get(k) or k == "preset") and pres.option_shown(k, cur):
                out[k] = v
        return out

    def new_game_config(self, **extra: Any) -> dict[str, Any]:
        seed: int | None = None
        t = self._seed.strip()
        if t:
            digits = "".join(ch for ch in t if ch.isdigit())
            seed = int(digits) if digits else abs(hash(t)) % (2**31)
        cfg = {"game": self._game, "options": self.game_options(), "seed": seed, "humans": [0],
               "levels": {i: lv for i, lv in enumerate(self._levels[self._game])},
               "names": self._names(self._game)}
        cfg["seats"] = cfg["names"]
        cfg.update(extra)
        return cfg

    @Slot(result=bool)
    def startGame(self) -> bool:
        from engine import games
        if self._game not in games.available():
            self.toast.emit(i18n.strings(self._lang)["notAvailable"])
            return False
        self.table.start(self.new_game_config())
        self.startTable.emit()
        return True

    # ------------------------------------------------------------------ rules screen
    @Slot(str, result="QVariantList")
    def rulesSummary(self, game: str) -> list[dict[str, str]]:
        return rules_text.rows(game or self._game, self._lang)

    @Slot(str, result="QVariantList")
    def optionsInForce(self, game: str) -> list[dict[str, str]]:
        game = game or self._game
        if self.table is not None and self.table.snap and self.table.snap.get("game") == game:
            values = self.table.snap.get("options") or {}
        else:
            values = self._cur(game)
        out = []
        for spec in self._specs(game):
            v = values.get(spec.name, spec.default)
            out.append({"rule": spec.rule, "label": i18n.pick(self._lang, spec.label_zh, spec.label_en),
                        "value": spec.value_label(v, self._lang), "help": i18n.pick(self._lang, spec.help_zh, spec.help_en)})
        return out

    # ------------------------------------------------------------------ replays
    @Slot()
    def refreshReplays(self) -> None:
        self._replays = store.list_replays()
        self.replaysChanged.emit()

    def _g_replays(self) -> list[dict[str, Any]]:
        return self._replays

    replays = Property("QVariantList", _g_replays, notify=replaysChanged)

    @Slot(str)
    def openReplay(self, path: str) -> None:
        if self.replay is not None:
            self.replay.open(path)


class ReplayBridge(QObject):
    """Steps through one finished set/hand, forward and back, with every hand shown."""

    changed = Signal()
    _loaded = Signal(object)

    def __init__(self, app: AppBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self._steps: list[dict[str, Any]] = []
        self._i = 0
        self._error = ""
        self._title = ""
        self._loading = False
        self._words: dict[str, Any] = {}   # what a step's line is worded from, again in a new language
        self._loaded.connect(self._on_loaded)
        app.langChanged.connect(self._reword)

    def open(self, path: str) -> None:
        self._lang = str(self.app.settings.get("language"))   # the step lines' language
        self._loading = True
        self._steps = []
        self._i = 0
        self.changed.emit()
        threading.Thread(target=self._load, args=(path, self._lang), daemon=True).start()

    def _load(self, path: str, lang: str = "zh") -> None:
        from pathlib import Path

        from desktop.replay_words import Walk, step_line
        try:
            walk = Walk(path)
            st, pres, names, info = walk.state, walk.pres, walk.names, walk.info
            p = Path(path)
            steps = [{**self._capture(pres, st, None), "at": 0}]   # "at": the actions of the hand applied
            acts: list[tuple[Any, str]] = []
            for at, a, phase, quiet in walk:   # a quiet action (a Mahjong 过 that passed no win): no step
                if not quiet:
                    acts.append((a, phase))
                    steps.append({**self._capture(pres, st, a), "at": at,
                                  "line": step_line(pres, st.rules, a, names, lang, phase)})
            self._loaded.emit({"steps": steps, "title": info.get("title", p.stem), "error": "",
                               "words": {"pres": pres, "rules": st.rules, "names": names, "acts": acts, "lang": lang}})
        except Exception as exc:
            self._loaded.emit({"steps": [], "title": "", "error": f"{type(exc).__name__}: {exc}"})

    @staticmethod
    def _capture(pres: Any, st: Any, action: Any) -> dict[str, Any]:
        """One step: the game's own board (``Presenter.replay_capture``, drawn by its ``replay_board``), or every
        hand as cards and the trick on the table."""
        own = pres.replay_capture(st)
        if own is not None:
            return {"board": own, "boardUrl": pres.replay_board, "hands": [], "trick": [],
                    "action": str(action) if action is not None else "", "phase": st.phase}
        from desktop.faces import card_faces
        hands = []
        for seat in range(st.n_seats):
            v = st.view(seat)
            hands.append({"seat": seat, "cards": card_faces(list(v.get("hand") or [])), "n": len(v.get("hand") or [])})
        v0 = st.view(0)
        trick = [{"seat": t.get("seat"), "faces": card_faces(t.get("cards") or t.get("play") or "")}
                 for t in (v0.get("trick") or []) if t.get("play")]
        return {"hands": hands, "trick": trick, "action": str(action) if action is not None else "",
                "phase": st.phase}

    def _reword(self) -> None:
        """The steps' lines in the language of now (a switch while a replay is open)."""
        from desktop.replay_words import step_line
        w, lang = self._words, str(self.app.settings.get("language"))
        if not w or w["lang"] == lang or len(w["acts"]) != len(self._steps) - 1:
            return
        for step, (a, phase) in zip(self._steps[1:], w["acts"], strict=True):
            step["line"] = step_line(w["pres"], w["rules"], a, w["names"], lang, phase)
        w["lang"] = lang
        self.changed.emit()

    def _on_loaded(self, d: dict[str, Any]) -> None:
        self._words = d.get("words") or {}
        self._steps = d["steps"]
        self._title = d["title"]
        self._error = d["error"]
        self._i = 0
        self._loading = False
        self.changed.emit()

    @Slot(int)
    def seek(self, at: int) -> None:
        """Show the board after the hand's first ``at`` actions (a review's moment): the last step at or before
        it, since a step may stand for several actions (``Presenter.replay_quiet``)."""
        if self._steps:
            self._i = max(i for i, st in enumerate(self._steps) if int(st.get("at", i)) <= max(0, at))
            self.changed.emit()

    @Slot(int)
    def step(self, delta: int) -> None:
        if self._steps:
            self._i = max(0, min(len(self._steps) - 1, self._i + delta))
            self.changed.emit()

    def _g_cur(self) -> dict[str, Any]:
        return self._steps[self._i] if self._steps else {}

    def _g_i(self) -> int:
        return self._i

    def _g_n(self) -> int:
        return len(self._steps)

    def _g_err(self) -> str:
        return self._error

    def _g_title(self) -> str:
        return self._title

    def _g_loading(self) -> bool:
        return self._loading

    current = Property("QVariantMap", _g_cur, notify=changed)
    index = Property(int, _g_i, notify=changed)
    count = Property(int, _g_n, notify=changed)
    error = Property(str, _g_err, notify=changed)
    title = Property(str, _g_title, notify=changed)
    loading = Property(bool, _g_loading, notify=changed)

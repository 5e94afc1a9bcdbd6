"""Every refusal the engine raises has Chinese words (issue 13): "[G-69] only a player holding 10 or fewer
cards must report" and "'45' mixes ranks 45" reached the Chinese UI in English.

An AST scan of every refusal raise site in engine/: a site that names its rule id and gives no Chinese must
name a rule whose Chinese is in a game's refusal table (``engine.refusals.zh_any``), and Chinese written at a
site shows no engine notation (no ``!r`` quoting, no ASCII quotes). A short sweep over random games then asks
each state why it refuses actions that are not legal and checks the words it gives."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from engine import games
from engine.api import Refusal
from engine.core import Action
from engine.refusals import zh_any

ENGINE = Path(__file__).resolve().parent.parent / "engine"
REFUSERS = {"IllegalAction", "IllegalPlay", "RuleError", "Refusal", "_illegal", "_no", "refuse"}
CJK = re.compile(r"[\u3400-\u9fff]")


def _name(f: ast.expr) -> str:
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _sites():
    for p in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in REFUSERS and node.args:
                yield p.relative_to(ENGINE.parent), node


def _zh_arg(node: ast.Call) -> ast.expr | None:
    if len(node.args) >= 3:
        return node.args[2]
    return next((k.value for k in node.keywords if k.arg == "zh"), None)


def test_every_refusal_site_has_chinese():
    missing, notation, n = [], [], 0
    for path, node in _sites():
        rule = node.args[0]
        zh = _zh_arg(node)
        if not isinstance(rule, ast.Constant) or not isinstance(rule.value, str):
            continue   # a rule id passed on (exc.rule): the site that raised it first is checked
        n += 1
        if zh is None or (isinstance(zh, ast.Constant) and not zh.value):
            if not zh_any(rule.value):
                missing.append(f"{path}:{node.lineno} {rule.value}")
            continue
        if isinstance(zh, ast.Constant) and isinstance(zh.value, str):
            if not CJK.search(zh.value) or "'" in zh.value:
                notation.append(f"{path}:{node.lineno} {zh.value!r}")
        elif isinstance(zh, ast.JoinedStr):
            if any(isinstance(v, ast.FormattedValue) and v.conversion == ord("r") for v in zh.values):
                notation.append(f"{path}:{node.lineno} quotes engine notation (!r)")
    assert n > 80
    assert not missing, f"refusals without Chinese: {missing}"
    assert not notation, f"Chinese refusals showing engine notation: {notation}"


def test_a_refusal_without_chinese_at_its_site_takes_its_rules_words():
    assert Refusal("C-10", "'45' mixes ranks 45").zh == "一手牌只能有一个点数（可贴2、挂王）"
    assert Refusal("G-69", "only a player holding 10 or fewer cards must report").message("zh") != \
        "only a player holding 10 or fewer cards must report"
    assert Refusal("no-such-rule", "x").message("zh") == "x"   # the English stays the fallback


def test_random_games_refuse_in_chinese():
    """Illegal actions (another seat's turn, every action kind with texts from the hand) asked of random
    games: each refusal has Chinese without engine quoting. Bounded: 60 moves and 400 refusals per game."""
    for g in games.available():
        rng = random.Random(13)
        st = games.new_state(g, 13)
        kinds: set[str] = set()
        asked = 0
        for step in range(60):
            if st.is_over or st.to_act is None or asked >= 400:
                break
            seat = st.to_act
            legal = st.legal_actions(seat)
            first = [a for _, a in zip(range(30), legal)]
            kinds.update(a.kind for a in first)
            if step % 4 == 0:
                hand = list(st.view(seat).get("hand") or [])
                texts = ["".join(rng.sample(hand, min(len(hand), 2))) for _ in range(2)] + ["45", ""]
                for kind in sorted(kinds):
                    for text in texts:
                        for s in (seat, (seat + 1) % st.n_seats):
                            try:
                                a = st.action_from_json({"seat": s, "kind": kind, "arg": text, "play": text})
                            except Exception as exc:   # a malformed action: refused with its rule id
                                r = Refusal.of(exc)
                            else:
                                r = st.refusal(a) if a not in first else None
                            if r is None:
                                continue
                            asked += 1
                            assert r.zh and CJK.search(r.zh), (g, r)
                            assert not re.search(r"'[^']*'", r.zh), (g, r)
            st.apply(rng.choice(first))
        assert asked > 10, g
    assert Action(0, "pass", None, "") is not None

"""UI strings in 中文 and English, switched live.

QML shows its words through Qt's translation system: ``qsTr("English")`` with the Chinese in
``ui/i18n/qilu_zh_CN.ts``, compiled to the ``.qm`` that :func:`install` loads into a QTranslator. The dicts below
are the words Python still builds (seat captions, the round log, presenters) and the source the converter
(``python -m tools.i18n_convert``) takes a new ``app.s.<key>`` string from; see docs/ARCHITECTURE.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")

ZH: dict[str, str] = {
    "title": "齐鲁牌局", "subtitle": "山东扑克与麻将",
    "continue": "继续上一局", "newGame": "新游戏", "lan": "局域网", "replays": "回放", "settings": "设置",
    "rules": "规则", "quit": "退出", "back": "返回", "start": "开 始", "close": "关闭",
    "lanSoon": "局域网对战：由网络模块提供（开发中）", "noSave": "没有进行中的对局",
    "saveDamaged": "存档已损坏，已移到一旁：", "saveFound": "进行中：",
    "saveTorn": "存档的最后一步没有写完整（程序上次意外退出），这一步已丢失；从它之前继续。",
    "saveTornShort": "最后一步已丢失",
    "newGameSub": "选择玩法、规则和对手，然后开始",
    "game": "玩法", "preset": "规则预设", "rulesSection": "规则", "seats": "座位", "seed": "随机种子",
    "seedHint": "留空 = 随机；相同种子 + 相同规则 = 相同发牌", "changed": "已改 %1 项", "restorePreset": "恢复预设", "comingSoon": "敬请期待", "notAvailable": "引擎尚未提供",
    "you": "你", "customRules": "自定规则", "human": "真人（你）", "bot": "电脑", "allBots": "全部设为",
    "lvl0": "入门", "lvl1": "普通", "lvl2": "高手", "lvl3": "大师",
    "diagMine": "我方", "diagTheirs": "对方", "diagVs": "%1 对 %2", "diagOpposite": "你 ↔ 对头",
    "diagSides": "不固定分队：身份在牌局中揭晓", "diagSolo": "各自为战", "diagTurn": "逆时针出牌",
    "looks": "外观", "lookFelt": "桌布", "lookBack": "牌背", "aids": "辅助", "aidTimerHelp": "每一步的思考时间",
    "aidTrackerHelp": "在桌边显示场上还没出的牌",
    "teammate": "队友", "upper": "上家", "lower": "下家", "opposite": "对头", "across": "对家",
    "play": "出牌", "pass": "过牌", "hint": "提示", "auto": "托管", "autoOn": "托管中 · 点击取消",
    "timeoutAuto": "时间到：已为你托管（点击“托管中”取消）", "autoPill": "托管中 · 取消", "playAgain": "再来一局", "replayPlay": "播放", "replayPause": "暂停", "replayThis": "回放", "dropped": "掉线", "droppedAuto": "掉线 · 托管中",
    "timeoutAutoSeat": "%1 时间到：已由电脑托管",
    "leaveTitle": "离开牌桌？", "leaveBody": "离开后电脑托管你的座位；用同一台电脑重新加入可以回到座位。",
    "leaveYes": "离开", "leaveNo": "留在牌桌",
    "setShort": "第%1回合", "sheetSet": "回合", "sheetHand": "局", "placePts": "名次分", "running": "累计",
    "sheetEmpty": "还没有打完的回合", "sideScore": "皇帝方", "soloShort": "独保", "doubled": "翻倍",
    "tracker": "记牌器", "trackerSub": "场上未出 · 不含你的手牌", "roundLog": "本轮记录", "scoreSheet": "计分表",
    "setNo": "第%1回合 / 共%2", "handNo": "第%1局", "ourSide": "我方", "theirSide": "对方",
    "selected": "已选 %1 张", "selectedOf": "已选 %1/%2 张", "autoPick": "自动选择", "canPlay": "✓ 可出", "selectCards": "点选或横扫手牌",
    "waiting": "等待 %1", "waitingOthers": "等待其他玩家", "atResults": "%1 还在看结果", "yourTurn": "轮到你", "finished": "已出完", "left": "剩%1",
    "results": "本回合结果", "resultsHand": "本局结果", "place": "名次", "placePoints": "名次分", "score": "得分", "total": "累计",
    "tributesNext": "下回合进贡", "nextSet": "下一回合", "nextHand": "下一局", "lastResults": "上局结果", "gameOver": "对局结束",
    "backHome": "回到主页", "noTribute": "无",
    "verifyShuffle": "验证洗牌",
    "verifyShuffleHow": "发牌前公布的承诺 = SHA256(种子‖随机数)；种子按公开算法重算出你的手牌。命令：python -m engine.fairness verify --log 存档文件",
    "tribute": "进贡", "returnTribute": "还贡", "startPlay": "开始出牌",
    "language": "语言", "animSpeed": "动画速度", "animOff": "关", "animFast": "快", "animNormal": "正常",
    "animSlow": "慢", "sound": "音效", "on": "开", "off": "关", "cardSize": "牌面大小", "small": "小",
    "medium": "中", "large": "大", "handSort": "手牌排序", "sortAsc": "从小到大", "sortDesc": "从大到小",
    "turnTimer": "出牌计时", "seconds": "%1秒", "unlimited": "不限", "grace": "托管宽限", "playerName": "你的名字",
    "graceHelp": "超时后再等几秒才自动托管",
    "rulesTitle": "规则摘要", "optionsInForce": "本桌规则选项", "ruleId": "规则",
    "rulesFilterHint": "查规则：输入编号或字词", "rulesNoMatch": "没有找到相关的规则",
    "replayTitle": "回放", "noReplays": "还没有回放：打完一回合后自动保存", "stepBack": "◀ 上一步",
    "stepFwd": "下一步 ▶", "step": "第 %1 / %2 步", "openReplay": "打开",
    "emperor": "皇帝", "guard": "侍卫", "rebel": "造反", "unknownId": "身份未明",
    "illegal": "不能出", "ruleRef": "规则 %1", "dealing": "发牌中",
    "phase_move": "摸打", "phase_claim": "问吃碰杠胡", "phase_rob": "抢杠",
    "phase_yudian": "预点", "phase_show": "上班", "phase_tribute": "进贡", "phase_mingdian": "明点",
    "phase_revolt": "革命", "phase_yaotou": "要头", "phase_play": "出牌", "phase_over": "结束",
    "phase_buysan": "买三", "phase_emperor": "选皇帝", "phase_call": "叫牌", "phase_declare": "声明",
    "kaidian": "● 开点", "noKaidian": "○ 未开点", "calls": "叫点", "phase_return": "还贡", "phase_deal": "发牌", "phase_bury": "埋底", "handSettled": "本局结算", "phase_abdicate": "让位", "phase_pot": "放底牌",
    "phase_grab": "抢独", "phase_mingbao": "明保", "phase_rebellion": "造反",
    "lanTableRules": "规则：", "lanOpt": "%1 %2",
    "tutorMode": "新手讲解", "tutorHelp": "轮到你时说明能怎么出、为什么（附规则编号）", "tutorGuide": "玩法讲解",
    "tutorNext": "下一张", "tutorPrev": "上一张", "tutorDone": "知道了", "tutorCard": "%1 / %2",
    "review": "复盘", "reviewTitle": "复盘 · 高手会怎么打", "reviewRunning": "正在复盘（在后台推演）…",
    "reviewNone": "还没有可以复盘的回放", "reviewSummary": "%2 次决定里有 %1 处高手会打得更好",
    "reviewHeld": "另有 %1 处高手打法不同，但推演里你的不差",
    "reviewPartial": "时间用完，只复盘了一部分", "reviewMoment": "第 %1 步", "reviewPlayed": "你：%1",
    "reviewBot": "高手：%1", "reviewSwing": "估计差 %1 分（%2 个推演世界）", "reviewNoWorlds": "这一步没有推演", "reviewJump": "看回放",
    "reviewHow": "只用你当时能看到的牌推演；命令：python -m engine.review --log 回放文件 --seat 座位",
    "phase_stick": "粘牌", "phase_exchange": "回牌",
}

EN: dict[str, str] = {
    "title": "Qilu Cards", "subtitle": "Shandong card and tile games",
    "continue": "Continue", "newGame": "New game", "lan": "LAN", "replays": "Replays", "settings": "Settings",
    "rules": "Rules", "quit": "Quit", "back": "Back", "start": "Start", "close": "Close",
    "lanSoon": "LAN play: provided by the network module (in progress)", "noSave": "No match in progress",
    "saveDamaged": "The save was damaged and set aside: ", "saveFound": "In progress: ",
    "saveTorn": "The last move in the save was cut short (the app stopped unexpectedly) and is lost; "
                "resuming from the move before it.",
    "saveTornShort": "last move lost",
    "newGameSub": "Choose the game, the rules and your opponents, then start",
    "game": "Game", "preset": "Preset", "rulesSection": "Rules", "seats": "Seats", "seed": "Seed",
    "seedHint": "Blank = random; same seed + same rules = same deal", "changed": "%1 changed",
    "restorePreset": "Restore preset", "comingSoon": "coming soon", "notAvailable": "engine not ready",
    "you": "You", "customRules": "Custom rules", "human": "Human (you)", "bot": "Bot", "allBots": "All bots",
    "lvl0": "Beginner", "lvl1": "Normal", "lvl2": "Strong", "lvl3": "Master",
    "diagMine": "Our side", "diagTheirs": "Their side", "diagVs": "%1 v %2", "diagOpposite": "You ↔ opposite",
    "diagSides": "No fixed teams: sides are found in play", "diagSolo": "Each for himself",
    "diagTurn": "Play goes counter-clockwise", "looks": "Look", "lookFelt": "Felt", "lookBack": "Card back",
    "aids": "Aids", "aidTimerHelp": "Thinking time for each of your moves",
    "aidTrackerHelp": "Shows the cards not yet played beside the table",
    "teammate": "Partner", "upper": "Before", "lower": "After", "opposite": "Opposite", "across": "Across",
    "play": "Play", "pass": "Pass", "hint": "Hint", "auto": "Auto", "autoOn": "Auto-play · click to cancel",
    "timeoutAuto": "Time is up: auto-play is on for you (click the auto-play banner to cancel)",
    "autoPill": "Auto-play on · cancel", "playAgain": "Play again", "replayPlay": "Play", "replayPause": "Pause", "replayThis": "Replay", "dropped": "Dropped", "droppedAuto": "Dropped · auto-play",
    "timeoutAutoSeat": "Time is up for %1: a bot plays the seat (auto-play)",
    "leaveTitle": "Leave the table?", "leaveBody": "A bot plays your seat once you leave; join again from this computer to take it back.",
    "leaveYes": "Leave", "leaveNo": "Stay",
    "setShort": "Set %1", "sheetSet": "Set", "sheetHand": "Hand", "placePts": "place pts", "running": "Running",
    "sheetEmpty": "No set finished yet", "sideScore": "Side", "soloShort": "solo", "doubled": "doubled",
    "tracker": "Card counter", "trackerSub": "Unseen · not counting your hand", "roundLog": "This round",
    "scoreSheet": "Score sheet",
    "setNo": "Set %1 / %2", "handNo": "Hand %1", "ourSide": "Us", "theirSide": "Them",
    "selected": "%1 selected", "selectedOf": "%1/%2 selected", "autoPick": "Auto-pick", "canPlay": "✓ playable", "selectCards": "click or sweep your cards",
    "waiting": "Waiting for %1", "waitingOthers": "Waiting for the others", "atResults": "%1 still reading the results", "yourTurn": "Your turn", "finished": "Out", "left": "%1 left",
    "results": "Set results", "resultsHand": "Hand results", "place": "Place", "placePoints": "Place pts", "score": "Score", "total": "Total",
    "tributesNext": "Tribute next set", "nextSet": "Next set", "nextHand": "Next hand", "lastResults": "Last results", "gameOver": "Game over",
    "backHome": "Home", "noTribute": "none",
    "verifyShuffle": "Verify shuffle",
    "verifyShuffleHow": "The commitment shown before the deal = SHA256(seed ‖ nonce); the seed recomputes your hand with the published shuffle. Command: python -m engine.fairness verify --log SAVE",
    "tribute": "Tribute", "returnTribute": "Return", "startPlay": "Play starts",
    "language": "Language", "animSpeed": "Animation speed", "animOff": "Off", "animFast": "Fast",
    "animNormal": "Normal", "animSlow": "Slow", "sound": "Sound", "on": "On", "off": "Off",
    "cardSize": "Card size", "small": "Small", "medium": "Medium", "large": "Large", "handSort": "Hand order",
    "sortAsc": "Low to high", "sortDesc": "High to low", "turnTimer": "Turn timer", "seconds": "%1 s",
    "unlimited": "None", "grace": "Auto-play grace", "playerName": "Your name", "graceHelp": "Extra seconds after a timeout before auto-play",
    "rulesTitle": "Rules summary", "optionsInForce": "Options at this table", "ruleId": "Rule",
    "rulesFilterHint": "Find a rule: type its id or a word", "rulesNoMatch": "No rule matches",
    "replayTitle": "Replays", "noReplays": "No replays yet: finished sets are kept here",
    "stepBack": "◀ Back", "stepFwd": "Forward ▶", "step": "Step %1 / %2", "openReplay": "Open",
    "emperor": "Emperor", "guard": "Guard", "rebel": "Rebel", "unknownId": "Unknown",
    "illegal": "Not playable", "ruleRef": "rule %1", "dealing": "Dealing",
    "phase_move": "Draw and discard", "phase_claim": "Claims", "phase_rob": "Rob the kong",
    "phase_yudian": "Pre-call", "phase_show": "Show 3s", "phase_tribute": "Tribute", "phase_mingdian": "Open call",
    "phase_revolt": "Revolution", "phase_yaotou": "Head", "phase_play": "Play", "phase_over": "Over",
    "phase_buysan": "Buy 3", "phase_emperor": "Emperor", "phase_call": "Call", "phase_declare": "Declare",
    "kaidian": "● 开点 open", "noKaidian": "○ no 开点", "calls": "Calls", "phase_return": "Return", "phase_deal": "Deal", "phase_bury": "Bury", "handSettled": "This hand", "phase_abdicate": "Throne", "phase_pot": "Pot",
    "phase_grab": "Grab", "phase_mingbao": "Reveal", "phase_rebellion": "Rebellion",
    "lanTableRules": "Rules: ", "lanOpt": "%1: %2",
    "tutorMode": "Tutor", "tutorHelp": "At each of your decisions: what is legal and why (with the rule id)",
    "tutorGuide": "How to play", "tutorNext": "Next", "tutorPrev": "Back", "tutorDone": "Got it",
    "tutorCard": "%1 / %2", "review": "Review", "reviewTitle": "Review · what the strong bot would play",
    "reviewRunning": "Reviewing (playing it out in the background)…", "reviewNone": "No replay to review yet",
    "reviewSummary": "The strong bot does better at %1 of %2 decisions",
    "reviewHeld": "at %1 more it differs, but your play held up",
    "reviewPartial": "budget spent, partly reviewed", "reviewMoment": "Move %1", "reviewPlayed": "You: %1",
    "reviewBot": "Bot: %1", "reviewSwing": "swing %1 points (%2 sampled worlds)", "reviewNoWorlds": "not played out", "reviewJump": "Replay",
    "reviewHow": "Played out only from the cards you could see then; command: python -m engine.review --log "
                 "REPLAY --seat N",
    "phase_stick": "Stick", "phase_exchange": "Give back",
}

# Words Python builds for the presenters, the LAN bridge and the table (each once instead of an inline language
# branch, issue 13). ``%1``, ``%2`` … are filled by :func:`word`.
ZH.update({
    "botN": "电脑%1", "meDefault": "海风", "lanNameDefault": "海风", "onlyYou": "仅你可见", "cardNotAllowed": "这张牌不能%1",
    "twoAs": "2 当 %1", "callsCard": "叫 %1", "leadsFirst": "上班",
    "youLower": "你",
    "lanOpen": "空位", "lanBot": "电脑", "lanPlayer": "玩家", "lanWaiting": "等待玩家加入… 空位由电脑补上",
    "lanRestored": "已恢复上次的牌桌，其他玩家会自动重新连接", "lanConnecting": "正在连接 %1",
    "lanDisconnected": "连接已断开：%1", "lanSeated": "已入座，等待开局", "lanChatFast": "聊天太快了，请稍等",
    "lanNoticeDropped": "%1 掉线了", "lanNoticeAuto": "%1 由电脑托管", "lanNoticeBack": "%1 回来了",
    "shuffleCommit": "第 %1 副牌 · 洗牌承诺 SHA256 %2…",
})
EN.update({
    "botN": "Bot %1", "meDefault": "You", "lanNameDefault": "Hai Feng", "onlyYou": "only you", "cardNotAllowed": "not allowed: %1",
    "twoAs": "2 as %1", "callsCard": "calls %1", "leadsFirst": "leads first",
    "youLower": "you",
    "lanOpen": "open", "lanBot": "bot", "lanPlayer": "player", "lanWaiting": "Waiting for players… open seats get bots",
    "lanRestored": "The last table is back; the other players reconnect by themselves",
    "lanConnecting": "Connecting to %1", "lanDisconnected": "Disconnected: %1",
    "lanSeated": "Seated; waiting for the start", "lanChatFast": "Chat too fast; wait a moment",
    "lanNoticeDropped": "%1 dropped", "lanNoticeAuto": "A bot plays for %1 (auto-play)", "lanNoticeBack": "%1 is back",
    "shuffleCommit": "Deal %1 · shuffle commitment SHA256 %2…",
})

# Labels of action kinds (engine.core.Action.kind) for buttons.
def game_words() -> None:
    """Every registered game's own words (``desktop/games/<game>_words.py``: ``ZH``, ``EN``) into the tables
    above, so :func:`word` and :func:`strings` find them; the shared tables name no game. A key the app or
    another game already has is refused: two meanings under one name would show the wrong words."""
    import importlib

    from engine import games
    for name in games.names():
        try:
            mod = importlib.import_module(f"desktop.games.{name}_words")
        except ModuleNotFoundError as exc:
            if exc.name != f"desktop.games.{name}_words":
                raise
            continue   # a game whose presenter builds no words of its own
        for table, words in ((ZH, mod.ZH), (EN, mod.EN)):
            clash = sorted(k for k in words if k in table and table[k] != words[k])
            if clash:
                raise ValueError(f"{name}'s words reuse the keys {clash}")
            table.update(words)


game_words()

ACTION_ZH = {
    "play": "出牌", "pass": "过牌", "rang": "让牌", "jiefeng": "接风", "burn": "烧牌", "yudian": "预点",
    "mingdian": "明点", "show": "上班", "revolt": "革命", "yaotou": "要头", "wutou": "无头", "accept": "接受",
    "refuse": "拒收", "give": "还贡", "decline": "不要", "abdicate": "让位", "call": "叫牌", "mingbao": "明保", "reveal": "明保",
    "rebel": "造反", "zaofan": "造反", "solo": "独保", "mingdu": "明独保", "grab": "抢独", "tribute": "进贡",
    "pay": "进贡", "return": "还贡", "ask": "问户", "report": "报户", "ok": "确定", "next": "继续",
}
ACTION_EN = {
    "play": "Play", "pass": "Pass", "rang": "Yield 让", "jiefeng": "Take wind 接风", "burn": "Burn 烧",
    "yudian": "Pre-call 预点", "mingdian": "Call 明点", "show": "Show 3s 上班", "revolt": "Revolt 革命",
    "yaotou": "Keep head 要头", "wutou": "Waive 无头", "accept": "Accept", "refuse": "Refuse",
    "give": "Return 还贡", "decline": "Decline", "abdicate": "Abdicate", "call": "Call triple",
    "mingbao": "Reveal 明保", "reveal": "Reveal 明保", "rebel": "Rebel 造反", "zaofan": "Rebel 造反", "solo": "Solo", "mingdu": "Open solo",
    "grab": "Grab solo", "tribute": "Tribute", "pay": "Tribute", "return": "Return", "ask": "Ask count",
    "report": "Report", "ok": "OK", "next": "Continue",
}

# "decline" in the words of each phase.
DECLINE_ZH = {"yudian": "不预点", "show": "不上班", "mingdian": "不明点", "revolt": "不革命", "play": "不烧",
              "declare": "不声明", "grab": "不抢", "mingbao": "暗保（不亮明）", "rebellion": "不造反", "pot": "不当皇帝"}
DECLINE_EN = {"yudian": "No pre-call", "show": "Don't show", "mingdian": "No call", "revolt": "No revolution",
              "play": "Don't burn", "declare": "No declaration", "grab": "Don't grab", "mingbao": "Stay hidden",
              "rebellion": "No rebellion", "pot": "Decline"}

PLACES_ZH = ["头科", "二科", "三科", "四科", "二落", "大落"]
PLACES_EN = ["1st", "2nd", "3rd", "4th", "5th", "Last"]
PLACES_BH_ZH = ["头客", "二客", "三客", "二拉", "大拉"]


def is_zh(lang: str) -> bool:
    """The one language test of the desktop code (tests/test_i18n_python.py keeps it the only one)."""
    return lang == "zh"


def pick(lang: str, zh: T, en: T) -> T:
    """One of two things the engine or a table holds in both languages (a Refusal's zh/en, an option's
    label_zh/label_en, a zh and an en table): the one for ``lang``."""
    return zh if is_zh(lang) else en


def word(lang: str, key: str, *args: Any) -> str:
    """The UI words of ``key`` in ``lang``, ``%1``, ``%2`` … filled from ``args`` in one pass (an argument that
    holds "%2" stays as it is)."""
    text = pick(lang, ZH, EN)[key]
    if not args:
        return text
    return re.sub(r"%(\d)", lambda m: str(args[int(m.group(1)) - 1]) if 0 < int(m.group(1)) <= len(args)
                  else m.group(0), text)


def strings(lang: str) -> dict[str, str]:
    """The UI words; every registered game's name under its spec name (``s.<name>`` in QML)."""
    from engine import games
    out = dict(pick(lang, ZH, EN))
    for spec in games.specs():
        out[spec.name] = pick(lang, spec.title_zh, spec.title_en)
    out["lang"] = lang   # for code handed only these words (a presenter's match_label): see lang_of
    return out


def lang_of(s: Mapping[str, str]) -> str:
    """The language of a :func:`strings` table."""
    return str(s.get("lang", "en"))


def action_label(kind: str, lang: str, phase: str = "") -> str:
    if kind == "decline" and phase:
        d = pick(lang, DECLINE_ZH, DECLINE_EN).get(phase)
        if d:
            return d
    table = pick(lang, ACTION_ZH, ACTION_EN)
    return table.get(kind, kind)


def place_name(place: int, n_seats: int, lang: str) -> str:
    """``place`` 0-based."""
    if is_zh(lang):
        names = PLACES_ZH if n_seats == 6 else PLACES_BH_ZH
    else:
        names = PLACES_EN if n_seats == 6 else PLACES_EN[:4] + ["Last"]
    return names[place] if 0 <= place < len(names) else str(place + 1)


_translator: list[Any] = []   # the one QTranslator, loaded once; kept referenced while installed


def qm_path() -> Any:
    from desktop import paths
    return paths.ui_dir() / "i18n" / "qilu_zh_CN.qm"


def install(lang: str) -> bool:
    """Put Qt's translator for ``lang`` in force: install the Chinese ``.qm`` for ``"zh"``, remove it for
    English (the sources are English). Returns whether the Chinese translator is installed now. Without a
    QCoreApplication nothing happens (and nothing is translated)."""
    from PySide6.QtCore import QCoreApplication, QTranslator
    if QCoreApplication.instance() is None:
        return False
    if not _translator:
        t = QTranslator()
        if not t.load(str(qm_path())):
            return False
        _translator.append(t)
    t = _translator[0]
    QCoreApplication.removeTranslator(t)
    if is_zh(lang):
        return bool(QCoreApplication.installTranslator(t))
    return False

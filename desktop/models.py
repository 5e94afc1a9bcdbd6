"""List models handed to QML: the hand (with selection state kept here, not in QML)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    Property,
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)

RANK_LABEL = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K",
              14: "A", 15: "2", 16: "小王", 17: "大王", 18: "特"}
SUIT_ORDER_UI = {"s": 0, "h": 1, "c": 2, "d": 3, "": 4}  # mockups: within a rank ♠♥♣♦


def card_info(text: str) -> dict[str, Any]:
    from engine.cards import Card
    c = Card.parse(text)
    return {"card": text, "rank": c.rank, "suit": c.suit, "mark": c.mark, "label": RANK_LABEL[c.rank]}


def ui_sort_key(info: dict[str, Any]) -> tuple[int, int, int]:
    return (info["rank"], SUIT_ORDER_UI.get(info["suit"], 4), 1 if info["mark"] else 0)


class HandModel(QAbstractListModel):
    CardRole = Qt.ItemDataRole.UserRole + 1
    RankRole = CardRole + 1
    SuitRole = CardRole + 2
    MarkRole = CardRole + 3
    SelectedRole = CardRole + 4
    GapRole = CardRole + 5
    LabelRole = CardRole + 6
    NameRole = CardRole + 7
    ReceivedRole = CardRole + 8
    TagRole = CardRole + 9

    selectionChanged = Signal()
    focusChanged = Signal()
    countChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cards: list[dict[str, Any]] = []
        self._focus = -1
        self.descending = False
        self.keep_order = False   # a trick game: the view's order (suits, then trumps), gaps between suits
        self.trumps: set[str] = set()   # with keep_order: the cards grouped as trumps

    # -- model contract
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._cards)

    def roleNames(self) -> dict[int, QByteArray]:
        return {self.CardRole: QByteArray(b"card"), self.RankRole: QByteArray(b"rank"),
                self.SuitRole: QByteArray(b"suit"), self.MarkRole: QByteArray(b"mark"),
                self.SelectedRole: QByteArray(b"selected"), self.GapRole: QByteArray(b"gap"),
                self.LabelRole: QByteArray(b"label"), self.NameRole: QByteArray(b"cardName"),
                self.ReceivedRole: QByteArray(b"received"), self.TagRole: QByteArray(b"tag")}

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._cards):
            return None
        c = self._cards[index.row()]
        if role in (self.CardRole, Qt.ItemDataRole.DisplayRole):
            return c["card"]
        if role == self.RankRole:
            return c["rank"]
        if role == self.SuitRole:
            return c["suit"]
        if role == self.MarkRole:
            return c["mark"]
        if role == self.SelectedRole:
            return c["selected"]
        if role == self.GapRole:
            return c["gap"]
        if role == self.LabelRole:
            return c["label"]
        if role == self.NameRole:
            return f"card_{index.row()}"
        if role == self.ReceivedRole:
            return bool(c.get("received"))
        if role == self.TagRole:
            return str(c.get("tag") or "")
        return None

    # -- updates from the table bridge
    def set_cards(self, cards: list[str]) -> None:
        """Replace the hand, keeping the selection of cards still held (by identity and copy number)."""
        kept: dict[str, int] = {}
        for c in self._cards:
            if c["selected"]:
                kept[c["card"]] = kept.get(c["card"], 0) + 1
        infos = [card_info(t) for t in cards]
        if not self.keep_order:
            infos.sort(key=ui_sort_key, reverse=self.descending)
        prev_special = None
        for info in infos:
            special: Any = ("trump" if info["card"] in self.trumps else info["suit"]) if self.keep_order \
                else info["rank"] >= 15
            info["gap"] = prev_special is not None and special != prev_special
            prev_special = special
            n = kept.get(info["card"], 0)
            info["selected"] = n > 0
            if n:
                kept[info["card"]] = n - 1
        same = [c["card"] for c in self._cards] == [c["card"] for c in infos]
        if same:
            for i, info in enumerate(infos):
                if info["selected"] != self._cards[i]["selected"]:
                    self._cards[i]["selected"] = info["selected"]
                    idx = self.index(i)
                    self.dataChanged.emit(idx, idx, [self.SelectedRole])
            return
        self.beginResetModel()
        self._cards = infos
        self.endResetModel()
        if self._focus >= len(self._cards):
            self._focus = len(self._cards) - 1
            self.focusChanged.emit()
        self.countChanged.emit()
        self.selectionChanged.emit()

    def set_marked(self, cards: list[str]) -> None:
        """Mark these cards (copies left to right) as received, e.g. tribute just paid to this seat."""
        want: dict[str, int] = {}
        for t in cards:
            want[t] = want.get(t, 0) + 1
        for j, c in enumerate(self._cards):
            n = want.get(c["card"], 0)
            if bool(c.get("received")) != (n > 0):
                c["received"] = n > 0
                idx = self.index(j)
                self.dataChanged.emit(idx, idx, [self.ReceivedRole])
            if n:
                want[c["card"]] = n - 1

    def set_tags(self, cards: list[str], tag: str) -> None:
        """Tag these cards (copies left to right) with ``tag`` and untag the rest, e.g. 底 on the cards that came
        from the bottom while the banker buries (an empty ``tag`` clears every tag)."""
        want: dict[str, int] = {}
        for t in cards if tag else []:
            want[t] = want.get(t, 0) + 1
        for j, c in enumerate(self._cards):
            n = want.get(c["card"], 0)
            new = tag if n > 0 else ""
            if str(c.get("tag") or "") != new:
                c["tag"] = new
                idx = self.index(j)
                self.dataChanged.emit(idx, idx, [self.TagRole])
            if n:
                want[c["card"]] = n - 1

    def tagged_cards(self) -> list[str]:
        return [c["card"] for c in self._cards if c.get("tag")]

    def marked_cards(self) -> list[str]:
        return [c["card"] for c in self._cards if c.get("received")]

    def cards(self) -> list[str]:
        return [c["card"] for c in self._cards]

    def selected_cards(self) -> list[str]:
        return [c["card"] for c in self._cards if c["selected"]]

    # -- QML slots
    @Slot(int, bool)
    def setSelected(self, i: int, on: bool) -> None:
        if 0 <= i < len(self._cards) and self._cards[i]["selected"] != on:
            self._cards[i]["selected"] = on
            idx = self.index(i)
            self.dataChanged.emit(idx, idx, [self.SelectedRole])
            self.selectionChanged.emit()

    @Slot(int, result=bool)
    def isSelected(self, i: int) -> bool:
        return 0 <= i < len(self._cards) and bool(self._cards[i]["selected"])

    @Slot(int)
    def toggle(self, i: int) -> None:
        if 0 <= i < len(self._cards):
            self.setSelected(i, not self._cards[i]["selected"])

    @Slot(int)
    def selectRank(self, i: int) -> None:
        if 0 <= i < len(self._cards):
            r = self._cards[i]["rank"]
            for j, c in enumerate(self._cards):
                self.setSelected(j, c["rank"] == r)

    @Slot()
    def clearSelection(self) -> None:
        for j in range(len(self._cards)):
            self.setSelected(j, False)

    def select_cards(self, cards: list[str]) -> None:
        """Select exactly these cards (a hint): by rank character match, copies taken left to right."""
        want: dict[str, int] = {}
        for t in cards:
            want[t] = want.get(t, 0) + 1
        changed = False
        for j, c in enumerate(self._cards):   # one selectionChanged for the whole hint, not one per card
            n = want.get(c["card"], 0)
            if c["selected"] != (n > 0):
                c["selected"] = n > 0
                idx = self.index(j)
                self.dataChanged.emit(idx, idx, [self.SelectedRole])
                changed = True
            if n:
                want[c["card"]] = n - 1
        if changed:
            self.selectionChanged.emit()

    def _get_focus(self) -> int:
        return self._focus

    def _set_focus(self, i: int) -> None:
        i = max(-1, min(len(self._cards) - 1, i))
        if i != self._focus:
            self._focus = i
            self.focusChanged.emit()

    @Slot(int)
    def moveFocus(self, delta: int) -> None:
        if not self._cards:
            return
        self._set_focus(0 if self._focus < 0 else (self._focus + delta) % len(self._cards))

    @Slot()
    def toggleFocused(self) -> None:
        if self._focus >= 0:
            self.toggle(self._focus)

    def _count(self) -> int:
        return len(self._cards)

    def _nsel(self) -> int:
        return sum(1 for c in self._cards if c["selected"])

    def _gap(self) -> int:
        return next((i for i, c in enumerate(self._cards) if c["gap"]), -1)

    gapIndex = Property(int, _gap, notify=countChanged)
    focusIndex = Property(int, _get_focus, _set_focus, notify=focusChanged)
    count = Property(int, _count, notify=countChanged)
    selectedCount = Property(int, _nsel, notify=selectionChanged)

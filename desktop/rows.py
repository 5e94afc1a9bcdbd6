"""A list model of plain row dicts for QML, updated row by row (seats, the current trick, the round log).

``set_rows`` compares the new rows with the old ones and emits only what changed: ``dataChanged`` for a
row whose content differs, row inserts and removals at the end (or the front, for a log that scrolls),
a reset only when the length changes in the middle. QML reads a row through the ``row`` role.
"""

from __future__ import annotations

from collections.abc import Sequence
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
)

Row = dict[str, Any]


class RowsModel(QAbstractListModel):
    RowRole = Qt.ItemDataRole.UserRole + 1
    countChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        return {self.RowRole: QByteArray(b"row")}

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == self.RowRole:
            return row
        if role == Qt.ItemDataRole.DisplayRole:   # a text for views and testers: the row's name or text
            return str(row.get("name", row.get("text", "")))
        return None

    def rows(self) -> list[Row]:
        return list(self._rows)

    def set_rows(self, rows: Sequence[Row]) -> None:
        new = [dict(r) for r in rows]
        old = self._rows
        if new == old:
            return
        n_old, n_new = len(old), len(new)
        if n_new < n_old and new == old[n_old - n_new:]:      # the oldest rows went (a scrolling log)
            self.beginRemoveRows(QModelIndex(), 0, n_old - n_new - 1)
            self._rows = new
            self.endRemoveRows()
        elif n_new < n_old:
            self.beginRemoveRows(QModelIndex(), n_new, n_old - 1)
            self._rows = old[:n_new]
            self.endRemoveRows()
            self._change(new)
        elif n_new > n_old:
            keep = old
            self._rows = keep + []
            self._change(new[:n_old])
            self.beginInsertRows(QModelIndex(), n_old, n_new - 1)
            self._rows = new
            self.endInsertRows()
        else:
            self._change(new)
        if n_new != n_old:
            self.countChanged.emit()

    def _change(self, new: list[Row]) -> None:
        """Same length: replace the rows that differ, one dataChanged each."""
        for i, r in enumerate(new):
            if self._rows[i] != r:
                self._rows[i] = r
                idx = self.index(i)
                self.dataChanged.emit(idx, idx, [self.RowRole])

    def _count(self) -> int:
        return len(self._rows)

    count = Property(int, _count, notify=countChanged)

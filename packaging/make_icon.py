"""Draw the app icon (a red card with a gold 牌) into ``assets/icons/app.png``.

    python packaging/make_icon.py [--size 256] [--out assets/icons/app.png]

Drawn with Qt (QImage + QPainter, offscreen) using the bundled Noto Sans SC font, so it needs nothing beyond
the app's own dependencies. The PNG is committed; PyInstaller turns it into .ico / .icns (with Pillow).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RED = "#b3202a"
DARK_RED = "#7a0f18"
GOLD = "#f2c14e"
CREAM = "#fff6e0"


def draw(size: int, out: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import (
        QBrush,
        QColor,
        QFont,
        QFontDatabase,
        QGuiApplication,
        QImage,
        QLinearGradient,
        QPainter,
        QPen,
    )

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    fid = QFontDatabase.addApplicationFont(str(ROOT / "assets" / "fonts" / "NotoSansHans-Regular.otf"))
    family = QFontDatabase.applicationFontFamilies(fid)[0] if fid >= 0 else "sans-serif"

    s = float(size)
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)

    # A second card peeking out behind, tilted: reads as "cards" even at 16 px.
    p.save()
    p.translate(s * 0.5, s * 0.5)
    p.rotate(-14)
    back = QRectF(-s * 0.33, -s * 0.42, s * 0.62, s * 0.84)
    p.setPen(QPen(QColor(GOLD), s * 0.02))
    p.setBrush(QColor(CREAM))
    p.drawRoundedRect(back, s * 0.07, s * 0.07)
    p.restore()

    # The front card: red with a gold frame.
    p.save()
    p.translate(s * 0.5, s * 0.5)
    p.rotate(8)
    card = QRectF(-s * 0.3, -s * 0.42, s * 0.62, s * 0.84)
    grad = QLinearGradient(QPointF(0, card.top()), QPointF(0, card.bottom()))
    grad.setColorAt(0.0, QColor(RED))
    grad.setColorAt(1.0, QColor(DARK_RED))
    p.setPen(QPen(QColor(GOLD), s * 0.03))
    p.setBrush(QBrush(grad))
    p.drawRoundedRect(card, s * 0.07, s * 0.07)
    inner = card.adjusted(s * 0.045, s * 0.045, -s * 0.045, -s * 0.045)
    p.setPen(QPen(QColor(GOLD), s * 0.008))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner, s * 0.045, s * 0.045)
    font = QFont(family)
    font.setPixelSize(int(s * 0.44))
    font.setBold(True)
    p.setFont(font)
    p.setPen(QColor(GOLD))
    p.drawText(card, int(Qt.AlignmentFlag.AlignCenter), "牌")
    p.restore()
    p.end()

    out.parent.mkdir(parents=True, exist_ok=True)
    if not img.save(str(out), "PNG"):
        raise SystemExit(f"could not write {out}")
    del app
    print(f"wrote {out} ({size}x{size}, font {family!r})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "icons" / "app.png")
    args = ap.parse_args(argv)
    draw(args.size, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

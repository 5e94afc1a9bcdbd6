import QtQuick

// A move timer's 4 px amber arc over a 16 % white track (SPEC.md §5), full at frac 1, running from twelve o'clock.
Canvas {
    id: arc
    property real frac: 1.0
    onFracChanged: requestPaint()
    onVisibleChanged: requestPaint()
    onPaint: {
        var ctx = getContext("2d")
        ctx.reset()
        ctx.lineWidth = 4
        ctx.strokeStyle = "rgba(255,255,255,0.16)"
        ctx.beginPath(); ctx.arc(width / 2, height / 2, width / 2 - 3, 0, 2 * Math.PI); ctx.stroke()
        ctx.strokeStyle = "#F6A623"
        ctx.beginPath(); ctx.arc(width / 2, height / 2, width / 2 - 3, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * Math.max(0, frac)); ctx.stroke()
    }
}

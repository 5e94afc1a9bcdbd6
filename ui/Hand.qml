import QtQuick

// The hand: an overlapping fan sorted by rank, 2s and jokers grouped after a gap (SPEC.md §4, §6).
// One MouseArea over the whole hand maps x to a card index: press and sweep sets every swept card to the
// inverse of the first card's state; a click toggles one; double-click selects the rank; right-click clears.
Item {
    id: fan
    objectName: "hand"
    property var hand               // HandModel (selection lives in Python)
    property real cardW: 88 * Theme.cardScale
    readonly property real cardH: cardW * 1.4
    readonly property int n: hand ? hand.count : 0
    readonly property int gapAt: hand ? hand.gapIndex : -1
    readonly property real gapW: gapAt > 0 ? 14 : 0
    readonly property real fitStep: n > 1 ? (width - cardW - gapW) / (n - 1) : 0
    readonly property real step: n > 1 ? Math.min(fitStep, Math.max(cardW * 0.33, Math.min(cardW * 0.42, fitStep))) : 0
    readonly property real totalW: n > 0 ? cardW + step * (n - 1) + gapW : 0
    readonly property real x0: (width - totalW) / 2
    property bool sweeping: false
    property bool sweepValue: true
    property int lastIndex: -1
    property int hover: -1
    height: cardH + 30

    function cardX(i) { return x0 + i * step + (gapAt > 0 && i >= gapAt ? gapW : 0) }
    function indexAt(px) {
        if (n === 0) return -1
        for (var i = n - 1; i >= 0; --i) {
            var cx = cardX(i)
            if (px >= cx && px < cx + cardW) return i
        }
        return -1
    }
    function u(i) { return n > 1 ? (2 * i / (n - 1) - 1) : 0 }

    Repeater {
        id: rep
        model: fan.hand
        Card {
            id: c
            required property int index
            required card
            required rank
            required suit
            required mark
            required label
            required selected
            required property string cardName
            required property bool received
            required property string tag
            objectName: cardName
            w: fan.cardW
            x: fan.cardX(index)
            y: 30 + 10 * fan.u(index) * fan.u(index) - (selected ? fan.cardW * 0.25 : (fan.hover === index ? 6 : 0))
            z: index
            rotation: fan.n > 1 ? -4 + 8 * index / (fan.n - 1) : 0
            transformOrigin: Item.Bottom
            Behavior on y { enabled: Theme.speed > 0; NumberAnimation { duration: Theme.dur(120); easing.type: Easing.OutCubic } }
            Rectangle {   // a card just received as tribute: gold ring and a 贡 tag, so the player sees what came in
                objectName: c.received ? "received_" + c.index : ""
                visible: c.received
                anchors.fill: parent; anchors.margins: -2
                radius: c.w * 0.1; color: "transparent"; border.color: Theme.gold; border.width: 3
                Rectangle {
                    x: parent.width - width - 4; y: parent.height * 0.45
                    width: 22; height: 22; radius: 11; color: Theme.gold
                    Text { anchors.centerIn: parent; text: "贡"; font.family: Theme.font; font.bold: true; font.pixelSize: 13; color: "#2A1800" }
                }
            }
            Rectangle {   // a tagged card (升级: 底, it came from the bottom): mint ring and the tag in its visible strip
                objectName: c.tag !== "" ? "tagged_" + c.index : ""
                visible: c.tag !== ""
                anchors.fill: parent; anchors.margins: -2
                radius: c.w * 0.1; color: "transparent"; border.color: Theme.mint; border.width: 3
                Rectangle {
                    x: 5; y: parent.height * 0.55
                    width: Math.max(20, tagText.implicitWidth + 8); height: 20; radius: 5; color: Theme.mint
                    Text { id: tagText; anchors.centerIn: parent; text: c.tag; font.family: Theme.font; font.bold: true; font.pixelSize: 12; color: "#06261B" }
                }
            }
            Rectangle {   // keyboard focus ring
                visible: fan.hand && fan.hand.focusIndex === c.index
                anchors.fill: parent; anchors.margins: -3
                radius: c.w * 0.1; color: "transparent"; border.color: Theme.mint; border.width: 2
            }
        }
    }

    MouseArea {
        id: area
        objectName: "handArea"
        anchors.fill: parent
        hoverEnabled: true
        acceptedButtons: Qt.LeftButton | Qt.RightButton
        onPressed: (mouse) => {
            if (mouse.button === Qt.RightButton) { fan.hand.clearSelection(); return }
            var i = fan.indexAt(mouse.x)
            if (i < 0) return
            fan.sweepValue = !fan.hand.isSelected(i)
            fan.sweeping = true
            fan.lastIndex = i
            fan.hand.setSelected(i, fan.sweepValue)
        }
        onPositionChanged: (mouse) => {
            var i = fan.indexAt(mouse.x)
            fan.hover = i
            if (!fan.sweeping || i < 0 || i === fan.lastIndex) return
            var a = Math.min(i, fan.lastIndex), b = Math.max(i, fan.lastIndex)
            for (var k = a; k <= b; ++k) fan.hand.setSelected(k, fan.sweepValue)
            fan.lastIndex = i
        }
        onReleased: fan.sweeping = false
        onExited: fan.hover = -1
        onDoubleClicked: (mouse) => { var i = fan.indexAt(mouse.x); if (i >= 0) fan.hand.selectRank(i) }
    }
}

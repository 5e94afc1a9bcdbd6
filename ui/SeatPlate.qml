import QtQuick

// A seat plate (252×72) with its ⌀60 avatar, team colour, relation and call chips, count pill / 报户,
// role or place ribbon, 对头 tab, and the turn timer arc (SPEC.md §5).
Item {
    id: plate
    property var seat: ({})
    property real timerFrac: 1.0
    property int timerSecs: 0
    property bool dim: false
    property var s: ({})
    signal ask()
    width: 252; height: 72
    opacity: dim ? 0.45 : 1
    readonly property bool turn: seat.turn === true
    readonly property color teamCol: Theme.teamColor(seat.team || "unknown")
    readonly property bool countText: (seat.countText || "") !== ""   // the count in words, not the card pill
    // the move timer: the host's at a LAN table (any seat's plate), else the table's own (this player's plate)
    TurnClock { id: clock; seat: plate.seat; running: plate.turn; localSecs: plate.timerSecs; localFrac: plate.timerFrac }
    readonly property int shownSecs: clock.secs
    readonly property real shownFrac: clock.frac

    // soft glow when it is this seat's turn (layered rectangles, no effects)
    Repeater {
        model: plate.turn ? 6 : 0
        Rectangle {
            required property int index
            anchors.fill: parent; anchors.margins: -(index + 1) * 2
            radius: 12 + (index + 1) * 2
            color: "transparent"
            border.color: Qt.rgba(0.96, 0.65, 0.14, 0.16 - index * 0.025)
            border.width: 2
        }
    }
    Rectangle {
        anchors.fill: parent
        radius: 10
        color: Theme.panel
        border.color: plate.turn ? Theme.glow : Qt.rgba(plate.teamCol.r, plate.teamCol.g, plate.teamCol.b, 0.75)
        border.width: plate.turn ? 2 : 1.5
    }
    // avatar
    Item {
        id: av
        x: -8; y: 6; width: 60; height: 60
        Rectangle {
            anchors.fill: parent; radius: 30
            color: Theme.teamDeep(plate.seat.team || "unknown")
            border.color: plate.teamCol; border.width: 3
            Text {
                anchors.centerIn: parent
                text: (plate.seat.name || "?").substring(0, 1)
                color: "white"; font.family: Theme.font; font.bold: true; font.pixelSize: 24
            }
        }
        TimerArc {
            anchors.fill: parent; anchors.margins: -5
            visible: plate.turn
            frac: plate.shownFrac
        }
        Rectangle {
            objectName: "timerBadge"
            visible: plate.turn && plate.shownSecs > 0
            x: 38; y: 46; width: 28; height: 20; radius: 10
            color: Theme.primary2
            Text { anchors.centerIn: parent; text: plate.shownSecs; color: Theme.primaryText; font.family: Theme.font; font.bold: true; font.pixelSize: 12 }
        }
        Rectangle {  // unknown identity bubble
            visible: plate.seat.team === "unknown" && !plate.seat.me
            x: 42; y: -4; width: 20; height: 20; radius: 10; color: "#33403D"; border.color: Theme.unknown
            Text { anchors.centerIn: parent; text: "?"; color: "white"; font.pixelSize: 12; font.bold: true; font.family: Theme.font }
        }
    }
    // name, chips
    Column {
        x: 64; y: 9; spacing: 5
        Text {
            text: (plate.seat.name || "") + (plate.seat.me ? (plate.s.you ? " (" + plate.s.you + ")" : "") : "")
            color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 16
            width: 112; elide: Text.ElideRight
        }
        Row {
            spacing: 5
            Chip { visible: (plate.seat.relation || "") !== ""; text: plate.seat.relation || ""; size: 11 }
            Chip {
                visible: plate.seat.kaidian === true || plate.seat.kaidian === false
                text: plate.seat.kaidian ? (plate.s.kaidian || "") : (plate.s.noKaidian || "")
                size: 11
                fg: plate.seat.kaidian ? Theme.mintText : Theme.text2
                bg: plate.seat.kaidian ? "#1A3F35" : "transparent"
                line: plate.seat.kaidian ? Theme.mint : Theme.panelBorder
            }
            Chip { visible: (plate.seat.call || "") !== ""; text: "● " + (plate.seat.call || ""); size: 11; fg: Theme.mintText; bg: "#1A3F35"; line: Theme.mint }
        }
    }
    // count pill (mini card backs + number; amber 剩N at ≤ 10; 已出完 when out)
    Item {
        objectName: "countPill"
        anchors.right: parent.right; anchors.rightMargin: 8; y: 2
        width: 62; height: 34
        visible: plate.seat.count !== undefined && !plate.seat.finished && !plate.seat.me && !plate.countText
        MouseArea { anchors.fill: parent; enabled: plate.seat.count < 0; cursorShape: Qt.PointingHandCursor; onClicked: plate.ask() }
        Rectangle { x: 2; y: 4; width: 18; height: 26; radius: 3; color: Theme.back2; border.color: "#D8D2C4"; rotation: -10 }
        Rectangle { x: 8; y: 3; width: 18; height: 26; radius: 3; color: Theme.back1; border.color: "#D8D2C4" }
        Rectangle {
            x: 22; y: 6; height: 24; width: Math.max(30, cnt.implicitWidth + 12); radius: 12
            color: plate.seat.report ? Theme.warn : "#22313A"
            border.color: plate.seat.report ? "#FFE08A" : Qt.rgba(1, 1, 1, 0.2)
            Text {
                id: cnt
                anchors.centerIn: parent
                text: plate.seat.count < 0 ? "?" : plate.seat.report ? (plate.s.left || "%1").replace("%1", plate.seat.count) : plate.seat.count
                color: plate.seat.report ? Theme.warnText : Theme.text
                font.family: Theme.font; font.bold: true; font.pixelSize: 14
            }
        }
    }
    // the seat's running total when its game gives one (seat.total): mint above 0, coral below, under the count
    // pill; a game that words the count (seat.countText, Mahjong's 手牌 N, SPEC §8.2) has it over that line
    Text {
        objectName: "plateTotal"
        readonly property var v: plate.seat.total
        visible: v !== undefined && v !== null
        anchors.right: parent.right; anchors.rightMargin: 12
        y: plate.seat.me ? (parent.height - height) / 2 : plate.countText ? 10 : 40
        text: v > 0 ? "+" + v : String(v)
        color: v > 0 ? Theme.mintText : v < 0 ? Theme.theirs : Theme.text2
        font.family: Theme.font; font.bold: true; font.pixelSize: plate.countText ? 20 : 18
    }
    Text {
        objectName: "plateCount"
        visible: plate.countText && !plate.seat.me
        anchors.right: parent.right; anchors.rightMargin: 12; y: 42
        text: plate.seat.countText || ""
        color: Theme.text2; font.family: Theme.font; font.pixelSize: 12
    }
    Text {
        visible: plate.seat.finished === true
        anchors.right: parent.right; anchors.rightMargin: 12; anchors.verticalCenter: parent.verticalCenter
        text: plate.s.finished || ""
        color: Theme.text2; font.family: Theme.font; font.pixelSize: 13
    }
    // ribbons above the plate: place (头科 gold …) and role badges (♛ 皇帝, ⚒ 造反)
    Row {
        x: 70; y: -14; spacing: 6
        Chip {
            visible: (plate.seat.place || "") !== ""
            text: plate.seat.place || ""
            size: 12
            readonly property int p: plate.seat.placeNo === undefined ? -1 : plate.seat.placeNo
            bg: p === 0 ? Theme.gold : p === 1 ? "#C9D1D3" : p === 2 ? "#C98E5A" : p === 3 ? "#6F8290" : p === 4 ? "#59625F" : "#2A1416"
            fg: p === 5 ? "#FF8A8A" : p <= 2 ? "#2A1800" : "white"
        }
        Repeater {
            model: plate.seat.badges || []
            Chip {
                required property var modelData
                objectName: "plateBadge"
                text: modelData.text
                size: 12
                // [background, text] by the badge's tone; any other tone is the plain grey
                readonly property var tone: ({gold: [Theme.gold, "#2A1800"], blue: ["#2E7BD6", "white"],
                                              mint: [Theme.mint, "#06261B"]})[modelData.color] || ["#3A4744", "white"]
                bg: tone[0]
                fg: tone[1]
            }
        }
    }
    // LAN: 掉线 and the grace left before a bot plays the seat (托管), counted down from the host's grace
    Chip {
        id: dropChip
        objectName: "dropChip"
        visible: plate.seat.dropped === true
        anchors.bottom: parent.bottom; anchors.bottomMargin: -10; anchors.horizontalCenter: parent.horizontalCenter
        property int secsLeft: 0
        function tick() { secsLeft = Math.max(0, Math.ceil(((plate.seat.dropUntil || 0) - Date.now()) / 1000)) }
        text: (plate.seat.dropUntil || 0) > 0 ? (plate.s.dropped || "") + " · " + (plate.s.seconds || "%1").replace("%1", secsLeft)
                                             : (plate.s.droppedAuto || "")
        size: 12; bg: "#5A1E1E"; fg: "#FFD0D0"; line: Theme.theirs
        Timer { interval: 1000; repeat: true; running: dropChip.visible; triggeredOnStart: true; onTriggered: dropChip.tick() }
    }
    // ⇅ 对头 tab on the opposite seat
    Chip {
        visible: plate.seat.opposite === true
        anchors.right: parent.right; anchors.rightMargin: 14; y: -13
        text: "⇅ " + (plate.s.opposite || "")
        size: 12; bg: "#FF7A7A"; fg: "#3A0A0A"
    }
}

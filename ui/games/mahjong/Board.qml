import QtQuick
import "../.."

// The Mahjong table (SPEC.md §8.2), drawn from the presenter's board dict (desktop/games/mahjong.py): the dial
// with the wall count and the winds, each seat's river and melds turned to face it, the own hand with the
// drawn tile apart, and the turn / claim bar with only what the engine offered. No rule is decided here:
// a clicked tile is sent to the engine, which accepts it or refuses it with the rule id.
Item {
    id: board
    objectName: "mahjongBoard"
    property var table
    property var app
    property real cx: 780
    property real cy: 372
    readonly property var b: table ? table.board : ({})
    readonly property var seats: b.seats || []
    property string picked: ""      // the tile chosen to discard (click once to pick, again to discard)
    property int focusIndex: -1
    focus: true

    readonly property var handTiles: (b.hand || []).concat(b.drawn ? [b.drawn] : [])
    function canDiscard(t) { return (b.discards || []).indexOf(t) >= 0 }
    function discard(t) { if (t !== "") { board.picked = ""; board.table.submit("discard", t) } }
    function claim(kind) {
        var cs = b.claims || []
        for (var i = 0; i < cs.length; ++i) if (cs[i].kind === kind) { board.table.submit(kind, cs[i].arg); return true }
        return false
    }
    function hint() {
        var h = b.hint || {}
        if (h.kind === "discard") { board.picked = h.arg; focusIndex = tileIndex(h.arg) }
        else if (h.kind) {   // a claim or a win: name the button the hint would press
            var cs = b.claims || [], label = h.kind
            for (var i = 0; i < cs.length; ++i) if (cs[i].kind === h.kind && cs[i].arg === (h.arg || "")) label = cs[i].label
            board.table.message((qsTr("Hint: ")) + label)
        }
    }
    function tileIndex(t) { for (var i = handTiles.length - 1; i >= 0; --i) if (handTiles[i].tile === t) return i; return -1 }
    Connections { target: board.table; ignoreUnknownSignals: true; function onChanged() { if (!board.b.myTurn) { board.picked = ""; board.focusIndex = -1 } } }

    Keys.onPressed: (event) => handleKey(event)
    function handleKey(event) {
        var n = handTiles.length
        if (event.key === Qt.Key_Left || event.key === Qt.Key_Right) {
            if (n > 0) {
                focusIndex = focusIndex < 0 ? n - 1 : (focusIndex + (event.key === Qt.Key_Left ? n - 1 : 1)) % n
                picked = handTiles[focusIndex].tile
            }
            event.accepted = true
        } else if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
            if (!claim("win")) discard(picked)
            event.accepted = true
        } else if (event.key === Qt.Key_Space) { claim("pass"); event.accepted = true }
        else if (event.key === Qt.Key_C) { claim("chow"); event.accepted = true }
        else if (event.key === Qt.Key_P) { claim("pung"); event.accepted = true }
        else if (event.key === Qt.Key_K) { claim("kong"); event.accepted = true }
        else if (event.key === Qt.Key_H) { hint(); event.accepted = true }
        else if (event.key === Qt.Key_Escape) { picked = ""; event.accepted = true }
    }

    // ------------------------------------------------------------------ the dial: wall count, winds, turn
    Rectangle {
        id: dial
        objectName: "mjDial"
        x: board.cx - 75; y: board.cy - 75; width: 150; height: 150; radius: 18
        color: Theme.panel; border.color: Theme.panelBorder
        Column {
            anchors.centerIn: parent
            Text { anchors.horizontalCenter: parent.horizontalCenter; text: qsTr("wall"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 13 }
            Text { objectName: "mjWall"; anchors.horizontalCenter: parent.horizontalCenter; text: board.b.wall === undefined ? "" : board.b.wall; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 40 }
            Text { anchors.horizontalCenter: parent.horizontalCenter; text: qsTr("tiles"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 13 }
        }
        Repeater {
            model: board.seats
            Item {
                id: wind
                required property var modelData
                readonly property int pos: modelData.pos
                anchors.fill: parent
                rotation: [0, -90, 180, 90][pos]
                Rectangle {   // the seat to move: an amber bar on its side
                    visible: board.b.toActPos === wind.pos
                    x: 30; y: parent.height - 9; width: parent.width - 60; height: 5; radius: 2; color: Theme.primary1
                }
                Rectangle {
                    x: parent.width / 2 - 13; y: parent.height - 38; width: 26; height: 26; radius: 13
                    color: "transparent"; border.color: wind.modelData.dealer ? Theme.gold : "transparent"; border.width: 2
                    Text { anchors.centerIn: parent; text: wind.modelData.wind; color: wind.modelData.dealer ? Theme.gold : Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 16 }
                }
            }
        }
    }

    // ------------------------------------------------------------------ rivers and melds, turned to face their seat
    Repeater {
        model: board.seats
        Item {
            id: side
            required property var modelData
            readonly property int pos: modelData.pos
            x: board.cx; y: board.cy; width: 0; height: 0
            rotation: [0, -90, 180, 90][pos]
            Item {
                objectName: "river_" + side.pos
                x: -105; y: 84   // a pinwheel: each river starts on its owner's left, so no two overlap
                Repeater {
                    model: side.modelData.river
                    Tile {
                        required property var modelData
                        required property int index
                        face: modelData; w: 30; newest: modelData.newest === true
                        x: (index % 6) * 31; y: Math.floor(index / 6) * 45
                    }
                }
            }
            Row {   // another seat's melds (mine are beside my hand), and a 明楼 hand shown face up
                visible: side.pos !== 0
                x: side.pos === 2 ? 140 : -105; y: 226   // clear of the top seat's plate
                spacing: 8
                Repeater {
                    model: side.pos !== 0 ? side.modelData.melds : []
                    Column {
                        id: meldCol
                        required property var modelData
                        spacing: 2
                        Row { spacing: 1; Repeater { model: meldCol.modelData.tiles; Tile { required property var modelData; face: modelData; w: 24 } } }
                        Chip { text: meldCol.modelData.label; size: 10 }
                    }
                }
                Row { spacing: 1; Repeater { model: side.pos !== 0 ? side.modelData.shown : []; Tile { required property var modelData; face: modelData; w: 24 } } }
            }
        }
    }

    // ------------------------------------------------------------------ the claim prompt: the discard on offer
    Rectangle {
        objectName: "mjClaimTag"
        visible: board.b.claimTile !== null && board.b.claimTile !== undefined
        x: board.cx + 140; y: 586; width: 200; height: 80; radius: 12
        color: "#F20D1C19"; border.color: Theme.gold; border.width: 2
        Row {
            x: 12; anchors.verticalCenter: parent.verticalCenter; spacing: 10
            Tile { face: board.b.claimTile || ({}); w: 40; newest: true }
            Text { width: 110; wrapMode: Text.Wrap; anchors.verticalCenter: parent.verticalCenter; text: board.b.claimText || ""; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
        }
    }

    // ------------------------------------------------------------------ turn / claim bar (only what is offered)
    Row {
        id: bar
        objectName: "mjBar"
        anchors.horizontalCenter: dial.horizontalCenter
        y: 676
        spacing: 10
        Btn {
            objectName: "mjHint"
            visible: board.b.myTurn === true
            height: 46; text: qsTr("Hint"); keycap: "H"
            onClicked: board.hint()
        }
        Repeater {
            model: board.b.myTurn ? board.b.claims : []
            Btn {
                required property var modelData
                objectName: modelData.objectName
                height: 46
                text: modelData.label
                keycap: modelData.key
                primary: modelData.kind === "win"
                danger: modelData.kind === "kong"
                fontSize: modelData.kind === "win" ? 20 : 18
                onClicked: board.table.submit(modelData.kind, modelData.arg)
                Row {   // 吃: the run this button takes
                    visible: modelData.tiles.length > 0
                    anchors.bottom: parent.top; anchors.bottomMargin: 4; anchors.horizontalCenter: parent.horizontalCenter
                    spacing: 1
                    Repeater { model: modelData.tiles; Tile { required property var modelData; face: modelData; w: 20 } }
                }
            }
        }
        Btn {
            objectName: "mjDiscard"
            visible: board.b.myTurn === true && (board.b.discards || []).length > 0
            height: 46; primary: board.picked !== ""; keycap: "↵"
            text: qsTr("Discard")
            enabledState: board.picked !== ""
            onClicked: board.discard(board.picked)
        }
        Rectangle {   // 听牌 (M-11a): the waits and how many are unseen
            objectName: "mjTing"
            visible: (board.b.ting || {}).text !== undefined && board.b.ting.text !== ""
            height: 40; width: tingRow.implicitWidth + 24; radius: 20
            anchors.verticalCenter: parent.verticalCenter
            color: "#173D33"; border.color: Theme.mint
            Row {
                id: tingRow
                anchors.centerIn: parent; spacing: 6
                Text { anchors.verticalCenter: parent.verticalCenter; text: (board.b.ting || {}).text || ""; color: Theme.mintText; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
                Repeater { model: (board.b.ting || {}).tiles || []; Tile { required property var modelData; face: modelData; w: 20 } }
                Text { anchors.verticalCenter: parent.verticalCenter; text: (board.b.ting || {}).tail || ""; color: Theme.mintText; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
            }
        }
        Text {
            visible: board.b.myTurn !== true
            anchors.verticalCenter: parent.verticalCenter
            text: board.table.status
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 16
        }
    }

    // ------------------------------------------------------------------ 牌张计数: unseen copies of each kind
    Rectangle {
        objectName: "mjCounter"
        visible: board.cx < 700   // the right column is free (the table's 记牌器 switch)
        x: 1376; y: 66; width: 210; height: counterCol.implicitHeight + 20; radius: 12
        color: Theme.panel; border.color: Theme.panelBorder
        Column {
            id: counterCol
            x: 8; y: 10; spacing: 6
            Text { text: qsTr("Unseen tiles"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
            Repeater {
                model: board.b.counter || []
                Row {
                    id: crow
                    required property var modelData
                    spacing: 1
                    Repeater {
                        model: crow.modelData
                        Column {
                            required property var modelData
                            spacing: 0
                            opacity: modelData.left === 0 ? 0.4 : 1
                            Tile { face: modelData; w: 20; selected: modelData.wait === true }
                            Text { anchors.horizontalCenter: parent.horizontalCenter; text: modelData.left; color: modelData.wait ? Theme.mintText : modelData.left === 1 ? Theme.warn : Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 11 }
                        }
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ my hand: sorted, the drawn tile apart
    Item {
        id: hand
        objectName: "mjHand"
        x: 40; y: 900 - 16 - 82
        width: 1500; height: 82
        Repeater {
            model: board.handTiles
            Tile {
                id: ht
                required property var modelData
                required property int index
                readonly property bool isDrawn: !!board.b.drawn && index === board.handTiles.length - 1
                objectName: "mjTile_" + index
                face: modelData; w: 56
                x: index * 58 + (isDrawn ? 22 : 0)
                y: (isDrawn ? -12 : 0) + (board.picked === modelData.tile && (board.tileIndex(board.picked) === index) ? -14 : 0)
                selected: board.picked === modelData.tile && board.tileIndex(board.picked) === index
                dim: board.b.myTurn === true && (board.b.discards || []).length > 0 && !board.canDiscard(modelData.tile)
                MouseArea {
                    anchors.fill: parent
                    onClicked: {
                        if (board.picked === ht.modelData.tile) board.discard(ht.modelData.tile)
                        else { board.picked = ht.modelData.tile; board.focusIndex = ht.index }
                    }
                }
            }
        }
        Row {   // my melds, right of the hand
            x: board.handTiles.length * 58 + 60; y: 20
            spacing: 10
            Repeater {
                model: board.seats.length > 0 ? board.seats[0].melds : []
                Column {
                    id: myMeld
                    required property var modelData
                    spacing: 2
                    Row { spacing: 1; Repeater { model: myMeld.modelData.tiles; Tile { required property var modelData; face: modelData; w: 34 } } }
                    Chip { text: myMeld.modelData.label; size: 10 }
                }
            }
        }
    }
}

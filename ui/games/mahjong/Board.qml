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
    property bool chatShown: false   // a LAN table's chat holds the right column's top: the log moves under it
    property var clock: null   // my move timer (ui/TurnClock.qml), set by the table
    readonly property bool ownsStatus: true   // the table's status line goes in this board's bar (mjStatus)
    property real cy: 396
    // the felt the table lays under this board (ui/Table.qml): a rounded table, not the card tables' oval, so
    // a tile table tells itself apart at a glance (SPEC §8.2: box 28, 62, 1288 × 828 at cx 672); its colours are
    // the felt's (the presenter's ink, §8.3, or the player's swatch)
    readonly property var felt: ({ "x": cx - 644, "y": 62, "width": 1288, "height": 828, "radius": 30, "rimWidth": 16,
                                   "guide": 22 })
    // the tutor's line (bottom left corner, width): above my plate and left of the left seat's hand, clear of every
    // river; 看牌桌's way back (below it) shows only at the results
    readonly property var tutorSpot: ({ "x": cx - 648, "y": 760, "width": 300 })
    // 看牌桌's way back to the results: just above my plate (the window's bottom left is my plate here)
    readonly property point peekBackSpot: Qt.point(plateAt(0).x, plateAt(0).y - 12)
    // how deep a tile of width w lies on the table, face and slab (Tile.qml: 1.36 w and 0.1 w), rounded up
    function tileDepth(w) { return Math.ceil(w * 1.46) }
    // each seat's plate corner (the presenter's places, SPEC §8.2), for what sits beside a plate
    function plateAt(pos) { var r = table && table.places ? table.places[pos] : null; return r ? Qt.point(cx + r.px, r.py) : Qt.point(cx, cy) }
    readonly property var b: table ? table.board : ({})
    readonly property var seats: b.seats || []
    // the top river's third row (a long hand) reaches up to where the top seat's meld labels hang under his melds
    readonly property bool topRiverLong: seats.some(s => s.pos === 2 && s.river.length > thirdRowFrom)
    property string picked: ""      // the tile chosen to discard (click once to pick, again to discard)
    readonly property int dragStart: 8      // px a press must move to be a drag, not a click
    readonly property int dragDiscard: 60   // px a tile must be carried up, onto the table, to be discarded
    property int focusIndex: -1
    focus: true

    readonly property var handTiles: (b.hand || []).concat(b.drawn ? [b.drawn] : [])
    // 吃 (M-6): every run the engine offered, one choice each; the first is preselected (SPEC §8.2)
    readonly property var chows: (b.myTurn ? (b.claims || []) : []).filter(function(c) { return c.kind === "chow" })
    readonly property var otherClaims: (b.myTurn ? (b.claims || []) : []).filter(function(c) { return c.kind !== "chow" })
    // a claim on offer to me (SPEC §8.2): all but the discarder's plate, his discard and my own hand step back
    readonly property bool claimOn: b.myTurn === true && !!b.claimTile
    readonly property int claimFrom: claimOn ? b.claimFrom : -1
    readonly property real dimmed: 0.5
    property int chowSel: 0
    // the message line (36 high) at the felt's top left (y 57), clear of the top seat's melds and backs; a line
    // too long for that corner goes under them (y 122 … 146, above the left seat's hand and the top river's first
    // two rows: a long message, the deal's commitment, comes before any discard)
    // (itemAt notifies nothing and the edges are built anew with each snapshot: edgesBuilt asks again)
    property int edgesBuilt: 0
    function messageFits(w) { void edgesBuilt; var e = edges.itemAt(2); return cx - 630 + w <= (e ? e.x - 8 : cx - 200) }
    function messageX(w) { return cx - 630 }
    function messageY(w) { if (messageFits(w)) return 57; var e = edges.itemAt(2); return e ? e.y + e.height + 8 : 130 }
    onChowsChanged: chowSel = 0
    function offered(kind) { return (b.claims || []).some(function(c) { return c.kind === kind }) }
    function canDiscard(t) { return (b.discards || []).indexOf(t) >= 0 }
    function discard(t) { if (t !== "") { board.picked = ""; board.table.submit("discard", t) } }
    function pick(t, i) { board.picked = t; board.focusIndex = i }
    function claim(kind) {
        if (kind === "chow") return takeChow(chowSel)
        var cs = b.claims || []
        for (var i = 0; i < cs.length; ++i) if (cs[i].kind === kind) { board.table.submit(kind, cs[i].arg); return true }
        return false
    }
    function takeChow(i) {
        if (!b.myTurn || i < 0 || i >= chows.length) return false
        board.table.submit("chow", chows[i].arg)
        return true
    }
    function hint() {
        var h = b.hint || {}
        if (h.kind === "discard") {   // the tile lifts, and the line says what throwing it leaves (M-11a)
            board.picked = h.arg; focusIndex = tileIndex(h.arg)
            if (h.why) board.table.message(qsTr("Hint") + " · " + h.why)
        }
        else if (h.kind) {   // a claim or a win: name the button the hint would press
            var cs = b.claims || [], label = h.kind
            for (var i = 0; i < cs.length; ++i) if (cs[i].kind === h.kind && cs[i].arg === (h.arg || "")) label = cs[i].label
            if (h.kind === "chow") for (var j = 0; j < chows.length; ++j) if (chows[j].arg === h.arg) chowSel = j
            board.table.message(qsTr("Hint") + " · " + (h.why || label))   // what the answer leaves, when known
        }
    }
    function tileIndex(t) { for (var i = handTiles.length - 1; i >= 0; --i) if (handTiles[i].tile === t) return i; return -1 }
    Connections { target: board.table; ignoreUnknownSignals: true; function onChanged() { if (!board.b.myTurn) { board.picked = ""; board.focusIndex = -1 } } }

    Keys.onPressed: (event) => handleKey(event)
    // The keys of the bar (SPEC §6, §8.2): ↵ 胡 when offered (else the picked discard, or the chosen run),
    // H 胡 when offered (else 提示), C 吃, 1/2/3 a run, ←/→ the run (or the tile), P 碰, K 杠, Space/Esc 过.
    function handleKey(event) {
        var n = handTiles.length
        var choosing = chows.length > 0
        var k = event.key
        if (k === Qt.Key_Left || k === Qt.Key_Right) {
            if (choosing) chowSel = (chowSel + (k === Qt.Key_Left ? chows.length - 1 : 1)) % chows.length
            else if (n > 0) {
                focusIndex = focusIndex < 0 ? n - 1 : (focusIndex + (k === Qt.Key_Left ? n - 1 : 1)) % n
                picked = handTiles[focusIndex].tile
            }
        } else if (k === Qt.Key_Return || k === Qt.Key_Enter) {
            if (!claim("win") && !(choosing && takeChow(chowSel))) discard(picked)
        } else if (k >= Qt.Key_1 && k <= Qt.Key_9) { takeChow(k - Qt.Key_1) }
        else if (k === Qt.Key_Space) { claim("pass") }
        else if (k === Qt.Key_Escape) { if (!claim("pass")) picked = "" }
        else if (k === Qt.Key_C) { claim("chow") }
        else if (k === Qt.Key_P) { claim("pung") }
        else if (k === Qt.Key_K) { claim("kong") }
        else if (k === Qt.Key_H) { if (!claim("win")) hint() }
        else return
        event.accepted = true
    }

    // ------------------------------------------------------------------ the dial: wall count, winds, turn
    Rectangle {
        id: dial
        objectName: "mjDial"
        x: board.cx - 106; y: board.cy - 106; width: 212; height: 212; radius: 20
        color: Theme.panel; border.color: Theme.panelBorder
        Rectangle { anchors.fill: parent; anchors.margins: 10; radius: 14; color: "transparent"; border.color: Qt.rgba(1, 1, 1, 0.06) }
        Column {
            anchors.centerIn: parent
            Text { anchors.horizontalCenter: parent.horizontalCenter; text: qsTr("wall"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 15 }
            Text { objectName: "mjWall"; anchors.horizontalCenter: parent.horizontalCenter; text: board.b.wall === undefined ? "" : board.b.wall; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 44 }
            Text { anchors.horizontalCenter: parent.horizontalCenter; text: qsTr("tiles"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 15 }
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
                    x: 36; y: parent.height - 9; width: parent.width - 72; height: 5; radius: 2; color: Theme.primary1
                }
                Rectangle {
                    x: parent.width / 2 - 17; y: parent.height - 48; width: 34; height: 34; radius: 17
                    color: "transparent"; border.color: wind.modelData.dealer ? Theme.gold : "transparent"; border.width: 2
                    Text { anchors.centerIn: parent; text: wind.modelData.wind; color: wind.modelData.dealer ? Theme.gold : Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 22 }
                }
            }
        }
    }

    // ------------------------------------------------------------------ rivers and melds, turned to face their seat
    // A river slot's place in its river (SPEC §8.2: tiles w 34 at step 35, rows 52 apart): two rows of six, then
    // the third row takes every later tile, as a river is laid at a real table. A fourth row would run into the
    // bar below the dial and the top seat's backs above it (a long hand has 19 and more discards a seat); the
    // third row runs on past its sixth slot, clear of the next seat's river (tests/gui/test_mahjong_table_feel.py
    // checks a drawn hand's four rivers).
    readonly property int riverW: 34
    readonly property int thirdRowFrom: 12   // two rows of six, then the third row
    function riverXY(i) { return i < thirdRowFrom ? Qt.point((i % 6) * 35, Math.floor(i / 6) * 52) : Qt.point((i - thirdRowFrom) * 35, 104) }
    Repeater {
        id: sides
        model: board.seats
        onItemAdded: newestTag.built++
        Item {
            id: side
            // the centre of river slot ``i`` in board coordinates (the river is turned to face its owner)
            function slot(i) { var p = board.riverXY(i); return riverItem.mapToItem(board, p.x + 17, p.y + 25) }
            required property var modelData
            readonly property int pos: modelData.pos
            x: board.cx; y: board.cy; width: 0; height: 0
            rotation: [0, -90, 180, 90][pos]
            Item {
                id: riverItem
                objectName: "river_" + side.pos
                x: -105; y: 118   // 12 px off the dial; a pinwheel: each river starts on its owner's left, so no two overlap
                Repeater {
                    model: side.modelData.river
                    Tile {
                        required property var modelData
                        required property int index
                        objectName: "mjRiver_" + side.pos + "_" + index
                        // the newest tiles wait for their flight to land (SPEC §8.4)
                        visible: index < side.modelData.river.length - (flyLayer.inFlight[side.pos] || 0)
                        face: modelData; w: board.riverW; newest: modelData.newest === true
                        x: board.riverXY(index).x; y: board.riverXY(index).y
                        opacity: board.claimOn && !newest ? board.dimmed : 1
                        Behavior on opacity { NumberAnimation { duration: Theme.dur(150) } }
                        Rectangle {   // a claim on offer: the discard pulses its gold outline twice (SPEC §8.4)
                            id: pulse
                            readonly property bool on: parent.newest && board.b.myTurn === true && !!board.b.claimTile
                            visible: on
                            anchors.fill: parent; anchors.margins: -3; radius: 6
                            color: "transparent"; border.color: Theme.gold; border.width: 2.5; opacity: 0
                            SequentialAnimation on opacity {
                                running: pulse.on && Theme.speed > 0; loops: 2
                                NumberAnimation { from: 0; to: 1; duration: Theme.dur(100) }
                                NumberAnimation { to: 0; duration: Theme.dur(100) }
                            }
                        }
                    }
                }
                Canvas {   // SPEC §8.2's ▸ at the newest discard, on the river's open side (where its next row
                           // would go: always empty), pointing at the tile whichever way the river faces; low
                           // enough that a third row's stays off the top seat's hand
                    objectName: "mjNewestPointer"
                    readonly property int last: side.modelData.river.length - 1
                    readonly property point at: board.riverXY(Math.max(0, last))
                    visible: last >= 0 && side.modelData.river[last].newest === true && !(flyLayer.inFlight[side.pos] > 0)
                    x: at.x + board.riverW / 2 - 7; y: at.y + board.tileDepth(board.riverW) + 1; width: 14; height: 6
                    onVisibleChanged: if (visible) requestPaint()
                    onPaint: {
                        var c = getContext("2d")
                        c.reset(); c.fillStyle = Theme.gold
                        c.beginPath(); c.moveTo(0, height); c.lineTo(width, height); c.lineTo(width / 2, 0); c.closePath(); c.fill()
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ 最新: a tag on the newest discard's free side
    // (SPEC §8.2), upright whatever way its river faces: at the river's next slot, which is still empty
    Chip {
        id: newestTag
        objectName: "mjNewestTag"
        readonly property var at: {
            for (var p = 0; p < board.seats.length; ++p) {
                var r = board.seats[p].river || []
                if (r.length > 0 && r[r.length - 1].newest === true && !(flyLayer.inFlight[p] > 0)) return [p, r.length - 1]
            }
            return null
        }
        // itemAt and mapToItem notify nothing: the spot is worked out again whenever a river is (re)built or
        // the board moves, and until its river exists the tag is hidden (it once showed in the window's corner)
        property int built: 0
        readonly property var spot: {
            void (built + board.cx + board.cy)
            if (at === null || !sides.itemAt(at[0])) return null
            var sd = sides.itemAt(at[0]), i = at[1]
            var here = sd.slot(i)
            if (i !== 5 && i !== 11) return sd.slot(i + 1)   // a row's end: the tag goes on past it
            var back = sd.slot(i - 1)
            return Qt.point(2 * here.x - back.x, 2 * here.y - back.y)
        }
        visible: spot !== null
        x: spot !== null ? spot.x - width / 2 : 0; y: spot !== null ? spot.y - height / 2 : 0
        z: 5
        text: qsTr("Latest"); size: 11; fg: "#3A2A00"; bg: Theme.gold
    }

    // ------------------------------------------------------------------ the other seats' edges (SPEC §8.2)
    // Each opponent's concealed hand as backs along his edge, as many as the view counts (never a tile), a
    // drawn tile apart, then his melds at his right end (top: screen-left, right seat: screen-top, left seat:
    // screen-bottom), turned to face him; another seat's concealed kong is four backs (M-10).
    Repeater {
        id: edges
        model: board.seats
        onItemAdded: board.edgesBuilt++
        Item {
            id: edge
            required property var modelData
            readonly property int pos: modelData.pos
            readonly property bool side: pos === 1 || pos === 3
            readonly property real angle: [0, -90, 180, 90][pos]
            visible: pos !== 0
            objectName: "mjEdge_" + pos
            opacity: board.claimOn ? board.dimmed : 1
            Behavior on opacity { NumberAnimation { duration: Theme.dur(150) } }
            // SPEC §8.2: the top seat's hand along the top edge, ending left of his plate; the side columns at
            // x 978 and 326 (at cx 672), the right one ending above the bottom river's third row
            x: pos === 2 ? board.plateAt(2).x - 16 - width : pos === 1 ? board.cx + 306 : board.cx - 346
            y: pos === 2 ? 66 : pos === 1 ? board.cy + 200 - height : board.cy - 200
            width: side ? board.tileDepth(meldW) + 8 : edgeRow.implicitWidth
            height: side ? edgeCol.implicitHeight : Math.max(48, edgeRow.implicitHeight)
            // the melds' tile width: SPEC §8.2's 34 where the column has room for them at 34 (the top seat's
            // always), else 30 or 24. A side column runs up to the top plate (the right seat's, 452 px) or down to
            // the bar (the left seat's, 502 px); counted as edgeCol lays it out, one px apart
            readonly property int meldW: {
                if (!side) return 34
                var ms = modelData.melds || []
                var rest = modelData.backs * 27 + (modelData.drawnApart ? 8 : 0) + modelData.shown.length * 26
                           + (ms.length > 0 ? 7 : 0)
                var sizes = [34, 30]
                for (var i = 0; i < sizes.length; ++i) {
                    var h = rest
                    for (var j = 0; j < ms.length; ++j) h += ms[j].tiles.length * (sizes[i] + 1) + 19
                    if (h <= (pos === 1 ? 452 : 502)) return sizes[i]
                }
                return 24
            }
            Row {   // the top seat: his right end is screen-left
                id: edgeRow
                visible: !edge.side
                layoutDirection: Qt.RightToLeft
                spacing: 1
                // a hand face up (明楼, or the hand's end) lies where its backs would, left of the melds as its owner
                // sees it; a winner's last tile, the one he won on, next to them in gold
                Repeater { model: edge.side ? [] : edge.modelData.shown; Tile { required property var modelData; required property int index; face: modelData; w: 34; rotation: 180; newest: edge.modelData.shownWins && index === edge.modelData.shown.length - 1 } }
                Repeater { model: edge.side ? 0 : edge.modelData.backs; MjBack { pos: edge.pos; count: edge.modelData.backs; apartLast: edge.modelData.drawnApart } }
                Item { width: 7; height: 1 }
                Repeater { model: edge.side ? [] : edge.modelData.melds; MjMeld { pos: edge.pos; tw: edge.meldW } }
            }
            Column {   // the side seats: the right seat's right end is screen-top, the left seat's screen-bottom
                id: edgeCol
                visible: edge.side
                spacing: 1
                Repeater { model: edge.pos === 1 ? edge.modelData.melds : []; MjMeld { pos: edge.pos; tw: edge.meldW } }
                Item { width: 1; height: edge.pos === 1 && edge.modelData.melds.length > 0 ? 6 : 0 }
                // a hand face up lies where its backs would: for the left seat above them (his left end) ...
                Repeater { model: edge.pos === 3 ? edge.modelData.shown : []; MjSideTile { face: modelData; pos: edge.pos; won: edge.modelData.shownWins && index === edge.modelData.shown.length - 1 } }
                Repeater { model: edge.side ? edge.modelData.backs : 0; MjBack { pos: edge.pos; count: edge.modelData.backs; apartLast: edge.modelData.drawnApart } }
                // ... for the right seat below them, running upward to his right end: the winning tile first
                Repeater { model: edge.pos === 1 ? edge.modelData.shown.slice().reverse() : []; MjSideTile { face: modelData; pos: edge.pos; won: edge.modelData.shownWins && index === 0 } }
                Item { width: 1; height: edge.pos === 3 && edge.modelData.melds.length > 0 ? 6 : 0 }
                Repeater { model: edge.pos === 3 ? edge.modelData.melds : []; MjMeld { pos: edge.pos; tw: edge.meldW } }
            }
        }
    }

    // one opponent's standing back: from above at the top (34×44), seen from the side at left and right (42×26)
    component MjBack: Item {
        id: bk
        required property int index
        property int pos: 2
        property int count: 0
        property bool apartLast: false
        readonly property bool side: pos !== 2
        // the drawn tile sits a little apart at the owner's right (the end the melds are at)
        readonly property bool apart: apartLast && (pos === 1 ? index === 0 : index === count - 1)
        objectName: "mjBack_" + pos + "_" + index
        width: side ? 42 : 34 + (apart ? 8 : 0); height: side ? 26 + (apart ? 8 : 0) : 44
        Rectangle {
            x: !bk.side && bk.apart ? 8 : 0
            y: bk.side && bk.apart && bk.pos === 3 ? 8 : 0
            width: bk.side ? 42 : 33; height: bk.side ? 24 : 42; radius: 4
            gradient: Gradient { GradientStop { position: 0; color: "#3A9C76" } GradientStop { position: 1; color: "#226B50" } }
            border.color: "#1B4D3A"
            Rectangle {   // the ivory slab, on the side toward the table's centre
                color: "#E9DFC6"; radius: 2
                x: bk.pos === 3 ? parent.width - 7 : 0; y: bk.pos === 2 ? parent.height - 7 : 0
                width: bk.side ? 7 : parent.width; height: bk.side ? parent.height : 7
            }
        }
    }
    // a tile of a side seat lying turned toward its owner
    component MjSideTile: Item {
        property var face: ({})
        property int pos: 1
        property bool won: false
        width: 36; height: 25
        Tile { objectName: "mjShownTile_" + parent.pos; face: parent.face; w: 24; anchors.centerIn: parent; rotation: [0, -90, 180, 90][parent.pos]; newest: parent.won }
    }
    // one exposed meld of an opponent with its chip (吃 · 王磊 / 碰 / 暗杠)
    component MjMeld: Item {
        id: em
        required property var modelData
        property int pos: 2
        readonly property bool side: pos !== 2
        readonly property int n: modelData.tiles.length
        property int tw: 34   // the tile width (the edge's meldW: SPEC §8.2's 34 where there is room)
        readonly property int cell: board.tileDepth(tw)   // a tile lying toward its owner
        width: side ? cell + 8 : n * (tw + 1) + 4; height: side ? n * (tw + 1) + 18 : cell + 22
        Repeater {
            model: em.modelData.tiles
            Item {
                required property var modelData
                required property int index
                readonly property int k: em.pos === 3 ? index : em.n - 1 - index   // the owner's left → right
                x: em.side ? 4 : 2 + k * (em.tw + 1); y: em.side ? 18 + k * (em.tw + 1) : 0
                width: em.side ? em.cell : em.tw + 1; height: em.side ? em.tw + 1 : em.cell
                Tile { objectName: "mjMeldTile_" + em.pos; face: parent.modelData; w: em.tw; anchors.centerIn: parent; rotation: [0, -90, 180, 90][em.pos] }
            }
        }
        // the top seat's labels hang under his melds, as in the mockup, unless his river's third row is there:
        // then they ride up onto the melds' front edge, clear of it
        Chip {
            readonly property bool onTiles: em.pos === 2 && board.topRiverLong
            objectName: "mjMeldLabel_" + em.pos
            x: 2; y: em.side ? 0 : onTiles ? em.cell - 12 : em.cell + 4
            text: em.modelData.label; size: 10; bg: onTiles ? "#E60D1C19" : "#22FFFFFF"
        }
    }

    // ------------------------------------------------------------------ 胡 on offer: what the win is and pays
    Rectangle {
        id: winBox
        objectName: "mjWinPreview"
        readonly property var wp: board.b.winPreview || null
        visible: wp !== null
        // right of the bottom river, above the bar; over the claim prompt when a discard is on offer
        x: board.cx + 364; y: claimTag.visible ? claimTag.y - 8 - height : 618
        width: Math.max(200, winCol.implicitWidth + 24); height: Math.max(80, winCol.implicitHeight + 16); radius: 12
        color: "#F20D1C19"; border.color: Theme.gold; border.width: 2
        Column {
            id: winCol
            x: 12; anchors.verticalCenter: parent.verticalCenter; spacing: 4
            Text { objectName: "mjWinTitle"; text: winBox.wp ? winBox.wp.title : ""; color: Theme.gold; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
            Text {   // at most 300 wide: two lines rather than into the right column
                id: winLine
                objectName: "mjWinLine"; text: winBox.wp ? winBox.wp.line : ""; color: Theme.text; font.family: Theme.font; font.pixelSize: 13
                width: Math.min(300, winMeasure.implicitWidth); wrapMode: Text.Wrap
                Text { id: winMeasure; visible: false; text: winLine.text; font: winLine.font }
            }
        }
    }

    // ------------------------------------------------------------------ the claim prompt: the discard on offer
    Rectangle {
        id: claimTag
        objectName: "mjClaimTag"
        visible: board.b.claimTile !== null && board.b.claimTile !== undefined
        // right of the bottom river's longest third row and under the right seat's hand, above the bar
        x: board.cx + 364; y: 618; width: 224; height: 80; radius: 12
        color: "#F20D1C19"; border.color: Theme.gold; border.width: 2
        Row {
            x: 12; anchors.verticalCenter: parent.verticalCenter; spacing: 10
            Tile { face: board.b.claimTile || ({}); w: 40; newest: true }
            Text { objectName: "mjClaimText"; width: 150; wrapMode: Text.Wrap; anchors.verticalCenter: parent.verticalCenter; text: board.b.claimText || ""; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
        }
    }

    // ------------------------------------------------------------------ turn / claim bar (only what is offered)
    Row {
        id: bar
        objectName: "mjBar"
        anchors.horizontalCenter: dial.horizontalCenter
        y: 706
        spacing: 10
        Btn {
            objectName: "mjHint"
            visible: board.b.myTurn === true
            height: 46; text: qsTr("Hint"); keycap: "H"
            onClicked: board.hint()
        }
        Btn {   // 吃 ▾: takes the chosen run of the popover above (C, or 1/2/3 for a run)
            objectName: "claim_chow"
            visible: board.chows.length > 0
            height: 46; minWidth: 110
            text: (board.chows.length > 0 ? board.chows[0].label : "") + (board.chows.length > 1 ? " ▾" : "")
            keycap: "C"
            border.color: Theme.mint
            onClicked: board.takeChow(board.chowSel)
        }
        Repeater {
            model: board.otherClaims
            Btn {
                required property var modelData
                objectName: modelData.objectName
                height: 46
                minWidth: modelData.kind === "win" ? 150 : 100
                text: modelData.label
                keycap: modelData.key
                primary: modelData.kind === "win"
                danger: modelData.kind === "kong"
                fontSize: modelData.kind === "win" ? 20 : 18
                onClicked: board.table.submit(modelData.kind, modelData.arg)
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
        Text {   // whom the table waits for, beside the 听 pill rather than under it (the table's own line steps aside)
            objectName: "mjStatus"
            visible: !!board.table && board.b.myTurn !== true && board.table.actions.length === 0 && !board.table.autoPlay && text !== ""
            height: 46; verticalAlignment: Text.AlignVCenter
            text: board.table ? board.table.status : ""
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 16
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
    }

    // ------------------------------------------------------------------ the claim's countdown, right of the bar
    Item {   // SPEC §8.2: a 44 px ring, the seconds left to answer the discard before 托管 answers it
        objectName: "mjClaimClock"
        visible: board.claimOn && !!board.clock && board.clock.secs > 0
        x: bar.x + bar.width + 16; y: bar.y + 1
        width: 44; height: 44
        TimerArc { anchors.fill: parent; frac: board.clock ? board.clock.frac : 1 }
        Text {
            objectName: "mjClaimSecs"
            anchors.centerIn: parent
            text: board.clock ? board.clock.secs : ""
            color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 17
        }
    }

    // ------------------------------------------------------------------ 吃: the runs on offer, above the bar
    Rectangle {
        id: chowPop
        objectName: "mjChowPop"
        visible: board.chows.length > 0
        // left of the bar, level with it: above it would cover the own seat plate
        x: Math.max(20, bar.x - width - 14); y: bar.y + 23 - height / 2
        width: Math.max(chowRow.implicitWidth, chowLabel.implicitWidth) + 24; height: 86; radius: 10
        color: "#F20D1C19"; border.color: Theme.mint
        Text { id: chowLabel; objectName: "mjChowLabel"; x: 12; y: 6; text: qsTr("Chow · pick a run (1/2/3, or ←/→ and Enter)"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 12 }
        Row {
            id: chowRow
            x: 12; y: 28; spacing: 10
            Repeater {
                model: board.chows
                Rectangle {
                    id: run
                    required property var modelData
                    required property int index
                    readonly property bool chosen: board.chowSel === index
                    objectName: modelData.objectName
                    property bool selected: chosen
                    width: runTiles.implicitWidth + 16; height: 48; radius: 8
                    color: chosen ? "#173D33" : "#14302A"
                    border.color: chosen ? Theme.mint : Theme.panelBorder; border.width: chosen ? 2 : 1
                    Row {
                        id: runTiles
                        anchors.centerIn: parent; spacing: 1
                        Repeater {
                            model: run.modelData.tiles
                            Tile {
                                required property var modelData
                                face: modelData; w: 22
                                newest: board.b.claimTile !== null && board.b.claimTile !== undefined && modelData.tile === board.b.claimTile.tile
                            }
                        }
                    }
                    Rectangle {   // the run's key
                        x: parent.width - 12; y: -6; width: 16; height: 16; radius: 4; color: "#22FFFFFF"
                        Text { anchors.centerIn: parent; text: run.index + 1; color: Theme.text; font.family: Theme.font; font.pixelSize: 11 }
                    }
                    MouseArea {
                        anchors.fill: parent
                        onClicked: { board.chowSel = run.index; board.takeChow(run.index) }
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ 牌张计数: unseen copies of each kind
    Rectangle {
        id: counterBox
        objectName: "mjCounter"
        visible: board.cx < 700 && !board.chatShown   // the right column is free (the table's 记牌器 switch)
        x: 1376; y: 66; width: 210; height: counterCol.implicitHeight + 20; radius: 12
        color: Theme.panel; border.color: Theme.panelBorder
        Column {
            id: counterCol
            x: 8; y: 10; spacing: 6
            Column {   // the mockup's header: 牌张计数, and what the figures count
                spacing: 1
                Text { text: qsTr("Tile count"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
                Text {
                    objectName: "mjCounterWhat"
                    width: 194; elide: Text.ElideRight
                    text: qsTr("Copies you have not seen"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 11
                }
            }
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
                            Tile { face: modelData; w: 20; compact: true; mark: Theme.mint; selected: modelData.wait === true }
                            Text { anchors.horizontalCenter: parent.horizontalCenter; text: modelData.left; color: modelData.wait ? Theme.mintText : modelData.left === 1 ? Theme.warn : Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 11 }
                        }
                    }
                }
            }
            // the key to the marked tiles, as the mockup's, while my ready hand has waits to mark
            Row {
                objectName: "mjWaitKey"
                visible: (board.b.counter || []).some(r => r.some(x => x.wait === true))
                spacing: 6
                Rectangle { anchors.verticalCenter: parent.verticalCenter; width: 10; height: 10; radius: 2; color: "transparent"; border.color: Theme.mint; border.width: 2 }
                Text { text: qsTr("Your waits"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 12 }
            }
            Text {   // the rows' key: the cells show only the rank, in the suit's colour
                objectName: "mjCounterKey"
                text: qsTr("Rows: crak, dot, bam · 1–9"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 12
            }
        }
    }

    // ------------------------------------------------------------------ 牌局记录: the hand's newest lines
    Rectangle {
        id: logBox
        objectName: "mjLog"
        readonly property int n: board.table && board.table.logModel ? board.table.logModel.count : 0
        readonly property int fit: board.chatShown ? 5 : 12   // the newest lines that fit
        visible: board.cx < 700
        x: 1376; y: board.chatShown ? 598 : 66 + counterBox.height + 12; width: 210; height: 32 + fit * 22 + 8; radius: 12
        color: Theme.panel; border.color: Theme.panelBorder
        clip: true
        Text { x: 10; y: 8; text: qsTr("Game log"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
        // the newest line's own width decides: a line too long to keep its words beside the tag takes it up here
        readonly property bool tagInRow: {
            const it = logRep.count > 0 ? logRep.itemAt(logRep.count - 1) : null
            return !it || it.fits
        }
        Text {
            objectName: "mjLogTag"
            visible: !logBox.tagInRow && logBox.n > 0 && text !== ""
            x: logBox.width - 12 - width; y: 10
            text: board.b.logTag || ""
            color: Theme.gold; font.family: Theme.font; font.pixelSize: 12; font.bold: true
        }
        Item {
            // newest first, as the mockup's 牌局记录: the line at the top is the move of the moment, tagged
            x: 4; y: 32; width: 202; height: logBox.fit * 22
            Repeater {
                id: logRep
                model: board.table ? board.table.logModel : null
                Rectangle {
                    id: lrow
                    required property var row
                    required property int index
                    readonly property bool newest: index === logBox.n - 1
                    // the newest line, and the discard the board marks ▸ newest (the presenter's ``lit``)
                    readonly property bool lit: newest || lrow.row.lit === true
                    // the tag sits on the newest line where the line's words still fit beside it, else in the title
                    readonly property bool fits: lineText.implicitWidth <= logTag.x - 4 - lineText.x
                    readonly property bool tagged: newest && (board.b.logTag || "") !== "" && fits
                    visible: index >= logBox.n - logBox.fit
                    y: (logBox.n - 1 - index) * 22
                    width: 202; height: 22; radius: 5
                    color: lit ? Qt.rgba(1, 0.77, 0.24, 0.16) : "transparent"
                    Rectangle { x: 6; width: 7; height: 7; radius: 4; anchors.verticalCenter: parent.verticalCenter; color: lrow.row.mine ? Theme.mine : Theme.theirs }
                    Text { x: 18; width: 50; anchors.verticalCenter: parent.verticalCenter; text: lrow.row.name; elide: Text.ElideRight; color: Theme.text2; font.family: Theme.font; font.pixelSize: 13 }
                    Text {
                        id: lineText
                        objectName: "mjLogText_" + lrow.index
                        x: 72; width: (lrow.tagged ? logTag.x - 4 : 198) - x
                        anchors.verticalCenter: parent.verticalCenter; text: lrow.row.text; elide: Text.ElideRight
                        color: lrow.row.tone === "meld" ? Theme.mintText : lrow.row.tone === "draw" ? Theme.text2
                               : lrow.lit ? Theme.gold : Theme.text
                        font.family: Theme.font; font.pixelSize: 13
                    }
                    Text {
                        id: logTag
                        objectName: "mjLogTag"
                        visible: lrow.tagged
                        x: 198 - width; anchors.verticalCenter: parent.verticalCenter
                        text: board.b.logTag || ""
                        color: Theme.gold; font.family: Theme.font; font.pixelSize: 12; font.bold: true
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ my hand: sorted, the drawn tile apart
    Item {
        id: hand
        objectName: "mjHand"
        // along the bottom edge from beside the own plate, as in the mockup (SPEC §8.2: w 58 at step 60, the
        // drawn tile 22 px apart and lifted 16), the melds at its right end
        readonly property int step: 60
        readonly property real rowWidth: board.handTiles.length * step + (board.b.drawn ? 22 : 0)
                                         + (myMelds.width > 0 ? 40 + myMelds.width : 0)
        x: board.plateAt(0).x + 252 + 28; y: 796
        width: rowWidth; height: 86
        Repeater {
            id: handTilesRep
            model: board.handTiles
            Tile {
                id: ht
                required property var modelData
                required property int index
                readonly property bool isDrawn: !!board.b.drawn && index === board.handTiles.length - 1
                property point carried: Qt.point(0, 0)   // how far a drag has carried the tile (0, 0 at rest)
                // carried far enough: let go and it is discarded (its outline turns mint to say so)
                readonly property bool dropReady: tileMouse.dragging && -carried.y >= board.dragDiscard
                mark: dropReady ? Theme.mint : Theme.gold
                objectName: "mjTile_" + index
                face: modelData; w: 58
                z: tileMouse.dragging ? 5 : 0
                x: index * hand.step + (isDrawn ? 22 : 0) + carried.x
                y: (isDrawn ? -16 : 0) + (board.picked === modelData.tile && (board.tileIndex(board.picked) === index) ? -14 : 0) + carried.y
                selected: board.picked === modelData.tile && board.tileIndex(board.picked) === index
                dim: board.b.myTurn === true && (board.b.discards || []).length > 0 && !board.canDiscard(modelData.tile)
                Text {   // the drawn tile, set apart, says so (the mockup's 摸牌)
                    objectName: "mjDrawnLabel"
                    visible: ht.isDrawn
                    anchors.horizontalCenter: parent.horizontalCenter; y: -20
                    text: board.b.drawnWins === true ? qsTr("Win") : qsTr("Drawn")   // the ended board: the tile won on
                    color: board.b.drawnWins === true ? Theme.gold : Theme.text2; font.family: Theme.font; font.pixelSize: 12
                }
                Rectangle {   // a tile an offered claim would take: a 3 px mint underline
                    objectName: "mjClaimUse_" + ht.index
                    visible: (board.b.claimUse || []).indexOf(ht.modelData.tile) >= 0
                    x: 6; y: parent.height + 4; width: parent.width - 12; height: 3; radius: 1.5; color: Theme.mint
                }
                // click to pick, click again to discard; or drag the tile up onto the table and let go (a drag
                // that ends lower goes back: the tile returns to its place)
                MouseArea {
                    id: tileMouse
                    anchors.fill: parent
                    preventStealing: true
                    property point start: Qt.point(0, 0)
                    property bool dragging: false
                    onPressed: (mouse) => { start = mapToItem(board, mouse.x, mouse.y); dragging = false }
                    onPositionChanged: (mouse) => {
                        var p = mapToItem(board, mouse.x, mouse.y)
                        var dx = p.x - start.x, dy = p.y - start.y
                        if (!dragging && Math.abs(dx) + Math.abs(dy) > board.dragStart) {
                            dragging = true
                            board.pick(ht.modelData.tile, ht.index)
                        }
                        if (dragging) ht.carried = Qt.point(dx, dy)
                    }
                    onReleased: (mouse) => {
                        if (!dragging) {
                            if (board.picked === ht.modelData.tile) board.discard(ht.modelData.tile)
                            else board.pick(ht.modelData.tile, ht.index)
                            return
                        }
                        var drop = ht.dropReady
                        dragging = false; ht.carried = Qt.point(0, 0)
                        if (drop) board.discard(ht.modelData.tile)
                    }
                    onCanceled: { dragging = false; ht.carried = Qt.point(0, 0) }
                }
            }
        }
        Row {   // my melds, right of the hand
            id: myMelds
            objectName: "mjMyMelds"
            x: board.handTiles.length * hand.step + (board.b.drawn ? 22 : 0) + 40; y: 16
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

    // ------------------------------------------------------------------ flights (SPEC §8.4), the table's motion
    // A discard lifts 8 px and travels to its river slot over 200 ms, easing out, turning to its owner; a
    // claimed tile flies from the river to the claimer's melds under a 48 px 吃/碰/杠/胡 flash (600 ms). The
    // requests come from the table's flight signal (the presenter's events), timed by Theme.dur like every
    // card flight; the flash and every flyer are gone when they land.
    Item {
        id: flyLayer
        objectName: "mjFlyLayer"
        anchors.fill: parent
        z: 60
        property var inFlight: [0, 0, 0, 0]   // per position: discards still in the air (their slots wait)
        property int flights: 0               // flights launched, for the tests and the demo
        property int flashes: 0
        property string lastFlash: ""
        function bump(pos, d) { var a = inFlight.slice(); a[pos] = Math.max(0, (a[pos] || 0) + d); inFlight = a }
        function edgePoint(pos) {
            var e = edges.itemAt(pos)
            if (pos === 0 || !e) return Qt.point(board.cx, 838)
            return e.mapToItem(board, e.width / 2, e.height / 2)
        }
        function handPoint(tile) {
            var i = board.tileIndex(tile), item = i >= 0 ? handTilesRep.itemAt(i) : null
            return item ? item.mapToItem(board, item.width / 2, item.height / 2) : Qt.point(board.cx, 838)
        }
        function meldPoint(pos) {
            if (pos === 0) return myMelds.mapToItem(board, myMelds.width + 20, 30)
            var m = edges.itemAt(pos)
            return m ? m.mapToItem(board, pos === 2 ? 0 : m.width / 2, pos === 1 ? 0 : pos === 3 ? m.height : m.height / 2)
                     : Qt.point(board.cx, board.cy)
        }
        function platePoint(pos) {
            var r = board.table.places[pos]
            return r ? Qt.point(board.cx + r.px + 126, r.py + 36) : Qt.point(board.cx, board.cy)
        }
        function launch(kind, from, to, faces) {
            if (Theme.speed <= 0 || from < 0 || from > 3 || to < 0 || to > 3) return
            var f = faces.length > 0 ? faces[0] : ({})
            var angle = [0, -90, 180, 90]
            if (kind === "tile") {
                var side = sides.itemAt(from)
                if (!side) return
                var idx = (board.seats[from] ? board.seats[from].river.length : 0) + (inFlight[from] || 0)
                var a = from === 0 ? handPoint(f.tile) : edgePoint(from)
                bump(from, 1)
                flights += 1
                tileFlyer.createObject(flyLayer, { "face": f, "p0": a, "p1": side.slot(idx), "rot0": from === 0 ? 0 : angle[from],
                                                   "rot1": angle[from], "lift": from === 0 ? 8 : 0, "dura": Theme.dur(200),
                                                   "riverPos": from, "w": from === 0 ? 58 : board.riverW, "w1": board.riverW })
            } else if (kind === "claim") {
                var src = sides.itemAt(from)
                var n = board.seats[from] ? board.seats[from].river.length : 0
                var start = src ? src.slot(Math.max(0, n - 1)) : Qt.point(board.cx, board.cy)
                flights += 1
                tileFlyer.createObject(flyLayer, { "face": f, "p0": start, "p1": meldPoint(to), "rot0": angle[from], "rot1": angle[to],
                                                   "lift": 0, "dura": Theme.dur(320), "riverPos": -1, "w": board.riverW, "w1": to === 0 ? 34 : edges.itemAt(to) ? edges.itemAt(to).meldW : 24 })
                flash(to, f.caption || "", f.gold === true)
            } else if (kind === "flash") {
                flash(to, f.caption || "", f.gold === true)
            }
        }
        function flash(pos, text, gold) {
            if (text === "") return
            flashes += 1
            lastFlash = text
            // beside the plate on its table side (above it, below the top seat's), so the claimer's name stays read
            var p = platePoint(pos)
            flashLabel.createObject(flyLayer, { "text": text, "gold": gold, "at": Qt.point(p.x, p.y + (pos === 2 ? 80 : -92)) })
        }
        Connections {
            target: board.table
            ignoreUnknownSignals: true
            function onFlight(kind, from, to, faces, faceUp) { flyLayer.launch(kind, from, to, faces) }
        }
        Component {
            id: tileFlyer
            Tile {
                id: ft
                objectName: "mjFlyer"
                property point p0
                property point p1
                property real rot0: 0
                property real rot1: 0
                property real lift: 0
                property int dura: 200
                property int riverPos: -1
                property real w1: 30
                property real t: 0
                property real up: 0
                readonly property real w0: w
                x: p0.x + (p1.x - p0.x) * t - width / 2
                y: p0.y + (p1.y - p0.y) * t - height / 2 - up
                scale: 1 + (w1 / w0 - 1) * t
                rotation: rot0 + (rot1 - rot0) * t
                newest: true
                SequentialAnimation {
                    running: true
                    NumberAnimation { target: ft; property: "up"; from: 0; to: ft.lift; duration: ft.lift > 0 ? Theme.dur(60) : 0 }
                    ParallelAnimation {
                        NumberAnimation { target: ft; property: "t"; from: 0; to: 1; duration: ft.dura; easing.type: Easing.OutCubic }
                        NumberAnimation { target: ft; property: "up"; to: 0; duration: ft.dura }
                    }
                    ScriptAction { script: { if (ft.riverPos >= 0) flyLayer.bump(ft.riverPos, -1); ft.destroy() } }
                }
            }
        }
        Component {
            id: flashLabel
            Rectangle {
                id: fl
                objectName: "mjClaimFlash"
                property string text: ""
                property bool gold: false
                property point at
                x: at.x - width / 2; y: at.y - height / 2
                width: flText.implicitWidth + 40; height: 72; radius: 14
                color: "#E60D1C19"; border.color: gold ? Theme.gold : Theme.mint; border.width: 3
                Text {
                    id: flText
                    anchors.centerIn: parent
                    text: fl.text
                    color: fl.gold ? Theme.gold : Theme.mintText
                    font.family: Theme.font; font.bold: true; font.pixelSize: 48
                }
                SequentialAnimation {
                    running: true
                    NumberAnimation { target: fl; property: "scale"; from: 0.6; to: 1; duration: Theme.dur(120); easing.type: Easing.OutBack }
                    PauseAnimation { duration: Theme.dur(380) }
                    NumberAnimation { target: fl; property: "opacity"; to: 0; duration: Theme.dur(100) }
                    ScriptAction { script: fl.destroy() }
                }
            }
        }
    }
}

import QtQuick

// The table: seats around the felt, the current round, the hand and the actions (SPEC.md §1, §5, §6).
// Everything shown comes from the table bridge; no rule is decided here.
Item {
    id: root
    objectName: "tableScreen"
    property var app
    property var table
    property var hand
    property var settings
    property var lan
    property bool chatOpen: false
    readonly property bool chatOn: lan ? lan.chatOn : false
    signal navigate(string name)
    focus: true

    // the felt the settings chose (the new-game swatches), else the game's own (the presenter's, desktop/games)
    readonly property string feltKey: settings.felt && settings.felt !== "auto" ? settings.felt : table.felt
    readonly property var feltTone: Theme.feltTone(feltKey)
    readonly property var feltRim: Theme.feltRim(feltKey)
    readonly property int n: table.nSeats
    readonly property real cx: sideOpen ? 672 : 780
    readonly property bool chatShown: chatOn && chatOpen
    readonly property bool sideOpen: trackerOpen || chatShown   // the right column (记牌器 or chat) is in use
    readonly property real cy: 372
    property bool trackerOpen: settings.showTracker
    property bool sheetOpen: false
    property bool leaveAsk: false   // a LAN table: leaving asks first (ui/LeaveConfirm.qml)
    property int secondsLeft: 0
    property var lastTrick: []
    // the caption card's place (x from the felt's centre): a game whose seats or boxes sit there moves it
    property rect captionRect: Qt.rect(-470, 300, 420, 92)
    readonly property bool boardOn: table.boardUrl !== ""   // a game with its own board (tiles) draws it instead
    // where the message line (Main.qml) starts for a message of width w: a board may give its own free spot
    function messageX(w) { return boardOn && boardLoader.item && boardLoader.item.messageX ? boardLoader.item.messageX(w) : 24 }
    function messageY(w) { return boardOn && boardLoader.item && boardLoader.item.messageY ? boardLoader.item.messageY(w) : 57 }

    // Seat places come from Python (the presenter's plate_places: desktop/layout.py for any number of seats, or a
    // board game's own), relative to the centre x.
    readonly property var places: table.places
    function plateXY(pos) { var r = places[pos]; return r ? Qt.point(cx + r.px, r.py) : Qt.point(cx - 126, 596) }
    function plateCenter(pos) { var p = plateXY(pos); return Qt.point(p.x + 126, p.y + 36) }

    Keys.onPressed: (event) => {
        if (root.boardOn && boardLoader.item) { boardLoader.item.handleKey(event); return }   // the board's own keys
        if (event.key === Qt.Key_Left) { hand.moveFocus(-1); event.accepted = true }
        else if (event.key === Qt.Key_Right) { hand.moveFocus(1); event.accepted = true }
        else if (event.key === Qt.Key_Space) { hand.toggleFocused(); event.accepted = true }
        else if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) { table.playSelected(); event.accepted = true }
        else if (event.key === Qt.Key_P) { table.passTurn(); event.accepted = true }
        else if (event.key === Qt.Key_H) { table.hint(); event.accepted = true }
        else if (event.key === Qt.Key_R) { table.act("rang", ""); event.accepted = true }
        else if (event.key === Qt.Key_B) { table.playSelectedAs("burn"); event.accepted = true }
        else if (event.key === Qt.Key_Escape) { hand.clearSelection(); event.accepted = true }
        else if (event.key === Qt.Key_L && gamePanel.item) { gamePanel.item.showLast = !gamePanel.item.showLast; event.accepted = true }
    }

    Timer {
        id: turnTimer
        interval: 1000; repeat: true
        running: root.table.myTurn && root.table.turnSecs > 0   // the table's timer (a LAN table: the host's)
        onRunningChanged: if (running) root.secondsLeft = root.table.turnSecs
        onTriggered: root.secondsLeft = Math.max(0, root.secondsLeft - 1)
    }
    // my own move timer as my plate shows it, for what else counts it down (a board's claim ring, SPEC §8.2)
    TurnClock {
        id: myClock
        objectName: "myClock"
        seat: (root.table.seats || []).find(function(r) { return r.me === true }) || ({})
        running: root.table.myTurn
        localSecs: root.table.turnSecs > 0 ? root.secondsLeft : 0
        localFrac: root.table.turnSecs > 0 ? root.secondsLeft / root.table.turnSecs : 1
    }
    Connections {
        target: root.table
        function onChanged() {
            if (root.table.topPlay.faces !== undefined) root.lastTrick = root.table.topPlay.faces
            if (root.table.myTurn && turnTimer.running) root.secondsLeft = root.table.turnSecs
        }
    }

    // ------------------------------------------------------------------ top bar
    Rectangle {
        id: topBar
        width: parent.width; height: 52
        color: "#0B1715"
        Rectangle { anchors.bottom: parent.bottom; width: parent.width; height: 1; color: Theme.panelBorder }
        Row {
            id: barLeft
            objectName: "barLeft"
            x: 18; anchors.verticalCenter: parent.verticalCenter; spacing: 10
            // what the centre group and the buttons leave this row (they come first); the phase goes first when
            // it does not fit, then the rules are cut shorter (English words and a 回放 button can fill the bar)
            readonly property real room: barRight.x - 24 - barCentre.width - x
            readonly property real fixedW: glyphBox.width + spacing + titleText.implicitWidth + spacing
                                            + (lastResultsBtn.visible ? lastResultsBtn.width + spacing : 0)
            Rectangle {
                id: glyphBox
                width: 32; height: 32; radius: 8
                gradient: Gradient { GradientStop { position: 0; color: Theme.primary1 } GradientStop { position: 1; color: Theme.primary2 } }
                Text { anchors.centerIn: parent; text: root.table.gameGlyph; font.family: Theme.font; font.bold: true; font.pixelSize: 18; color: Theme.primaryText }
            }
            Text { id: titleText; anchors.verticalCenter: parent.verticalCenter; text: root.table.gameTitle; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
            // SPEC §1: brand + preset (the rules the table plays, cut short when long), then the phase of the moment
            Text {
                id: rulesText
                objectName: "rulesLabel"
                readonly property real fits: Math.min(implicitWidth, 230, barLeft.room - barLeft.fixedW)
                anchors.verticalCenter: parent.verticalCenter; width: Math.max(0, fits); elide: Text.ElideRight
                text: "|  " + root.table.rulesLabel
                visible: root.table.rulesLabel !== "" && fits >= 60
                color: Theme.text2; font.family: Theme.font; font.pixelSize: 15
            }
            Text {
                objectName: "phaseLabel"
                anchors.verticalCenter: parent.verticalCenter
                text: (rulesText.visible ? "·  " : "|  ") + root.table.phaseLabel
                visible: root.table.phaseLabel !== ""
                         && barLeft.fixedW + (rulesText.visible ? rulesText.width + 10 : 0) + implicitWidth <= barLeft.room
                color: Theme.text2; font.family: Theme.font; font.pixelSize: 15
            }
            // a LAN table's results, put aside when the next hand began (desktop/table.py showLastResults)
            Btn { id: lastResultsBtn; objectName: "btnLastResults"; visible: root.table.hasLastResults; anchors.verticalCenter: parent.verticalCenter; height: 34; minWidth: 40; fontSize: 14; text: qsTr("Last results"); onClicked: root.table.showLastResults() }
        }
        Row {
            // centred, but moved aside rather than under the buttons when a language's words are long
            id: barCentre
            objectName: "barCentre"
            anchors.verticalCenter: parent.verticalCenter; spacing: 12
            x: Math.max(barLeft.x + barLeft.width + 12, Math.min((parent.width - width) / 2, barRight.x - width - 12))
            Chip { objectName: "setLabel"; text: root.table.setLabel; size: 15; fg: Theme.text; bg: "#162C27"; line: Theme.panelBorder }
            Rectangle {
                visible: root.table.score.team === true
                height: 34; width: scoreRow.implicitWidth + 28; radius: 17
                color: "#162C27"; border.color: Theme.panelBorder
                Row {
                    id: scoreRow
                    anchors.centerIn: parent; spacing: 8
                    Rectangle { width: 8; height: 8; radius: 4; color: Theme.mine; anchors.verticalCenter: parent.verticalCenter }
                    Text { text: qsTr("Us"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 14; anchors.verticalCenter: parent.verticalCenter }
                    Text { text: root.table.score.mine === undefined ? "" : root.table.score.mine; color: Theme.mine; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
                    Text { text: ":"; color: Theme.text2; font.pixelSize: 18 }
                    Text { text: root.table.score.theirs === undefined ? "" : root.table.score.theirs; color: Theme.theirs; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
                    Text { text: qsTr("Them"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 14; anchors.verticalCenter: parent.verticalCenter }
                    Rectangle { width: 8; height: 8; radius: 4; color: Theme.theirs; anchors.verticalCenter: parent.verticalCenter }
                }
            }
            Rectangle {
                visible: root.table.score.team === false
                height: 34; width: perRow.implicitWidth + 28; radius: 17
                color: "#162C27"; border.color: Theme.panelBorder
                Row {
                    id: perRow
                    anchors.centerIn: parent; spacing: 12
                    Repeater {
                        model: root.table.score.per || []
                        Text {
                            required property var modelData
                            text: modelData.name + " " + (modelData.total > 0 ? "+" : "") + modelData.total
                            color: modelData.total > 0 ? Theme.mintText : modelData.total < 0 ? Theme.theirs : Theme.text2
                            font.family: Theme.font; font.bold: true; font.pixelSize: 14
                        }
                    }
                }
            }
        }
        Row {
            id: barRight
            objectName: "barRight"
            anchors.right: parent.right; anchors.rightMargin: 14; anchors.verticalCenter: parent.verticalCenter
            spacing: 8
            Btn { objectName: "btnChat"; visible: root.chatOn; height: 34; minWidth: 40; fontSize: 14; text: qsTr("Chat"); border.color: root.chatOpen ? Theme.mint : Qt.rgba(1, 1, 1, 0.22); onClicked: root.chatOpen = !root.chatOpen }
            Btn { objectName: "btnTracker"; height: 34; minWidth: 40; fontSize: 14; text: "▤ " + qsTr("Card counter"); primary: false; border.color: root.trackerOpen ? Theme.mint : Qt.rgba(1, 1, 1, 0.22); onClicked: root.settings.set("showTracker", !root.trackerOpen) }
            Btn { objectName: "btnReplayThis"; visible: root.table.scoreSheet.length > 0; height: 34; minWidth: 40; fontSize: 14; text: "⟲ " + qsTr("Replay"); onClicked: { root.app.refreshReplays(); root.navigate("replays") } }
            Btn { objectName: "btnSheet"; height: 34; minWidth: 40; fontSize: 14; text: qsTr("Score sheet"); onClicked: root.sheetOpen = !root.sheetOpen }
            Btn { objectName: "btnAuto"; height: 34; minWidth: 40; fontSize: 14; text: qsTr("Auto"); border.color: root.table.autoPlay ? Theme.primary1 : Qt.rgba(1, 1, 1, 0.22); onClicked: root.table.setAuto(!root.table.autoPlay) }
            Btn { objectName: "btnRulesTable"; height: 34; minWidth: 40; fontSize: 14; text: "? " + qsTr("Rules"); onClicked: root.navigate("rules") }
            Btn { objectName: "btnSettingsTable"; height: 34; minWidth: 40; fontSize: 16; text: "⚙"; onClicked: root.navigate("settings") }
            Btn { objectName: "btnHome"; height: 34; minWidth: 40; fontSize: 16; text: "⌂"; onClicked: root.table.isLan ? root.leaveAsk = true : root.navigate("home") }
        }
    }

    // ------------------------------------------------------------------ felt
    Item {
        id: felt
        objectName: "felt"
        // a game with its own board may lay its own felt (Mahjong's rounded table, SPEC §8.2): box, radius, rim width
        readonly property var own: root.boardOn && boardLoader.item && boardLoader.item.felt ? boardLoader.item.felt : null
        readonly property real round: own ? own.radius : height / 2
        x: own ? own.x : root.cx - 578; y: own ? own.y : root.cy - 289
        width: own ? own.width : 1156; height: own ? own.height : 578
        MouseArea {   // a click on the felt takes the keys back (from the chat box, a dialog, anything)
            objectName: "feltArea"
            anchors.fill: parent
            onPressed: (mouse) => { root.forceActiveFocus(); mouse.accepted = false }
        }
        Rectangle {
            anchors.fill: parent; radius: felt.round
            gradient: Gradient {
                GradientStop { position: 0; color: root.feltRim[0] }
                GradientStop { position: 1; color: root.feltRim[1] }
            }
        }
        Rectangle {
            readonly property int rim: felt.own ? felt.own.rimWidth : 18
            anchors.fill: parent; anchors.margins: rim; radius: felt.own ? Math.max(0, felt.round - rim) : height / 2
            gradient: Gradient {
                GradientStop { position: 0; color: root.feltTone[0] }
                GradientStop { position: 1; color: root.feltTone[1] }
            }
            Rectangle {
                readonly property int inset: felt.own ? felt.own.guide : 34
                anchors.fill: parent; anchors.margins: inset; radius: felt.own ? Math.max(0, felt.round - parent.rim - inset) : height / 2
                color: "transparent"; border.color: Qt.rgba(1, 1, 1, 0.08); border.width: 2
            }
            Text { anchors.centerIn: parent; text: root.table.feltText; font.family: Theme.font; font.bold: true; font.pixelSize: 150; color: Qt.rgba(1, 1, 1, 0.04) }
        }
    }

    // ------------------------------------------------------------------ centre: the current round's top play
    Item {
        id: centre
        objectName: "centrePlay"
        visible: !root.boardOn
        x: root.cx - 150; y: 250; width: 300; height: 200
        readonly property var topPlay: root.table.topPlay.faces !== undefined ? root.table.topPlay : null
        Row {
            visible: centre.topPlay !== null
            anchors.horizontalCenter: parent.horizontalCenter; y: -6
            spacing: 8
            Chip { visible: centre.topPlay !== null && (centre.topPlay.badge || "") !== ""; text: centre.topPlay ? (centre.topPlay.badge || "") : ""; size: 16; fg: "#2A1800"; bg: Theme.gold }
            Chip { text: centre.topPlay ? centre.topPlay.text : ""; size: 16; fg: Theme.text; bg: "#AA0D1C19"; line: Theme.panelBorder }
        }
        Chip {
            visible: centre.topPlay !== null && (centre.topPlay.filler || "") !== ""
            x: centreCards.x + centreCards.width - width + 6; y: 142
            text: centre.topPlay ? (centre.topPlay.filler || "") : ""
            size: 11; fg: Theme.text2; bg: "#CC0D1C19"; line: Theme.panelBorder
        }
        Item {
            id: centreCards
            anchors.horizontalCenter: parent.horizontalCenter
            y: 34
            readonly property var faces: centre.topPlay ? centre.topPlay.faces : []
            width: faces.length > 0 ? 78 + (faces.length - 1) * Math.min(52, 300 / Math.max(1, faces.length)) : 0
            height: 110
            Repeater {
                model: centreCards.faces
                Card {
                    required property var modelData
                    required property int index
                    w: 78
                    x: index * Math.min(52, 300 / Math.max(1, centreCards.faces.length))
                    card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
                }
            }
        }
        Text {
            visible: centre.topPlay !== null
            anchors.horizontalCenter: parent.horizontalCenter; y: 152
            text: centre.topPlay ? centre.topPlay.name : ""
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 13
        }
        Text {
            visible: centre.topPlay === null
            anchors.centerIn: parent
            text: root.table.status
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 18
        }
    }

    // ------------------------------------------------------------------ seats and their last plays
    Repeater {
        model: root.table.seatModel
        Item {
            id: seatItem
            required property var row
            readonly property point lp: Qt.point(root.cx + row.lx, row.ly)
            readonly property var last: row.last
            // last play of this seat (stack w 50, step 22) or a pass pill
            Item {
                visible: seatItem.last !== null && seatItem.last !== undefined && (!seatItem.row.me || seatItem.row.showMine === true)
                x: seatItem.lp.x - width / 2; y: seatItem.lp.y - 35
                width: seatItem.last && seatItem.last.faces ? 50 + Math.max(0, seatItem.last.faces.length - 1) * 22 : 50
                height: 70
                Repeater {
                    model: seatItem.last && !seatItem.last.pass ? seatItem.last.faces : []
                    Card {
                        required property var modelData
                        required property int index
                        w: 50; x: index * 22
                        card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
                        dimmed: seatItem.last && !seatItem.last.top
                        selected: seatItem.last && seatItem.last.top === true   // the current best: gold outline
                    }
                }
                Chip {
                    visible: seatItem.last !== null && seatItem.last !== undefined && seatItem.last.pass === true
                    anchors.centerIn: parent
                    text: (seatItem.last && seatItem.last.label) || ""
                    size: 14; fg: Theme.text2; bg: "#CC0D1C19"; line: Theme.panelBorder
                }
            }
            Card {   // a card the seat shows beside its plate, as the presenter gives it (e.g. a 皇帝牌, SPEC §5)
                readonly property var shown: seatItem.row.shownCard || null
                visible: shown !== null
                x: (root.cx + seatItem.row.px) + 212; y: seatItem.row.py + (seatItem.row.pos === 0 ? -62 : 78)
                w: 40
                card: shown ? shown.card : ""; rank: shown ? shown.rank : 0; suit: shown ? shown.suit : ""
                mark: shown ? shown.mark : ""; label: shown ? shown.label : ""
            }
            SeatPlate {
                objectName: "seat_" + seatItem.row.pos
                x: (root.cx + seatItem.row.px); y: seatItem.row.py
                seat: seatItem.row
                s: root.app.s
                timerSecs: seatItem.row.me ? root.secondsLeft : 0
                timerFrac: seatItem.row.me && root.table.turnSecs > 0 ? root.secondsLeft / root.table.turnSecs : 1
                dim: (fly.tributeFrom >= 0 && seatItem.row.pos !== fly.tributeFrom && seatItem.row.pos !== fly.tributeTo)
                     || (root.boardOn && !!boardLoader.item && boardLoader.item.claimFrom >= 0 && !seatItem.row.me
                         && seatItem.row.seat !== boardLoader.item.claimFrom)   // a claim on offer on a game's own board
                onAsk: root.table.askCount(seatItem.row.seat)
            }
        }
    }

    // ------------------------------------------------------------------ the game's own panel (top left, where no seat sits)
    Loader {
        id: gamePanel
        objectName: "gamePanel"
        x: 20; y: 66; z: 30
        active: root.table.gamePanel !== ""
        source: root.table.gamePanel !== "" ? Qt.resolvedUrl(root.table.gamePanel) : ""
        onLoaded: item.table = root.table
    }

    // ------------------------------------------------------------------ a game's own board (ui/games/<game>/)
    Loader {
        id: boardLoader
        objectName: "boardLoader"
        anchors.fill: parent
        active: root.boardOn
        focus: root.boardOn   // keys reach the board only along an unbroken focus chain
        source: root.boardOn ? root.table.boardUrl : ""
        onLoaded: {
            item.table = root.table; item.app = root.app; item.cx = Qt.binding(function() { return root.cx })
            item.chatShown = Qt.binding(function() { return root.chatShown })   // the chat takes the right column's top
            if (item.clock !== undefined) item.clock = myClock
        }
    }

    // ------------------------------------------------------------------ tribute caption card
    Rectangle {
        id: tributeCard
        objectName: "tributeCaption"
        visible: fly.tributeFrom >= 0 || root.table.tributeCaption !== ""
        x: root.cx + root.captionRect.x; y: root.captionRect.y; width: root.captionRect.width; height: root.captionRect.height; radius: 12
        color: "#F20D1C19"; border.color: Theme.panelBorder
        Row {
            x: 16; y: 12; spacing: 6
            visible: root.table.tributeSteps
            Chip { text: "1 · " + qsTr("Tribute"); size: 12; fg: root.table.phase === "tribute" ? Theme.primaryText : Theme.text2; bg: root.table.phase === "tribute" ? Theme.primary1 : "#22FFFFFF" }
            Text { text: "›"; color: Theme.hint; font.pixelSize: 14 }
            Chip { text: "2 · " + qsTr("Return"); size: 12; fg: root.table.phase === "return" ? Theme.primaryText : Theme.text2; bg: root.table.phase === "return" ? Theme.primary1 : "#22FFFFFF" }
            Text { text: "›"; color: Theme.hint; font.pixelSize: 14 }
            Chip { text: "3 · " + qsTr("Play starts"); size: 12 }
        }
        Text {
            objectName: "tributeCaptionText"
            x: 16; y: root.table.tributeSteps ? 48 : 22; width: parent.width - 30; elide: Text.ElideRight
            wrapMode: Text.Wrap; maximumLineCount: root.table.tributeSteps ? 1 : 2
            text: fly.tributeFrom >= 0 && fly.caption !== "" ? fly.caption : root.table.tributeCaption
            color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 17
        }
    }

    // ------------------------------------------------------------------ flights: played cards, tribute, deal, sweep
    Item {
        id: fly
        objectName: "flyLayer"
        anchors.fill: parent
        z: 50
        property int tributeFrom: -1
        property int tributeTo: -1
        property int active: 0
        property int tributeActive: 0
        property point pathA
        property point pathB
        property point pathC
        property real tributeBusyUntil: 0   // tribute flights run one after another, card by card
        property string caption: ""

        function posPoint(pos) {
            if (pos === 0) return Qt.point(root.cx, 790)
            if (pos < 0) return Qt.point(root.cx, 340)
            return root.plateCenter(pos)
        }
        function clearAll() {   // a new game: the last one's flights (landed or queued) go, every card item with them
            for (var i = fly.children.length - 1; i >= 0; --i)
                if (fly.children[i].isTribute !== undefined) fly.children[i].destroy()
            active = 0; tributeActive = 0; tributeBusyUntil = 0; caption = ""
            tributeFrom = -1; tributeTo = -1; pathCanvas.requestPaint()
            root.table.tributeFlights(0)
        }
        function launch(kind, from, to, faces, faceUp) {
            if (Theme.speed <= 0) return
            var base = 0
            if (kind === "tribute") {
                var now = Date.now()
                base = Math.max(0, tributeBusyUntil - now)
                // the bots play faster than the flights can be shown (托管, a fast pace): a flight that would
                // wait more than a few seconds is skipped rather than queued (a queue without end kept every
                // queued card item alive, game after game)
                if (base > Theme.dur(root.table.autoPlay ? 3000 : 12000)) return
                tributeBusyUntil = now + base + Theme.dur(faces.length * 260 + 900 + 250)
            }
            var a = kind === "deal" || kind === "sweep" ? Qt.point(root.cx, 340) : posPoint(from)
            var b = kind === "play" ? Qt.point(root.cx, 330) : kind === "sweep" ? Qt.point(root.cx + 900, 100) : posPoint(to)
            var c = Qt.point((a.x + b.x) / 2 + (kind === "tribute" ? 120 : 0), (a.y + b.y) / 2 - (kind === "tribute" ? 140 : 40))
            if (kind === "tribute" && base === 0) {
                tributeFrom = from; tributeTo = to
                pathA = a; pathB = b; pathC = c
                pathCanvas.requestPaint()
            }
            var list = faces
            if (kind === "deal")   // tribute flights wait for the deal to land
                tributeBusyUntil = Math.max(tributeBusyUntil, Date.now() + Theme.dur(root.n * 3 * 18 + 300))
            if (kind === "deal") {
                list = []
                for (var s = 0; s < root.n; ++s) for (var k = 0; k < 3; ++k) list.push({ "seat": s })
            }
            for (var i = 0; i < list.length; ++i) {
                var f = list[i]
                var dest = kind === "deal" ? posPoint(f.seat) : b
                var o = flyer.createObject(fly, {
                    "card": f.card || "", "rank": f.rank || 0, "suit": f.suit || "", "mark": f.mark || "",
                    "label": f.label || "", "faceUp": kind === "deal" ? false : faceUp,
                    "w": kind === "tribute" ? 72 : kind === "play" ? 60 : 50,
                    "p0": a, "p1": Qt.point(dest.x + (kind === "play" ? (i - list.length / 2) * 26 : 0), dest.y), "pc": c,
                    "delay": base + Theme.dur(kind === "tribute" ? i * 260 : kind === "deal" ? i * 18 : i * 25),
                    "dura": Theme.dur(kind === "tribute" ? 900 : kind === "deal" ? 260 : 320),
                    "isTribute": kind === "tribute", "ghosts": kind === "tribute", "fromPos": from, "toPos": to,
                    "caption": f.caption || "" })
                active += 1
                if (kind === "tribute") { tributeActive += 1; root.table.tributeFlights(tributeActive) }
            }
        }
        function showPath(from, to, a, b, c) {
            if (tributeFrom === from && tributeTo === to) return
            tributeFrom = from; tributeTo = to
            pathA = a; pathB = b; pathC = c
            pathCanvas.requestPaint()
        }
        function landed(isTribute) {
            active -= 1
            if (isTribute) {
                tributeActive -= 1
                root.table.tributeFlights(tributeActive)
                if (tributeActive === 0) { tributeFrom = -1; tributeTo = -1; pathCanvas.requestPaint() }
            }
        }

        Canvas {   // dotted quadratic path, dots growing toward the receiver, ending in an arrowhead
            id: pathCanvas
            anchors.fill: parent
            visible: fly.tributeFrom >= 0
            onPaint: {
                var ctx = getContext("2d")
                ctx.reset()
                if (fly.tributeFrom < 0) return
                var a = fly.pathA, b = fly.pathB, c = fly.pathC
                ctx.fillStyle = "rgba(247,198,90,0.85)"
                var N = 26
                for (var i = 1; i < N; ++i) {
                    var t = i / N
                    var x = (1 - t) * (1 - t) * a.x + 2 * (1 - t) * t * c.x + t * t * b.x
                    var y = (1 - t) * (1 - t) * a.y + 2 * (1 - t) * t * c.y + t * t * b.y
                    ctx.beginPath(); ctx.arc(x, y, 1.5 + 3 * t, 0, 2 * Math.PI); ctx.fill()
                }
                var t2 = 0.96
                var ex = 2 * (1 - t2) * (c.x - a.x) + 2 * t2 * (b.x - c.x), ey = 2 * (1 - t2) * (c.y - a.y) + 2 * t2 * (b.y - c.y)
                var L = Math.sqrt(ex * ex + ey * ey) || 1
                ex /= L; ey /= L
                ctx.beginPath()
                ctx.moveTo(b.x, b.y)
                ctx.lineTo(b.x - 16 * ex - 9 * ey, b.y - 16 * ey + 9 * ex)
                ctx.lineTo(b.x - 16 * ex + 9 * ey, b.y - 16 * ey - 9 * ex)
                ctx.closePath(); ctx.fill()
            }
        }

        Component {
            id: flyer
            Card {
                id: fc
                property point p0
                property point p1
                property point pc
                property int delay: 0
                property int dura: 300
                property bool isTribute: false
                property bool ghosts: false
                property real t: 0
                readonly property real bx: (1 - t) * (1 - t) * p0.x + 2 * (1 - t) * t * pc.x + t * t * p1.x
                readonly property real by: (1 - t) * (1 - t) * p0.y + 2 * (1 - t) * t * pc.y + t * t * p1.y
                x: bx - width / 2; y: by - height / 2
                rotation: isTribute ? 12 * Math.sin(t * Math.PI) : 0
                visible: t > 0
                Repeater {   // two ghost outlines trailing a tribute card
                    model: fc.ghosts ? 2 : 0
                    Rectangle {
                        required property int index
                        width: fc.width; height: fc.height; radius: fc.w * 0.08
                        x: -(fc.p1.x - fc.p0.x) * 0.04 * (index + 1); y: -(fc.p1.y - fc.p0.y) * 0.04 * (index + 1)
                        color: "transparent"; border.color: Qt.rgba(1, 1, 1, 0.3 - index * 0.12); z: -1
                    }
                }
                property int fromPos: -1
                property int toPos: -1
                property string caption: ""
                SequentialAnimation {
                    running: true
                    PauseAnimation { duration: fc.delay }
                    ScriptAction { script: if (fc.isTribute) { fly.caption = fc.caption; fly.showPath(fc.fromPos, fc.toPos, fc.p0, fc.p1, fc.pc) } }
                    NumberAnimation { target: fc; property: "t"; from: 0.001; to: 1; duration: fc.dura; easing.type: Easing.InOutQuad }
                    PauseAnimation { duration: fc.isTribute ? Theme.dur(250) : 0 }
                    ScriptAction { script: { fly.landed(fc.isTribute); fc.destroy() } }
                }
            }
        }
        Connections {
            target: root.table
            function onFlight(kind, from, to, faces, faceUp) {
                if (kind === "reset") { fly.clearAll(); return }
                if (root.boardOn) return   // a game with its own board flies its own pieces (tiles)
                if (kind === "sweep") fly.launch("sweep", -1, -1, root.lastTrick, true)
                else fly.launch(kind, from, to, faces, faceUp)
            }
        }
    }

    // ------------------------------------------------------------------ action bar (from legal_actions)
    // Every button has a fixed slot and width (desktop/table.py ``_slotted``): a kind not legal now stays in
    // place, dimmed. The selection chip and the status line sit outside the centred row, so neither moves a
    // button when it appears, changes or goes (a still pointer never lands on another button).
    Row {
        id: actionBar
        objectName: "actionBar"
        visible: !root.boardOn
        anchors.horizontalCenter: felt.horizontalCenter
        y: 676
        spacing: 0
        Repeater {
            model: root.table.actions
            Item {
                id: slot
                required property var modelData
                width: modelData.gap + btn.width; height: 46
                Btn {
                    id: btn
                    objectName: slot.modelData.objectName
                    x: slot.modelData.gap
                    height: 46
                    minWidth: slot.modelData.width
                    text: slot.modelData.label
                    keycap: slot.modelData.key
                    primary: slot.modelData.primary
                    danger: slot.modelData.danger
                    enabledState: root.table.enabledActs.indexOf(slot.modelData.objectName) >= 0
                    onClicked: root.table.act(slot.modelData.kind, slot.modelData.arg)
                }
            }
        }
    }
    Rectangle {
        id: selChip
        objectName: "selChip"
        visible: root.table.selection.text !== "" && root.table.actions.length > 0
        x: actionBar.x + actionBar.width + 16
        y: actionBar.y + (46 - height) / 2
        height: 34; radius: 17
        width: Math.min(selText.implicitWidth + 24, (root.sideOpen ? 1364 : 1590) - x)
        color: root.table.selection.legal ? "#173D33" : "#3A2A0A"
        border.color: root.table.selection.legal ? Theme.mint : Theme.warn
        Text {
            id: selText
            objectName: "selText"
            x: 12; width: parent.width - 24
            anchors.verticalCenter: parent.verticalCenter
            elide: Text.ElideRight
            horizontalAlignment: Text.AlignHCenter
            text: root.table.selection.text
            color: root.table.selection.legal ? Theme.mintText : Theme.warn
            font.family: Theme.font; font.bold: true; font.pixelSize: 13
        }
    }
    Text {
        objectName: "barStatus"
        // a board with a status line of its own in its bar (Mahjong's, beside the 听 pill) draws it there
        visible: root.table.actions.length === 0 && !root.table.autoPlay && !(root.boardOn && boardLoader.item && boardLoader.item.ownsStatus === true)
        anchors.horizontalCenter: felt.horizontalCenter
        y: 676; height: 46
        verticalAlignment: Text.AlignVCenter
        text: root.table.status
        color: Theme.text2; font.family: Theme.font; font.pixelSize: 16
    }

    // ------------------------------------------------------------------ 新手讲解: the tutor's line (desktop/tutor.py)
    TutorLine {
        objectName: "tutorBar"
        z: 60
        // a board may give the tutor its own spot (bottom-left corner and width): Mahjong's bottom left is its
        // rivers' and seats' (SPEC §8.2), so the line goes into the narrow corner above my plate
        readonly property var spot: root.boardOn && boardLoader.item && boardLoader.item.tutorSpot ? boardLoader.item.tutorSpot : null
        x: spot ? spot.x : 24; y: (spot ? spot.y : 664) - height; width: spot ? spot.width : 500
        lines: spot ? 7 : 4
        app: root.app; table: root.table; settings: root.settings
        onGuide: root.guideOpen = true
    }

    // ------------------------------------------------------------------ the hand
    Hand {
        id: handFan
        visible: !root.boardOn
        hand: root.hand
        x: 30; width: (root.sideOpen ? 1330 : 1540) - 30
        y: 900 - 14 - height
        cardW: 88 * Theme.cardScale
    }

    // ------------------------------------------------------------------ right column: 记牌器 and this round's log
    Rectangle {
        id: trackerPanel
        objectName: "trackerPanel"
        visible: root.trackerOpen && !root.chatShown && !root.boardOn
        x: 1376; y: 66; width: 210; height: 520; radius: 12
        color: Theme.panel; border.color: Theme.panelBorder
        Column {
            x: 12; y: 10; width: 186; spacing: 2
            Text { text: qsTr("Card counter"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 16 }
            Text { text: qsTr("Unseen · not counting your hand"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 11 }
            Item { width: 1; height: 6 }
            Repeater {
                model: root.table.tracker
                Item {
                    id: tr
                    required property var modelData
                    width: 186; height: 29
                    Rectangle {
                        width: 40; height: 22; radius: 4; anchors.verticalCenter: parent.verticalCenter
                        color: tr.modelData.rank === 17 ? "#FFE9E4" : "#F4F4EF"
                        Text { anchors.centerIn: parent; text: tr.modelData.label; font.family: Theme.font; font.bold: true; font.pixelSize: 13; color: tr.modelData.rank === 17 ? Theme.cardRed : Theme.cardBlack }
                    }
                    Row {
                        x: 48; anchors.verticalCenter: parent.verticalCenter; spacing: 1
                        Repeater {
                            model: tr.modelData.total
                            Rectangle {
                                required property int index
                                width: tr.modelData.total > 4 ? 5 : 8; height: 10; radius: 1
                                color: index < tr.modelData.left ? (tr.modelData.hot ? Theme.gold : Theme.text2) : "#2A3D39"
                            }
                        }
                    }
                    Text {
                        anchors.right: parent.right; anchors.verticalCenter: parent.verticalCenter
                        text: tr.modelData.left
                        color: tr.modelData.left === 0 ? Theme.hint : tr.modelData.hot ? Theme.gold : Theme.text
                        font.family: Theme.font; font.bold: true; font.pixelSize: 15
                    }
                }
            }
        }
    }
    Rectangle {
        id: logPanel
        visible: root.trackerOpen && !root.boardOn
        x: 1376; y: 598; width: 210; height: 150; radius: 12
        color: Theme.panel; border.color: Theme.panelBorder
        clip: true
        Column {
            x: 12; y: 10; width: 186; spacing: 3
            Text { text: qsTr("This round"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
            Repeater {
                model: root.table.logModel
                Row {
                    required property var row
                    spacing: 6
                    Rectangle { width: 7; height: 7; radius: 4; color: parent.row.mine ? Theme.mine : Theme.theirs; anchors.verticalCenter: parent.verticalCenter }
                    Text { text: parent.row.name; width: 52; elide: Text.ElideRight; color: Theme.text2; font.family: Theme.font; font.pixelSize: 13 }
                    Text { text: parent.row.text; width: 110; elide: Text.ElideRight; color: Theme.text; font.family: Theme.font; font.pixelSize: 13 }
                }
            }
        }
    }

    // ------------------------------------------------------------------ 计分表 of the match (ui/ScoreSheet.qml)
    Loader {
        objectName: "sheetLoader"
        active: root.sheetOpen
        z: 80
        anchors.right: parent.right; anchors.rightMargin: 16; y: 60
        sourceComponent: ScoreSheet { app: root.app; table: root.table; onClose: { root.sheetOpen = false; root.forceActiveFocus() } }
    }

    // ------------------------------------------------------------------ 托管 banner: click to cancel
    Rectangle {
        id: autoBanner
        objectName: "autoBanner"
        visible: root.table.autoPlay
        z: 90
        x: 0; y: 660; width: root.sideOpen ? 1360 : 1600; height: 240
        color: "#99000000"
        Text { anchors.centerIn: parent; text: "⟳ " + qsTr("Auto-play · click to cancel"); color: Theme.primary1; font.family: Theme.font; font.bold: true; font.pixelSize: 24 }
        MouseArea { anchors.fill: parent; onClicked: root.table.setAuto(false) }
    }

    // ------------------------------------------------------------------ results after each set / hand
    Results {
        id: results
        objectName: "resultsPanel"
        z: 100
        backSpot: root.boardOn && boardLoader.item && boardLoader.item.peekBackSpot ? boardLoader.item.peekBackSpot : null
        // a LAN table does not wait at results (the host's table moves on): the panel leaves the action bar and
        // the hand free, and closes itself at the next hand's next snapshot (desktop/table.py, 上局结果)
        anchors.left: parent.left; anchors.right: parent.right; anchors.top: parent.top
        height: root.table.isLan ? 664 : parent.height
        visible: root.table.results.rows !== undefined
        app: root.app
        table: root.table
        onHome: root.navigate("home")
    }

    Loader {
        anchors.fill: parent; z: 120
        active: root.leaveAsk
        sourceComponent: LeaveConfirm {
            app: root.app; table: root.table
            onStayed: { root.leaveAsk = false; root.forceActiveFocus() }
            onLeaving: { root.leaveAsk = false; root.navigate("home") }
        }
    }

    // ------------------------------------------------------------------ 复盘 of the set/hand just finished
    Review {
        z: 105
        anchors.fill: parent
        app: root.app; model: root.table.reviewModel
        onReplay: root.navigate("replays")
    }

    // ------------------------------------------------------------------ the first-game walkthrough (shown once)
    property bool guideOpen: false
    TutorCards {
        z: 110
        anchors.fill: parent
        visible: root.guideOpen || (root.table.tutorDue && root.table.results.rows === undefined)
        app: root.app; table: root.table
        onDone: { root.guideOpen = false; root.table.tutorCardsSeen() }
    }

    // ------------------------------------------------------------------ LAN chat (only at a LAN table)
    ChatPanel {
        id: chatPanel
        visible: root.chatShown
        z: 40
        // a board's felt reaches further right than the card tables' (Mahjong's rounded table ends at 1316)
        x: root.boardOn ? 1324 : 1282; y: 62; width: 1586 - x; height: 520
        lan: root.lan
        onCloseRequested: { root.chatOpen = false; root.forceActiveFocus() }
    }
}

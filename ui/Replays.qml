import QtQuick

// Replays: the list of finished sets/hands, and a viewer that steps forward and back with all hands shown.
Item {
    id: rv
    objectName: "replaysScreen"
    property var app
    property var replay
    signal navigate(string name)
    focus: true
    Keys.onLeftPressed: replay.step(-1)
    Keys.onRightPressed: replay.step(1)
    Keys.onSpacePressed: rv.playing = !rv.playing
    // the Replays screen opens on the newest replay (from the table's 回放: the set just finished)
    Component.onCompleted: if (rv.app.replays.length > 0) rv.openAt(0)
    property var sel: ({})          // the replay opened (its list entry: game, set, players, date)
    property bool playing: false    // auto-play, one step per tick at the chosen speed
    property int speedIx: 1
    readonly property var speeds: [0.5, 1, 2, 4]
    function titleOf(m) {   // 够级 · 第2回合 (old replays: their saved title)
        if (m.set === undefined || m.set === null) return m.title || ""
        return (rv.app.s[m.game] || m.game) + " · " + (rv.app.s[m.unit] || "%1").replace("%1", m.set)
    }
    function nameOf(seat) { var n = (rv.sel.names || [])[seat]; return n ? n : "S" + seat }
    function openAt(i) {
        var m = rv.app.replays[i]
        if (!m) return
        rv.sel = m; rv.playing = false
        rv.app.openReplay(m.path)
    }
    Timer {
        objectName: "replayAutoTimer"
        interval: 900 / rv.speeds[rv.speedIx]; repeat: true
        running: rv.playing && rv.replay.count > 0
        onTriggered: {
            if (rv.replay.index >= rv.replay.count - 1) { rv.playing = false; return }
            rv.replay.step(1)
        }
    }

    Text { x: 40; y: 26; text: qsTr("Replays"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 26 }
    Btn { anchors.right: parent.right; anchors.rightMargin: 40; y: 22; width: 120; height: 40; text: qsTr("Back"); onClicked: rv.navigate("home") }

    Rectangle {
        x: 40; y: 92; width: 360; height: 780; radius: 12
        color: "#0F211D"; border.color: Theme.panelBorder; clip: true
        Text { visible: rv.app.replays.length === 0; x: 16; y: 16; width: 330; wrapMode: Text.Wrap; text: qsTr("No replays yet: finished sets are kept here"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 14 }
        Flickable {
            anchors.fill: parent; anchors.margins: 10
            contentHeight: listCol.implicitHeight
            Column {
                id: listCol
                width: 340; spacing: 6
                Repeater {
                    model: rv.app.replays
                    Rectangle {
                        required property var modelData
                        required property int index
                        objectName: "replay_" + index
                        width: 340; height: 52; radius: 8
                        color: ma.containsMouse ? "#1C3A33" : "#14302A"
                        Column {
                            x: 12; anchors.verticalCenter: parent.verticalCenter
                            Text { objectName: "replayTitle_" + index; text: rv.titleOf(modelData) + "  ·  " + (modelData.when || modelData.time); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                            Text { width: 316; elide: Text.ElideRight; text: (modelData.names || modelData.seats || []).join("、"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 12 }
                        }
                        MouseArea { id: ma; anchors.fill: parent; hoverEnabled: true; onClicked: rv.openAt(index) }
                    }
                }
            }
        }
    }

    Rectangle {
        x: 420; y: 92; width: 1140; height: 780; radius: 12
        color: "#0F211D"; border.color: Theme.panelBorder; clip: true
        Text { visible: rv.replay.error !== ""; x: 20; y: 20; text: rv.replay.error; color: Theme.warn; font.family: Theme.font; font.pixelSize: 14 }
        Row {
            x: 20; y: 16; spacing: 12
            visible: rv.replay.count > 0
            Text { text: rv.sel.path ? rv.titleOf(rv.sel) : rv.replay.title; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 18; anchors.verticalCenter: parent.verticalCenter }
            Btn { objectName: "btnStepBack"; height: 38; text: qsTr("◀ Back"); onClicked: rv.replay.step(-1) }
            Btn { objectName: "btnReplayPlay"; height: 38; minWidth: 90; primary: rv.playing; text: rv.playing ? "❚❚ " + qsTr("Pause") : "▶ " + qsTr("Play", "replayPlay"); onClicked: rv.playing = !rv.playing }
            Btn { objectName: "btnStepFwd"; height: 38; text: qsTr("Forward ▶"); onClicked: rv.replay.step(1) }
            Seg { objectName: "replaySpeed"; model: rv.speeds.map(function(x) { return x + "×" }); current: rv.speedIx; onPicked: (i) => rv.speedIx = i }
            Text { objectName: "replayStep"; text: qsTr("Step %1 / %2").arg(rv.replay.index).arg(rv.replay.count - 1); color: Theme.text2; font.family: Theme.font; font.pixelSize: 15; anchors.verticalCenter: parent.verticalCenter }
            Text { objectName: "replayLine"; text: rv.replay.current.line || rv.replay.current.action || ""; color: Theme.mintText; font.family: Theme.font; font.pixelSize: 15; anchors.verticalCenter: parent.verticalCenter }
        }
        Loader {   // a game's own board (desktop.games replay_board: Mahjong's tiles, melds and rivers)
            objectName: "replayBoard"
            x: 20; y: 70
            active: (rv.replay.current.boardUrl || "") !== ""
            source: active ? rv.replay.current.boardUrl : ""
            onLoaded: {
                item.step = Qt.binding(function() { return rv.replay.current.board || {} })
                item.names = Qt.binding(function() { return rv.sel.names || [] })
                item.app = rv.app
            }
        }
        Column {
            x: 20; y: 70; spacing: 8
            Repeater {
                model: rv.replay.current.hands || []
                Row {
                    id: hr
                    required property var modelData
                    spacing: 10
                    Text { width: 64; elide: Text.ElideRight; text: rv.nameOf(hr.modelData.seat); color: Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 15; anchors.verticalCenter: parent.verticalCenter }
                    Item {
                        width: 1036; height: 70
                        Repeater {
                            model: hr.modelData.cards
                            Card {
                                required property var modelData
                                required property int index
                                w: 50; x: index * Math.min(24, 1000 / Math.max(1, hr.modelData.cards.length))
                                card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
                            }
                        }
                    }
                }
            }
            Row {
                spacing: 10
                visible: (rv.replay.current.trick || []).length > 0
                Text { width: 40; text: qsTr("Table"); color: Theme.gold; font.family: Theme.font; font.bold: true; font.pixelSize: 15; anchors.verticalCenter: parent.verticalCenter }
                Repeater {
                    model: rv.replay.current.trick || []
                    Item {
                        id: tp
                        required property var modelData
                        width: 50 + Math.max(0, tp.modelData.faces.length - 1) * 18 + 14; height: 74
                        Text { text: rv.nameOf(tp.modelData.seat); color: Theme.text2; font.family: Theme.font; font.pixelSize: 11 }
                        Repeater {
                            model: tp.modelData.faces
                            Card {
                                required property var modelData
                                required property int index
                                w: 46; x: index * 18; y: 12
                                card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
                            }
                        }
                    }
                }
            }
        }
    }
}

import QtQuick

// Results after a hand or set (the presenter names them): places, scores, running total, tributes owed next.
Item {
    id: res
    property var app
    property var table
    signal home()
    readonly property var r: table.results
    readonly property bool hasPoints: (r.rows || []).some(function(x) { return (x.points || "") !== "" })
    // a game with no places in a hand (a Mahjong hand has a winner, not an order) shows no Place column
    readonly property bool hasPlace: (r.rows || []).some(function(x) { return (x.place || "") !== "" })
    // 看牌桌: the box steps aside to show the board the hand ended on (desktop/hand_end.py keeps it under the box);
    // a click anywhere brings the results back. Not where the board under the box is already the next hand (a LAN
    // host that does not wait at the results, or whose wait ran out).
    property bool peek: false
    // where the peek's way back sits (its bottom-left corner): the window's bottom left, unless the board has a
    // plate there (Mahjong's own plate, SPEC §8.2) and gives a spot of its own
    property var backSpot: null
    property int waitSecs: 0   // seconds a LAN host still waits at these results (table.resultsUntil)
    Timer {
        interval: 250; repeat: true; triggeredOnStart: true
        running: res.visible && res.table.resultsUntil > 0
        onTriggered: res.waitSecs = Math.max(0, Math.ceil((res.table.resultsUntil - Date.now()) / 1000))
        onRunningChanged: if (!running) res.waitSecs = 0
    }
    onVisibleChanged: if (!visible) peek = false   // the next results open unfolded (not on every table update)
    Rectangle { visible: !res.peek; anchors.fill: parent; color: "#B3000000"; MouseArea { anchors.fill: parent } }
    MouseArea {
        objectName: "resultsPeekBack"
        visible: res.peek
        anchors.fill: parent
        onClicked: res.peek = false
        Chip {
            x: res.backSpot ? res.backSpot.x : 24; y: res.backSpot ? res.backSpot.y - height : parent.height - height - 24
            text: "↩ " + qsTr("Back to the results"); size: 16; fg: "#2A1800"; bg: Theme.primary1
        }
    }
    Rectangle {
        objectName: "resultsBox"
        visible: !res.peek
        anchors.centerIn: parent
        width: 660; height: col.implicitHeight + 48; radius: 16
        color: "#0F211D"; border.color: Theme.primary1; border.width: 2
        Btn {
            objectName: "btnPeekTable"
            visible: res.table.endedBoard
            anchors.right: parent.right; anchors.top: parent.top; anchors.margins: 24
            implicitHeight: 34; fontSize: 14; minWidth: 0
            text: qsTr("View table")
            onClicked: res.peek = true
        }
        Column {
            id: col
            x: 28; y: 24; width: 604; spacing: 10
            Row {
                spacing: 12
                Text { objectName: "resultsTitle"; text: res.r.title || ""; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 26 }
                Chip { visible: (res.r.extra || "") !== ""; text: res.r.extra || ""; size: 14; fg: "#2A1800"; bg: Theme.gold; anchors.verticalCenter: parent.verticalCenter }
            }
            Row {
                spacing: 0
                Text { width: (res.hasPoints ? 190 : 220) + (res.hasPlace ? 0 : 130); text: ""; font.pixelSize: 13 }
                Text { objectName: "resultsPlaceHead"; visible: res.hasPlace; width: res.hasPoints ? 110 : 130; text: qsTr("Place"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
                Text { visible: res.hasPoints; width: 100; text: qsTr("Place pts"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
                Text { width: res.hasPoints ? 100 : 120; text: qsTr("Score"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
                Text { width: res.hasPoints ? 100 : 120; text: qsTr("Total"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
            }
            Repeater {
                model: res.r.rows || []
                Rectangle {
                    required property var modelData
                    required property int index
                    width: 604; height: 40; radius: 8
                    color: index % 2 ? "transparent" : "#12FFFFFF"
                    Row {
                        anchors.verticalCenter: parent.verticalCenter
                        Item {
                            width: (res.hasPoints ? 190 : 220) + (res.hasPlace ? 0 : 130); height: 30
                            Rectangle { x: 8; anchors.verticalCenter: parent.verticalCenter; width: 10; height: 10; radius: 5; color: modelData.mine ? Theme.mine : Theme.theirs }
                            Text { x: 28; anchors.verticalCenter: parent.verticalCenter; text: modelData.name; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 17 }
                        }
                        Text { visible: res.hasPlace; width: res.hasPoints ? 110 : 130; text: modelData.place; color: modelData.placeNo === 0 ? Theme.gold : Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 17 }
                        Text { visible: res.hasPoints; width: 100; text: modelData.points || ""; color: Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 17 }
                        Text { width: res.hasPoints ? 100 : 120; text: modelData.score === "" ? "–" : (modelData.score > 0 ? "+" : "") + modelData.score; color: modelData.score > 0 ? Theme.mintText : modelData.score < 0 ? Theme.theirs : Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
                        Text { width: res.hasPoints ? 100 : 120; text: modelData.total; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
                    }
                }
            }
            Loader {   // a game's own detail (e.g. the winning hand, desktop.games results_detail)
                objectName: "resultsDetail"
                active: (res.r.detailUrl || "") !== ""
                source: active ? res.r.detailUrl : ""
                onLoaded: { item.detail = Qt.binding(function() { return res.r.detail || {} }); item.app = res.app }
            }
            Text {   // how the side scores add up (place points, 串三户 doubling)
                objectName: "resultsSum"
                width: 604; wrapMode: Text.Wrap
                visible: (res.r.sum || "") !== ""
                text: res.r.sum || ""
                color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15
            }
            Text {
                width: 604; wrapMode: Text.Wrap
                visible: !res.r.over && (res.r.detailUrl || "") === ""
                text: (res.r.heading || qsTr("Tribute next set")) + ": " + ((res.r.tributes || []).length ? res.r.tributes.join(" · ") : qsTr("none"))
                color: Theme.text2; font.family: Theme.font; font.pixelSize: 14
            }
            // 验证洗牌: the deals this set/hand revealed, recomputed from what this seat saw (desktop/shuffle_check.py)
            Rectangle {
                objectName: "shufflePanel"
                readonly property var sh: res.r.shuffle || ({})
                visible: sh.shown === true
                width: 604; height: visible ? shCol.implicitHeight + 16 : 0; radius: 8
                color: "#12FFFFFF"; border.width: 1; border.color: sh.ok ? Theme.mintText : Theme.theirs
                Column {
                    id: shCol
                    x: 12; y: 8; width: 580; spacing: 4
                    Text { objectName: "shuffleTitle"; text: parent.parent.sh.title || ""; color: parent.parent.sh.ok ? Theme.mintText : Theme.theirs; font.family: Theme.font; font.bold: true; font.pixelSize: 16 }
                    Repeater {
                        model: parent.parent.sh.lines || []
                        Text { required property var modelData; width: 580; wrapMode: Text.Wrap; text: modelData; color: Theme.text; font.family: Theme.font; font.pixelSize: 13 }
                    }
                    Text { width: 580; wrapMode: Text.Wrap; text: parent.parent.sh.how || ""; color: Theme.hint; font.family: Theme.font; font.pixelSize: 11 }
                }
            }
            Row {
                spacing: 12
                Btn {
                    objectName: "btnNextSet"; visible: !res.r.over; primary: true; width: 200
                    // a LAN host waiting at the results says how long it still waits (PROTOCOL.md §4)
                    text: res.r.late ? qsTr("Close") : res.waitSecs > 0 ? qsTr("%1 (%2 s)").arg(res.table.nextLabel).arg(res.waitSecs) : res.table.nextLabel
                    onClicked: res.table.nextSet()
                }
                // 再来一局: the same seats and rules, a new deal
                Btn { objectName: "btnPlayAgain"; visible: res.r.over === true && res.table.canPlayAgain; primary: true; width: 200; text: qsTr("Play again"); onClicked: res.table.playAgain() }
                Btn { objectName: "btnReview"; width: 140; text: qsTr("Review"); onClicked: res.table.reviewModel.start() }
                Btn { objectName: "btnResultsHome"; width: 160; text: qsTr("Home"); onClicked: { res.table.nextSet(); res.home() } }
            }
        }
    }
}

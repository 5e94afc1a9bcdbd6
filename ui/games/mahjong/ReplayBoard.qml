import QtQuick
import "../.."

// A Mahjong replay step (desktop.games.mahjong replay_capture): for each seat its name (庄 marked), its concealed
// hand with the drawn tile set apart, its melds, and under them its river with the tile on offer marked; the
// wall count. Every hand is face up: the viewer watches a finished hand.
Column {
    id: rb
    property var step: ({})
    property var names: []
    property var app
    spacing: 10
    Text {
        objectName: "replayWall"
        text: qsTr("Wall %1").arg(rb.step.wall || 0)
        color: Theme.text2; font.family: Theme.font; font.pixelSize: 14
    }
    Repeater {
        model: rb.step.seats || []
        Row {
            id: seatRow
            required property var modelData
            objectName: "replaySeat_" + modelData.seat
            spacing: 10
            Column {
                width: 64; spacing: 2
                Text { width: 64; elide: Text.ElideRight; text: rb.names[seatRow.modelData.seat] || ("S" + seatRow.modelData.seat); color: Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                Text { visible: seatRow.modelData.dealer; text: qsTr("Dealer"); color: Theme.gold; font.family: Theme.font; font.pixelSize: 12 }
            }
            Column {
                spacing: 4
                Row {
                    spacing: 14
                    Row {
                        objectName: "replayHand"
                        spacing: 1
                        Repeater { model: seatRow.modelData.hand; Tile { required property var modelData; face: modelData; w: 30 } }
                    }
                    Tile { objectName: "replayDrawn"; visible: !!seatRow.modelData.drawn; face: seatRow.modelData.drawn || ({}); w: 30 }
                    Repeater {
                        model: seatRow.modelData.melds
                        Row {
                            id: meldRow
                            required property var modelData
                            anchors.bottom: parent.bottom; spacing: 1
                            Repeater { model: meldRow.modelData; Tile { required property var modelData; face: modelData; w: 24 } }
                        }
                    }
                }
                Row {
                    objectName: "replayRiver"
                    spacing: 1
                    Repeater { model: seatRow.modelData.river; Tile { required property var modelData; face: modelData; w: 22; newest: modelData.newest === true } }
                }
            }
        }
    }
}

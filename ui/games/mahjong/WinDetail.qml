import QtQuick
import "../.."

// The win screen's detail (M-19 … M-22): each winner's hand laid out by its reading (the pair first, then
// each set), the patterns and value, each kong's payment, and every seat's payment; a drawn hand says so and shows
// every hand, with the waits of the ready ones.
Column {
    id: wd
    property var detail: ({})
    property var app
    width: 604
    spacing: 8
    Text {
        visible: (wd.detail.title || "") !== ""
        text: wd.detail.title || ""
        color: Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 17
    }
    Repeater {
        model: wd.detail.wins || []
        Column {
            id: winCol
            required property var modelData
            spacing: 6
            Row {
                spacing: 10
                Text { id: winWho; text: winCol.modelData.name + " · " + winCol.modelData.how; color: Theme.gold; font.family: Theme.font; font.bold: true; font.pixelSize: 17 }
                Text {   // many patterns and who pays: wrapped inside the box
                    objectName: "winPatterns"
                    width: Math.min(implicitWidth, wd.width - winWho.width - 10); wrapMode: Text.WordWrap
                    anchors.baseline: winWho.baseline
                    text: winCol.modelData.patterns + " · V " + winCol.modelData.value + (winCol.modelData.paid ? " · " + winCol.modelData.paid : ""); color: Theme.text; font.family: Theme.font; font.pixelSize: 15 }
            }
            Row {
                objectName: "winReading"
                spacing: 10
                Repeater {
                    model: winCol.modelData.groups
                    Row {
                        id: grp
                        required property var modelData
                        spacing: 1
                        Repeater { model: grp.modelData; Tile { required property var modelData; face: modelData; w: 28 } }
                    }
                }
            }
        }
    }
    Repeater {   // a drawn hand (M-16): every hand shown, with the waits of those that were ready
        model: wd.detail.shown || []
        Row {
            id: shownRow
            objectName: "drawnHand"
            required property var modelData
            spacing: 8
            Text { width: 64; anchors.verticalCenter: parent.verticalCenter; text: shownRow.modelData.name; elide: Text.ElideRight; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
            Row {
                anchors.verticalCenter: parent.verticalCenter; spacing: 1
                Repeater { model: shownRow.modelData.tiles; Tile { required property var modelData; face: modelData; w: 22 } }
            }
            Repeater {
                model: shownRow.modelData.melds
                Row {
                    id: meldRow
                    required property var modelData
                    anchors.verticalCenter: parent.verticalCenter; spacing: 1
                    Repeater { model: meldRow.modelData; Tile { required property var modelData; face: modelData; w: 18 } }
                }
            }
            Row {
                objectName: "drawnWaits"
                visible: shownRow.modelData.waits.length > 0
                anchors.verticalCenter: parent.verticalCenter; spacing: 2
                Text { anchors.verticalCenter: parent.verticalCenter; text: shownRow.modelData.ready + " "; color: Theme.mintText; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
                Repeater { model: shownRow.modelData.waits; Tile { required property var modelData; face: modelData; w: 18 } }
            }
        }
    }
    Flow {   // each kong's payment (M-22), so the payments below add up
        width: wd.width
        spacing: 14
        visible: (wd.detail.kongs || []).length > 0
        Repeater {
            model: wd.detail.kongs || []
            Text {
                required property var modelData
                objectName: "kongLine"
                text: modelData
                color: Theme.text2; font.family: Theme.font; font.pixelSize: 14
            }
        }
    }
    Row {
        spacing: 14
        Repeater {
            model: wd.detail.payments || []
            Text {
                required property var modelData
                text: modelData.name + " " + (modelData.pay > 0 ? "+" : "") + modelData.pay
                color: modelData.pay > 0 ? Theme.mintText : modelData.pay < 0 ? Theme.theirs : Theme.text2
                font.family: Theme.font; font.bold: true; font.pixelSize: 15
            }
        }
    }
}

import QtQuick
import "../.."

// The results' detail (S-19): the bottom turned up at the hand's end, each point card tagged with its points,
// what the bottom was worth (its multiplier when the defenders took the last trick), then the level changes.
Column {
    id: bd
    objectName: "bottomDetail"
    property var detail: ({})
    property var app
    width: 604
    spacing: 8
    Row {
        spacing: 12
        Text { text: bd.detail.title || ""; color: Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 17; anchors.verticalCenter: parent.verticalCenter }
        Text {
            objectName: "bottomLine"
            text: bd.detail.line || ""
            color: bd.detail.captured ? "#FF9A4D" : Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15
            anchors.verticalCenter: parent.verticalCenter
        }
    }
    Row {
        objectName: "bottomShown"
        spacing: 6
        Repeater {
            model: bd.detail.bottom || []
            TaggedCard {
                required property var modelData
                face: modelData; w: 44
                tag: modelData.points > 0 ? modelData.points + " " + (bd.detail.pointTag || "") : ""
            }
        }
    }
    Repeater {
        model: bd.detail.lines || []
        Text { required property var modelData; width: 604; wrapMode: Text.Wrap; text: modelData; color: Theme.text2; font.family: Theme.font; font.pixelSize: 14 }
    }
}

import QtQuick
import "../.."

// A declaration on the felt (SPEC §8.1): its cards in a gold box in front of the seat's plate, face up or
// face down as the table may see them (三五番 SF-7: the joker up, the pair down), with a tag under it.
Rectangle {
    id: db
    property var stage
    property var box: ({})
    property string tagName: ""
    readonly property int pos: box.pos === undefined ? -1 : box.pos
    readonly property point plate: stage && pos >= 0 ? stage.plateXY(pos) : Qt.point(0, 0)
    visible: pos >= 0
    z: 40
    width: row.implicitWidth + 16; height: 92; radius: 8
    color: "#33F2B33D"; border.color: "#F2B33D"; border.width: 2
    x: pos === 1 ? plate.x - width - 12 : pos === 3 ? plate.x + 264 : plate.x + 126 - width / 2
    y: pos === 0 ? plate.y - height - 14 : pos === 2 ? plate.y + 84 : plate.y - 10
    Row {
        id: row
        objectName: "declCards"
        x: 8; y: 8; spacing: -14
        Repeater {
            model: db.box.faces || []
            Card {
                required property var modelData
                w: 50; faceUp: modelData.card !== "?"
                card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
            }
        }
    }
    Rectangle {
        anchors.horizontalCenter: parent.horizontalCenter; y: parent.height - 10
        width: tagText.implicitWidth + 12; height: 18; radius: 9; color: "#F2B33D"
        Text { id: tagText; objectName: db.tagName; anchors.centerIn: parent; text: db.box.tag || ""; color: "#4A2C00"; font.family: Theme.font; font.bold: true; font.pixelSize: 12 }
    }
}

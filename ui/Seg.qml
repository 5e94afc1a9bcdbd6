import QtQuick

// Segmented control (SPEC.md §2 mint selection), 34 px tall.
Rectangle {
    id: seg
    property var model: []
    property int current: 0
    property int segWidth: 0
    property int fontSize: 14
    property int pad: 24        // room around each label; a crowded row (the seat list in English) takes less
    signal picked(int index)
    height: 34
    width: row.implicitWidth + 6
    radius: 8
    color: "#0A1613"
    border.color: Theme.panelBorder
    Row {
        id: row
        anchors.centerIn: parent
        spacing: 2
        Repeater {
            model: seg.model
            Rectangle {
                id: cell
                required property int index
                required property var modelData
                objectName: "seg_" + index
                width: Math.max(seg.segWidth, t.implicitWidth + seg.pad)
                height: 28; radius: 6
                color: index === seg.current ? Theme.segOn : "transparent"
                border.color: index === seg.current ? Theme.segOnBorder : "transparent"
                Text {
                    id: t
                    anchors.centerIn: parent
                    text: String(cell.modelData)
                    font.family: Theme.font; font.pixelSize: seg.fontSize; font.bold: cell.index === seg.current
                    color: cell.index === seg.current ? Theme.text : Theme.text2
                }
                MouseArea { anchors.fill: parent; onClicked: seg.picked(cell.index) }
            }
        }
    }
}

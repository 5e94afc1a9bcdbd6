import QtQuick

// A small pill (relation chips, badges, count pills).
Rectangle {
    id: chip
    property string text: ""
    property color fg: Theme.text2
    property color bg: "#22FFFFFF"
    property color line: "transparent"
    property int size: 12
    property bool bold: true
    implicitWidth: t.implicitWidth + 14
    implicitHeight: size + 10
    width: implicitWidth; height: implicitHeight
    radius: height / 2
    color: bg
    border.color: line
    Text {
        id: t
        anchors.centerIn: parent
        text: chip.text
        color: chip.fg
        font.family: Theme.font; font.pixelSize: chip.size; font.bold: chip.bold
    }
}

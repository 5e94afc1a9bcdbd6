import QtQuick

// 托管 is on: a pill over every screen (the table, its results dialog, the settings and rules overlays, home)
// that takes it back with one click. The move timer's expiry switches 托管 on (desktop/table.py _on_timeout).
Rectangle {
    id: pill
    objectName: "autoPill"
    property var app
    property var table
    visible: table.active && table.autoPlay
    width: label.implicitWidth + 36; height: 40; radius: 20
    color: "#E6251A05"; border.color: Theme.primary1; border.width: 2
    Text {
        id: label
        anchors.centerIn: parent
        text: "⟳ " + qsTr("Auto-play on · cancel")
        color: Theme.primary1; font.family: Theme.font; font.bold: true; font.pixelSize: 16
    }
    MouseArea { anchors.fill: parent; onClicked: pill.table.setAuto(false) }
}

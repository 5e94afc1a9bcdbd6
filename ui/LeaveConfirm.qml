import QtQuick

// Leaving a LAN table asks first: a bot plays the seat (托管) until the player comes back with its token.
Item {
    id: dlg
    objectName: "leaveConfirm"
    property var app
    property var table
    signal leaving()
    signal stayed()
    Rectangle { anchors.fill: parent; color: "#B3000000"; MouseArea { anchors.fill: parent } }
    Rectangle {
        anchors.centerIn: parent
        width: 520; height: col.implicitHeight + 48; radius: 16
        color: "#0F211D"; border.color: Theme.primary1; border.width: 2
        Column {
            id: col
            x: 28; y: 24; width: 464; spacing: 14
            Text { text: qsTr("Leave the table?"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 24 }
            Text { width: 464; wrapMode: Text.Wrap; text: qsTr("A bot plays your seat once you leave; join again from this computer to take it back."); color: Theme.text2; font.family: Theme.font; font.pixelSize: 15 }
            Row {
                spacing: 12
                Btn { objectName: "btnLeaveNo"; primary: true; width: 200; text: qsTr("Stay"); onClicked: dlg.stayed() }
                Btn { objectName: "btnLeaveYes"; width: 160; danger: true; text: qsTr("Leave"); onClicked: { dlg.table.leaveTable(); dlg.leaving() } }
            }
        }
    }
}

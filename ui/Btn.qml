import QtQuick

// A button in the mockup style: primary (amber), burn (coral outline), plain; disabled = outline only.
Rectangle {
    id: btn
    property string text: ""
    property string keycap: ""
    property bool primary: false
    property bool danger: false
    property bool enabledState: true
    property int fontSize: 18
    property int minWidth: 100
    signal clicked()
    implicitWidth: Math.max(minWidth, label.implicitWidth + (keycap ? 60 : 28))
    implicitHeight: 46
    radius: 8
    opacity: 1
    border.width: 1
    border.color: !enabledState ? Theme.disabledBorder : danger ? Theme.burnLine : primary ? "#FFD58A" : Qt.rgba(1, 1, 1, 0.22)
    gradient: Gradient {
        GradientStop { position: 0; color: !btn.enabledState ? "transparent" : btn.primary ? Theme.primary1 : btn.danger ? Theme.burnFill : "#1E3833" }
        GradientStop { position: 1; color: !btn.enabledState ? "transparent" : btn.primary ? Theme.primary2 : btn.danger ? Theme.burnFill : "#152A26" }
    }
    Row {
        anchors.centerIn: parent
        spacing: 8
        Text {
            id: label
            anchors.verticalCenter: parent.verticalCenter
            text: btn.text
            font.family: Theme.font; font.bold: true; font.pixelSize: btn.fontSize
            color: !btn.enabledState ? Theme.disabledText : btn.primary ? Theme.primaryText : btn.danger ? Theme.burnText : Theme.text
        }
        Rectangle {
            visible: btn.keycap !== ""
            anchors.verticalCenter: parent.verticalCenter
            width: cap.implicitWidth + 10; height: 18; radius: 4
            color: btn.primary ? "#33000000" : "#22FFFFFF"
            Text { id: cap; anchors.centerIn: parent; text: btn.keycap; font.family: Theme.font; font.pixelSize: 11; color: label.color }
        }
    }
    MouseArea {
        anchors.fill: parent
        enabled: btn.enabledState
        cursorShape: Qt.PointingHandCursor
        onClicked: btn.clicked()
    }
}

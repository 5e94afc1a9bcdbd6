import QtQuick

// A 46×26 switch.
Rectangle {
    id: sw
    property bool checked: false
    signal toggled(bool on)
    width: 46; height: 26; radius: 13
    color: checked ? Theme.mint : "#2A3B37"
    border.color: checked ? Theme.segOnBorder : Theme.panelBorder
    Rectangle {
        width: 20; height: 20; radius: 10; y: 3
        x: sw.checked ? sw.width - width - 3 : 3
        color: "#F4F7F6"
        Behavior on x { NumberAnimation { duration: Theme.dur(120) } }
    }
    MouseArea { anchors.fill: parent; onClicked: sw.toggled(!sw.checked) }
}

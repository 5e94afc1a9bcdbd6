import QtQuick

// 辅助 on the new-game screen: the move timer, the 记牌器 and 新手讲解. The same settings keys as the Settings
// panel (turnTimer, showTracker, tutor): one source, either screen shows what the other set.
Rectangle {
    id: ag
    objectName: "aidsGroup"
    property var app
    property var settings
    width: 560; height: col.implicitHeight + 20; radius: 12
    color: "#0F211D"; border.color: Theme.panelBorder
    component ARow: Item {
        id: ar
        property string label
        property string help
        default property alias ctl: holder.data
        width: 536; height: 50
        Column {
            anchors.verticalCenter: parent.verticalCenter
            width: parent.width - holder.width - 12
            spacing: 3
            Text { text: ar.label; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
            Text { width: parent.width; elide: Text.ElideRight; text: ar.help; color: Theme.text2; font.family: Theme.font; font.pixelSize: 12 }
        }
        Item { id: holder; anchors.right: parent.right; anchors.verticalCenter: parent.verticalCenter; width: childrenRect.width; height: 34 }
    }
    Column {
        id: col
        x: 12; y: 10; width: 536
        Text { text: qsTr("Aids"); color: Theme.primary1; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
        ARow {
            label: qsTr("Turn timer")
            help: qsTr("Thinking time for each of your moves")
            Seg {
                objectName: "aidTimer"
                readonly property var vals: [15, 30, 60, 0]
                fontSize: 13; pad: 18
                model: [qsTr("%1 s").arg(15), qsTr("%1 s").arg(30), qsTr("%1 s").arg(60), qsTr("None")]
                current: vals.indexOf(ag.settings.turnTimer)
                onPicked: (i) => ag.settings.set("turnTimer", vals[i])
            }
        }
        ARow {
            label: qsTr("Card counter")
            help: qsTr("Shows the cards not yet played beside the table")
            Toggle { objectName: "aidTracker"; anchors.verticalCenter: parent.verticalCenter; checked: ag.settings.showTracker; onToggled: (on) => ag.settings.set("showTracker", on) }
        }
        ARow {
            label: qsTr("Tutor")
            help: qsTr("At each of your decisions: what is legal and why (with the rule id)")
            Toggle { objectName: "aidTutor"; anchors.verticalCenter: parent.verticalCenter; checked: ag.settings.tutor; onToggled: (on) => ag.settings.set("tutor", on) }
        }
    }
}

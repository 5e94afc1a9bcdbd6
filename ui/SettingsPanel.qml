import QtQuick

// Settings (saved with QSettings): language switched live, animation speed, sound, card size, hand order,
// turn timer, 托管 grace, 记牌器 (the new-game screen's 辅助 group binds the same keys).
Item {
    id: sp
    objectName: "settingsPanel"
    property var app
    property var settings
    signal close()
    Rectangle { anchors.fill: parent; color: "#B3000000"; MouseArea { anchors.fill: parent; onClicked: sp.close() } }
    Rectangle {
        anchors.centerIn: parent
        width: 640; height: col.implicitHeight + 56; radius: 16
        color: "#0F211D"; border.color: Theme.panelBorder
        MouseArea { anchors.fill: parent }
        Column {
            id: col
            x: 28; y: 26; width: 584; spacing: 14
            Text { text: "⚙  " + qsTr("Settings"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 26 }
            component SRow: Item {
                id: srow
                property string label
                property string help: ""
                default property alias ctl: holder.data
                width: 584; height: 44
                Column {
                    anchors.verticalCenter: parent.verticalCenter
                    Text { text: srow.label; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 16 }
                    Text { visible: srow.help !== ""; text: srow.help; color: Theme.hint; font.family: Theme.font; font.pixelSize: 12 }
                }
                Item { id: holder; anchors.right: parent.right; anchors.verticalCenter: parent.verticalCenter; width: childrenRect.width; height: 34 }
            }
            SRow {
                label: qsTr("Your name")
                Rectangle {
                    width: 260; height: 34; radius: 8; color: "#0A1613"; border.color: nameIn.activeFocus ? Theme.mint : Theme.panelBorder
                    TextInput {
                        id: nameIn
                        objectName: "setPlayerName"
                        anchors.fill: parent; anchors.leftMargin: 10; anchors.rightMargin: 10
                        verticalAlignment: TextInput.AlignVCenter
                        text: sp.settings.playerName
                        maximumLength: 12
                        color: Theme.text; font.family: Theme.font; font.pixelSize: 16
                        onEditingFinished: sp.settings.set("playerName", text)
                    }
                    Text { visible: nameIn.text === ""; x: 10; anchors.verticalCenter: parent.verticalCenter; text: qsTr("You"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 16 }
                }
            }
            SRow {
                label: qsTr("Language")
                Seg { objectName: "setLanguage"; model: ["中文", "English"]; current: sp.settings.language === "zh" ? 0 : 1; onPicked: (i) => sp.settings.set("language", i === 0 ? "zh" : "en") }
            }
            SRow {
                label: qsTr("Animation speed")
                Seg {
                    objectName: "setAnim"
                    readonly property var vals: ["off", "fast", "normal", "slow"]
                    model: [qsTr("Off"), qsTr("Fast"), qsTr("Normal", "animNormal"), qsTr("Slow")]
                    current: vals.indexOf(sp.settings.animSpeed)
                    onPicked: (i) => sp.settings.set("animSpeed", vals[i])
                }
            }
            SRow {
                label: qsTr("Sound")
                Toggle { objectName: "setSound"; checked: sp.settings.sound; onToggled: (on) => sp.settings.set("sound", on) }
            }
            SRow {
                label: qsTr("Tutor")
                help: qsTr("At each of your decisions: what is legal and why (with the rule id)")
                Toggle { objectName: "setTutor"; checked: sp.settings.tutor; onToggled: (on) => sp.settings.set("tutor", on) }
            }
            SRow {
                label: qsTr("Card counter")
                help: qsTr("Shows the cards not yet played beside the table")
                Toggle { objectName: "setTracker"; checked: sp.settings.showTracker; onToggled: (on) => sp.settings.set("showTracker", on) }
            }
            SRow {
                label: qsTr("Card size")
                Seg {
                    readonly property var vals: ["small", "medium", "large"]
                    model: [qsTr("Small"), qsTr("Medium"), qsTr("Large")]
                    current: vals.indexOf(sp.settings.cardSize)
                    onPicked: (i) => sp.settings.set("cardSize", vals[i])
                }
            }
            SRow {
                label: qsTr("Hand order")
                Seg { model: [qsTr("Low to high"), qsTr("High to low")]; current: sp.settings.handSort === "asc" ? 0 : 1; onPicked: (i) => sp.settings.set("handSort", i === 0 ? "asc" : "desc") }
            }
            SRow {
                label: qsTr("Turn timer")
                Seg {
                    objectName: "setTimer"
                    readonly property var vals: [15, 30, 60, 0]
                    model: [qsTr("%1 s").arg(15), qsTr("%1 s").arg(30), qsTr("%1 s").arg(60), qsTr("None")]
                    current: vals.indexOf(sp.settings.turnTimer)
                    onPicked: (i) => sp.settings.set("turnTimer", vals[i])
                }
            }
            SRow {
                label: qsTr("Auto-play grace")
                help: qsTr("Extra seconds after a timeout before auto-play")
                Seg {
                    readonly property var vals: [0, 5, 10, 30]
                    model: vals.map(function(v) { return qsTr("%1 s").arg(v) })
                    current: vals.indexOf(sp.settings.grace)
                    onPicked: (i) => sp.settings.set("grace", vals[i])
                }
            }
            Btn { objectName: "btnCloseSettings"; primary: true; width: 160; text: qsTr("Close"); onClicked: sp.close() }
        }
    }
}

import QtQuick

// 外观: the felt and card-back swatches (SPEC.md §7), drawn here, not images. A click sets the settings key
// (felt / cardBack) the table and every card back read.
Rectangle {
    id: sw
    objectName: "swatches"
    property var app
    property var settings
    readonly property var felts: ["auto", "green", "teal", "wine"]
    readonly property var backs: ["blue", "red", "green"]
    width: 440; height: 64; radius: 10
    color: "#0F211D"; border.color: Theme.panelBorder

    Row {   // the felts in the left half, the backs in the right: neither moves when a label's language changes
        x: 14; anchors.verticalCenter: parent.verticalCenter; spacing: 8
        Text { anchors.verticalCenter: parent.verticalCenter; text: qsTr("Felt"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
        Repeater {
            model: sw.felts
            Rectangle {
                id: fs
                required property string modelData
                objectName: "felt_" + modelData
                readonly property bool on: sw.settings.felt === modelData
                anchors.verticalCenter: parent.verticalCenter
                width: 34; height: 34; radius: 17
                color: "transparent"; border.color: on ? Theme.primary1 : "transparent"; border.width: 2
                Rectangle {
                    id: dot
                    anchors.centerIn: parent; width: 26; height: 26; radius: 13
                    border.color: Qt.rgba(1, 1, 1, 0.25)
                    // "auto" (each game's own felt) is drawn split in the two game felts
                    readonly property var tone: Theme.feltTone(fs.modelData === "auto" ? "green" : fs.modelData)
                    readonly property var tone2: Theme.feltTone(fs.modelData === "auto" ? "teal" : fs.modelData)
                    gradient: Gradient {
                        orientation: Gradient.Horizontal
                        GradientStop { position: 0; color: dot.tone[0] }
                        GradientStop { position: 0.5; color: dot.tone[fs.modelData === "auto" ? 0 : 1] }
                        GradientStop { position: 0.51; color: fs.modelData === "auto" ? dot.tone2[0] : dot.tone[1] }
                        GradientStop { position: 1; color: dot.tone2[1] }
                    }
                }
                MouseArea { anchors.fill: parent; cursorShape: Qt.PointingHandCursor; onClicked: sw.settings.set("felt", fs.modelData) }
            }
        }
    }
    Row {
        x: 236; anchors.verticalCenter: parent.verticalCenter; spacing: 8
        Text { anchors.verticalCenter: parent.verticalCenter; text: qsTr("Card back"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 14 }
        Repeater {
            model: sw.backs
            Rectangle {
                id: bs
                required property string modelData
                objectName: "back_" + modelData
                readonly property bool on: sw.settings.cardBack === modelData
                readonly property var tone: Theme.backTone(modelData)
                anchors.verticalCenter: parent.verticalCenter
                width: 30; height: 42; radius: 5
                color: "transparent"; border.color: on ? Theme.primary1 : "transparent"; border.width: 2
                Rectangle {
                    anchors.centerIn: parent; width: 24; height: 36; radius: 3
                    border.color: "#D8D2C4"; border.width: 1.5
                    gradient: Gradient {
                        GradientStop { position: 0; color: bs.tone[0] }
                        GradientStop { position: 1; color: bs.tone[1] }
                    }
                    Rectangle { anchors.centerIn: parent; width: 11; height: 11; rotation: 45; color: "transparent"; border.color: bs.tone[2] }
                }
                MouseArea { anchors.fill: parent; cursorShape: Qt.PointingHandCursor; onClicked: sw.settings.set("cardBack", bs.modelData) }
            }
        }
    }
}

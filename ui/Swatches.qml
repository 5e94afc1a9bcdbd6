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
                    visible: fs.modelData !== "auto"
                    anchors.centerIn: parent; width: 26; height: 26; radius: 13
                    border.color: Qt.rgba(1, 1, 1, 0.25)
                    readonly property var tone: Theme.feltTone(fs.modelData)
                    gradient: Gradient {
                        orientation: Gradient.Horizontal
                        GradientStop { position: 0; color: dot.tone[0] }
                        GradientStop { position: 1; color: dot.tone[1] }
                    }
                }
                Canvas {   // "auto", each game's own felt: one slice a game, in its felt (the presenters', app.games)
                    objectName: "feltAutoSlices"
                    visible: fs.modelData === "auto"
                    anchors.centerIn: parent; width: 26; height: 26
                    readonly property var tones: (sw.app && sw.app.games ? sw.app.games : []).map(function(g) { return Theme.feltTone(g.felt)[0] })
                    onTonesChanged: requestPaint()
                    onPaint: {
                        var c = getContext("2d"), n = Math.max(1, tones.length), r = width / 2
                        c.reset()
                        for (var i = 0; i < tones.length; ++i) {
                            c.fillStyle = tones[i]
                            c.beginPath(); c.moveTo(r, r)
                            c.arc(r, r, r - 0.5, -Math.PI / 2 + 2 * Math.PI * i / n, -Math.PI / 2 + 2 * Math.PI * (i + 1) / n)
                            c.closePath(); c.fill()
                        }
                        c.strokeStyle = "rgba(255,255,255,0.25)"; c.lineWidth = 1
                        c.beginPath(); c.arc(r, r, r - 0.5, 0, 2 * Math.PI); c.stroke()
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

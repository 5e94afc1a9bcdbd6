import QtQuick

// The new-game seat diagram (SPEC.md §7): the seats around a small felt as the table places them, each in its
// side's colour, your seat ringed, each bot's level under its dot, the dashed 对头 lines; the legend at the
// right. All of it is the app bridge's seatDiagram (desktop/seat_diagram.py): no rule is decided here.
Rectangle {
    id: dg
    objectName: "seatDiagram"
    property var model: ({})
    property string feltKey: "green"
    readonly property var seats: model.seats || []
    readonly property var links: model.links || []
    readonly property string mode: model.mode || ""
    readonly property int seatCount: seats.length
    // the felt's centre and the seats' ellipse
    readonly property real fx: 128
    readonly property real fy: 78
    readonly property real rx: 104
    readonly property real ry: 52
    function px(s) { return fx + s.x * rx }
    function py(s) { return fy + s.y * ry }

    width: 432; height: 162; radius: 10
    color: "#0B1A17"; border.color: Qt.rgba(1, 1, 1, 0.06)

    Rectangle {   // the felt
        x: dg.fx - dg.rx + 8; y: dg.fy - dg.ry + 6; width: 2 * (dg.rx - 8); height: 2 * (dg.ry - 6); radius: height / 2
        gradient: Gradient {
            GradientStop { position: 0; color: Theme.feltTone(dg.feltKey)[0] }
            GradientStop { position: 1; color: Theme.feltTone(dg.feltKey)[1] }
        }
        border.color: Theme.feltRim(dg.feltKey)[0]; border.width: 3
    }

    Repeater {   // dashed 对头 lines: yours bright, the others faint
        model: dg.links
        Item {
            id: link
            required property var modelData
            required property int index
            objectName: "diagLink_" + index
            readonly property var a: dg.seats[modelData.a]
            readonly property var b: dg.seats[modelData.b]
            readonly property bool mine: modelData.mine === true
            readonly property int seatA: modelData.a
            readonly property int seatB: modelData.b
            readonly property int dashes: Math.floor(len / 9)
            readonly property real len: a && b ? Math.hypot(dg.px(b) - dg.px(a), dg.py(b) - dg.py(a)) : 0
            x: a ? dg.px(a) : 0; y: a ? dg.py(a) : 0
            width: len; height: 2
            transformOrigin: Item.TopLeft
            rotation: a && b ? Math.atan2(dg.py(b) - dg.py(a), dg.px(b) - dg.px(a)) * 180 / Math.PI : 0
            Repeater {
                model: link.dashes
                Rectangle {
                    required property int index
                    x: index * 9 + 2; y: 0; width: 5; height: 2
                    color: link.mine ? Theme.theirs : Qt.rgba(1, 1, 1, 0.28)
                }
            }
        }
    }

    Repeater {
        model: dg.seats
        Item {
            id: seat
            required property var modelData
            objectName: "diagSeat_" + modelData.seat
            readonly property string team: modelData.team
            readonly property int level: modelData.level
            readonly property bool human: modelData.human === true
            x: dg.px(modelData) - 15; y: dg.py(modelData) - 15
            width: 30; height: 30
            Rectangle {   // your seat's amber ring
                visible: seat.human
                anchors.centerIn: parent; width: 36; height: 36; radius: 18
                color: "transparent"; border.color: Theme.primary1; border.width: 3
            }
            Rectangle {
                anchors.fill: parent; radius: 15
                color: Theme.teamColor(seat.team)
                border.color: "white"; border.width: 2
                Text {
                    anchors.centerIn: parent
                    text: seat.modelData.name.substring(0, 1)
                    color: "white"; font.family: Theme.font; font.bold: true; font.pixelSize: 13
                }
            }
            Row {   // the bot's level: 1-4 lit bars
                visible: !seat.human
                anchors.horizontalCenter: parent.horizontalCenter
                y: parent.height + 3
                spacing: 2
                Repeater {
                    model: 4
                    Rectangle {
                        required property int index
                        anchors.bottom: parent.bottom
                        width: 4; height: 4 + 2 * index; radius: 1
                        color: index <= seat.level ? Theme.mintText : "#3A4E49"
                    }
                }
            }
        }
    }

    Column {   // the legend: the sides, the 对头 line, the turn
        objectName: "diagLegend"
        x: 262; width: 160; anchors.verticalCenter: parent.verticalCenter; spacing: 5
        Repeater {
            model: dg.model.legend || []
            Row {
                id: lg
                required property var modelData
                spacing: 6
                Rectangle {
                    visible: lg.modelData.team !== ""
                    anchors.verticalCenter: parent.verticalCenter
                    width: 10; height: 10; radius: 5; color: Theme.teamColor(lg.modelData.team)
                }
                Row {
                    visible: lg.modelData.dash === true
                    anchors.verticalCenter: parent.verticalCenter
                    spacing: 3
                    Repeater { model: 3; Rectangle { width: 4; height: 2; color: Theme.theirs } }
                }
                Text {
                    width: 160 - (lg.modelData.team !== "" ? 16 : lg.modelData.dash === true ? 24 : 0)
                    text: lg.modelData.text
                    wrapMode: Text.Wrap
                    color: Theme.text2; font.family: Theme.font; font.pixelSize: 13
                }
            }
        }
    }
}

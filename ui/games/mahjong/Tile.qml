import QtQuick
import "../.."

// One Mahjong tile drawn in QML (SPEC.md §8.2): an ivory rounded face over a jade slab. 万 shows the red numeral
// over 万 in ink; 饼 ringed circles and 条 jointed sticks in blue, green and red in the classic patterns; honours
// one character (中 red, 发 green, 白 a blue double frame). Everything is shapes or the bundled CJK font, so the
// tile is crisp at every size. A ``compact`` tile (the counter's 20×26 cells) shows only the rank digit in the
// suit's colour, as the mockup's counter does.
Item {
    id: tile
    property var face: ({})
    property real w: 34
    property bool back: face && face.back === true
    property bool selected: false
    property bool newest: false
    property bool dim: false
    property bool compact: false
    property color mark: Theme.gold   // the outline of a selected tile (the counter marks waits in mint)
    readonly property real slab: Math.max(3, w * 0.1)
    readonly property real faceH: w * 1.36
    readonly property string suit: face && face.tile && face.tile.length === 2 && face.honour !== true ? face.tile[1] : ""
    readonly property int rank: suit !== "" ? Number(face.tile[0]) : 0
    readonly property bool drawn: !back && !compact && (suit === "p" || suit === "s")
    width: w; height: faceH + slab
    opacity: dim ? 0.45 : 1
    readonly property color ink: face.color === "red" ? "#C62828" : face.color === "green" ? "#1E7A4C" : face.color === "blue" ? "#1F5FA8" : "#1B2430"
    readonly property var hue: ({ "b": "#1F5FA8", "g": "#1E7A4C", "r": "#C62828" })

    // Pip layouts [x, y, colour] in the face's inner box (0…1 each way), and the pip size as a share of w.
    readonly property var dotLayouts: [
        [],
        [[0.5, 0.5, "b"]],
        [[0.5, 0.26, "g"], [0.5, 0.74, "b"]],
        [[0.2, 0.18, "b"], [0.5, 0.5, "r"], [0.8, 0.82, "g"]],
        [[0.25, 0.26, "b"], [0.75, 0.26, "g"], [0.25, 0.74, "g"], [0.75, 0.74, "b"]],
        [[0.22, 0.2, "b"], [0.78, 0.2, "g"], [0.5, 0.5, "r"], [0.22, 0.8, "g"], [0.78, 0.8, "b"]],
        [[0.27, 0.14, "g"], [0.73, 0.14, "g"], [0.27, 0.54, "r"], [0.73, 0.54, "r"], [0.27, 0.86, "r"], [0.73, 0.86, "r"]],
        [[0.18, 0.1, "g"], [0.5, 0.22, "g"], [0.82, 0.34, "g"], [0.27, 0.62, "r"], [0.73, 0.62, "r"], [0.27, 0.88, "r"], [0.73, 0.88, "r"]],
        [[0.27, 0.11, "b"], [0.73, 0.11, "b"], [0.27, 0.37, "b"], [0.73, 0.37, "b"], [0.27, 0.63, "b"], [0.73, 0.63, "b"], [0.27, 0.89, "b"], [0.73, 0.89, "b"]],
        [[0.16, 0.14, "b"], [0.5, 0.14, "b"], [0.84, 0.14, "b"], [0.16, 0.5, "r"], [0.5, 0.5, "r"], [0.84, 0.5, "r"], [0.16, 0.86, "g"], [0.5, 0.86, "g"], [0.84, 0.86, "g"]]
    ]
    readonly property var dotSize: [0, 0.74, 0.4, 0.3, 0.34, 0.3, 0.27, 0.25, 0.24, 0.26]
    readonly property var stickLayouts: [
        [],
        [[0.5, 0.56, "g"]],
        [[0.5, 0.26, "g"], [0.5, 0.74, "b"]],
        [[0.5, 0.26, "g"], [0.28, 0.74, "b"], [0.72, 0.74, "b"]],
        [[0.28, 0.26, "g"], [0.72, 0.26, "b"], [0.28, 0.74, "b"], [0.72, 0.74, "g"]],
        [[0.18, 0.26, "g"], [0.82, 0.26, "b"], [0.5, 0.5, "r"], [0.18, 0.74, "b"], [0.82, 0.74, "g"]],
        [[0.18, 0.26, "g"], [0.5, 0.26, "g"], [0.82, 0.26, "g"], [0.18, 0.74, "b"], [0.5, 0.74, "b"], [0.82, 0.74, "b"]],
        [[0.5, 0.16, "r"], [0.18, 0.5, "g"], [0.5, 0.5, "g"], [0.82, 0.5, "g"], [0.18, 0.84, "b"], [0.5, 0.84, "b"], [0.82, 0.84, "b"]],
        [[0.13, 0.26, "g"], [0.38, 0.26, "g"], [0.62, 0.26, "g"], [0.87, 0.26, "g"], [0.13, 0.74, "b"], [0.38, 0.74, "b"], [0.62, 0.74, "b"], [0.87, 0.74, "b"]],
        [[0.18, 0.16, "g"], [0.5, 0.16, "r"], [0.82, 0.16, "b"], [0.18, 0.5, "g"], [0.5, 0.5, "r"], [0.82, 0.5, "b"], [0.18, 0.84, "g"], [0.5, 0.84, "r"], [0.82, 0.84, "b"]]
    ]
    // stick [width, height] as shares of w and of the inner box's height: three rows are shorter than two
    readonly property var stickSize: [[0, 0], [0.2, 0.78], [0.16, 0.42], [0.16, 0.42], [0.16, 0.42], [0.14, 0.42],
        [0.14, 0.42], [0.14, 0.3], [0.11, 0.42], [0.14, 0.3]]
    readonly property var pips: !drawn ? [] : suit === "p" ? dotLayouts[rank] : stickLayouts[rank]

    Rectangle {   // the thickness: the jade back seen under the face
        y: tile.slab; width: tile.w; height: tile.faceH; radius: tile.w * 0.13
        gradient: Gradient { GradientStop { position: 0; color: "#3A9C76" } GradientStop { position: 1; color: "#226B50" } }
    }
    Rectangle {
        id: faceRect
        width: tile.w; height: tile.faceH; radius: tile.w * 0.13
        border.color: tile.newest ? Theme.gold : tile.selected ? tile.mark : "#CFC3A5"
        border.width: tile.selected || tile.newest ? 2.5 : 1
        gradient: Gradient {
            GradientStop { position: 0; color: tile.back ? "#3A9C76" : "#FBF7EC" }
            GradientStop { position: 1; color: tile.back ? "#226B50" : "#EFE6D0" }
        }
        Column {   // 万: the numeral over the suit character
            visible: !tile.back && !tile.compact && tile.suit === "m"
            anchors.centerIn: parent
            spacing: -tile.w * 0.08
            Text {
                anchors.horizontalCenter: parent.horizontalCenter
                text: tile.face.top || ""
                color: tile.ink
                font.family: Theme.font; font.bold: true; font.pixelSize: tile.w * 0.5
            }
            Text {
                anchors.horizontalCenter: parent.horizontalCenter
                text: tile.face.bottom || ""
                color: "#1B2430"
                font.family: Theme.font; font.bold: true; font.pixelSize: tile.w * 0.5
            }
        }
        Item {   // 饼 and 条: the pips in an inner box
            id: pipBox
            objectName: "mjPips"
            visible: tile.drawn
            x: tile.w * 0.1; y: tile.faceH * 0.08; width: tile.w * 0.8; height: tile.faceH * 0.84
            Repeater {   // ringed circles: ring, ivory, centre
                model: tile.suit === "p" ? tile.pips : []
                Rectangle {
                    required property var modelData
                    objectName: "mjPip"
                    readonly property color c: tile.hue[modelData[2]]
                    readonly property real d: tile.w * tile.dotSize[tile.rank]
                    x: modelData[0] * pipBox.width - d / 2; y: modelData[1] * pipBox.height - d / 2
                    width: d; height: d; radius: d / 2
                    color: "#FBF7EC"; border.color: c; border.width: Math.max(1, d * 0.17)
                    Rectangle {
                        anchors.centerIn: parent; width: parent.d * 0.38; height: width; radius: width / 2
                        color: parent.c
                    }
                }
            }
            Rectangle {   // 1饼's big flower: a red ring inside its one big ring
                visible: tile.suit === "p" && tile.rank === 1
                readonly property real d: tile.w * tile.dotSize[1] * 0.66
                x: pipBox.width / 2 - d / 2; y: pipBox.height / 2 - d / 2; width: d; height: d; radius: d / 2
                color: "transparent"; border.color: "#C62828"; border.width: Math.max(1, tile.w * tile.dotSize[1] * 0.07)
                z: 1
            }
            Rectangle {   // 1条's red head, on top of its one tall stick
                visible: tile.suit === "s" && tile.rank === 1
                readonly property real sw: tile.w * tile.stickSize[1][0]
                width: sw * 1.5; height: width; radius: width / 2; color: "#C62828"
                x: pipBox.width / 2 - width / 2
                y: pipBox.height * (tile.stickLayouts[1][0][1] - tile.stickSize[1][1] / 2) - width * 0.7
                z: 1
            }
            Repeater {   // sticks with three joints
                model: tile.suit === "s" ? tile.pips : []
                Rectangle {
                    id: stick
                    required property var modelData
                    objectName: "mjPip"
                    readonly property color c: tile.hue[modelData[2]]
                    width: tile.w * tile.stickSize[tile.rank][0]; height: pipBox.height * tile.stickSize[tile.rank][1]
                    x: modelData[0] * pipBox.width - width / 2; y: modelData[1] * pipBox.height - height / 2
                    radius: width * 0.45; color: c
                    Rectangle {   // the joints, a third and two thirds up
                        x: -1; width: parent.width + 2; height: Math.max(1, tile.w * 0.035); y: parent.height / 3 - height / 2
                        color: Qt.darker(stick.c, 1.5)
                    }
                    Rectangle {
                        x: -1; width: parent.width + 2; height: Math.max(1, tile.w * 0.035); y: parent.height * 2 / 3 - height / 2
                        color: Qt.darker(stick.c, 1.5)
                    }
                    Rectangle {   // the bright edge of the cane
                        x: parent.width * 0.22; y: 1; width: Math.max(1, parent.width * 0.18); height: parent.height - 2
                        radius: width / 2; color: Qt.rgba(1, 1, 1, 0.35)
                    }
                }
            }
        }
        Text {   // the compact counter cell: the rank digit in the suit's colour
            objectName: "mjTileDigit"
            visible: !tile.back && tile.compact && tile.suit !== ""
            anchors.centerIn: parent
            text: tile.face.digit || ""
            color: tile.ink
            font.family: Theme.font; font.bold: true; font.pixelSize: tile.w * 0.72
        }
        Text {
            visible: !tile.back && tile.face.honour === true && tile.face.tile !== "B"
            anchors.centerIn: parent
            text: tile.face.top || ""
            color: tile.ink
            font.family: Theme.font; font.bold: true; font.pixelSize: tile.w * 0.66
        }
        Rectangle {   // 白: a blue double frame
            visible: !tile.back && tile.face.tile === "B"
            anchors.centerIn: parent
            width: tile.w * 0.6; height: tile.w * 0.85; color: "transparent"; border.color: "#1F5FA8"; border.width: Math.max(1.5, tile.w * 0.06)
            Rectangle { anchors.fill: parent; anchors.margins: tile.w * 0.1; color: "transparent"; border.color: "#1F5FA8"; border.width: Math.max(1, tile.w * 0.03) }
        }
        Rectangle { x: 2; y: 1; width: parent.width - 4; height: parent.height * 0.22; radius: tile.w * 0.1; color: Qt.rgba(1, 1, 1, tile.back ? 0.08 : 0.15) }
    }
}

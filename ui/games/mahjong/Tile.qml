import QtQuick
import "../.."

// One Mahjong tile drawn in QML (SPEC.md §8.2): an ivory rounded face over a jade slab; suit tiles show the
// rank numeral over 万/饼/条 in the suit colour, honours one character (中 red, 发 green, 白 a blue frame).
// Characters come from the bundled CJK font, so the tile is crisp at every size.
Item {
    id: tile
    property var face: ({})
    property real w: 34
    property bool back: face && face.back === true
    property bool selected: false
    property bool newest: false
    property bool dim: false
    readonly property real slab: Math.max(3, w * 0.1)
    width: w; height: w * 1.36 + slab
    opacity: dim ? 0.45 : 1
    readonly property color ink: face.color === "red" ? "#C62828" : face.color === "green" ? "#1E7A4C" : face.color === "blue" ? "#1F5FA8" : "#1B2430"

    Rectangle {   // the thickness: the jade back seen under the face
        y: tile.slab; width: tile.w; height: tile.w * 1.36; radius: tile.w * 0.13
        gradient: Gradient { GradientStop { position: 0; color: "#3A9C76" } GradientStop { position: 1; color: "#226B50" } }
    }
    Rectangle {
        id: faceRect
        width: tile.w; height: tile.w * 1.36; radius: tile.w * 0.13
        border.color: tile.selected || tile.newest ? Theme.gold : "#CFC3A5"
        border.width: tile.selected || tile.newest ? 2.5 : 1
        gradient: Gradient {
            GradientStop { position: 0; color: tile.back ? "#3A9C76" : "#FBF7EC" }
            GradientStop { position: 1; color: tile.back ? "#226B50" : "#EFE6D0" }
        }
        Column {
            visible: !tile.back && tile.face.honour !== true
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
                color: tile.face.color === "red" ? "#1B2430" : tile.ink
                font.family: Theme.font; font.bold: true; font.pixelSize: tile.w * 0.5
            }
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

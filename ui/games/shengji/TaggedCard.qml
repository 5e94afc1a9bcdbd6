import QtQuick
import "../.."

// A card with an optional tag under it: the points of a point card (5/10/K) in the bottom, or 底.
Item {
    id: tc
    property var face: ({})
    property real w: 40
    property string tag: ""
    property color tagColor: "#FF9A4D"   // SPEC §8.3 points colour
    width: w; height: w * 1.4 + (tag !== "" ? 18 : 0)
    Card {
        w: tc.w
        card: tc.face.card || ""; rank: tc.face.rank || 0; suit: tc.face.suit || ""
        mark: tc.face.mark || ""; label: tc.face.label || ""
    }
    Rectangle {
        visible: tc.tag !== ""
        objectName: tc.tag !== "" ? "cardTag" : ""
        anchors.horizontalCenter: parent.horizontalCenter
        y: tc.w * 1.4 + 2; height: 16; radius: 8; width: tagText.implicitWidth + 10
        color: tc.tagColor
        Text { id: tagText; anchors.centerIn: parent; text: tc.tag; color: "#2A1400"; font.family: Theme.font; font.bold: true; font.pixelSize: 11 }
    }
}

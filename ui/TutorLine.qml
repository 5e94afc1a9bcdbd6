import QtQuick

// 新手讲解 (left of the human's seat plate, above the hand): the tutor's line at the human's decision (what is legal and why, with the rule ids), and the button
// that re-opens the game's walkthrough. Both come from the table (desktop/tutor.py); nothing here decides a rule.
Item {
    id: tl
    property var app
    property var table
    property var settings
    property int lines: 4   // the most lines the tutor's line wraps to (a narrow spot gives more)
    signal guide()
    visible: settings.tutor
    height: guideBtn.height + 8 + (lineBox.visible ? lineBox.height : 0)
    Rectangle {
        id: guideBtn
        objectName: "tutorGuideBtn"
        width: guideText.implicitWidth + 24; height: 32; radius: 16
        color: "#173D33"; border.color: Theme.mint
        Text { id: guideText; anchors.centerIn: parent; text: "?  " + qsTr("How to play"); color: Theme.mintText; font.family: Theme.font; font.bold: true; font.pixelSize: 13 }
        MouseArea { anchors.fill: parent; onClicked: tl.guide() }
    }
    Rectangle {
        id: lineBox
        objectName: "tutorLineBox"
        visible: tl.table.tutorLine !== ""
        y: guideBtn.height + 8
        width: tl.width; height: lineText.implicitHeight + 16; radius: 10
        color: "#E6102A24"; border.color: Theme.panelBorder
        Text {
            id: lineText
            objectName: "tutorLine"
            x: 14; y: 8; width: parent.width - 28
            text: tl.table.tutorLine
            wrapMode: Text.WordWrap; maximumLineCount: tl.lines; elide: Text.ElideRight
            lineHeight: 1.2   // the font's own leading set CJK lines glyph to glyph
            color: Theme.text; font.family: Theme.font; font.pixelSize: 13
        }
    }
}

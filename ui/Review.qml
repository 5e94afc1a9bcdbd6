import QtQuick

// 复盘: the moments of the set/hand just finished where the strong bot would have played otherwise, with the
// swing and the rule tip (desktop/review.py runs the review off the GUI thread); a moment opens the replay there.
Item {
    id: rv
    objectName: "reviewPanel"
    property var app
    property var model
    signal replay()
    visible: model.open
    Rectangle { anchors.fill: parent; color: "#CC000000"; MouseArea { anchors.fill: parent } }
    Rectangle {
        anchors.centerIn: parent
        width: 960; height: 720; radius: 16
        color: "#0F211D"; border.color: Theme.panelBorder
        Text { x: 28; y: 22; text: qsTr("Review · what the strong bot would play"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 24 }
        Text { objectName: "reviewSummary"; x: 28; y: 60; text: rv.model.summary; color: Theme.text2; font.family: Theme.font; font.pixelSize: 15 }
        Text { x: 28; y: 84; width: 904; text: qsTr("Played out only from the cards you could see then; command: python -m engine.review --log REPLAY --seat N"); wrapMode: Text.WordWrap; color: Theme.hint; font.family: Theme.font; font.pixelSize: 12 }
        ListView {
            id: list
            objectName: "reviewList"
            x: 28; y: 116; width: 904; height: 530
            clip: true; spacing: 10
            model: rv.model.moments
            delegate: Rectangle {
                required property var modelData
                required property int index
                objectName: "reviewMoment" + index
                width: list.width; height: col.implicitHeight + 20; radius: 10
                color: "#0A1613"; border.color: Theme.panelBorder
                Column {
                    id: col
                    x: 14; y: 10; width: parent.width - 150; spacing: 4
                    Row {
                        spacing: 14
                        Text { text: modelData.head; color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
                        Text { text: modelData.played; color: Theme.warn; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                        Text { text: modelData.bot; color: Theme.mintText; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                        Text { text: modelData.swing; color: Theme.text2; font.family: Theme.font; font.pixelSize: 13 }
                    }
                    Text { width: parent.width; text: modelData.tip; wrapMode: Text.WordWrap; color: Theme.text2; font.family: Theme.font; font.pixelSize: 13 }
                }
                Btn {
                    objectName: "reviewJump" + index
                    anchors.right: parent.right; anchors.rightMargin: 12; anchors.verticalCenter: parent.verticalCenter
                    height: 38; minWidth: 110; fontSize: 15; text: qsTr("Replay", "reviewJump")
                    onClicked: { rv.model.jump(modelData.step); rv.model.close(); rv.replay() }
                }
            }
        }
        Btn { objectName: "btnCloseReview"; x: 28; y: 660; width: 160; height: 42; primary: true; text: qsTr("Close"); onClicked: rv.model.close() }
    }
}

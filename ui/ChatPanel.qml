import QtQuick

// LAN chat (lobby and table): the last received lines, quick phrases and a short free text.
// Sending goes through the LAN bridge (engine.net's client thread); nothing here blocks or judges.
Rectangle {
    id: chat
    objectName: "chatPanel"
    property var lan
    property bool closable: true
    signal closeRequested()
    width: 380; height: 470; radius: 12
    color: Theme.panel; border.color: Theme.panelBorder

    Text { x: 14; y: 10; text: qsTr("Chat"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 17 }
    Btn { objectName: "btnChatClose"; visible: chat.closable; anchors.right: parent.right; anchors.rightMargin: 8; y: 6; width: 34; height: 30; minWidth: 30; fontSize: 15; text: "✕"; onClicked: chat.closeRequested() }

    Rectangle {
        id: linesBox
        x: 10; y: 44; width: parent.width - 20; height: 196; radius: 8
        color: "#0A1613"; border.color: Theme.panelBorder
        ListView {
            id: lines
            objectName: "chatLines"
            anchors.fill: parent; anchors.margins: 8
            clip: true; spacing: 4
            model: chat.lan.chatLines
            onCountChanged: positionViewAtEnd()
            delegate: Text {
                required property var modelData
                width: ListView.view.width
                wrapMode: Text.Wrap
                textFormat: Text.PlainText
                text: modelData.name + "：" + modelData.text
                color: modelData.mine ? Theme.mintText : Theme.text
                font.family: Theme.font; font.pixelSize: 14
            }
        }
        Text { visible: lines.count === 0; anchors.centerIn: parent; text: qsTr("(no messages yet)"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
    }

    Flow {
        id: phraseFlow
        x: 10; y: linesBox.y + linesBox.height + 8; width: parent.width - 20; spacing: 6
        Repeater {
            model: chat.lan.phrases
            Rectangle {
                required property var modelData
                objectName: "phrase_" + modelData.id
                width: Math.min(phraseFlow.width, pt.implicitWidth + 18); height: 28; radius: 14
                color: pm.containsMouse ? "#1E3833" : "#14302A"; border.color: Theme.panelBorder
                Text { id: pt; anchors.centerIn: parent; width: parent.width - 12; elide: Text.ElideRight; horizontalAlignment: Text.AlignHCenter; text: parent.modelData.text; color: Theme.text; font.family: Theme.font; font.pixelSize: 13 }
                MouseArea { id: pm; anchors.fill: parent; hoverEnabled: true; onClicked: chat.lan.sendPhrase(parent.modelData.id) }
            }
        }
    }

    Row {
        anchors.bottom: parent.bottom; anchors.bottomMargin: 10; x: 10; spacing: 8
        Rectangle {
            width: chat.width - 20 - 8 - 86; height: 38; radius: 8; color: "#0A1613"
            border.color: input.activeFocus ? Theme.mint : Theme.panelBorder
            TextInput {
                id: input
                objectName: "chatInput"
                anchors.fill: parent; anchors.margins: 8
                verticalAlignment: TextInput.AlignVCenter; clip: true
                maximumLength: 120
                color: Theme.text; font.family: Theme.font; font.pixelSize: 15
                onAccepted: send.clicked()
                Keys.onEscapePressed: chat.closeRequested()
            }
            Text { visible: input.text === "" && !input.activeFocus; anchors.verticalCenter: parent.verticalCenter; x: 10; text: qsTr("Say something…"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 14 }
        }
        Btn {
            id: send
            objectName: "btnChatSend"
            width: 86; height: 38; minWidth: 60; fontSize: 15; primary: input.text.trim() !== ""
            text: qsTr("Send")
            onClicked: { if (input.text.trim() !== "") { chat.lan.sendText(input.text); input.text = "" } }
        }
    }
}

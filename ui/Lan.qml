import QtQuick

// LAN: host a table with the new-game settings, or join one (discovered on the LAN, or by address:port).
Item {
    id: lanScreen
    objectName: "lanScreen"
    property var app
    property var lan
    signal navigate(string name)
    Component.onCompleted: { lan.browse(); lan.checkResume() }
    readonly property bool canResume: lan.mode === "" && lan.resumeInfo.game !== undefined

    Text { x: 40; y: 26; text: qsTr("LAN"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 26 }
    Text { x: 40; y: 62; text: qsTr("One player hosts, the others join on the same network; bots fill open seats and play for anyone who drops."); color: Theme.text2; font.family: Theme.font; font.pixelSize: 14 }
    Btn { anchors.right: parent.right; anchors.rightMargin: 40; y: 22; width: 120; height: 40; text: qsTr("Back"); onClicked: lanScreen.navigate("home") }

    // ---- host
    Rectangle {
        x: 40; y: 100; width: 740; height: 770; radius: 12
        color: "#0F211D"; border.color: lanScreen.lan.mode === "host" ? Theme.primary1 : Theme.panelBorder
        Column {
            x: 24; y: 20; width: 692; spacing: 12
            Text { text: qsTr("Host a table"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
            Text { width: 692; wrapMode: Text.Wrap; text: (qsTr("Game and rules come from the New game page: ")) + lanScreen.app.s[lanScreen.app.game]; color: Theme.text2; font.family: Theme.font; font.pixelSize: 14 }
            Row {
                spacing: 10
                Btn { objectName: "btnHostTable"; primary: lanScreen.lan.mode !== "host"; width: 200; text: qsTr("Open table"); onClicked: lanScreen.lan.hostTable() }
                Btn { visible: lanScreen.lan.mode === "host"; objectName: "btnHostStart"; primary: true; width: 200; text: qsTr("Start the match"); onClicked: lanScreen.lan.startHosted() }
                Btn { visible: lanScreen.lan.mode !== ""; width: 140; text: qsTr("Close"); onClicked: { lanScreen.lan.stop(); lanScreen.lan.checkResume() } }
            }
            Text {
                visible: lanScreen.lan.mode === "host"
                text: (qsTr("Players connect to: ")) + lanScreen.lan.addresses.join("   ")
                color: Theme.mintText; font.family: "monospace"; font.pixelSize: 18
            }
            // an unfinished hosted match in the table log (the app crashed or was closed): reopen it
            Rectangle {
                objectName: "resumeOffer"
                visible: lanScreen.canResume
                width: 692; height: 96; radius: 10
                color: "#14302A"; border.color: Theme.primary1
                Column {
                    x: 16; anchors.verticalCenter: parent.verticalCenter; width: 440; spacing: 6
                    Text { text: qsTr("Your last table was not finished"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 16 }
                    Text {
                        width: 440; elide: Text.ElideRight
                        text: lanScreen.canResume ? ((lanScreen.app.s[lanScreen.lan.resumeInfo.game] || lanScreen.lan.resumeInfo.game) + " · "
                              + qsTr("%1 moves · ").arg(lanScreen.lan.resumeInfo.actions)
                              + lanScreen.lan.resumeInfo.seats.map(s => s.name).filter(x => x).join("、")) : ""
                        color: Theme.text2; font.family: Theme.font; font.pixelSize: 13
                    }
                }
                Btn {
                    objectName: "btnResumeTable"
                    anchors.right: parent.right; anchors.rightMargin: 14; anchors.verticalCenter: parent.verticalCenter
                    primary: true; width: 210; height: 46; fontSize: 16
                    text: qsTr("Resume last table")
                    onClicked: lanScreen.lan.resumeTable()
                }
            }
        }
    }

    // ---- join
    Rectangle {
        x: 820; y: 100; width: 740; height: 360; radius: 12
        color: "#0F211D"; border.color: lanScreen.lan.mode === "join" ? Theme.primary1 : Theme.panelBorder
        Column {
            x: 24; y: 20; width: 692; spacing: 10
            Text { text: qsTr("Join a table"); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 20 }
            Row {
                spacing: 10
                Rectangle {
                    width: 460; height: 46; radius: 8; color: "#0A1613"; border.color: addr.activeFocus ? Theme.mint : Theme.panelBorder
                    TextInput { id: addr; objectName: "lanAddress"; anchors.fill: parent; anchors.margins: 10; verticalAlignment: TextInput.AlignVCenter; color: Theme.text; font.family: "monospace"; font.pixelSize: 18; clip: true }
                    Text { visible: addr.text === ""; anchors.verticalCenter: parent.verticalCenter; x: 12; text: "192.168.1.20:41234"; color: Theme.hint; font.family: "monospace"; font.pixelSize: 18 }
                }
                Btn { objectName: "btnConnect"; width: 160; text: qsTr("Connect"); onClicked: lanScreen.lan.connectTo(addr.text) }
            }
            Text { text: qsTr("Tables on this network"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 14 }
            Repeater {
                model: lanScreen.lan.found
                Rectangle {
                    required property var modelData
                    width: 692; height: 44; radius: 8; color: "#14302A"
                    Text { x: 12; anchors.verticalCenter: parent.verticalCenter; text: modelData.host + " · " + (lanScreen.app.s[modelData.game] || modelData.game) + " · " + modelData.free + "/" + modelData.seats + " · " + modelData.addr; color: Theme.text; font.family: Theme.font; font.pixelSize: 15 }
                    MouseArea { anchors.fill: parent; onClicked: { addr.text = modelData.addr; lanScreen.lan.connectTo(modelData.addr) } }
                }
            }
            Text { visible: lanScreen.lan.found.length === 0; text: qsTr("(none found yet; you can type an address)"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
        }
    }

    // ---- lobby: the seats of the table we are at
    Rectangle {
        x: 820; y: 480; width: 740; height: 390; radius: 12
        color: "#0F211D"; border.color: Theme.panelBorder
        Column {
            x: 24; y: 18; width: 692; spacing: 8
            Text { text: (qsTr("Seats")) + (lanScreen.lan.gameName ? " · " + lanScreen.lan.gameName + " · " + lanScreen.lan.tableStatus : ""); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 18 }
            Text {   // the LAN hint: the table's rules, read before sitting
                objectName: "lanTableHint"
                visible: lanScreen.lan.tableHint !== ""
                width: 692; wrapMode: Text.Wrap; maximumLineCount: 2; elide: Text.ElideRight
                text: qsTr("Rules: ") + lanScreen.lan.tableHint
                color: Theme.mintText; font.family: Theme.font; font.pixelSize: 14
            }
            Repeater {
                model: lanScreen.lan.seats
                Item {
                    id: ls
                    required property var modelData
                    width: 692; height: 40
                    Text { x: 0; anchors.verticalCenter: parent.verticalCenter; text: "S" + ls.modelData.seat; color: Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                    Text { x: 50; anchors.verticalCenter: parent.verticalCenter; text: ls.modelData.kindText + (ls.modelData.name ? " · " + ls.modelData.name : "") + (ls.modelData.auto ? (qsTr(" · auto")) : ""); color: ls.modelData.seat === lanScreen.lan.seat ? Theme.primary1 : Theme.text; font.family: Theme.font; font.pixelSize: 15 }
                    Btn {
                        visible: ls.modelData.kind === "open" && lanScreen.lan.mode === "join" && lanScreen.lan.seat < 0
                        anchors.right: parent.right; height: 34; width: 110; fontSize: 14
                        objectName: "btnSit_" + ls.modelData.seat
                        text: qsTr("Sit here")
                        onClicked: lanScreen.lan.takeSeat(ls.modelData.seat)
                    }
                    Btn {
                        visible: lanScreen.lan.mode === "host" && ls.modelData.seat !== 0 && ls.modelData.kind !== "human"
                        anchors.right: parent.right; height: 34; width: 110; fontSize: 14
                        text: ls.modelData.kind === "bot" ? (qsTr("Open seat")) : (qsTr("Bot"))
                        onClicked: lanScreen.lan.setSeat(ls.modelData.seat, ls.modelData.kind === "bot" ? "open" : "bot")
                    }
                }
            }
        }
    }
    // ---- chat (lobby); the table has its own chat button
    ChatPanel {
        visible: lanScreen.lan.chatOn
        x: 64; y: 870 - height - 24; width: 692; height: 420
        lan: lanScreen.lan
        closable: false
    }
    Text {
        objectName: "lanStatus"
        x: 40; y: 878; text: lanScreen.lan.status
        color: Theme.warn; font.family: Theme.font; font.pixelSize: 14
    }
}

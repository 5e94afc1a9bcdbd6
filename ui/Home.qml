import QtQuick

// Home: continue a saved match, new game, LAN, replays, settings, rules.
Item {
    id: home
    objectName: "homeScreen"
    property var app
    property var table
    signal navigate(string name)

    Column {
        anchors.centerIn: parent
        anchors.verticalCenterOffset: -20
        spacing: 14
        width: 520

        Row {
            anchors.horizontalCenter: parent.horizontalCenter
            spacing: 18
            Rectangle {
                width: 84; height: 84; radius: 18
                gradient: Gradient {
                    GradientStop { position: 0; color: Theme.primary1 }
                    GradientStop { position: 1; color: Theme.primary2 }
                }
                Text { anchors.centerIn: parent; text: "齐"; font.family: Theme.font; font.bold: true; font.pixelSize: 50; color: Theme.primaryText }
            }
            Column {
                anchors.verticalCenter: parent.verticalCenter
                spacing: 4   // the English title's descenders otherwise touch the subtitle
                Text { objectName: "homeTitle"; text: qsTr("Qilu Cards"); font.family: Theme.font; font.bold: true; font.pixelSize: 44; color: Theme.text }
                Text { text: qsTr("齐鲁牌局 · %1", "the app's name in the other UI language, then the subtitle").arg(qsTr("Shandong card and tile games")); font.family: Theme.font; font.pixelSize: 16; color: Theme.text2 }
            }
        }
        Item { width: 1; height: 26 }

        Btn {
            objectName: "btnContinue"
            width: parent.width; height: 60
            primary: true
            enabledState: home.app.hasSave || (home.table.active && !home.table.over)
            text: qsTr("Continue", "continue")
            fontSize: 22
            onClicked: {
                if (home.table.active && !home.table.over) home.navigate("table")
                else home.app.continueGame()
            }
        }
        Text {
            objectName: "saveText"
            width: parent.width
            horizontalAlignment: Text.AlignHCenter
            text: home.table.active && !home.table.over ? home.table.setLabel : home.app.saveText
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 14
            wrapMode: Text.Wrap
        }
        Btn { objectName: "btnNewGame"; width: parent.width; height: 56; text: qsTr("New game"); fontSize: 20; onClicked: home.navigate("newgame") }
        Row {
            spacing: 12
            Btn { objectName: "btnLan"; width: 164; height: 50; text: qsTr("LAN"); onClicked: home.navigate("lan") }
            Btn { objectName: "btnReplays"; width: 164; height: 50; text: qsTr("Replays"); onClicked: { home.app.refreshReplays(); home.navigate("replays") } }
            Btn { objectName: "btnRules"; width: 168; height: 50; text: qsTr("Rules"); onClicked: home.navigate("rules") }
        }
        Btn { objectName: "btnSettings"; width: parent.width; height: 50; text: "⚙  " + qsTr("Settings"); onClicked: home.navigate("settings") }
    }

    Text {
        anchors.bottom: parent.bottom; anchors.bottomMargin: 18
        anchors.horizontalCenter: parent.horizontalCenter
        objectName: "homeGames"
        text: home.app ? home.app.gameLine : ""
        color: Theme.hint; font.family: Theme.font; font.pixelSize: 13
    }
}

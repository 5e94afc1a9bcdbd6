import QtQuick

// The first-game walkthrough: a few short cards (desktop/tutor.py, the engine's bilingual text), shown once
// per game when 新手讲解 is on and re-opened from the table's 玩法讲解 button.
Item {
    id: tc
    objectName: "tutorCards"
    property var app
    property var table
    property int at: 0
    readonly property var cards: table.tutorCards
    readonly property var card: cards.length > 0 ? cards[Math.min(at, cards.length - 1)] : ({})
    signal done()
    Rectangle { anchors.fill: parent; color: "#B3000000"; MouseArea { anchors.fill: parent } }
    Rectangle {
        anchors.centerIn: parent
        width: 720; height: col.implicitHeight + 56; radius: 16
        color: "#0F211D"; border.color: Theme.panelBorder
        Column {
            id: col
            x: 32; y: 28; width: 656; spacing: 16
            Text { text: qsTr("How to play") + " · " + tc.table.gameTitle; color: Theme.hint; font.family: Theme.font; font.pixelSize: 14 }
            Text { objectName: "tutorCardTitle"; text: tc.card.title || ""; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 26 }
            Text { objectName: "tutorCardText"; width: 656; text: tc.card.text || ""; wrapMode: Text.WordWrap; color: Theme.text; font.family: Theme.font; font.pixelSize: 18; lineHeight: 1.2 }
            Text { text: qsTr("rule %1").arg(tc.card.rules || ""); color: Theme.mintText; font.family: Theme.font; font.pixelSize: 13 }
            Item {
                width: 656; height: 46
                Text { anchors.verticalCenter: parent.verticalCenter; text: qsTr("%1 / %2").arg(tc.at + 1).arg(tc.cards.length); color: Theme.hint; font.family: Theme.font; font.pixelSize: 14 }
                Row {
                    anchors.right: parent.right; spacing: 12
                    Btn { objectName: "tutorPrev"; text: qsTr("Back", "tutorPrev"); minWidth: 120; enabledState: tc.at > 0; onClicked: if (tc.at > 0) tc.at-- }
                    Btn {
                        objectName: "tutorNext"; primary: true; minWidth: 140
                        text: tc.at + 1 < tc.cards.length ? qsTr("Next") : qsTr("Got it")
                        onClicked: { if (tc.at + 1 < tc.cards.length) tc.at++; else { tc.at = 0; tc.done() } }
                    }
                }
            }
        }
    }
}

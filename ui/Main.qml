import QtQuick
import QtQuick.Window

// 齐鲁牌局 · Qilu Cards. Everything is laid out on a 1600×900 stage scaled to the window (SPEC.md §1).
Window {
    id: win
    required property var app
    required property var settings
    required property var table
    required property var hand
    required property var replay
    required property var lan
    required property string fontFamily
    required property url soundsUrl
    required property bool soundAvailable

    width: 1600; height: 900
    // the stage scales with the window: at 1200×675 (×0.75) the smallest text (11 px) still draws at 8 px
    minimumWidth: 1200; minimumHeight: 675
    visible: true
    color: Theme.bgBottom
    title: qsTr("Qilu Cards")

    property string page: "home"      // home | newgame | table | replays | lan
    property string overlay: ""         // settings | rules | ""
    property string toastText: ""
    property string rulesFocus: ""      // the rule id the rules panel opens at (a refusal's, clicked in the toast)

    Component.onCompleted: Theme.font = win.fontFamily
    Binding { target: Theme; property: "speed"; value: win.settings.speed }
    Binding { target: Theme; property: "cardScale"; value: win.settings.cardScale }
    Binding { target: Theme; property: "cardBack"; value: win.settings.cardBack }

    property bool toastOfTable: false   // a table message is about the table: it leaves with it
    function go(name) {
        win.overlay = ""
        if (name !== "table" && win.toastOfTable) toastTimer.stop()
        win.page = name
    }
    function showToast(msg, ofTable) { win.toastText = msg; win.toastOfTable = ofTable === true; toastTimer.restart() }

    Connections {
        target: win.app
        function onStartTable() { win.go("table") }
        function onGoHome() { win.go("home") }
        function onToast(msg) { win.showToast(msg) }
        function onLangChanged() { toastTimer.stop() }   // a message in the old language goes
    }
    Connections {
        target: win.table
        function onSound(name) { if (soundLoader.item) soundLoader.item.play(name) }
        function onMessage(msg) { win.showToast(msg, true) }
    }

    Item {
        id: stage
        objectName: "stage"
        width: 1600; height: 900
        anchors.centerIn: parent
        scale: Math.min(win.width / 1600, win.height / 900)

        Rectangle {
            anchors.fill: parent
            gradient: Gradient {
                GradientStop { position: 0; color: Theme.bgTop }
                GradientStop { position: 1; color: Theme.bgBottom }
            }
        }

        Loader {
            id: screenLoader
            objectName: "screenLoader"
            anchors.fill: parent
            focus: true   // keys reach the screen only through an unbroken chain of focus scopes (QT_NOTES)
            sourceComponent: win.page === "home" ? homeC : win.page === "newgame" ? newGameC
                           : win.page === "table" ? tableC : win.page === "lan" ? lanC : replaysC
        }

        Loader {
            id: overlayLoader
            objectName: "overlayLoader"
            anchors.fill: parent
            active: win.overlay !== ""
            sourceComponent: win.overlay === "settings" ? settingsC : rulesC
            // a closed dialog hands the keys back to the screen under it
            onActiveChanged: if (!active) screenLoader.forceActiveFocus()
        }

        Rectangle {
            id: toast
            objectName: "toast"
            visible: opacity > 0
            opacity: toastTimer.running ? 1 : 0
            Behavior on opacity { NumberAnimation { duration: Theme.dur(200) } }
            // the table's top left, under the top bar and above the highest seat plate (y 96): a message never
            // hides a seat's name or count (tests/gui/test_shuffle_panel.py); a game's own board may move it
            x: screenLoader.item && screenLoader.item.messageX ? screenLoader.item.messageX(width) : 24
            y: screenLoader.item && screenLoader.item.messageY ? screenLoader.item.messageY(width) : 57
            width: Math.min(1100, toastLabel.implicitWidth + 40); height: 36; radius: 10
            color: "#F2122622"; border.color: Theme.warn
            Text {
                id: toastLabel
                objectName: "toastText"
                anchors.centerIn: parent
                width: Math.min(implicitWidth, 1060)
                elide: Text.ElideRight
                text: win.toastText
                color: Theme.text; font.family: Theme.font; font.pixelSize: 16
            }
            Timer { id: toastTimer; interval: 3500 }
            // a refusal names its rule ("[G-49] …", "… (规则 C-10)"): a click opens the rules panel at that entry
            readonly property string ruleId: (win.toastText.match(/\b((?:SF|[CGBSM])-[0-9]+[a-z]?)\b/) || ["", ""])[1]
            MouseArea {
                objectName: "toastRuleLink"
                anchors.fill: parent
                enabled: toast.ruleId !== ""
                cursorShape: Qt.PointingHandCursor
                onClicked: { win.rulesFocus = toast.ruleId; win.overlay = "rules"; toastTimer.stop() }
            }
        }

        AutoPill {   // 托管 can be taken back from every screen, the results dialog and the overlays included
            z: 300
            anchors.right: parent.right; anchors.bottom: parent.bottom; anchors.margins: 16
            app: win.app; table: win.table
        }
    }

    Loader {
        id: soundLoader
        active: win.settings.sound && win.soundAvailable
        source: "SoundPlayer.qml"
        onLoaded: item.base = win.soundsUrl
    }

    Component { id: homeC; Home { app: win.app; table: win.table; onNavigate: (name) => name === "settings" || name === "rules" ? win.overlay = name : win.go(name) } }
    Component { id: newGameC; NewGame { app: win.app; settings: win.settings; onNavigate: (name) => name === "settings" ? win.overlay = name : win.go(name) } }
    Component { id: tableC; Table { app: win.app; table: win.table; hand: win.hand; settings: win.settings; lan: win.lan; onNavigate: (name) => name === "settings" || name === "rules" ? win.overlay = name : win.go(name) } }
    Component { id: replaysC; Replays { app: win.app; replay: win.replay; onNavigate: (name) => win.go(name) } }
    Component { id: lanC; Lan { app: win.app; lan: win.lan; onNavigate: (name) => win.go(name) } }
    Component { id: settingsC; SettingsPanel { app: win.app; settings: win.settings; onClose: win.overlay = "" } }
    Component { id: rulesC; RulesPanel { app: win.app; game: win.page === "table" ? win.table.game : win.app.game; focusRule: win.rulesFocus; onClose: { win.overlay = ""; win.rulesFocus = "" } } }
}

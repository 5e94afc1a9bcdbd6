import QtQuick

// Rules: a readable summary (with rule ids) and the options in force at this table (from the engine specs).
Item {
    id: rp
    objectName: "rulesPanel"
    property var app
    property string game: ""
    property string focusRule: ""     // a rule id ("G-50") to open at: its entry is scrolled to and marked
    readonly property var ids: app.games.filter(function(g) { return g.available }).map(function(g) { return g.id })
    signal close()
    // does an entry's id ("G-37 / G-43", "G-49 … G-51") cover the rule id?
    function covers(entry, rule) {
        if (!rule) return false
        var ids = entry.match(/[A-Z]+-[0-9]+[a-z]?/g) || []
        if (ids.indexOf(rule) >= 0) return true
        var m = rule.match(/^([A-Z]+)-([0-9]+)/)
        if (!m || entry.indexOf("…") < 0 || ids.length < 2) return false
        var a = ids[0].match(/^([A-Z]+)-([0-9]+)/), b = ids[ids.length - 1].match(/^([A-Z]+)-([0-9]+)/)
        return a[1] === m[1] && b[1] === m[1] && +a[2] <= +m[2] && +m[2] <= +b[2]
    }
    function scrollToFocus() {
        for (var i = 0; i < sumRep.count; i++) {
            var it = sumRep.itemAt(i)
            if (it && rp.covers(it.modelData.rule, rp.focusRule)) {
                sumFlick.contentY = Math.max(0, Math.min(it.y, sumFlick.contentHeight - sumFlick.height))
                return
            }
        }
    }
    Component.onCompleted: Qt.callLater(rp.scrollToFocus)
    Rectangle { anchors.fill: parent; color: "#B3000000"; MouseArea { anchors.fill: parent; onClicked: rp.close() } }
    Rectangle {
        anchors.centerIn: parent
        width: 1180; height: 800; radius: 16
        color: "#0F211D"; border.color: Theme.panelBorder
        MouseArea { anchors.fill: parent }
        Row {
            x: 28; y: 22; spacing: 16
            Text { text: qsTr("Rules summary") + " · " + (rp.app.s[rp.game] || rp.game); color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 26 }
            Seg { model: rp.ids.map(function(g) { return rp.app.s[g] || g }); current: Math.max(0, rp.ids.indexOf(rp.game)); onPicked: (i) => rp.game = rp.ids[i] }
        }
        Btn { anchors.right: parent.right; anchors.rightMargin: 20; y: 18; width: 46; height: 38; text: "✕"; onClicked: rp.close() }
        Text {
            objectName: "ruleNotSummarized"
            x: 28; y: 62
            visible: rp.focusRule !== "" && !rp.app.rulesSummary(rp.game).some(function(e) { return rp.covers(e.rule, rp.focusRule) })
            text: qsTr("Rule %1 is not in this summary").arg(rp.focusRule)
            color: Theme.warnText; font.family: Theme.font; font.pixelSize: 13
        }
        Flickable {
            id: sumFlick
            x: 28; y: 80; width: 560; height: 700; clip: true
            contentHeight: sumCol.implicitHeight
            Column {
                id: sumCol
                width: 540; spacing: 10
                Repeater {
                    id: sumRep
                    model: rp.app.lang, rp.app.rulesSummary(rp.game)
                    Row {
                        required property var modelData
                        required property int index
                        readonly property bool focused: rp.covers(modelData.rule, rp.focusRule)
                        objectName: "ruleEntry_" + index
                        spacing: 10
                        Chip { text: modelData.rule; size: 11; fg: parent.focused ? Theme.primaryText : Theme.gold; bg: parent.focused ? Theme.primary1 : "#2A2410" }
                        Text { width: 440; wrapMode: Text.Wrap; text: modelData.text; color: Theme.text; font.family: Theme.font; font.pixelSize: 15; lineHeight: 1.2 }
                    }
                }
            }
        }
        Text { x: 612; y: 80; text: qsTr("Options at this table"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2 }
        Flickable {
            x: 612; y: 108; width: 540; height: 672; clip: true
            contentHeight: optCol.implicitHeight
            Column {
                id: optCol
                width: 530; spacing: 8
                Repeater {
                    model: rp.app.lang, rp.app.optionsInForce(rp.game)
                    Column {
                        required property var modelData
                        width: 530
                        Row {
                            spacing: 8
                            Text { text: modelData.label; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                            Text { text: "= " + modelData.value; color: Theme.mintText; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                            Text { text: modelData.rule; color: Theme.hint; font.family: Theme.font; font.pixelSize: 11; anchors.verticalCenter: parent.verticalCenter }
                        }
                        Text { width: 530; wrapMode: Text.Wrap; text: modelData.help; color: Theme.text2; font.family: Theme.font; font.pixelSize: 12 }
                    }
                }
            }
        }
    }
}

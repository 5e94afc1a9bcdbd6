import QtQuick

// Rules: one entry per RULES.md rule id (its id, title and a short summary), grouped by RULES.md's sections,
// with a filter field, and the options in force at this table (from the engine specs). The text is the
// engine's (engine/<game>/rules_text.py); this file only draws it.
Item {
    id: rp
    objectName: "rulesPanel"
    property var app
    property string game: ""
    property string focusRule: ""     // a rule id ("G-50") to open at: its entry is scrolled to and marked
    readonly property var ids: app.games.filter(function(g) { return g.available }).map(function(g) { return g.id })
    readonly property var allRows: (rp.app.lang, rp.app.rulesSummary(rp.game))
    readonly property string query: filterIn.text.trim().toLowerCase()
    readonly property var rows: rp.query === "" ? rp.allRows : rp.allRows.filter(function(r) {
        return (r.rule + " " + r.section + " " + r.title + " " + r.text).toLowerCase().indexOf(rp.query) >= 0 })
    readonly property int focusIndex: rp.indexOf(rp.focusRule, rp.rows)
    signal close()
    // does an entry's id ("G-37", "G-75 … G-77") cover the rule id? (engine/rules_text.py covers)
    function covers(entry, rule) {
        if (!rule) return false
        var ends = entry.split("…").map(function(s) { return s.trim() })
        if (ends.indexOf(rule) >= 0) return true
        if (ends.length !== 2) return false
        var k = rule.match(/^([A-Z]+)-([0-9]+)$/), a = ends[0].match(/^([A-Z]+)-([0-9]+)$/), b = ends[1].match(/^([A-Z]+)-([0-9]+)$/)
        return !!(k && a && b) && a[1] === k[1] && b[1] === k[1] && +a[2] <= +k[2] && +k[2] <= +b[2]
    }
    function indexOf(rule, list) {   // the entry of exactly that id, else the range covering it
        if (!rule) return -1
        for (var i = 0; i < list.length; i++) if (list[i].rule === rule) return i
        for (var j = 0; j < list.length; j++) if (rp.covers(list[j].rule, rule)) return j
        return -1
    }
    function scrollToFocus() {
        if (rp.focusIndex >= 0) { ruleList.currentIndex = rp.focusIndex; ruleList.positionViewAtIndex(rp.focusIndex, ListView.Beginning) }
    }
    onFocusIndexChanged: Qt.callLater(rp.scrollToFocus)
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
        Rectangle {
            x: 28; y: 70; width: 640; height: 36; radius: 8
            color: "#0A1613"; border.color: filterIn.activeFocus ? Theme.mint : Theme.panelBorder
            TextInput {
                id: filterIn
                objectName: "rulesFilter"
                anchors.fill: parent; anchors.leftMargin: 12; anchors.rightMargin: 12
                verticalAlignment: TextInput.AlignVCenter
                color: Theme.text; font.family: Theme.font; font.pixelSize: 16
                clip: true
                Keys.onEscapePressed: (ev) => { if (text !== "") { text = ""; ev.accepted = true } else rp.close() }
            }
            Text {
                visible: filterIn.text === ""
                x: 12; anchors.verticalCenter: parent.verticalCenter
                text: qsTr("Find a rule: type its id or a word")
                color: Theme.hint; font.family: Theme.font; font.pixelSize: 15
            }
        }
        Text {
            objectName: "ruleNotSummarized"
            x: 28; y: 112
            visible: rp.focusRule !== "" && rp.indexOf(rp.focusRule, rp.allRows) < 0
            text: qsTr("Rule %1 is not in this summary").arg(rp.focusRule)
            color: Theme.warnText; font.family: Theme.font; font.pixelSize: 13
        }
        Text {
            objectName: "rulesNoMatch"
            x: 28; y: 140
            visible: rp.rows.length === 0 && rp.query !== ""
            text: qsTr("No rule matches")
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 15
        }
        ListView {
            id: ruleList
            objectName: "rulesList"
            x: 28; y: 132; width: 640; height: 648
            clip: true
            spacing: 8
            cacheBuffer: 400
            boundsBehavior: Flickable.StopAtBounds
            model: rp.rows
            currentIndex: -1
            highlightFollowsCurrentItem: false
            section.property: "section"
            section.delegate: Text {
                required property string section
                objectName: "ruleSection_" + section.split(" ")[0]
                width: ruleList.width
                topPadding: 10; bottomPadding: 4
                text: section
                color: Theme.text2; font.family: Theme.font; font.bold: true; font.pixelSize: 15; font.letterSpacing: 1
            }
            delegate: Rectangle {
                id: entry
                required property var modelData
                required property int index
                readonly property bool focused: rp.focusIndex === index && rp.focusRule !== ""
                objectName: "ruleEntry_" + modelData.rule
                width: ruleList.width - 12
                height: body.implicitHeight + 16
                radius: 8
                color: focused ? "#33E0B84A" : "transparent"
                border.color: focused ? Theme.gold : "transparent"
                Column {
                    id: body
                    x: 8; y: 8; width: parent.width - 16; spacing: 4
                    Row {
                        spacing: 10
                        Chip { text: entry.modelData.rule; size: 11; fg: entry.focused ? Theme.primaryText : Theme.gold; bg: entry.focused ? Theme.primary1 : "#2A2410" }
                        Text { text: entry.modelData.title; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15; anchors.verticalCenter: parent.verticalCenter }
                    }
                    Text { width: parent.width; wrapMode: Text.Wrap; text: entry.modelData.text; color: Theme.text; font.family: Theme.font; font.pixelSize: 14; lineHeight: 1.2 }
                }
            }
        }
        Text { x: 700; y: 80; text: qsTr("Options at this table"); color: Theme.text2; font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2 }
        Flickable {
            x: 700; y: 108; width: 452; height: 672; clip: true
            contentHeight: optCol.implicitHeight
            Column {
                id: optCol
                width: 442; spacing: 8
                Repeater {
                    model: rp.app.lang, rp.app.optionsInForce(rp.game)
                    Column {
                        required property var modelData
                        width: 442
                        Flow {
                            width: 442; spacing: 8
                            Text { text: modelData.label; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                            Text { text: "= " + modelData.value; color: Theme.mintText; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                            Text { text: modelData.rule; color: Theme.hint; font.family: Theme.font; font.pixelSize: 11 }
                        }
                        Text { width: 442; wrapMode: Text.Wrap; text: modelData.help; color: Theme.text2; font.family: Theme.font; font.pixelSize: 12 }
                    }
                }
            }
        }
    }
}

import QtQuick

// New game: game, preset and every rule option (rows generated from the engine's option specs), seats, seed.
Item {
    id: ng
    objectName: "newGameScreen"
    property var app
    property var settings
    signal navigate(string name)

    // header
    Row {
        x: 40; y: 22; spacing: 14
        Rectangle {
            width: 46; height: 46; radius: 10
            gradient: Gradient { GradientStop { position: 0; color: Theme.primary1 } GradientStop { position: 1; color: Theme.primary2 } }
            Text { anchors.centerIn: parent; text: "牌"; font.family: Theme.font; font.bold: true; font.pixelSize: 26; color: Theme.primaryText }
        }
        Column {
            Text { text: qsTr("New game"); font.family: Theme.font; font.bold: true; font.pixelSize: 26; color: Theme.text }
            Text { text: qsTr("Choose the game, the rules and your opponents, then start"); font.family: Theme.font; font.pixelSize: 14; color: Theme.text2 }
        }
    }
    Row {
        anchors.right: parent.right; anchors.rightMargin: 40; y: 28; spacing: 10
        Btn { objectName: "btnNewGameSettings"; width: 46; height: 38; text: "⚙"; onClicked: ng.navigate("settings") }
        Btn { objectName: "btnBackHome"; width: 46; height: 38; text: "✕"; onClicked: ng.navigate("home") }
    }
    Rectangle { x: 40; y: 92; width: 1520; height: 1; color: Theme.panelBorder }

    // ---------------- left column: game, preset, look
    Column {
        x: 40; y: 112; width: 440; spacing: 8
        Text { text: qsTr("Game"); font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2; color: Theme.text2 }
        Repeater {
            model: ng.app.games
            Rectangle {
                id: tile
                required property var modelData
                objectName: "game_" + modelData.id
                width: 440; height: 92; radius: 12
                readonly property bool sel: ng.app.game === modelData.id
                color: sel ? "#173A33" : "#0F211D"
                border.color: sel ? Theme.primary1 : Theme.panelBorder
                border.width: sel ? 2 : 1
                opacity: modelData.available ? 1 : 0.5
                // mini table thumbnail
                Item {
                    x: 18; y: 10; width: 110; height: 72
                    Rectangle { anchors.centerIn: parent; width: 96; height: 50; radius: 25; color: Theme.feltTone(tile.modelData.felt)[0]; border.color: Theme.feltRim(tile.modelData.felt)[0]; border.width: 3 }
                    Repeater {
                        model: tile.modelData.seats
                        Rectangle {
                            required property int index
                            readonly property real a: Math.PI / 2 + index * 2 * Math.PI / tile.modelData.seats
                            width: 14; height: 14; radius: 7
                            x: 55 + 50 * Math.cos(a) - 7; y: 36 + 30 * Math.sin(a) - 7
                            color: tile.modelData.teams ? (index % 2 === 0 ? Theme.mine : Theme.theirs) : Theme.unknown
                            border.color: "white"; border.width: index === 0 ? 2 : 0
                        }
                    }
                }
                Column {
                    x: 146; anchors.verticalCenter: parent.verticalCenter; spacing: 3
                    Row {
                        spacing: 8
                        Text { text: tile.modelData.name; font.family: Theme.font; font.bold: true; font.pixelSize: 24; color: Theme.text }
                        Chip { visible: tile.modelData.chip !== ""; text: tile.modelData.chip; anchors.verticalCenter: parent.verticalCenter }
                    }
                    Text { text: tile.modelData.desc; font.family: Theme.font; font.pixelSize: 14; color: Theme.text2 }
                    Text { text: tile.modelData.desc2; font.family: Theme.font; font.pixelSize: 12; color: Theme.hint }
                }
                Rectangle {
                    anchors.right: parent.right; anchors.rightMargin: 20; anchors.verticalCenter: parent.verticalCenter
                    width: 20; height: 20; radius: 10; color: "transparent"; border.color: tile.sel ? Theme.primary1 : Theme.hint; border.width: 2
                    Rectangle { anchors.centerIn: parent; width: 10; height: 10; radius: 5; color: Theme.primary1; visible: tile.sel }
                }
                MouseArea { anchors.fill: parent; enabled: tile.modelData.available === true; onClicked: ng.app.selectGame(tile.modelData.id) }
            }
        }
        Item { width: 1; height: 4 }
        Item {
            width: 440; height: 24
            Row {
                spacing: 10
                Text { text: qsTr("Preset"); font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2; color: Theme.text2 }
                Chip { visible: ng.app.changedCount > 0; text: qsTr("%1 changed").arg(ng.app.changedCount); fg: Theme.warnText; bg: Theme.warn; objectName: "changedChip" }
            }
            Text {
                anchors.right: parent.right
                text: qsTr("Restore preset")
                color: Theme.mintText; font.family: Theme.font; font.pixelSize: 14
                MouseArea { anchors.fill: parent; onClicked: ng.app.restorePreset() }
            }
        }
        Rectangle {
            width: 440; height: presetCol.implicitHeight + 20; radius: 10
            color: "#0F211D"; border.color: Theme.panelBorder
            Column {
                id: presetCol
                x: 10; y: 10; width: 420; spacing: 2
                Repeater {
                    model: ng.app.presetNames
                    Rectangle {
                        id: pr
                        required property int index
                        required property string modelData
                        objectName: "preset_" + index
                        width: 420; height: 30; radius: 6
                        color: index === ng.app.presetIndex ? Theme.segOn : "transparent"
                        border.color: index === ng.app.presetIndex ? Theme.segOnBorder : "transparent"
                        Text { x: 12; anchors.verticalCenter: parent.verticalCenter; text: pr.modelData; font.family: Theme.font; font.pixelSize: 15; font.bold: pr.index === ng.app.presetIndex; color: Theme.text }
                        MouseArea { anchors.fill: parent; onClicked: ng.app.selectPreset(pr.index) }
                    }
                }
            }
        }
        Item { width: 1; height: 4 }
        Text { text: qsTr("Look"); font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2; color: Theme.text2 }
        Swatches { app: ng.app; settings: ng.settings }
    }

    // ---------------- middle column: rule rows from the engine's SPECS
    Text { x: 512; y: 112; text: qsTr("Rules"); font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2; color: Theme.text2 }
    Rectangle {
        x: 512; y: 140; width: 560; height: aids.y - 12 - y; radius: 12
        color: "#0F211D"; border.color: Theme.panelBorder
        clip: true
        Flickable {
            id: flick
            objectName: "rulesFlick"
            anchors.fill: parent; anchors.margins: 12
            contentHeight: rulesCol.implicitHeight
            boundsBehavior: Flickable.StopAtBounds
            Column {
                id: rulesCol
                width: flick.width
                Repeater {
                    model: ng.app.optionRows
                    Item {
                        id: row
                        required property var modelData
                        required property int index
                        objectName: "opt_" + modelData.name
                        width: rulesCol.width; height: Math.max(58, helpText.y + helpText.implicitHeight + 8)
                        Rectangle { visible: row.index > 0; width: parent.width; height: 1; color: Qt.rgba(1, 1, 1, 0.06) }
                        Row {
                            y: 8; spacing: 6
                            Text { text: row.modelData.label; font.family: Theme.font; font.bold: true; font.pixelSize: 15; color: Theme.text }
                            Rectangle { visible: row.modelData.changed; width: 7; height: 7; radius: 4; color: Theme.primary1; anchors.verticalCenter: parent.verticalCenter }
                            Text { text: row.modelData.rule; font.family: Theme.font; font.pixelSize: 11; color: Theme.hint; anchors.verticalCenter: parent.verticalCenter }
                        }
                        Text {
                            id: helpText
                            y: 30; width: parent.width - ctl.width - 16
                            text: row.modelData.help
                            wrapMode: Text.Wrap
                            font.family: Theme.font; font.pixelSize: 12; color: Theme.text2
                        }
                        Item {
                            id: ctl
                            anchors.right: parent.right; anchors.verticalCenter: parent.verticalCenter
                            width: row.modelData.isBool ? 46 : segc.width; height: 34
                            Toggle {
                                visible: row.modelData.isBool
                                anchors.verticalCenter: parent.verticalCenter
                                checked: row.modelData.isBool && row.modelData.index === row.modelData.onIndex
                                onToggled: (on) => ng.app.setOption(row.modelData.name, on ? row.modelData.onIndex : 1 - row.modelData.onIndex)
                            }
                            Seg {
                                id: segc
                                visible: !row.modelData.isBool
                                model: row.modelData.choices
                                current: row.modelData.index
                                onPicked: (i) => ng.app.setOption(row.modelData.name, i)
                            }
                        }
                    }
                }
            }
        }
    }

    AidsGroup { id: aids; x: 512; y: 880 - height; app: ng.app; settings: ng.settings }

    // ---------------- right column: seats, seed, start
    Text { x: 1104; y: 112; text: qsTr("Seats"); font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2; color: Theme.text2 }
    Rectangle {
        id: seatPanel
        x: 1104; y: 140; width: 456; height: seatCol.implicitHeight + 24; radius: 12
        color: "#0F211D"; border.color: Theme.panelBorder
        Column {
            id: seatCol
            x: 12; y: 12; width: 432; spacing: 4
            SeatDiagram {
                model: ng.app.seatDiagram
                feltKey: ng.settings.felt !== "auto" && ng.settings.felt !== "" ? ng.settings.felt : (ng.app.seatDiagram.felt || "green")
            }
            Row {
                spacing: 8
                Text { text: qsTr("All bots"); font.family: Theme.font; font.pixelSize: 13; color: Theme.text2; anchors.verticalCenter: parent.verticalCenter }
                Seg { model: ng.app.levelNames; current: -1; onPicked: (i) => ng.app.setAllLevels(i) }
            }
            Repeater {
                model: ng.app.seatRows
                Item {
                    id: sr
                    required property var modelData
                    width: 432; height: 46
                    Chip { x: 0; size: 10; visible: sr.modelData.relation !== ""; anchors.verticalCenter: parent.verticalCenter; text: sr.modelData.relation; fg: sr.modelData.relation === qsTr("Opposite") ? "white" : Theme.text2; bg: sr.modelData.relation === qsTr("Opposite") ? Theme.theirsDeep : "#22FFFFFF" }
                    Rectangle {
                        x: 68; anchors.verticalCenter: parent.verticalCenter
                        width: 32; height: 32; radius: 16
                        color: Theme.teamDeep(sr.modelData.team); border.color: Theme.teamColor(sr.modelData.team); border.width: 2
                        Text { anchors.centerIn: parent; text: sr.modelData.name.substring(0, 1); color: "white"; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
                    }
                    Text { x: 108; anchors.verticalCenter: parent.verticalCenter; text: sr.modelData.name; font.family: Theme.font; font.bold: true; font.pixelSize: 15; color: Theme.text; width: 64; elide: Text.ElideRight }
                    Text { visible: sr.modelData.human; anchors.right: parent.right; anchors.verticalCenter: parent.verticalCenter; text: qsTr("Human (you)"); font.family: Theme.font; font.pixelSize: 14; color: Theme.text2 }
                    Seg {
                        visible: !sr.modelData.human
                        objectName: "level_" + sr.modelData.seat
                        fontSize: 13; pad: 12
                        anchors.right: parent.right; anchors.verticalCenter: parent.verticalCenter
                        model: ng.app.levelNames; current: sr.modelData.level
                        onPicked: (i) => ng.app.setLevel(sr.modelData.seat, i)
                    }
                }
            }
        }
    }
    Column {
        objectName: "seedColumn"
        x: 1104; y: seatPanel.y + seatPanel.height + 10; width: 456; spacing: 8
        Text { text: qsTr("Seed"); font.family: Theme.font; font.pixelSize: 14; font.letterSpacing: 2; color: Theme.text2 }
        Row {
            spacing: 10
            Rectangle {
                width: 392; height: 50; radius: 10; color: "#0F211D"; border.color: seedInput.activeFocus ? Theme.mint : Theme.panelBorder
                TextInput {
                    id: seedInput
                    objectName: "seedField"
                    anchors.fill: parent; anchors.leftMargin: 14; anchors.rightMargin: 14
                    verticalAlignment: TextInput.AlignVCenter
                    text: ng.app.seed
                    color: Theme.text; font.family: "monospace"; font.pixelSize: 20
                    onTextEdited: ng.app.setSeed(text)
                    clip: true
                }
                Text { anchors.right: parent.right; anchors.rightMargin: 12; anchors.verticalCenter: parent.verticalCenter; visible: seedInput.text === ""; text: qsTr("blank = random"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 13 }
            }
            Btn { objectName: "btnDice"; width: 54; height: 50; text: "⚄"; fontSize: 24; onClicked: ng.app.randomSeed() }
        }
        Text { width: 456; wrapMode: Text.Wrap; text: qsTr("Blank = random; same seed + same rules = same deal"); font.family: Theme.font; font.pixelSize: 12; color: Theme.hint }
    }
    Btn {
        objectName: "btnStart"
        x: 1104; y: 790; width: 456; height: 68
        primary: true
        text: qsTr("Start") + "  ▶"
        fontSize: 26
        onClicked: ng.app.startGame()
    }
}

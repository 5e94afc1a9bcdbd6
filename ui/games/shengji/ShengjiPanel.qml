import QtQuick
import "../.."

// 升级: trump and level, the defenders' points with their point cards, this trick, the last trick (key L),
// the bottom for the banker (SPEC.md §8.1). Everything shown is the presenter's ``info`` (desktop/games).
Item {
    id: panel
    objectName: "shengjiPanel"
    property var table
    readonly property var info: table ? table.gameInfo : ({})
    readonly property var labels: info.labels || ({})
    property bool showLast: false
    // the table screen (the Loader's parent): the declaration card and the bury tray sit on its felt
    readonly property var stage: parent && parent.parent ? parent.parent : null
    width: 304; height: col.implicitHeight + 20
    // 粘牌/回牌 captions (SF-10) go low on the left of the felt: the default place is on the left seat's plate and
    // in its declaration box; here they clear every plate and box, the bottom seat's included
    Binding { target: panel.stage; property: "captionRect"; value: Qt.rect(-520, 440, 400, 92); when: panel.stage !== null }
    y: 44   // under the table's message toast

    Rectangle {
        anchors.fill: parent; radius: 12
        color: Theme.panel; border.color: Theme.panelBorder
    }
    Column {
        id: col
        x: 14; y: 10; width: 276; spacing: 6
        Row {
            spacing: 8
            Chip {
                objectName: "trumpChip"
                text: (panel.labels.trump || "") + " " + (panel.info.trump || "")
                size: 15; fg: panel.info.trumpFixed ? Theme.primaryText : Theme.text
                bg: panel.info.trumpFixed ? Theme.gold : "#2A3D39"
            }
            Chip {
                objectName: "levelChip"
                text: (panel.labels.level || "") + " " + (panel.info.level || "")
                size: 15; fg: Theme.text; bg: "#162C27"; line: Theme.panelBorder
            }
        }
        Text {
            visible: (panel.info.banker || "") !== ""
            text: (panel.labels.banker || "") + " · " + (panel.info.banker || "")
            color: Theme.gold; font.family: Theme.font; font.pixelSize: 13
        }
        Text {
            visible: (panel.info.declaration || "") !== "" && !panel.info.trumpFixed
            text: panel.info.declaration || ""
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 13
        }
        Row {
            spacing: 8
            Text { text: panel.labels.points || ""; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15; anchors.baseline: pts.baseline }
            Text { id: pts; objectName: "defenderPoints"; text: panel.info.points === undefined ? "" : panel.info.points; color: Theme.primary1; font.family: Theme.font; font.bold: true; font.pixelSize: 28 }
            Text { text: "/ 80"; color: Theme.text2; font.family: Theme.font; font.pixelSize: 15; anchors.baseline: pts.baseline }
        }
        Text {
            objectName: "defenderNames"
            visible: (panel.info.defenders || "") !== ""
            text: (panel.info.defenders || "") + ((panel.info.need || "") !== "" ? " · " + panel.info.need : "")
            width: 276; elide: Text.ElideRight
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 12
        }
        Item {   // 0–160 bar, 80 takes the bank (S-21)
            width: 276; height: 10
            Rectangle { width: parent.width; height: 6; radius: 3; color: "#2A3D39"; anchors.verticalCenter: parent.verticalCenter }
            Rectangle { width: Math.min(1, (panel.info.points || 0) / 160) * parent.width; height: 6; radius: 3; color: Theme.primary2; anchors.verticalCenter: parent.verticalCenter }
            Rectangle { x: parent.width / 2 - 1; width: 2; height: 10; color: Theme.theirs }
        }
        Item {
            objectName: "pointCards"
            width: 276; height: (panel.info.pointFaces || []).length > 0 ? 44 : 0
            Repeater {
                model: panel.info.pointFaces || []
                Card {
                    required property var modelData
                    required property int index
                    w: 30; x: index * Math.min(20, 246 / Math.max(1, (panel.info.pointFaces || []).length))
                    card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
                }
            }
        }
        Row {
            spacing: 6
            visible: panel.info.phase === "play"
            Chip { visible: (panel.info.leadKind || "") !== ""; text: panel.info.leadKind || ""; size: 13; fg: Theme.text; bg: "#162C27"; line: Theme.panelBorder }
            Chip { text: (panel.labels.trickPts || "") + " " + (panel.info.trickPoints || 0); size: 13; fg: Theme.primaryText; bg: Theme.primary1 }
            Chip {
                objectName: "btnLastTrick"
                visible: (panel.info.lastTrick || []).length > 0
                text: "⟲ " + (panel.labels.lastTrick || "") + " L"; size: 13; fg: Theme.text; bg: panel.showLast ? Theme.segOn : "#22FFFFFF"
                MouseArea { anchors.fill: parent; onClicked: panel.showLast = !panel.showLast }
            }
        }
        Column {
            objectName: "lastTrick"
            visible: panel.showLast
            spacing: 2
            Repeater {
                model: panel.showLast ? (panel.info.lastTrick || []) : []
                Row {
                    id: lt
                    required property var modelData
                    spacing: 6
                    Text { width: 60; text: lt.modelData.name + (lt.modelData.win ? " ★" : ""); elide: Text.ElideRight; color: lt.modelData.win ? Theme.gold : Theme.text2; font.family: Theme.font; font.pixelSize: 12; anchors.verticalCenter: parent.verticalCenter }
                    Item {
                        width: 200; height: 42
                        Repeater {
                            model: lt.modelData.faces
                            Card {
                                required property var modelData
                                required property int index
                                w: 30; x: index * 18
                                card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
                            }
                        }
                    }
                }
            }
        }
        Text {
            visible: (panel.info.bottom || []).length > 0
            text: panel.labels.bottom || ""
            color: Theme.text2; font.family: Theme.font; font.pixelSize: 12
        }
        Item {
            objectName: "bottomCards"
            visible: (panel.info.bottom || []).length > 0
            width: 276; height: visible ? 44 : 0
            Repeater {
                model: panel.info.bottom || []
                Card {
                    required property var modelData
                    required property int index
                    w: 30; x: index * 24
                    card: modelData.card; rank: modelData.rank; suit: modelData.suit; mark: modelData.mark; label: modelData.label
                }
            }
        }
        Chip {   // amber until exactly 8 are chosen (S-10)
            objectName: "buryCounter"
            readonly property int chosen: panel.table ? panel.table.selection.count || 0 : 0
            visible: panel.info.burying === true
            readonly property bool full: chosen === (panel.info.buryGoal || 8)
            text: (panel.info.buryHint || "").replace("%1", chosen) + (full ? " ✓" : "")
            size: 13; fg: full ? Theme.primaryText : Theme.warnText; bg: full ? Theme.mint : Theme.warn
        }
    }

    // ---------------------------------------------------------------- on the felt (SPEC §8.1 Deal, Bottom exchange)
    // 亮主: the standing declaration face up in a gold box in front of the declarer's plate, and one line of
    // who declared what and the trump it sets for now (S-9a).
    DeclBox {
        id: declCard
        objectName: "declarationCard"
        parent: panel.stage
        stage: panel.stage
        box: panel.info.decl || ({})
        tagName: "declarationTag"
    }
    Repeater {   // 三五番: the sticker's joker and four face-down cards (SF-10)
        model: (panel.info.decl || {}).boxes || []
        DeclBox {
            required property var modelData
            objectName: "stickBox"
            parent: panel.stage
            stage: panel.stage
            box: modelData
            tagName: "stickTag"
        }
    }
    Rectangle {
        objectName: "declarationLine"
        parent: panel.stage
        visible: declCard.visible
        z: 40
        x: (panel.stage ? panel.stage.cx : 672) - width / 2; y: declCard.pos === 2 ? 252 : 200   // clear of the top box
        width: declLine.implicitWidth + 28; height: 36; radius: 18
        color: Theme.panel; border.color: "#F2B33D"
        Text { id: declLine; anchors.centerIn: parent; text: declCard.box.line || ""; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 15 }
    }

    // 埋底: the cards chosen to bury, mirrored in a tray only the banker sees, with their points (S-10).
    Rectangle {
        id: tray
        objectName: "buryTray"
        parent: panel.stage
        readonly property var hand: panel.stage ? panel.stage.hand : null
        readonly property int chosen: panel.table ? panel.table.selection.count || 0 : 0
        visible: panel.info.burying === true
        z: 40
        x: (panel.stage ? panel.stage.cx : 672) - 180; y: 300
        width: 360; height: 150; radius: 12
        color: "#CC0F211D"; border.color: chosen === (panel.info.buryGoal || 8) ? Theme.mint : Theme.warn; border.width: 2
        function buriedPoints() {
            var n = 0
            for (var i = 0; i < trayRow.children.length; i++) {
                var c = trayRow.children[i]
                if (c.visible && c.pts !== undefined) n += c.pts
            }
            return n
        }
        Text { x: 12; y: 8; text: (panel.info.tray || {}).title || ""; color: Theme.text2; font.family: Theme.font; font.pixelSize: 13 }
        Chip {
            objectName: "buryPoints"
            x: parent.width - width - 10; y: 6
            text: ((panel.info.tray || {}).points || "").replace("%1", tray.chosen >= 0 ? tray.buriedPoints() : 0)
            size: 12; fg: "#2A1400"; bg: "#FF9A4D"
        }
        Row {
            id: trayRow
            objectName: "trayCards"
            x: 12; y: 34; spacing: -12
            Repeater {
                model: tray.visible ? tray.hand : null
                Card {
                    required card
                    required rank
                    required suit
                    required mark
                    required label
                    required selected
                    readonly property int pts: !selected ? 0 : rank === 5 ? 5 : (rank === 10 || rank === 13) ? 10 : 0
                    visible: selected
                    w: 54
                }
            }
        }
    }
}

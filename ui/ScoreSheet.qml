import QtQuick

// 计分表: one row per finished set/hand (each side's place points and score; a hand's emperor, guard, side
// score and every seat's share; a hand's banker, points and levels; a hand's dealer, winner and payments), a mark
// such as 串三户 ×2, 保庄 or 自摸, and the running totals. Built by the game's presenter (desktop/games, ``sheet``)
// in the language of now; opened from the top bar.
Rectangle {
    id: sh
    objectName: "scoreSheet"
    property var app
    property var table
    signal close()
    readonly property var v: table.sheetView
    readonly property var cols: v.columns || []
    readonly property int firstW: 92
    readonly property int colW: cols.length > 7 ? 84 : 104
    readonly property int markW: 120
    width: firstW + Math.max(0, cols.length - 1) * colW + markW + 28
    height: col.implicitHeight + 24
    radius: 12
    color: "#F50D1C19"; border.color: Theme.panelBorder
    function toneColor(t) {
        return t === "pos" ? Theme.mintText : t === "neg" ? Theme.theirs : t === "mine" ? Theme.mine
             : t === "theirs" ? Theme.theirs : t === "gold" ? Theme.gold : Theme.text
    }
    MouseArea { anchors.fill: parent }   // clicks on the sheet stay on it
    Column {
        id: col
        x: 14; y: 12; spacing: 4
        Item {
            width: sh.width - 28; height: 28
            Text { anchors.verticalCenter: parent.verticalCenter; text: qsTr("Score sheet") + "  ·  " + sh.table.gameTitle; color: Theme.text; font.family: Theme.font; font.bold: true; font.pixelSize: 17 }
            Btn { objectName: "btnSheetClose"; anchors.right: parent.right; height: 28; minWidth: 28; fontSize: 14; text: "✕"; onClicked: sh.close() }
        }
        Row {   // the column heads
            Repeater {
                model: sh.cols
                Text {
                    required property var modelData
                    required property int index
                    width: index === 0 ? sh.firstW : sh.colW
                    text: modelData.text; elide: Text.ElideRight
                    color: modelData.tone === "" ? Theme.hint : sh.toneColor(modelData.tone)
                    font.family: Theme.font; font.pixelSize: 13
                }
            }
        }
        Rectangle { width: sh.width - 28; height: 1; color: Theme.panelBorder }
        Repeater {
            model: sh.v.rows || []
            Rectangle {
                required property var modelData
                required property int index
                objectName: "sheetRow_" + index
                width: sh.width - 28; height: 30; radius: 6
                color: index % 2 ? "transparent" : "#12FFFFFF"
                Row {
                    anchors.verticalCenter: parent.verticalCenter
                    Repeater {
                        model: modelData.cells
                        Text {
                            required property var modelData
                            required property int index
                            width: index === 0 ? sh.firstW : sh.colW
                            text: modelData.text; elide: Text.ElideRight
                            color: sh.toneColor(modelData.tone)
                            font.family: Theme.font; font.bold: index > 0; font.pixelSize: 15
                        }
                    }
                    Chip { visible: modelData.mark !== ""; text: modelData.mark; size: 12; fg: "#2A1800"; bg: Theme.gold }
                }
            }
        }
        Text { visible: (sh.v.rows || []).length === 0; text: qsTr("No set finished yet"); color: Theme.hint; font.family: Theme.font; font.pixelSize: 14 }
        Rectangle { width: sh.width - 28; height: 1; color: Theme.panelBorder }
        Row {   // the running totals
            objectName: "sheetTotal"
            Repeater {
                model: sh.v.total || []
                Text {
                    required property var modelData
                    required property int index
                    width: index === 0 ? sh.firstW : sh.colW
                    text: modelData.text; elide: Text.ElideRight
                    color: sh.toneColor(modelData.tone)
                    font.family: Theme.font; font.bold: true; font.pixelSize: 16
                }
            }
        }
        Text { visible: (sh.v.note || "") !== ""; text: sh.v.note || ""; color: Theme.text2; font.family: Theme.font; font.pixelSize: 12 }
    }
}

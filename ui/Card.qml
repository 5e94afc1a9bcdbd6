import QtQuick

// One card face (or back), drawn from Rectangles and Text: SPEC.md §4.
Item {
    id: card
    property string card: ""
    property int rank: 0            // 3..14, 15 = 2, 16 = small joker, 17 = big joker, 18 = super
    property string suit: ""
    property string mark: ""
    property string label: ""
    property bool faceUp: true
    property bool selected: false
    property bool dimmed: false
    property string back: Theme.cardBack   // the back's style (the settings' cardBack, Theme.backTones)
    readonly property var backTone: Theme.backTone(back)
    property real w: 88
    width: w
    height: w * 1.4

    readonly property bool joker: rank >= 16
    readonly property bool red: suit === "h" || suit === "d" || rank === 17
    readonly property color ink: red ? Theme.cardRed : Theme.cardBlack
    readonly property string pip: suit === "s" ? "♠" : suit === "h" ? "♥" : suit === "c" ? "♣" : suit === "d" ? "♦" : ""
    readonly property bool small: w < 64

    // shadow: two offset rectangles
    Rectangle { x: 0; y: card.w * 0.035; width: parent.width; height: parent.height; radius: card.w * 0.08; color: "#38000000" }
    Rectangle { x: 0; y: card.w * 0.012; width: parent.width; height: parent.height; radius: card.w * 0.08; color: "#29000000" }

    Rectangle {
        id: face
        anchors.fill: parent
        radius: card.w * 0.08
        border.width: card.selected ? 3 : 1
        border.color: card.selected ? Theme.primary1 : Theme.cardEdge
        visible: card.faceUp
        gradient: Gradient {
            GradientStop { position: 0; color: card.rank === 17 ? "#FFF1EC" : card.rank === 16 ? "#EEF2F7" : Theme.cardFace }
            GradientStop { position: 1; color: card.rank === 17 ? "#FBDCD3" : card.rank === 16 ? "#DCE3EC" : Theme.cardFace }
        }

        // J Q K: thin inner frame in the suit colour at 40 %
        Rectangle {
            visible: !card.small && card.rank >= 11 && card.rank <= 13
            x: card.w * 0.30; y: card.w * 0.10
            width: card.w * 0.62; height: card.height - card.w * 0.20
            radius: card.w * 0.04
            color: "transparent"
            border.color: Qt.rgba(card.ink.r, card.ink.g, card.ink.b, 0.4)
        }

        // top-left index (the only part that must survive overlap)
        Column {
            x: card.w * 0.04; y: card.w * 0.04
            width: card.w * 0.28
            spacing: -card.w * 0.04
            visible: !card.joker
            Text {
                width: parent.width
                horizontalAlignment: Text.AlignHCenter
                text: card.label
                color: card.ink
                font.family: Theme.font; font.bold: true
                font.pixelSize: card.w * (card.label.length > 1 ? 0.27 : 0.31)
                font.letterSpacing: card.label.length > 1 ? -card.w * 0.03 : 0
            }
            Text {
                width: parent.width
                horizontalAlignment: Text.AlignHCenter
                text: card.pip
                color: card.ink
                font.family: Theme.font
                font.pixelSize: card.w * 0.23
            }
        }
        // big suit at the lower right
        Text {
            visible: !card.joker
            anchors.right: parent.right; anchors.bottom: parent.bottom
            anchors.rightMargin: card.w * 0.06; anchors.bottomMargin: card.w * 0.02
            text: card.pip
            color: card.ink
            font.family: Theme.font
            font.pixelSize: card.w * (card.small ? 0.42 : 0.58)
        }

        // jokers: vertical 大/王 or 小/王, ★, JOKER
        Column {
            visible: card.joker
            x: card.w * 0.05; y: card.w * 0.05
            width: card.w * 0.28
            spacing: -card.w * 0.01
            Repeater {
                model: card.rank === 18 ? ["特", "画"] : (card.rank === 17 ? ["大", "王"] : ["小", "王"])
                Text {
                    required property string modelData
                    width: parent.width
                    horizontalAlignment: Text.AlignHCenter
                    text: modelData
                    color: card.ink
                    font.family: Theme.font; font.bold: true
                    font.pixelSize: card.w * 0.24
                    lineHeight: 0.9
                }
            }
        }
        // a card's mark (engine.cards): ♛ medallion (皇牌 X^) or ⚔ (侍卫牌 x^), visible inside a fan
        Rectangle {
            visible: card.mark === "^"
            x: card.w * 0.06; y: card.w * 0.64
            width: card.w * 0.24; height: width; radius: width / 2
            color: Theme.gold
            border.color: "#A07820"
            Text {
                anchors.centerIn: parent
                text: card.rank === 17 ? "♛" : "⚔"
                color: "#5A3A00"
                font.family: Theme.font
                font.pixelSize: parent.width * 0.72
            }
        }
        Text {
            visible: card.joker
            anchors.right: parent.right; anchors.bottom: parent.bottom
            anchors.rightMargin: card.w * 0.08; anchors.bottomMargin: card.w * (card.small ? 0.04 : 0.16)
            text: "★"
            color: card.ink
            font.family: Theme.font
            font.pixelSize: card.w * (card.small ? 0.40 : 0.50)
        }
        Text {
            visible: card.joker && !card.small
            anchors.right: parent.right; anchors.bottom: parent.bottom
            anchors.rightMargin: card.w * 0.07; anchors.bottomMargin: card.w * 0.04
            text: "JOKER"
            color: card.ink
            font.family: Theme.font; font.bold: true
            font.pixelSize: Math.max(6, card.w * 0.09)
        }
    }

    // back: blue gradient with a gold lattice
    Rectangle {
        anchors.fill: parent
        visible: !card.faceUp
        radius: card.w * 0.08
        border.color: "#D8D2C4"; border.width: card.w * 0.04
        gradient: Gradient {
            GradientStop { position: 0; color: card.backTone[0] }
            GradientStop { position: 1; color: card.backTone[1] }
        }
        Rectangle {
            anchors.fill: parent; anchors.margins: card.w * 0.09
            color: "transparent"; radius: card.w * 0.04
            border.color: Qt.rgba(0.79, 0.65, 0.36, 0.5)
        }
        Grid {
            anchors.centerIn: parent
            columns: 3; spacing: card.w * 0.08
            opacity: 0.3
            Repeater {
                model: 12
                Rectangle { width: card.w * 0.14; height: width; rotation: 45; color: "transparent"; border.color: card.backTone[2] }
            }
        }
        Rectangle {
            anchors.centerIn: parent
            width: card.w * 0.36; height: width; rotation: 45
            color: card.backTone[1]; border.color: card.backTone[2]; border.width: 1.5
            visible: !card.small
            Text {
                anchors.centerIn: parent; rotation: -45
                text: "牌"; color: card.backTone[2]
                font.family: Theme.font; font.pixelSize: card.w * 0.2
            }
        }
    }
    Rectangle {
        anchors.fill: parent; radius: card.w * 0.08
        color: "#000000"; opacity: card.dimmed ? 0.35 : 0
        visible: card.dimmed
    }
}

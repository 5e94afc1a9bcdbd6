pragma Singleton
import QtQuick

// Palette and type scale of shared/mockups/SPEC.md (1600×900 design grid).
QtObject {
    property string font: "Noto Sans S Chinese"
    property real speed: 1.0          // 0 = animations off
    property real cardScale: 1.0
    property string cardBack: "blue"  // the settings' card back (Main.qml binds it): a key of backTones

    readonly property color bgTop: "#0E1C19"
    readonly property color bgBottom: "#08110F"
    readonly property color rim1: "#23403A"
    readonly property color rim2: "#0A1815"
    readonly property color panel: Qt.rgba(0x0D / 255, 0x1C / 255, 0x19 / 255, 0.92)
    readonly property color panelBorder: Qt.rgba(1, 1, 1, 0.14)
    readonly property color text: "#F1F5F3"
    readonly property color text2: "#A7C0B8"
    readonly property color hint: "#6C8A82"
    readonly property color mine: "#4EA8FF"
    readonly property color mineDeep: "#1F5FA8"
    readonly property color theirs: "#FF6F6F"
    readonly property color theirsDeep: "#B23A42"
    readonly property color unknown: "#8FA09C"
    readonly property color primary1: "#FFC15A"
    readonly property color primary2: "#EE9410"
    readonly property color primaryText: "#2A1800"
    readonly property color glow: "#F6A623"
    readonly property color burnLine: "#FF6A3D"
    readonly property color burnText: "#FFB394"
    readonly property color burnFill: "#3A1A12"
    readonly property color gold: "#F7C65A"
    readonly property color warn: "#FFC53D"
    readonly property color warnText: "#2A1C00"
    readonly property color mint: "#3FBF95"
    readonly property color mintText: "#7FE3BF"
    readonly property color segOn: "#2F6F60"
    readonly property color segOnBorder: "#5FB9A0"
    readonly property color cardFace: "#FCFBF7"
    readonly property color cardRed: "#D3302F"
    readonly property color cardBlack: "#1C2126"
    readonly property color cardEdge: "#D6D0C2"
    readonly property color back1: backTone(cardBack)[0]
    readonly property color back2: backTone(cardBack)[1]
    readonly property color lattice: backTone(cardBack)[2]
    // the felt and card-back swatches of the new-game screen (settings felt / cardBack): top, bottom (, lattice)
    readonly property var feltTones: ({ "green": ["#1F6B59", "#134236"], "teal": ["#1D5E66", "#123C44"],
                                        "wine": ["#7A3441", "#4A1C27"], "ink": ["#22587E", "#143650"] })
    // a felt's own rim where SPEC §8.3 gives one (Shengji's wine, Mahjong's ink); the others take rim1 → rim2
    readonly property var feltRims: ({ "wine": ["#3D2328", "#150A0C"], "ink": ["#1E3445", "#09141C"] })
    readonly property var backTones: ({ "blue": ["#2B4C78", "#1E3A5F", "#C9A55C"], "red": ["#8A2A3A", "#5C1622", "#D9B46A"],
                                        "green": ["#2D6650", "#1B4435", "#D2B36A"] })
    readonly property color disabledBorder: "#2E4A44"
    readonly property color disabledText: "#5E7A73"

    function feltTone(key) { return feltTones[key] || feltTones.green }
    function feltRim(key) { return feltRims[key] || [rim1, rim2] }
    function backTone(key) { return backTones[key] || backTones.blue }
    function dur(ms) { return Math.round(ms * speed) }
    function teamColor(team) { return team === "mine" ? mine : team === "theirs" ? theirs : unknown }
    function teamDeep(team) { return team === "mine" ? mineDeep : team === "theirs" ? theirsDeep : "#4A5855" }
}

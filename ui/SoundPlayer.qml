import QtQuick
import QtMultimedia

// Sound effects in their own file, loaded through a Loader: without QtMultimedia or an audio device the
// Loader fails quietly and the app plays on in silence (QT_NOTES.md).
Item {
    id: player
    property url base
    property bool muted: false
    function play(name) {
        if (muted) return
        var fx = effects[name]
        if (fx) fx.play()
    }
    property var effects: ({ "play": sPlay, "pass": sPass, "burn": sBurn, "tribute": sTribute, "finish": sFinish, "deal": sDeal, "claim": sClaim })
    SoundEffect { id: sPlay; source: player.base + "/play.wav"; volume: 0.6 }
    SoundEffect { id: sPass; source: player.base + "/pass.wav"; volume: 0.5 }
    SoundEffect { id: sBurn; source: player.base + "/burn.wav"; volume: 0.6 }
    SoundEffect { id: sTribute; source: player.base + "/tribute.wav"; volume: 0.6 }
    SoundEffect { id: sFinish; source: player.base + "/finish.wav"; volume: 0.6 }
    SoundEffect { id: sDeal; source: player.base + "/deal.wav"; volume: 0.4 }
    SoundEffect { id: sClaim; source: player.base + "/claim.wav"; volume: 0.6 }
}

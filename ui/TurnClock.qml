import QtQuick

// One seat's move timer as everything that shows it reads it (its plate's arc, a board's claim ring): at a LAN
// table the host's figure (the seat's turnUntil, epoch ms, of turnTotal s), counted down here; at any other
// table the table's own countdown (localSecs, localFrac).
Item {
    id: clock
    property var seat: ({})
    property bool running: false     // the seat is to act
    property int localSecs: 0
    property real localFrac: 1.0
    readonly property bool hostClock: (seat.turnUntil || 0) > 0
    property real hostLeft: 0
    readonly property int secs: hostClock ? Math.ceil(hostLeft / 1000) : localSecs
    readonly property real frac: hostClock ? hostLeft / (1000 * Math.max(1, seat.turnTotal || 1)) : localFrac
    Timer {
        interval: 200; repeat: true; triggeredOnStart: true
        running: clock.hostClock && clock.running
        onTriggered: clock.hostLeft = Math.max(0, (clock.seat.turnUntil || 0) - Date.now())
    }
}

@testable import SatwatchApp
import Testing

/// The pure parts of sd_notify: which socket NOTIFY_SOCKET names, when the watchdog is ours, and
/// the datagram's text.
@Suite struct SystemdNotifierTests {
    static let socketPaths: [(String, [UInt8]?)] = [
        ("/run/systemd/notify", Array("/run/systemd/notify".utf8)),
        ("@satwatch/notify", [0] + Array("satwatch/notify".utf8)),
        ("run/relative", nil),
        ("", nil),
        ("@", nil),
        ("vsock:2:1234", nil),
        ("/" + String(repeating: "a", count: 106), Array(("/" + String(repeating: "a", count: 106)).utf8)),
        ("/" + String(repeating: "a", count: 107), nil),  // no room left for the terminating NUL
        ("@" + String(repeating: "a", count: 107), [0] + Array(String(repeating: "a", count: 107).utf8)),
    ]

    @Test(arguments: socketPaths)
    func socketPathFromNotifySocket(value: String, expected: [UInt8]?) {
        #expect(SystemdNotifier.socketPath(value) == expected)
    }

    static let watchdogs: [([String: String], Duration?)] = [
        ([:], nil),
        (["WATCHDOG_USEC": "30000000"], .seconds(15)),
        (["WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "42"], .milliseconds(500)),
        (["WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "43"], nil),
        (["WATCHDOG_USEC": "0"], nil),
        (["WATCHDOG_USEC": "soon"], nil),
    ]

    @Test(arguments: watchdogs)
    func watchdogIntervalIsHalfOfWatchdogUsecForThisProcess(environment: [String: String], expected: Duration?) {
        #expect(SystemdNotifier.watchdogInterval(environment, pid: 42) == expected)
    }

    @Test func messagesAreKeyValueLinesAndValuesKeepToTheirLine() {
        #expect(SystemdNotifier.message([("READY", "1"), ("STATUS", "running\nrules=2")]) == "READY=1\nSTATUS=running rules=2")
        #expect(SystemdNotifier.message(SystemdNotifier.reloading(now: 1_234_567)) == "RELOADING=1\nMONOTONIC_USEC=1234567")
    }

    @Test func reloadingCarriesTheMonotonicClock() {
        let before = SystemdNotifier.monotonicMicroseconds()
        let fields = SystemdNotifier.reloading()
        let stamp = UInt64(fields[1].1) ?? 0
        #expect(stamp >= before && stamp <= SystemdNotifier.monotonicMicroseconds())
    }
}

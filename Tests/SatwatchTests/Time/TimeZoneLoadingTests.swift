import Foundation
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// Which names load, which are refused before any file is opened, and how each failure reads.
@Suite struct TimeZoneLoadingTests {
    @Test(arguments: [
        ("../../etc/passwd", "a time zone name cannot contain \"..\" or empty parts"),
        ("Europe/../../etc/passwd", "a time zone name cannot contain \"..\" or empty parts"),
        ("Europe//Berlin", "a time zone name cannot contain \"..\" or empty parts"),
        ("/etc/localtime", "a time zone name is relative to the zoneinfo folder and cannot start with \"/\""),
        ("", "empty time zone name"),
        ("Europe/Berlin\n", "a time zone name has only letters, digits and / _ - + ."),
        ("Europe/Berlin ", "a time zone name has only letters, digits and / _ - + ."),
    ])
    func refusesNames(_ name: String, _ message: String) {
        #expect(throws: TimeZoneError(kind: .invalidName, path: name, message: message)) {
            try TimeZoneRules.load(named: name)
        }
    }

    @Test(arguments: [
        ("Europe/Berln", TimeZoneError.Kind.unknownZone, "/usr/share/zoneinfo/Europe/Berln: no such time zone file"),
        ("Europe/Berlin/x", .unknownZone, "/usr/share/zoneinfo/Europe/Berlin/x: no such time zone file"),
        ("Europe", .unknownZone, "/usr/share/zoneinfo/Europe: a folder of zones, not a time zone file"),
        ("zone.tab", .malformed, "/usr/share/zoneinfo/zone.tab: not a TZif file (it does not start with \"TZif\")"),
        ("right/Europe/Berlin", .malformed,
         "/usr/share/zoneinfo/right/Europe/Berlin: has 27 leap-second records (a \"right/\" zone); use the zone without \"right/\""),
    ] as [(String, TimeZoneError.Kind, String)])
    func reportsMissingAndBrokenFiles(_ name: String, _ kind: TimeZoneError.Kind, _ description: String) {
        do {
            _ = try TimeZoneRules.load(named: name)
            Issue.record("\(name) loaded")
        } catch {
            #expect(error.kind == kind)
            #expect(error.description == description)
        }
    }

    @Test func readsFromAnotherRoot() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Test"), withIntermediateDirectories: true)
        try Data(TZifReaderTests.sample.bytes).write(to: folder.appendingPathComponent("Test/Zone"))
        let rules = try TimeZoneRules.load(named: "Test/Zone", root: folder.path + "/")
        #expect(rules.name == "Test/Zone")
        #expect(rules.offset(at: Timestamp(milliseconds: 1_000_000_000_000)) == 7200)
        #expect(throws: TimeZoneError(kind: .unknownZone, path: folder.path + "/Europe/Berlin", message: "no such time zone file")) {
            try TimeZoneRules.load(named: "Europe/Berlin", root: folder.path)
        }
    }

    /// A zone file is read only when it is a regular file of at most 256 KiB: a device or a FIFO
    /// where the zone should be never ends (or never starts) being read.
    @Test func devicesFIFOsAndHugeFilesAreNotZones() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("Fifo").path, 0o600) == 0)
        try Data(count: (256 << 10) + 1).write(to: folder.appendingPathComponent("Huge"))
        let cases = [("zero", "/dev", "not a regular file (a character device)"),
                     ("Fifo", folder.path, "not a regular file (a FIFO)"),
                     ("Huge", folder.path, "larger than 256 KiB, the limit for a time zone file")]
        for (name, root, message) in cases {
            #expect(throws: TimeZoneError(kind: .unreadable, path: root + "/" + name, message: message)) {
                try TimeZoneRules.load(named: name, root: root)
            }
        }
    }

    /// A file that opens but cannot be read (reading /proc/self/mem at address 0 fails with
    /// EIO, even for root, where a permission test would pass vacuously).
    @Test func unreadableFilesSayWhy() {
        #expect(throws: TimeZoneError(kind: .unreadable, path: "/proc/self/mem", message: "cannot read: Input/output error (EIO)")) {
            try TimeZoneRules.load(named: "mem", root: "/proc/self")
        }
    }

    /// `Local` is the system's zone; it agrees with the file `/etc/localtime` points to.
    @Test func localIsEtcLocaltime() throws {
        let local = try TimeZoneRules.load(named: "Local")
        #expect(local.name == "Local")
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
              let range = target.range(of: "zoneinfo/") else { return }
        let named = try TimeZoneRules.load(named: String(target[range.upperBound...]))
        #expect(local.transitions == named.transitions && local.types == named.types && local.footer == named.footer)
    }
}

@testable import SatwatchApp
import Testing

/// What a config needs of the process's limits grows with what it runs: feeds (their sockets,
/// threads and largest frames), delivery queues and the endpoint's connection cap.
@Suite struct ProcessNeedsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var maxFrames: [Int]
        var queues: Int
        var endpoint: Bool
        var openFiles: UInt64
        var addressSpaceMiB: UInt64
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing but the base", maxFrames: [], queues: 0, endpoint: false, openFiles: 64, addressSpaceMiB: 152),
        Case(name: "the endpoint adds its connection cap", maxFrames: [], queues: 0, endpoint: true, openFiles: 132,
             addressSpaceMiB: 152),
        Case(name: "a feed of 1 MiB frames and two channels", maxFrames: [1 << 20], queues: 2, endpoint: true,
             openFiles: 152, addressSpaceMiB: 162),
        Case(name: "five feeds and ten queues", maxFrames: Array(repeating: 1 << 20, count: 5), queues: 10, endpoint: true,
             openFiles: 232, addressSpaceMiB: 202),
        Case(name: "a 16 MiB max_frame costs four times it", maxFrames: [16 << 20], queues: 1, endpoint: false,
             openFiles: 78, addressSpaceMiB: 220),
    ]

    @Test(arguments: cases) func needs(_ row: Case) {
        let needs = ProcessNeeds(maxFrames: row.maxFrames, queues: row.queues, endpoint: row.endpoint)
        #expect(needs.openFiles == row.openFiles)
        #expect(needs.addressSpace == row.addressSpaceMiB << 20)
    }

    @Test func mebibytesRoundUp() {
        #expect(ProcessNeeds.mebibytes(1) == "1 MiB")
        #expect(ProcessNeeds.mebibytes(512 << 20) == "512 MiB")
        #expect(ProcessNeeds.mebibytes((512 << 20) + 1) == "513 MiB")
    }
}

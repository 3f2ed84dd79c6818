import Glibc
@testable import SatwatchBase
import Synchronization
import Testing

/// The process's descriptor shortage: one episode however many refusals, logged once when it
/// begins and once when it ends; it ends only after a quiet spell with descriptors to be had.
@Suite struct DescriptorShortageTests {
    @Test func anEpisodeIsLoggedOnceAndEndsAfterAQuietSpell() throws {
        let lines = Mutex<[String]>([])
        let board = DescriptorShortage()
        board.attach(Logger(sink: { line in lines.withLock { $0.append(line) } }))
        let start = Timestamp(milliseconds: 1_765_375_200_000)
        #expect(board.current(at: start) == nil)
        board.refused("accepting connections", errno: EMFILE, at: start)
        board.refused("opening a socket", errno: EMFILE, at: start + .seconds(1))
        let episode = try #require(board.current(at: start + .seconds(2)))
        #expect(episode.part == "accepting connections")
        #expect(episode.refusals == 2)
        // Not quiet long enough since the last refusal.
        #expect(board.current(at: start + .seconds(1) + DescriptorShortage.quiet - .seconds(1)) != nil)
        #expect(board.current(at: start + .seconds(1) + DescriptorShortage.quiet) == nil)
        board.refused("creating a wake-up pipe", errno: ENFILE, at: start + .seconds(10))
        #expect(board.current(at: start + .seconds(10))?.code == ENFILE)
        #expect(board.refusalsTotal == 3)
        let logged = lines.withLock { $0 }
        #expect(logged.filter { $0.contains(#"msg="too many open files" part="accepting connections" errno="too many open files (EMFILE)""#) }.count == 1)
        #expect(logged.filter { $0.contains(#"msg="open files available again" short_for=4s refusals=2"#) }.count == 1)
        #expect(logged.filter { $0.contains(#"errno="too many open files in system (ENFILE)""#) }.count == 1)
        #expect(logged.count == 3)
    }
}

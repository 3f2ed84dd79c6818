@testable import SatwatchApp
@testable import SatwatchBase
import Synchronization
import Testing

/// The two clocks on injected sources: a wall clock the test steps, and a monotonic one it moves.
@Suite struct ProcessClockTests {
    /// The sources a clock reads, moved by the test.
    final class Sources: Sendable {
        let wall = Mutex(Timestamp(milliseconds: 1_765_375_320_000))
        let elapsed = Mutex(TimeSpan.seconds(500))

        func pass(_ span: TimeSpan) {
            wall.withLock { $0 = $0 + span }
            elapsed.withLock { $0 = $0 + span }
        }

        func stepWall(by span: TimeSpan) { wall.withLock { $0 = $0 + span } }

        func clock() -> ProcessClock {
            ProcessClock(wall: { self.wall.withLock { $0 } }, elapsed: { self.elapsed.withLock { $0 } })
        }
    }

    /// One look at the clocks: time passes on both, the wall clock steps, then `detectStep`.
    struct Look: Sendable, CustomTestStringConvertible {
        var passes: TimeSpan
        var wallStep: TimeSpan
        /// What `detectStep` returns.
        var detected: TimeSpan?
        var testDescription: String { "pass \(passes.text), step \(wallStep.milliseconds)ms → \(detected.map { "\($0.milliseconds)ms" } ?? "nil")" }
    }

    @Test(arguments: [
        // Nothing steps: steady and wall agree.
        ("steady", [Look(passes: .seconds(1), wallStep: .zero, detected: nil)]),
        // Noise within the tolerance is no step.
        ("noise", [Look(passes: .seconds(1), wallStep: TimeSpan(milliseconds: 1500), detected: nil)]),
        // Back an hour: logged once, the next look sees nothing new.
        ("back 1h", [Look(passes: .seconds(1), wallStep: .hours(-1), detected: .hours(-1)),
                     Look(passes: .seconds(1), wallStep: .zero, detected: nil)]),
        // Forward a day, then back to where it was: two steps, each once.
        ("forward 1d and back", [Look(passes: .seconds(1), wallStep: .days(1), detected: .days(1)),
                                 Look(passes: .seconds(5), wallStep: .zero, detected: nil),
                                 Look(passes: .seconds(1), wallStep: .days(-1), detected: .days(-1))]),
        // Small steps add up against the last accepted offset, not the first.
        ("creeping", [Look(passes: .seconds(1), wallStep: .seconds(-1), detected: nil),
                      Look(passes: .seconds(1), wallStep: .seconds(-1), detected: nil),
                      Look(passes: .seconds(1), wallStep: .seconds(-1), detected: .seconds(-3))]),
    ] as [(String, [Look])])
    func detectsEachStepOnce(_ name: String, _ looks: [Look]) {
        let sources = Sources()
        let clock = sources.clock()
        for look in looks {
            sources.pass(look.passes)
            sources.stepWall(by: look.wallStep)
            #expect(clock.detectStep() == look.detected, "\(name): \(look.testDescription)")
        }
    }

    @Test func durationsIgnoreStepsAndLabelsFollowThem() {
        let sources = Sources()
        let clock = sources.clock()
        let start = clock.now()
        #expect(start == sources.wall.withLock { $0 })
        sources.pass(.seconds(10))
        sources.stepWall(by: .hours(-1))
        // Ten seconds passed on the steady clock, whatever the wall clock says.
        #expect(clock.now() - start == .seconds(10))
        #expect(clock.wallNow() == start + .seconds(10) - .hours(1))
        // Until the step is noticed, labels keep the old offset; then they follow the wall clock.
        #expect(clock.wall(at: start) == start)
        #expect(clock.detectStep() == .hours(-1))
        #expect(clock.offset == .hours(-1))
        #expect(clock.wall(at: clock.now()) == clock.wallNow())
        // A wall time (a quiet window's end) maps back to the steady time the wall clock reads it.
        let windowEnds = clock.wallNow() + .minutes(30)
        #expect(clock.steady(atWall: windowEnds) - clock.now() == .minutes(30))
    }

    /// A clock on one reading (tests, recorded time) never sees a step.
    @Test func oneReadingNeverSteps() {
        let now = Mutex(Timestamp(milliseconds: 1_000_000))
        let clock = ProcessClock(reading: { now.withLock { $0 } })
        now.withLock { $0 = $0 + .days(1) }
        #expect(clock.now() == Timestamp(milliseconds: 1_000_000) + .days(1))
        #expect(clock.detectStep() == nil)
        #expect(clock.offset == .zero)
    }

    @Test(arguments: [(TimeSpan.seconds(-3600), "-3600s"), (TimeSpan(milliseconds: 86_399_998), "+86400s"),
                      (TimeSpan(milliseconds: -59_700), "-60s")])
    func stepsAreLoggedInSignedSeconds(_ step: TimeSpan, _ text: String) {
        #expect(ClockWatch.text(step) == text)
    }
}

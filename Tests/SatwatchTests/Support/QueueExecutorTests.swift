@testable import SatwatchBase
import Testing

/// A `QueueExecutor` runs every job of an actor on it and of the tasks that prefer it, one at a time.
@Suite struct QueueExecutorTests {
    actor Journal {
        let executor: QueueExecutor
        var entries: [String] = []
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        init(executor: QueueExecutor) { self.executor = executor }

        func note(_ entry: String) { entries.append(entry) }
    }

    /// Tasks that prefer the queue and tasks on the pool call the actor side by side: every call
    /// is made, once.
    @Test func tasksOnTheQueueAndOffItTakeTurnsAtTheActor() async {
        let executor = QueueExecutor(label: "satwatch.test-queue")
        let journal = Journal(executor: executor)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                if index % 2 == 0 {
                    group.addTask(executorPreference: executor) { await journal.note("\(index)") }
                } else {
                    group.addTask { await journal.note("\(index)") }
                }
            }
        }
        let entries = await journal.entries
        #expect(entries.count == 200)
        #expect(Set(entries) == Set((0..<200).map { "\($0)" }))
    }
}

/// A first-in, first-out queue of jobs with O(1) appends and removals from the front.
struct JobQueue: Sendable {
    private var items: [(@Sendable () -> Void)?] = []
    private var head = 0

    var count: Int { items.count - head }

    mutating func append(_ job: @escaping @Sendable () -> Void) { items.append(job) }

    mutating func popFirst() -> (@Sendable () -> Void)? {
        guard head < items.count else { return nil }
        let job = items[head]
        items[head] = nil
        head += 1
        // Compacts once the taken part dominates, so the array does not grow forever.
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return job
    }
}

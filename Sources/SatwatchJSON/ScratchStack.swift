/// A stack of parsed children that hands out an array's worth at once, moving the elements
/// (no retain/release per element) into an array allocated once, at its exact size.
struct ScratchStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 32) {
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The elements from `mark` up, in place: valid until the next push or pop.
    func elements(from mark: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: storage + mark, count: count - mark)
    }

    /// Removes the elements from `mark` up, returning them as an array.
    mutating func popArray(from mark: Int) -> [Element] {
        // reserveCapacity + append is specialized here; `Array(unsafeUninitializedCapacity:)`
        // looked up the array's generic metadata in the runtime on every call (measured).
        var result: [Element] = []
        result.reserveCapacity(count - mark)
        for position in mark..<count {
            result.append((storage + position).move())
        }
        count = mark
        return result
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}

import CProcessTuning
import Glibc

/// What the process reserves of its address space, cut to what a worker uses, before any thread
/// starts. Untuned, glibc gives each thread that allocates an arena of its own (up to 8 per
/// core, 64 MiB of address space each) and each thread an 8 MiB stack: about 1.2 GB of virtual
/// size for a worker whose resident size is 30 MB, so an address-space limit (`ulimit -v 512M`,
/// systemd's `LimitAS=`) left it unable to start threads. Tuned, the worker stays well under
/// `AddressSpaceLimit.minimum`.
enum ProcessTuning {
    /// Malloc arenas: the main one and one more, as the systemd unit's `MALLOC_ARENA_MAX=2`.
    static let mallocArenas: Int32 = 2
    /// The stack of each thread the process starts (libdispatch's workers, which run the
    /// cooperative pool, curl transfers, SQLite and the endpoint server): parsers bound their
    /// nesting (256 levels), so no thread of ours needs more than a fraction of this.
    static let threadStackBytes = 2 << 20 as UInt64

    /// Applies both, unless the environment sets the arenas itself (`MALLOC_ARENA_MAX`, read by
    /// glibc as the process starts), or the stack limit (`ulimit -s`) is already smaller.
    static func apply() {
        if getenv("MALLOC_ARENA_MAX") == nil { _ = satwatch_limit_malloc_arenas(mallocArenas) }
        if let soft = ResourceLimit.read(ResourceLimit.stack)?.soft, soft < threadStackBytes { return }
        _ = satwatch_set_default_thread_stack(Int(threadStackBytes))
    }
}

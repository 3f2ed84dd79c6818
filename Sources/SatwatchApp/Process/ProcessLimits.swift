import Glibc
import SatwatchBase

/// Checks the process's descriptor and address-space limits against what the config needs
/// before the worker opens anything: a soft limit below the need is raised to the hard one; a
/// hard limit below it refuses the start with what to do, rather than a worker that starts and
/// then cannot accept, connect or open its state file (descriptors), or cannot start a thread
/// or allocate (address space, where the runtime's answer is a hang or a crash).
enum ProcessLimits {
    /// One limit to check: its resource, its name for people, and how to raise it.
    struct Kind: Sendable {
        var resource: Int32
        var name: String
        var advice: String
        /// Whether it counts bytes (said in MiB) rather than descriptors.
        var inBytes: Bool

        func format(_ value: UInt64) -> String { inBytes ? ProcessNeeds.mebibytes(value) : "\(value)" }
    }

    static let openFiles = Kind(resource: ResourceLimit.openFiles, name: "open-file limit",
                                advice: "raise it: ulimit -n, or LimitNOFILE= in the systemd unit", inBytes: false)
    static let addressSpace = Kind(resource: ResourceLimit.addressSpace, name: "address-space limit",
                                   advice: "raise it: ulimit -v, or LimitAS= in the systemd unit", inBytes: true)

    /// Raises what needs raising and logs it; the message to exit with when a hard limit is too low.
    static func ensure(_ needs: ProcessNeeds, logger: Logger) -> String? {
        for (kind, need) in [(openFiles, needs.openFiles), (addressSpace, needs.addressSpace)] {
            if let refusal = ensure(kind, need: need, logger: logger) { return refusal }
        }
        return nil
    }

    /// One limit: nil when it is (or was raised to) at least `need`.
    static func ensure(_ kind: Kind, need: UInt64, logger: Logger) -> String? {
        guard let limit = ResourceLimit.read(kind.resource), let soft = limit.soft, soft < need else { return nil }
        if let hard = limit.hard, hard < need {
            return "the \(kind.name) is \(kind.format(soft)) (hard limit \(kind.format(hard))), below the \(kind.format(need)) "
                + "this config needs; \(kind.advice)"
        }
        if let failed = ResourceLimit.raiseSoft(kind.resource, to: limit.hard, hard: limit.hard) {
            return "the \(kind.name) is \(kind.format(soft)), below the \(kind.format(need)) this config needs, and raising it "
                + "failed (\(String(cString: strerror(failed)))); \(kind.advice)"
        }
        logger.info("raised the \(kind.name)", ["from": kind.format(soft), "to": limit.hard.map(kind.format) ?? "unlimited",
                                                 "needs": kind.format(need)])
        return nil
    }
}

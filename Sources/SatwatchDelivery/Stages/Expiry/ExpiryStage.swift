import SatwatchBase
import SatwatchState

/// Gives up on entries that waited past the max age (`RetryPolicy.maxAge`, 24 h from when they
/// were queued or released from a hold): they end dead with the last error they met. The
/// dispatcher's maintenance does the same every minute for entries that are not due.
struct ExpiryStage: DeliveryStage, DeliveryStageKind {
    let policy: RetryPolicy

    static func make(_ context: StageContext<Never>) -> (any DeliveryStage)? {
        ExpiryStage(policy: RetryPolicy(maxAge: context.plan.maxAge))
    }

    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws {
        for entry in pass.entries where pass.isGoing(entry) && policy.isExpired(created: entry.ageStart, now: pass.now) {
            pass.keep(entry, as: .dead, reason: policy.expiryReason(lastError: entry.lastError))
        }
    }
}

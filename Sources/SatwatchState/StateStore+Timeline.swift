import SatwatchBase

extension StateStore {
    /// Moves the times the worker measures from (rule states, deliveries, their notifications,
    /// latest values) by `offset`: from a stopping worker's steady timeline onto the wall clock,
    /// which had stepped `offset` away from it. The next start's timeline begins at the wall
    /// time, so it reads them as the same instants: a pending delivery is neither a day older
    /// after a step forward nor an hour further from its next attempt after a step back.
    ///
    /// Silences are on the wall clock already; series minutes and daily closes are calendar
    /// slots, and `change` histories are keyed by their time (a shift could collide): untouched.
    package func moveTimeline(by offset: TimeSpan) throws {
        let shift = offset.milliseconds
        try connection.transaction {
            try connection.execute("""
                UPDATE rule_state SET active_since = active_since + \(shift), fired_at = fired_at + \(shift),
                    last_notified_at = last_notified_at + \(shift), last_observed_at = last_observed_at + \(shift),
                    updated_at = updated_at + \(shift);
                UPDATE outbox SET next_attempt_at = next_attempt_at + \(shift), created_at = created_at + \(shift),
                    updated_at = updated_at + \(shift), held_until = held_until + \(shift);
                UPDATE notification SET at = at + \(shift), starts_at = starts_at + \(shift), created_at = created_at + \(shift);
                UPDATE metric_latest SET at = at + \(shift);
                """)
        }
    }
}

import SatwatchBase

/// A feed's time for its data is the feed's claim, bounded by when the frame came: a sample
/// stamped in the future is taken at the receive time, and one older than the feed's
/// `stale_after` is history, not a current value. Pure: the caller passes the receive time.
///
/// Daily closes (Coin Metrics' rows, stamped at the start of their past day) are history by
/// design and pass as they are.
package struct SampleTimeBounds: Sendable, Equatable {
    /// How far ahead of the receive time a stamp may be before it counts as a false claim: 2
    /// minutes. An NTP-synced server and worker differ by milliseconds, a drifting VPS between
    /// syncs by seconds, and CoinGecko stamps whole seconds; 2 minutes is far above all of
    /// them, so the counter means a wrong clock or a lie. A stamp within it is still taken at
    /// the receive time (nothing is evaluated in the future), just not counted.
    package static let futureTolerance = TimeSpan.minutes(2)

    /// The feed's `stale_after`: a sample older than this when it arrives is stale.
    package var staleAfter: TimeSpan

    /// Bounds for a feed whose `stale_after` is `staleAfter`.
    package init(staleAfter: TimeSpan) { self.staleAfter = staleAfter }

    /// Whether `time` lies further ahead of `now` than ``futureTolerance``: a false claim, which
    /// a decoder must not remember as the newest time of a series (it would hold back every
    /// true one after it).
    package static func claimsFuture(_ time: Timestamp, receivedAt now: Timestamp) -> Bool {
        time > now + futureTolerance
    }

    /// `samples` received at `now`, each stamped no later than `now`, the stale ones left out;
    /// with how many were stamped beyond the tolerance and how many were stale.
    package func bound(_ samples: [Sample], receivedAt now: Timestamp) -> BoundedSamples {
        var bounded = BoundedSamples()
        bounded.samples.reserveCapacity(samples.count)
        for var sample in samples {
            guard !sample.isDailyClose else {
                bounded.samples.append(sample)
                continue
            }
            if sample.at > now {
                if Self.claimsFuture(sample.at, receivedAt: now) { bounded.future += 1 }
                sample.at = now
            } else if now - sample.at > staleAfter {
                bounded.stale += 1
                continue
            }
            bounded.samples.append(sample)
        }
        return bounded
    }
}

/// A frame's samples after ``SampleTimeBounds/bound(_:receivedAt:)``.
package struct BoundedSamples: Sendable, Equatable {
    /// The samples to evaluate, none stamped after the receive time.
    package var samples: [Sample] = []
    /// How many were stamped further ahead than the tolerance (and were taken at receive time).
    package var future = 0
    /// How many were older than `stale_after` (and were left out).
    package var stale = 0

    /// Bounded samples: none, unless given.
    package init(samples: [Sample] = [], future: Int = 0, stale: Int = 0) {
        self.samples = samples
        self.future = future
        self.stale = stale
    }

    /// Whether the frame carried live data and all of it was stale: it says nothing current
    /// (daily closes are history either way).
    package var isOnlyStale: Bool { stale > 0 && !samples.contains { !$0.isDailyClose } }
}

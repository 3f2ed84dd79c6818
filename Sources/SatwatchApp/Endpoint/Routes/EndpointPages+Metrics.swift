import SatwatchBase
import SatwatchRules

extension EndpointPages {
    /// The Prometheus exposition of everything the worker knows.
    func metrics(now: Timestamp) -> String {
        var page = PrometheusText()
        page.family("satwatch_build_info", "gauge", "Build information.")
        page.sample("satwatch_build_info", ["version": SatwatchVersion.current, "revision": SatwatchVersion.revision], 1)
        page.family("satwatch_start_time_seconds", "gauge", "When the worker started, in Unix seconds.")
        page.sample("satwatch_start_time_seconds", [:], boards.startedAt.seconds)

        let reload = boards.reloads.snapshot
        page.family("satwatch_config_last_reload_successful", "gauge", "1 when the last load of the config (start or SIGHUP) succeeded, 0 when it was refused.")
        page.sample("satwatch_config_last_reload_successful", [:], reload.successful ? 1 : 0)
        page.family("satwatch_config_last_reload_success_timestamp_seconds", "gauge", "When the config was last loaded successfully, in Unix seconds.")
        page.sample("satwatch_config_last_reload_success_timestamp_seconds", [:], reload.lastSuccess.seconds)

        page.family("satwatch_state_errors_total", "counter", "Failed operations on the state file (disk full, read-only, damaged, locked).")
        page.sample("satwatch_state_errors_total", [:], Double(boards.store.errorsTotal))
        page.family("satwatch_open_files_refused_total", "counter", "Descriptors refused for want of them (EMFILE, ENFILE): accepts, sockets, pipes, files.")
        page.sample("satwatch_open_files_refused_total", [:], Double(DescriptorShortage.process.refusalsTotal))

        page.family("satwatch_metric_value", "gauge", "Latest value of each metric, per publishing feed.")
        for sample in boards.metrics.snapshot {
            page.sample("satwatch_metric_value", ["metric": sample.metric, "source": sample.source], sample.value)
        }
        page.family("satwatch_metric_timestamp_seconds", "gauge", "When each metric was last observed, in Unix seconds.")
        for sample in boards.metrics.snapshot {
            page.sample("satwatch_metric_timestamp_seconds", ["metric": sample.metric, "source": sample.source], sample.at.seconds)
        }

        let feeds = boards.health.snapshot
        page.family("satwatch_feed_connected", "gauge", "1 while the feed's connection is up (Coin Metrics: last poll succeeded).")
        for feed in feeds { page.sample("satwatch_feed_connected", ["feed": feed.kind.rawValue], feed.connected ? 1 : 0) }
        page.family("satwatch_feed_last_frame_timestamp_seconds", "gauge",
                    "When the feed last sent anything, data within stale_after or a heartbeat, in Unix seconds (0: never).")
        for feed in feeds { page.sample("satwatch_feed_last_frame_timestamp_seconds", ["feed": feed.kind.rawValue], feed.lastFrameAt?.seconds ?? 0) }
        page.family("satwatch_feed_frames_total", "counter", "Frames received.")
        for feed in feeds { page.sample("satwatch_feed_frames_total", ["feed": feed.kind.rawValue], Double(feed.frames)) }
        page.family("satwatch_feed_reconnects_total", "counter", "Connections lost (or polls failed) since start.")
        for feed in feeds { page.sample("satwatch_feed_reconnects_total", ["feed": feed.kind.rawValue], Double(feed.reconnects)) }
        page.family("satwatch_feed_skipped_frames_total", "counter", "Frames that did not decode, by reason.")
        for feed in feeds {
            for (reason, count) in feed.skipped.sorted(by: { $0.key < $1.key }) {
                page.sample("satwatch_feed_skipped_frames_total", ["feed": feed.kind.rawValue, "reason": reason], Double(count))
            }
        }
        page.family("satwatch_feed_oversized_frames_total", "counter", "Messages refused for being over the feed's max_frame.")
        for feed in feeds { page.sample("satwatch_feed_oversized_frames_total", ["feed": feed.kind.rawValue], Double(feed.oversizedFrames)) }
        page.family("satwatch_feed_rejected_fields_total", "counter", "Unusable fields dropped from frames whose other fields were used.")
        for feed in feeds { page.sample("satwatch_feed_rejected_fields_total", ["feed": feed.kind.rawValue], Double(feed.rejectedFields)) }
        page.family("satwatch_feed_samples_future_total", "counter",
                    "Samples stamped more than 2 minutes after they were received, taken at their receive time.")
        for feed in feeds { page.sample("satwatch_feed_samples_future_total", ["feed": feed.kind.rawValue], Double(feed.futureSamples)) }
        page.family("satwatch_feed_samples_stale_total", "counter", "Samples older than the feed's stale_after when received, left out.")
        for feed in feeds { page.sample("satwatch_feed_samples_stale_total", ["feed": feed.kind.rawValue], Double(feed.staleSamples)) }

        page.family("satwatch_rule_state", "gauge", "1 for the state each rule is in.")
        for (rule, status) in boards.rules.snapshot {
            for state in AlertStatus.allCases {
                page.sample("satwatch_rule_state", ["rule": rule, "state": state.rawValue], state == status ? 1 : 0)
            }
        }

        let deliveries = boards.deliveries.snapshot.sorted { $0.key < $1.key }
        page.family("satwatch_notifications_sent_total", "counter", "Notifications delivered, per channel, since start.")
        for (channel, totals) in deliveries { page.sample("satwatch_notifications_sent_total", ["channel": channel], Double(totals.sent)) }
        page.family("satwatch_notifications_failed_total", "counter", "Failed delivery attempts, per channel, since start.")
        for (channel, totals) in deliveries { page.sample("satwatch_notifications_failed_total", ["channel": channel], Double(totals.failed)) }
        page.family("satwatch_notifications_dead_total", "counter", "Notifications given up on, per channel, since start.")
        for (channel, totals) in deliveries { page.sample("satwatch_notifications_dead_total", ["channel": channel], Double(totals.dead)) }
        page.family("satwatch_notifications_silenced_total", "counter", "Notifications a silence kept from a channel, since start.")
        for (channel, totals) in deliveries { page.sample("satwatch_notifications_silenced_total", ["channel": channel], Double(totals.silenced)) }
        page.family("satwatch_notifications_muted_total", "counter", "Notifications held in quiet hours and superseded before they ended, since start.")
        for (channel, totals) in deliveries { page.sample("satwatch_notifications_muted_total", ["channel": channel], Double(totals.muted)) }
        page.family("satwatch_notifications_kept_total", "counter",
                    "Notifications a delivery stage kept from a channel, per channel and reason (silenced, muted, …), since start.")
        for (channel, totals) in deliveries {
            for (reason, count) in totals.kept.sorted(by: { $0.key < $1.key }) {
                page.sample("satwatch_notifications_kept_total", ["channel": channel, "reason": reason], Double(count))
            }
        }
        let outbox = store.lastCounts
        page.family("satwatch_outbox_pending", "gauge", "Deliveries waiting in the outbox, per channel.")
        for (channel, counts) in outbox { page.sample("satwatch_outbox_pending", ["channel": channel], Double(counts.pending)) }
        page.family("satwatch_outbox_dead", "gauge", "Dead deliveries kept in the state file, per channel.")
        for (channel, counts) in outbox { page.sample("satwatch_outbox_dead", ["channel": channel], Double(counts.dead)) }
        return page.text
    }
}

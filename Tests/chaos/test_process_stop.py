"""Chaos rows for a worker stopped in the middle of a delivery (SIGSTOP, as a debugger, a frozen
container or an overloaded host does): a stop is not a timeout, so an answer that arrived while
the worker was stopped (a webhook's 200, a mail server's 250) is read when it resumes and the
notification is not sent again; a receiver that really never answers still times out on time."""
import json
import signal
import time

from conftest import e2e_support, metrics, wait_for

Sentinel = e2e_support.Sentinel

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}


def setup(feed, receiver, workers, script, timeout):
    sentinel = Sentinel(feed, receiver)
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "60s"}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts", script=script), "timeout": timeout}},
        "defaults": {"channels": ["hook"]},
    }
    worker = workers(config, {"rules.json": [RULE, sentinel.rule]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
    return worker, sentinel


def fees_requests(receiver):
    return [r for r, body in zip(receiver.requests("/alerts"), receiver.bodies("/alerts")) if not Sentinel.ours(body)]


def stop_for(worker, seconds):
    """SIGSTOP, `seconds`, SIGCONT: the fault itself (a stop past the timeout), not a wait for
    something to happen. Returns how long the worker was stopped."""
    worker.signal(signal.SIGSTOP)
    stopped = time.monotonic()
    try:
        time.sleep(seconds)
    finally:
        worker.signal(signal.SIGCONT)
    return time.monotonic() - stopped


def test_an_answer_that_came_during_a_stop_is_not_sent_again(feed, receiver, workers, chaos):
    # The receiver answers 200 two seconds after the request: the worker is stopped before then
    # and stays stopped twice as long as the channel's timeout.
    worker, sentinel = setup(feed, receiver, workers, script=[{"status": 200, "delay": 2}], timeout="5s")
    feed.fees(12)
    wait_for(lambda: fees_requests(receiver), interval=0.01, what="the request at the receiver")
    held = stop_for(worker, 10)
    # The channel goes out in order: once the sentinel's notification is here, a resend of the
    # first one (a retry after a timeout) would have come before it.
    sentinel.flip()
    hook = (("channel", "hook"),)
    wait_for(lambda: metrics(worker).get(("satwatch_outbox_pending", hook)) == 0, what="the outbox emptied")
    ids = [body["notificationId"] for body in receiver.bodies("/alerts") if not Sentinel.ours(body)]
    values = metrics(worker)
    failed = values.get(("satwatch_notifications_failed_total", hook), 0)
    sent = values.get(("satwatch_notifications_sent_total", hook), 0)
    timed_out = "timed out" in worker.log_text()
    chaos.row("SIGSTOP for 10 s while a receiver answered 200 (timeout 5s)",
              "the answer is read on resume: one delivery, outcome sent, no timeout",
              f"stopped {held:.1f} s; {len(ids)} deliveries of the id; {sent:g} sent, {failed:g} failed; "
              f"timeout logged: {timed_out}",
              len(ids) == 1 and failed == 0 and not timed_out)


def test_a_receiver_that_never_answers_still_times_out_on_time(feed, receiver, workers, chaos):
    # The first request is answered after 60 s, the retry at once: the retry's arrival tells
    # when the first attempt gave up (its 3 s timeout, then the first retry's 2 s ± 20 %).
    worker, _ = setup(feed, receiver, workers, script=[{"status": 200, "delay": 60}], timeout="3s")
    feed.fees(12)
    wait_for(lambda: len(fees_requests(receiver)) >= 2, timeout=40, what="the retry after the timeout")
    first, second = fees_requests(receiver)[:2]
    gap = second["received_at"] - first["received_at"]
    logged = worker.wait_log(r"delivery failed, will retry.*timed out")
    chaos.row("receiver holds the request 60 s (timeout 3s)",
              "the attempt times out after 3 s (counted while the worker runs) and is retried",
              f"retry {gap:.1f} s after the first request; log: {logged.group(0)[:60]!r}",
              3 <= gap < 20)


def mail_setup(feed, mailbox, workers, reply, timeout):
    """A worker mailing `fees-high` (its subject asking the server for `reply`: "slow reply" or
    "no reply") and a sentinel rule on btc.chf to the mail server."""
    rules = [{"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["mail"],
              "message": f"{reply} at {{{{value}}}}"},
             {"name": "sentinel", "metric": "btc.chf", "above": 100, "channels": ["mail"]}]
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "60s"}},
        "channels": {"mail": {"type": "smtp", "url": f"smtp://127.0.0.1:{mailbox.port}", "tls": "none",
                              "from": "satwatch <alerts@example.com>", "to": ["me@example.com"], "timeout": timeout}},
        "defaults": {"channels": ["mail"]},
    }
    worker = workers(config, {"rules.json": rules}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
    return worker


def mails(mailbox, rule):
    return [path for path in sorted(mailbox.out.glob("*.json"), key=lambda p: int(p.stem))
            if rule in dict(json.loads(path.read_text())["headers"])["Subject"]]


def test_a_mail_accepted_during_a_stop_is_not_sent_again(feed, mailbox, workers, chaos):
    # The mail server records the message at once and says 250 two seconds later: the worker
    # is stopped before then, for twice the channel's timeout. (curl waited for this reply
    # before checking its own timeout, so this one was not sent twice before either: kept as
    # a guard now that the timeout is ours.)
    worker = mail_setup(feed, mailbox, workers, "slow reply", "5s")
    subjects = lambda rule: mails(mailbox, rule)
    feed.fees(12)
    wait_for(lambda: subjects("fees-high"), interval=0.01, what="the message at the mail server")
    held = stop_for(worker, 10)
    # The channel goes out in order: a resend of the first message would come before this one.
    feed.push({"conversions": {"time": int(time.time()), "CHF": 200}})
    wait_for(lambda: subjects("sentinel"), what="the sentinel's mail")
    mail = (("channel", "mail"),)
    wait_for(lambda: metrics(worker).get(("satwatch_outbox_pending", mail)) == 0, what="the outbox emptied")
    failed = metrics(worker).get(("satwatch_notifications_failed_total", mail), 0)
    sent = subjects("fees-high")
    chaos.row("SIGSTOP for 10 s while a mail server said 250 (timeout 5s)",
              "the reply is read on resume: one message, outcome sent, no timeout",
              f"stopped {held:.1f} s; {len(sent)} messages; {failed:g} failed",
              len(sent) == 1 and failed == 0 and "timed out" not in worker.log_text())


def test_a_mail_server_that_never_replies_still_times_out_on_time(feed, mailbox, workers, chaos):
    # The server records each message and hangs 60 s before its 250: the retry's message tells
    # when the first attempt gave up (its 3 s timeout, then the first retry's 2 s ± 20 %).
    worker = mail_setup(feed, mailbox, workers, "no reply", "3s")
    feed.fees(12)
    wait_for(lambda: len(mails(mailbox, "fees-high")) >= 2, timeout=40, what="the retry after the timeout")
    first, second = mails(mailbox, "fees-high")[:2]
    gap = second.stat().st_mtime - first.stat().st_mtime
    logged = worker.wait_log(r"delivery failed, will retry.*timed out")
    chaos.row("mail server hangs 60 s before its 250 (timeout 3s)",
              "the attempt times out after 3 s (counted while the worker runs) and is retried",
              f"retry {gap:.1f} s after the first message; log: {logged.group(0)[:60]!r}",
              3 <= gap < 20)

"""The page and the API through the real binary, with real HTTP clients: what a user sees at /,
the JSON API (reads for anyone, writes only with the bearer token), a notification's signed
silence link followed end to end, and hostile rule names, labels and descriptions escaped."""
import json
import re
import urllib.error
import urllib.parse
import urllib.request

from conftest import Peer, wait_for

TOKEN = "s3cret-token-0123456789"
HOSTILE = '<script>alert("x")</script>'


def request(worker, path, method="GET", body=None, headers=None):
    """(status, headers, text) of one request to the worker's endpoint."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    req = urllib.request.Request(f"http://127.0.0.1:{worker.http_port}{path}", data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def start(feed, receiver, workers, http_extra=None):
    """A worker on the page's rules, fired once; `http_extra` (a dict, or a function of the
    worker giving one) is merged into its `http` settings."""
    rules = [
        {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"],
         "labels": {"team": "ops"}, "description": "fees are high"},
        {"name": "fees-low", "metric": "fee.fastest", "below": 2, "channels": ["hook"]},
        {"name": f"x{HOSTILE}", "metric": "fee.economy", "above": 1000, "channels": ["hook"],
         "labels": {"note": HOSTILE}, "description": f"desc {HOSTILE} & 'quotes'"},
    ]
    worker = workers({"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
                      "channels": {"hook": {"type": "webhook", "url": receiver.url("/hook")}},
                      "defaults": {"channels": ["hook"]}}, {"page.json": rules})
    worker_config = json.loads(worker.config_path.read_text())
    worker_config["http"].update((http_extra(worker) if callable(http_extra) else http_extra) or {})
    worker.config_path.write_text(json.dumps(worker_config))
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(25)
    wait_for(lambda: len(receiver.requests("/hook")) == 1, timeout=20, what="the firing")
    return worker


def test_the_page_shows_feeds_rules_charts_and_notifications_escaped(feed, receiver, workers):
    worker = start(feed, receiver, workers, {"token": TOKEN})
    status, headers, html = request(worker, "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert "1 firing" in html and "fees-high" in html and "fees are high" in html
    assert "mempool" in html and "fresh" in html
    assert html.count("<svg") >= 2, "a chart per rule with data"
    assert "above 10" in html
    # Nothing a user wrote comes out as markup.
    assert HOSTILE not in html and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert "&#39;quotes&#39;" in html
    # The add form is there (a token is set).
    assert 'action="silences"' in html
    assert worker.stop() == 0


def test_the_api_reads_for_anyone_and_writes_with_the_token(feed, receiver, workers):
    worker = start(feed, receiver, workers, {"token": TOKEN})
    status, _, text = request(worker, "/api/v1/alerts")
    assert status == 200
    assert [(a["rule"], a["state"], a["value"]) for a in json.loads(text)] == [("fees-high", "firing", 25)]
    rules = {r["rule"]: r for r in json.loads(request(worker, "/api/v1/rules")[2])}
    assert rules["fees-high"]["levels"] == [10] and rules["fees-high"]["labels"] == {"team": "ops"}
    assert rules[f"x{HOSTILE}"]["state"] == "inactive"
    history = json.loads(request(worker, "/api/v1/history?since=1h")[2])
    assert [h["rule"] for h in history] == ["fees-high"] and history[0]["deliveries"][0]["outcome"] == "sent"
    series = json.loads(request(worker, "/api/v1/series?metric=fee.fastest")[2])
    assert series["points"] and series["points"][-1]["value"] == 25
    assert request(worker, "/api/v1/series")[0] == 400

    body = {"rule": "fees-*", "for": "2h", "comment": "maintenance"}
    assert request(worker, "/api/v1/silences", "POST", body, {"Content-Type": "application/json"})[0] == 401
    wrong = {"Content-Type": "application/json", "Authorization": "Bearer nope"}
    assert request(worker, "/api/v1/silences", "POST", body, wrong)[0] == 401
    auth = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    status, _, text = request(worker, "/api/v1/silences", "POST", body, auth)
    assert status == 201, text
    silence = json.loads(text)
    assert silence["matchers"] == [{"rule": "fees-*"}] and silence["comment"] == "maintenance"
    assert [s["id"] for s in json.loads(request(worker, "/api/v1/silences")[2])] == [silence["id"]]
    status, _, text = request(worker, "/api/v1/silences", "POST", {"for": "1h"}, auth)
    assert status == 422 and "say what to silence" in json.loads(text)["error"]
    assert request(worker, "/api/v1/silences", "POST", b"{not json", auth)[0] == 400
    assert request(worker, f"/api/v1/silences/{silence['id']}", "DELETE")[0] == 401
    assert request(worker, f"/api/v1/silences/{silence['id']}", "DELETE", headers=auth)[0] == 204
    assert json.loads(request(worker, "/api/v1/silences")[2]) == []
    assert request(worker, "/api/v1/silences/ffffffff", "DELETE", headers=auth)[0] == 404
    assert request(worker, "/api/v1/rules", "POST", body, auth)[0] == 405
    assert worker.stop() == 0


def test_the_silences_api_refuses_what_is_not_text_and_keys_it_does_not_know(feed, receiver, workers):
    worker = start(feed, receiver, workers, {"token": TOKEN})
    auth = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    refused = [
        (b'{"rule": "fees-high", "for": "1h", "comment": "\xff\xfe"}', "invalid JSON: 1:48: invalid UTF-8"),
        (b'{"rule": "fees-high", "for": "1h", "comment": "a\\ud800"}', "invalid JSON: 1:49: unpaired surrogate in \\u escape"),
        (b'{"rule": "fees-high", "for": "1h", "author": "\\udc00\\ud800"}', "invalid JSON: 1:47: unpaired surrogate in \\u escape"),
        (b'{"rule": "fees-high", "for": "1h", "comments": "typo"}', 'unknown key "comments" (did you mean "comment"?)'),
        (b'{"rule": "fees-high", "for": "1h", "silence": true}',
         'unknown key "silence" (expected: rule, match, for, until, comment, author)'),
    ]
    for body, error in refused:
        status, _, text = request(worker, "/api/v1/silences", "POST", body, auth)
        assert (status, json.loads(text)["error"]) == (400, error), body
    # A pair that is whole is a character, kept as sent; and nothing refused was stored.
    status, _, text = request(worker, "/api/v1/silences", "POST",
                              b'{"rule": "fees-high", "for": "1h", "comment": "ok \\ud83d\\ude00 \xc3\xa9"}', auth)
    assert status == 201 and json.loads(text)["comment"] == "ok \U0001F600 \u00e9", text
    assert [s["comment"] for s in json.loads(request(worker, "/api/v1/silences")[2])] == ["ok \U0001F600 \u00e9"]
    assert worker.stop() == 0


def test_the_silences_api_takes_metric_refuses_what_matches_nothing_and_names_its_own_fields(feed, receiver, workers):
    worker = start(feed, receiver, workers, {"token": TOKEN})
    auth = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    status, _, text = request(worker, "/api/v1/silences", "POST", {"match": {"metric": "fee.fastest"}, "for": "1h"}, auth)
    assert status == 201 and json.loads(text)["matchers"] == [{"label": "metric", "value": "fee.fastest"}], text
    status, _, text = request(worker, "/api/v1/silences", "POST", {"rule": ["cheap-*", "fee-*"], "for": "1h"}, auth)
    assert status == 422 and json.loads(text)["error"].startswith(
        'no rule name matches both "cheap-*" and "fee-*": a silence needs every matcher to match'), text
    for body, error in [({"rule": "fees-high", "for": "soon"}, 'invalid duration "soon" for "for"'),
                        ({"rule": "fees-high", "until": "2001-01-01T00:00:00Z"}, '"until" 2001-01-01T00:00:00Z is not in the future'),
                        ({"for": "1h"}, 'say what to silence: "rule" or "match"')]:
        status, _, text = request(worker, "/api/v1/silences", "POST", body, auth)
        assert status == 422 and json.loads(text)["error"].startswith(error) and "--" not in text, text
    # Matchers as silence add takes them: negated and regular expressions, the reason for a bad one.
    status, _, text = request(worker, "/api/v1/silences", "POST", {"match": ["severity!=page", "team=~ops|dev"], "for": "1h"}, auth)
    assert status == 201 and json.loads(text)["matchers"] == [{"label": "severity", "value": "page", "op": "!="},
                                                              {"label": "team", "value": "ops|dev", "op": "=~"}], text
    request(worker, f"/api/v1/silences/{json.loads(text)['id']}", "DELETE", headers=auth)
    status, _, text = request(worker, "/api/v1/silences", "POST", {"match": ["team=~(ops"], "for": "1h"}, auth)
    assert status == 422 and json.loads(text)["error"] == '"match": invalid regular expression "(ops": unclosed group: missing )', text
    # Neither "for" nor "until": one hour, as amtool's default.
    status, _, text = request(worker, "/api/v1/silences", "POST", {"rule": "fees-low"}, auth)
    assert status == 201, text
    assert [s["matchers"] for s in json.loads(request(worker, "/api/v1/silences")[2])] == [
        [{"label": "metric", "value": "fee.fastest"}], [{"rule": "fees-low"}]]
    assert worker.stop() == 0


def test_without_a_token_the_api_and_the_page_are_read_only(feed, receiver, workers):
    worker = start(feed, receiver, workers)
    auth = {"Content-Type": "application/json", "Authorization": "Bearer anything-at-all-12345"}
    status, _, text = request(worker, "/api/v1/silences", "POST", {"rule": "x", "for": "1h"}, auth)
    assert status == 403 and "read-only" in text
    html = request(worker, "/")[2]
    assert 'action="silences"' not in html and "Read-only" in html
    form = urllib.parse.urlencode({"rule": "x", "for": "1h", "token": "anything"}).encode()
    assert request(worker, "/silences", "POST", form, {"Content-Type": "application/x-www-form-urlencoded"})[0] == 403
    assert worker.stop() == 0


def test_the_page_form_adds_and_expires_a_silence(feed, receiver, workers):
    worker = start(feed, receiver, workers, {"token": TOKEN})
    opener = urllib.request.build_opener(NoRedirect)
    form = urllib.parse.urlencode({"rule": "fees-high", "for": "30m", "comment": "looking", "token": TOKEN}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{worker.http_port}/silences", data=form, method="POST")
    try:
        opener.open(req, timeout=10)
        raise AssertionError("expected a redirect")
    except urllib.error.HTTPError as error:
        assert error.code == 303 and error.headers["Location"] == "./#silences"
    silences = json.loads(request(worker, "/api/v1/silences")[2])
    assert [(s["matchers"], s["comment"]) for s in silences] == [([{"rule": "fees-high"}], "looking")]
    html = request(worker, "/")[2]
    assert silences[0]["id"] in html and 'action="silences/expire"' in html
    expire = urllib.parse.urlencode({"id": silences[0]["id"], "token": TOKEN}).encode()
    assert request(worker, "/silences/expire", "POST", expire)[0] in (200, 303)
    assert json.loads(request(worker, "/api/v1/silences")[2]) == []
    assert worker.stop() == 0


def test_a_notifications_silence_link_silences_its_rule_after_one_click(feed, receiver, workers):
    worker = start(feed, receiver, workers, {"token": TOKEN, "external_url": f"http://127.0.0.1:{0}"})
    body = receiver.bodies("/hook")[0]
    # The payload links the page as Alertmanager's does its own.
    assert body["externalURL"] == "http://127.0.0.1:0" and body["alerts"][0]["generatorURL"] == "http://127.0.0.1:0/"
    alert = body["alerts"][0]
    link = alert["annotations"]["silence_url"]
    match = re.fullmatch(r"http://127\.0\.0\.1:0/silence\?(rule=fees-high&for=1h&exp=\d+&sig=[A-Za-z0-9_-]{43})", link)
    assert match, link
    query = match.group(1)
    # Following it (or a chat service previewing it) only asks.
    status, _, html = request(worker, f"/silence?{query}")
    assert status == 200 and "Silence fees-high for 1h?" in html
    assert json.loads(request(worker, "/api/v1/silences")[2]) == []
    form = urllib.parse.urlencode({"link": query}).encode()
    status, _, html = request(worker, "/silence", "POST", form)
    assert status == 200 and "Silenced fees-high until" in html
    silences = json.loads(request(worker, "/api/v1/silences")[2])
    assert [(s["matchers"], s["author"]) for s in silences] == [([{"rule": "fees-high"}], "link")]
    # Followed again (a double click, a second person in the channel): the same silence.
    status, _, again = request(worker, "/silence", "POST", form)
    assert status == 200 and "This link was used already: fees-high is silenced until" in again, again
    assert silences[0]["id"] in again and silences[0]["ends_at"] in again, again
    assert json.loads(request(worker, "/api/v1/silences")[2]) == silences
    # Once that silence is expired, the link still does not make another.
    auth = {"Authorization": f"Bearer {TOKEN}"}
    assert request(worker, f"/api/v1/silences/{silences[0]['id']}", "DELETE", headers=auth)[0] == 204
    status, _, again = request(worker, "/silence", "POST", form)
    assert status == 200 and f"This link was used already: its silence {silences[0]['id']} of fees-high ended at" in again, again
    assert json.loads(request(worker, "/api/v1/silences")[2]) == []
    # A changed link is refused.
    tampered = query.replace("for=1h", "for=9h")
    assert request(worker, f"/silence?{tampered}")[0] == 403
    assert request(worker, "/silence", "POST", urllib.parse.urlencode({"link": tampered}).encode())[0] == 403
    assert worker.stop() == 0


def browse(url, form=None):
    """(status, Location, text) of what a browser gets at `url` (posting `form`), redirects not followed."""
    data = None if form is None else urllib.parse.urlencode(form).encode()
    try:
        with urllib.request.build_opener(NoRedirect).open(urllib.request.Request(url, data=data), timeout=10) as response:
            return response.status, response.headers.get("Location"), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location"), error.read().decode()


def form_target(url, html, action_pattern):
    """Where a browser on `url` sends the form whose action matches `action_pattern`."""
    action = re.search(rf'<form method="post" action="({action_pattern})"', html)
    assert action, html
    return urllib.parse.urljoin(url, action.group(1))


def test_behind_a_proxy_under_a_path_the_link_and_the_forms_stay_under_it(feed, receiver, workers):
    """`external_url` with a path, as a reverse proxy serving the endpoint under `/sw/` gives:
    the link's button, the page's forms, their redirects and links all stay under `/sw/` (the
    proxy answers 404 outside it)."""
    proxies = []

    def behind_proxy(worker):
        proxies.append(Peer("prefix_proxy.py", "/sw", worker.http_port))
        return {"token": TOKEN, "external_url": f"http://127.0.0.1:{proxies[0].ports[0]}/sw"}

    try:
        worker = start(feed, receiver, workers, behind_proxy)
        base = f"http://127.0.0.1:{proxies[0].ports[0]}/sw/"
        link = receiver.bodies("/hook")[0]["alerts"][0]["annotations"]["silence_url"]
        assert link.startswith(base + "silence?rule=fees-high&"), link
        status, _, html = browse(link)
        assert status == 200 and "Silence fees-high for 1h?" in html
        assert urllib.parse.urljoin(link, re.search(r'<a href="([^"]*)">Open the page', html).group(1)) == base
        query = re.search(r'name="link" value="([^"]*)"', html).group(1).replace("&amp;", "&")
        status, _, done = browse(form_target(link, html, "[^\"]*silence"), {"link": query})
        assert status == 200 and "Silenced fees-high until" in done, done
        assert urllib.parse.urljoin(link, re.search(r'<a href="([^"]*)">Back', done).group(1)) == base + "#silences"
        assert [s["author"] for s in json.loads(request(worker, "/api/v1/silences")[2])] == ["link"]
        # The page's form adds a silence and comes back to the page, under the path.
        status, _, page = browse(base)
        assert status == 200 and "fees-high" in page
        added = form_target(base, page, "[^\"]*silences")
        status, location, _ = browse(added, {"rule": "fees-low", "for": "30m", "comment": "proxied", "token": TOKEN})
        assert status == 303 and urllib.parse.urljoin(added, location) == base + "#silences", location
        silences = json.loads(request(worker, "/api/v1/silences")[2])
        assert sorted(s["comment"] for s in silences) == ["from a notification's link", "proxied"]
        # Its expire form ends one, and a refusal's Back link leads to the page too.
        status, _, page = browse(base)
        expire = form_target(base, page, "[^\"]*silences/expire")
        proxied = next(s["id"] for s in silences if s["comment"] == "proxied")
        status, location, _ = browse(expire, {"id": proxied, "token": TOKEN})
        assert status == 303 and urllib.parse.urljoin(expire, location) == base + "#silences", location
        assert [s["comment"] for s in json.loads(request(worker, "/api/v1/silences")[2])] == ["from a notification's link"]
        status, _, refused = browse(expire, {"id": proxied, "token": TOKEN})
        assert status == 404 and urllib.parse.urljoin(expire, re.search(r'<a href="([^"]*)">Back', refused).group(1)) == base + "#silences"
        assert browse(base + "#silences")[0] == 200
        assert worker.stop() == 0
    finally:
        for proxy in proxies:
            proxy.stop()


def test_a_chat_notification_carries_its_chart_and_silence_link(feed, receiver, workers):
    """Through the real binary: a Discord-type post with the PNG attached and the link in its text."""
    rules = [{"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["chat"]}]
    worker = workers({"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
                      "channels": {"chat": {"type": "discord", "url": receiver.url("/discord"), "chart": True}},
                      "defaults": {"channels": ["chat"]}}, {"page.json": rules})
    worker_config = json.loads(worker.config_path.read_text())
    worker_config["http"].update({"token": TOKEN, "external_url": "http://127.0.0.1:9464"})
    worker.config_path.write_text(json.dumps(worker_config))
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(25)
    wait_for(lambda: len(receiver.requests("/discord")) == 1, timeout=20, what="the post")
    record = receiver.requests("/discord")[0]
    content_type = dict((k.lower(), v) for k, v in record["headers"])["content-type"]
    assert content_type.startswith("multipart/form-data; boundary=")
    import base64
    import email.parser
    import email.policy
    raw = b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + base64.b64decode(record["body_b64"])
    message = email.parser.BytesParser(policy=email.policy.default).parsebytes(raw)
    parts = {part.get_param("name", header="content-disposition"): part for part in message.iter_parts()}
    payload = json.loads(parts["payload_json"].get_content())
    assert "[FIRING] fees-high" in payload["content"]
    assert re.search(r"Silence 1h: http://127\.0\.0\.1:9464/silence\?rule=fees-high&for=1h&exp=\d+&sig=", payload["content"])
    png = parts["files[0]"].get_payload(decode=True)
    from test_page_browser import png_size_and_colours
    assert png_size_and_colours(png)[:2] == (600, 300)
    assert worker.stop() == 0


def test_the_charts_survive_a_restart(feed, receiver, workers):
    """The series are saved with the state: a restarted worker's page and API show the minutes
    seen before it stopped, before any new frame arrives."""
    worker = start(feed, receiver, workers)
    before = json.loads(request(worker, "/api/v1/series?metric=fee.fastest")[2])["points"]
    assert before and before[-1]["value"] == 25
    assert worker.stop() == 0
    worker.start()
    wait_for(lambda: worker.get("/healthz")[0] in (200, 503), what="the endpoint")
    after = json.loads(request(worker, "/api/v1/series?metric=fee.fastest")[2])["points"]
    assert after == before
    assert worker.stop() == 0

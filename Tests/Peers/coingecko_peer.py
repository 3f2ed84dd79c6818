#!/usr/bin/env python3
"""A local CoinGecko API for satwatch's tests: GET .../api/v3/simple/price?ids=…&vs_currencies=…
answers like CoinGecko from the answer in --page (one JSON object by CoinGecko id): only the
asked ids (unknown ones left out) and, in each, only the asked currencies, plus
`last_updated_at` when asked with `include_last_updated_at=true`. With --live, each answer's
`last_updated_at` is the time of the request (the page's otherwise). With --script FILE (a JSON
list of pages), the n-th answer of 200 is built from the n-th page (the last one once the list
is used up), each coin's `last_updated_at` being the request's time plus its `updated_in` (seconds,
negative for the past): `[{"bitcoin": {"usd": 102000, "updated_in": 315360000}}, …]`.

The first --throttle requests get CoinGecko's 429 (`Retry-After: 1` and its `status` body), the
next --fail ones a 500. Every request is appended to --record as a JSON line
{"path", "query", "status", "key", "time"} (`key`: the `x-cg-demo-api-key` header or null).
Prints `READY <port>`."""
import argparse
import json
import signal
import time
from polled_peer import QuietHandler, serve
from urllib.parse import parse_qs, urlsplit

RATE_LIMITED = {"status": {"error_code": 429, "error_message": "You've exceeded the Rate Limit. Please visit "
                           "https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."}}


def answer(page, query, live):
    """The /simple/price answer for the query, as CoinGecko shapes it."""
    ids = [i for i in query.get("ids", [""])[0].split(",") if i]
    currencies = [c for c in query.get("vs_currencies", [""])[0].split(",") if c]
    with_time = query.get("include_last_updated_at", ["false"])[0] == "true"
    body = {}
    for coin in ids:
        if coin not in page:
            continue
        entry = {currency: page[coin][currency] for currency in currencies if currency in page[coin]}
        if with_time:
            if "updated_in" in page[coin]:
                entry["last_updated_at"] = int(time.time()) + page[coin]["updated_in"]
            else:
                entry["last_updated_at"] = int(time.time()) if live else page[coin]["last_updated_at"]
        body[coin] = entry
    return body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page")
    parser.add_argument("--script")
    parser.add_argument("--record", required=True)
    parser.add_argument("--throttle", type=int, default=0)
    parser.add_argument("--fail", type=int, default=0)
    parser.add_argument("--live", action="store_true")
    args = parser.parse_args()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    pages = json.loads(open(args.script).read()) if args.script else [json.loads(open(args.page).read())]
    state = {"seen": 0, "answered": 0}

    class Handler(QuietHandler):
        def do_GET(self):
            split = urlsplit(self.path)
            state["seen"] += 1
            seen = state["seen"]
            headers = {}
            if seen <= args.throttle:
                status, body = 429, RATE_LIMITED
                headers["Retry-After"] = "1"
            elif seen <= args.throttle + args.fail:
                status, body = 500, {"error": "internal server error"}
            elif split.path.endswith("/api/v3/simple/price"):
                page = pages[min(state["answered"], len(pages) - 1)]
                state["answered"] += 1
                status, body = 200, answer(page, parse_qs(split.query), args.live)
            else:
                status, body = 404, {"error": "Not Found"}
            with open(args.record, "a") as out:
                out.write(json.dumps({"path": split.path, "query": split.query, "status": status,
                                      "key": self.headers.get("x-cg-demo-api-key"), "time": time.time()}) + "\n")
            data = json.dumps(body, separators=(",", ":")).encode()
            self.answer(status, data, headers)

    serve(Handler)


if __name__ == "__main__":
    main()

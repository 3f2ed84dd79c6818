#!/usr/bin/env python3
"""Writes libFuzzer seeds from the recorded fixtures (Tests/Fixtures/feeds): one file per distinct
frame, prefixed with the harness's selector byte for its target (see FuzzHarness.targets), plus
WebSocket frame streams, and the shipped and test-fixture config and rule files (valid and
broken). Usage: seed.py OUT"""
import hashlib
import json
import os
import struct
import sys
from pathlib import Path

OUT = Path(sys.argv[1])
ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "Tests/Fixtures/feeds"
sys.path.insert(0, str(ROOT / "Tests/Peers"))
from ws_peer import Peer as WebSocketPeer  # noqa: E402  (one server-frame encoder for tests and seeds)

frame = WebSocketPeer.frame
JSON, MEMPOOL, COINBASE, KRAKEN, COINMETRICS, WEBSOCKET, CONFIG, RULES, EXPRESSION, COINGECKO, MEMPOOL_BLOCK_SIGNAL = range(11)
BINANCE = 11
HTTP_REQUEST, SILENCE_LINK = 12, 13
DERIBIT, BINANCE_FUTURES, NEWS, NEWS_DOCUMENT = 14, 15, 16, 17
MEMPOOL_WATCH, BITCOIN_ADDRESS = 18, 19
LABEL_REGEX = 20
seen = set()


def write(selector, payload):
    data = bytes([selector]) + payload
    digest = hashlib.sha1(data).hexdigest()
    if digest in seen:
        return
    seen.add(digest)
    (OUT / digest).write_bytes(data)


OUT.mkdir(parents=True, exist_ok=True)
feeds = {"mempool-ws-fees.jsonl": MEMPOOL, "mempool-ws-control.jsonl": MEMPOOL,
         "coinbase-ticker.jsonl": COINBASE, "kraken-ticker.jsonl": KRAKEN, "binance-trades.jsonl": BINANCE,
         "deribit-ws.jsonl": DERIBIT, "deribit-ws-errors.jsonl": DERIBIT, "binance-futures-markprice.jsonl": BINANCE_FUTURES}
for name, selector in feeds.items():
    lines = (FIXTURES / name).read_bytes().splitlines()
    for line in lines[:200]:
        write(selector, line)
        write(JSON, line)
    # A server's byte stream: text frames, a fragmented one, a ping and a close.
    stream = b"".join(frame(1, line) for line in lines[:3])
    stream += frame(1, b"frag", fin=False) + frame(9, b"hi") + frame(0, b"ment")
    stream += frame(8, struct.pack(">H", 1000) + b"bye")
    write(WEBSOCKET, bytes([7]) + stream)
write(MEMPOOL, (FIXTURES / "mempool-ws-init.json").read_bytes())
# mempool's REST hash rate answer goes through the mempool decoder too.
write(MEMPOOL, (FIXTURES / "mempool-rest-hashrate-3d.json").read_bytes())
# Which mempool frames announce a block, told from the raw text: a tip, none, the block push.
mempool_frames = (FIXTURES / "mempool-ws-fees.jsonl").read_bytes().splitlines()
for line in [mempool_frames[0], mempool_frames[1], mempool_frames[94], b'{"block"\n :', b'"blocks"']:
    write(MEMPOOL_BLOCK_SIGNAL, line)
write(COINMETRICS, (FIXTURES / "coinmetrics-mvrv.json").read_bytes())
# Binance's raw single-stream form (the fixture holds the combined one) and its request answers.
for text in ['{"e":"trade","E":1765375320622,"s":"BTCUSDT","t":5642187302,"p":"92272.32000000","q":"0.001","T":1765375320622,"m":true,"M":true}',
             '{"result":null,"id":1}', '{"code":2,"msg":"Invalid request","id":1}']:
    write(BINANCE, text.encode())
checks = ROOT / "Tests/SatwatchTests/Fixtures/check"
configs = [ROOT / "deploy/satwatch.json", ROOT / "deploy/satwatch.system.json", *sorted(checks.glob("*/satwatch.json"))]
# Some check fixtures are links on purpose (dangling ones, an editor's lock file): files only.
rules = [path for path in [*sorted((ROOT / "rules").glob("*.json")), *sorted(checks.glob("*/rules/*.json"))]
         if path.is_file()]
for path in configs:
    write(JSON, path.read_bytes())
    write(CONFIG, path.read_bytes())
for path in rules:
    write(JSON, path.read_bytes())
    write(RULES, path.read_bytes())
# Levels and derived metrics as the README and the check fixtures write them, valid and broken.
for text in ["sma(btc.usd, 200d)", "max(btc.usd, 30d) * 0.8", "fee.fastest * 140 * btc.usd / 1e8",
             "eth.usd / btc.usd * 1.01", "-(btc.eur + 5000) / 2", "ema(mvrv, 7d) - min(mvrv, 15m)",
             "1 / (2 - 2)", "smaa(btc.usd, 200d)", "btc.eur * (1 + 0.05", "sma(btc.usd, 0d)", "((((1))))"]:
    write(EXPRESSION, text.encode())
# CoinGecko answers (its decoder by default reads bitcoin in usd): the fixture, a rate-limit body.
write(COINGECKO, (FIXTURES / "coingecko-simple-price.json").read_bytes())
write(COINGECKO, b'{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}')
write(COINGECKO, b'{"bitcoin":{"usd":92272.5,"last_updated_at":1765375320},"ethereum":{}}')
# Request heads the endpoint reads (without the blank line that ends them): the page, the API
# with a query and a bearer token, a form post, and broken ones (bare CR, a folded line, a NUL).
for head in [b"GET / HTTP/1.1\r\nHost: x", b"GET /api/v1/series?metric=btc.usd&since=6h HTTP/1.1\r\nHost: x",
             b"POST /api/v1/silences HTTP/1.1\r\nAuthorization: Bearer t0k\r\nContent-Type: application/json\r\nContent-Length: 42",
             b"POST /silences HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 31\r\nExpect: 100-continue",
             b"GET /%zz?a=%&b=%4&c=+ HTTP/1.0", b"GET / HTTP/1.1\rX: y", b"GET / HTTP/1.1\r\n folded", b"GET /\x00 HTTP/1.1",
             b"POST / HTTP/1.1\r\nContent-Length: 5, 6\r\nTransfer-Encoding: chunked"]:
    write(HTTP_REQUEST, head)
# Silence links: the shape a notification carries, and ones changed, cut or repeated.
for link in [b"rule=fees-high&for=1h&exp=1765461600&sig=" + b"A" * 43, b"rule=a%20b&for=1h&exp=99&sig=x",
             b"rule=&for=&exp=&sig=", b"rule=x&rule=y&for=1h&exp=1&sig=" + b"_" * 43, b"for=1h&exp=1e9&sig=%%%", b"&&==&"]:
    write(SILENCE_LINK, link)
# News documents, real feeds' shapes and hostile ones (billion laughs, an external entity, deep
# nesting, broken UTF-8, a cut document): as bytes for the reader, and framed for the decoder.
for path in sorted((ROOT / "Tests/Fixtures/news").glob("*.*")):
    if path.suffix in (".rss", ".atom", ".xml"):
        write(NEWS_DOCUMENT, path.read_bytes())
        text = path.read_bytes().decode("utf-8", "replace")
        write(NEWS, json.dumps({"source": "fuzz", "body": text}).encode())
# A watch's frames, one decoder for a whole stream (each line a frame): the fixtures' scenario with
# its REST answers, and hostile ones (amounts beyond 21 M BTC, negative, fractional satoshis; a
# replacement that is no txid; a tip of 1e300; a position that is a string; deep nesting).
chain = (FIXTURES / "mempool-ws-chain.jsonl").read_bytes().splitlines()
rest = [(FIXTURES / name).read_bytes().strip() for name in ["mempool-rest-address.json", "mempool-rest-tx-unconfirmed.json",
                                                            "mempool-rest-tx-confirmed.json", "mempool-rest-tx-bump.json"]]
write(MEMPOOL_WATCH, b"\n".join([b'{"blocks":[{"height":870000}]}', *rest[:2], *chain, rest[2]]))
for line in chain + rest:
    write(MEMPOOL_WATCH, line)
    write(MEMPOOL, line)
shop = b"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
rent = b"e9b1c3a5f7d90b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d"
for hostile in [b'{"address":"' + shop + b'","chain_stats":{"funded_txo_sum":2.1e15,"spent_txo_sum":0},"mempool_stats":{"funded_txo_sum":0.5,"spent_txo_sum":-1}}',
                b'{"multi-address-transactions":{"' + shop + b'":{"mempool":[{"txid":"x","vout":[{"scriptpubkey_address":"' + shop + b'","value":1e300}]}],"removed":[7,null]}}}',
                b'{"tracked-txs":{"' + rent + b'":{"replacedBy":"\u0000"}}}', b'{"block":{"height":1e300},"tracked-txs":{"' + rent + b'":{"confirmed":true}}}',
                b'{"txPosition":{"txid":"' + rent + b'","position":{"block":"0"}}}', b'{"txConfirmed":[[[[[[[[[[]]]]]]]]]]}',
                b'{"block":{"height":870001},"txConfirmed":"' + rent + b'"}\n{"blocks":[{"height":-3}]}']:
    write(MEMPOOL_WATCH, hostile)
# Sums of amounts each within 21 M BTC (once overflowed 64 bits): one transaction paying the supply
# 4,400 times, and 4,500 frames each mining the whole supply into the balance. Longer than
# fuzz/run's -max_len, so replayed whole only by `make test`.
supply = b"2100000000000000"
output = b'{"scriptpubkey_address":"' + shop + b'","value":' + supply + b"}"
write(MEMPOOL_WATCH, b'{"multi-address-transactions":{"' + shop + b'":{"mempool":[{"txid":"' + b"cd" * 32
      + b'","vin":[],"vout":[' + b",".join([output] * 4400) + b']}],"confirmed":[],"removed":[]}}}')
write(MEMPOOL_WATCH, b"\n".join([b'{"address":"' + shop + b'","chain_stats":{"funded_txo_sum":0,"spent_txo_sum":0},'
                                  b'"mempool_stats":{"funded_txo_sum":' + supply + b',"spent_txo_sum":0}}']
                                 + [b'{"multi-address-transactions":{"' + shop + b'":{"mempool":[],"confirmed":[{"txid":"' + b"%064x" % index
                                    + b'","vin":[],"vout":[' + output + b']}],"removed":[]}}}' for index in range(4500)]))
# Addresses and txids as users write them: BIP-173/350 and Base58Check, valid and broken.
for text in [shop, shop.upper(), shop[:-1] + b"5", b"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
             b"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", b"BC1SW50QGDZ25J", b"bc1gmk9yu",
             b"1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo", b"2NC2hEhe28ULKAJkW5MjZ3jtTMJdvXmByvK", b"1" * 100, b"bc1" + b"q" * 87, b"bc1q1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn5f47ed",
             b"tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", b"\xff\xfe1qqqqqq", rent, rent[:-1] + b"g"]:
    write(BITCOIN_ADDRESS, text)
# Silences' regular expressions: the README's, every construct, a backtracker's worst case, broken ones.
for pattern in [b"page|critical", b"^fees-(high|low)$", b"[a-z0-9_]+\\.(usd|eur)?", b"(a+)+$", b"(x*)*y", b"[^\\d\\s]*",
                b"(?:a|)*", b"[]-]", b"(ab", b"a{2}", b"\\", b"[z-a]", b"((((((((((a))))))))))*"]:
    write(LABEL_REGEX, pattern)
print(f"{len(seen)} seeds in {OUT}")

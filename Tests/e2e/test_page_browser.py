"""The page as a person sees it: headless Chromium (Debian's `chromium`, installed by
scripts/install-deps.sh) loads it, runs its script and renders it; the DOM it built holds the
rules, the charts and no injected element, and the screenshot is a real picture. A chart PNG
from the API is decoded by Chromium and by a decoder written on Python's zlib."""
import html.parser
import re
import shutil
import struct
import subprocess
import urllib.request
import zlib

from test_page import HOSTILE, TOKEN, request, start

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def browse(*arguments, timeout=90):
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--hide-scrollbars", "--no-first-run", *arguments]
    return subprocess.run(command, capture_output=True, timeout=timeout, check=True).stdout.decode()


class Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def png_size_and_colours(data):
    """Width, height and the number of distinct bytes in the decoded rows of a PNG, read with zlib."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunk = data[offset + 8:offset + 8 + length]
        assert zlib.crc32(kind + chunk) == struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])[0]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        offset += 12 + length
    rows = zlib.decompress(idat)
    return header[0], header[1], len(set(rows))


def test_the_page_in_a_browser(feed, receiver, workers, tmp_path):
    assert CHROMIUM, "chromium is missing: scripts/install-deps.sh installs it"
    worker = start(feed, receiver, workers, {"token": TOKEN})
    url = f"http://127.0.0.1:{worker.http_port}/"
    dom = browse("--virtual-time-budget=3000", "--dump-dom", url)
    parser = Tags()
    parser.feed(dom)
    tags = [tag for tag, _ in parser.tags]
    assert tags.count("script") == 1 and "img" not in tags, "only the page's own script, nothing injected"
    assert tags.count("svg") >= 2 and tags.count("article") == 3
    assert "fees-high" in dom and "1 firing" in dom and HOSTILE not in dom
    shot = tmp_path / "page.png"
    browse("--window-size=1200,1600", f"--screenshot={shot}", url)
    width, height, colours = png_size_and_colours(shot.read_bytes())
    assert (width, height) == (1200, 1600) and colours > 8, "a rendered page, not a blank one"
    assert worker.stop() == 0


def test_a_chart_png_decodes_in_chromium_and_with_zlib(feed, receiver, workers, tmp_path):
    assert CHROMIUM, "chromium is missing: scripts/install-deps.sh installs it"
    worker = start(feed, receiver, workers)
    with urllib.request.urlopen(f"http://127.0.0.1:{worker.http_port}/api/v1/chart?rule=fees-high") as response:
        assert response.status == 200 and response.headers["Content-Type"] == "image/png"
        data = response.read()
    assert png_size_and_colours(data)[:2] == (600, 300)
    (tmp_path / "chart.png").write_bytes(data)
    (tmp_path / "view.html").write_text(
        '<img id="c" src="chart.png" onload="document.title=this.naturalWidth+\'x\'+this.naturalHeight"'
        ' onerror="document.title=\'broken\'">')
    dom = browse("--allow-file-access-from-files", "--virtual-time-budget=3000", "--dump-dom", f"file://{tmp_path}/view.html")
    assert "<title>600x300</title>" in dom, dom[:300]
    assert request(worker, "/api/v1/chart?rule=nope")[0] == 404
    assert worker.stop() == 0


def test_a_new_install_fills_its_charts_and_summarises_many_channels(feed, receiver, workers, tmp_path):
    # A worker minutes old: its chart spans the data it has (at least 10 minutes), not a day
    # with a sliver at the right edge; a notification sent to 12 channels shows a few of them
    # and a count, every channel and its outcome in the count's title.
    from conftest import wait_for
    channels = {f"chat{n:02}": {"type": "webhook", "url": receiver.url(f"/c{n}")} for n in range(12)}
    rule = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": sorted(channels)}
    worker = workers({"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}}, "channels": channels,
                      "defaults": {"channels": ["chat00"]}}, {"page.json": [rule]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(5)
    feed.fees(25)
    wait_for(lambda: all(receiver.requests(f"/c{n}") for n in range(12)), timeout=30, what="all twelve deliveries")
    shot = tmp_path / "page.png"
    browse("--window-size=1200,1600", f"--screenshot={shot}", f"http://127.0.0.1:{worker.http_port}/")
    width, height, colours = png_size_and_colours(shot.read_bytes())
    assert (width, height) == (1200, 1600) and colours > 8, "a rendered page, not a blank one"
    page = worker.get("/")[1]
    row = [line for line in page.split("<tbody>")[1].split("<tr>") if "fees-high" in line][0]
    assert row.count('class="badge') == 1 + 3, row  # its status, then three channels
    more = re.search(r'<span class="more" title="([^"]*)">\+9</span>', row)
    assert more, row
    assert more.group(1) == ", ".join(f"chat{n:02} sent" for n in range(12)), more.group(1)
    # The chart's time axis: minute labels (the data is minutes old), not a day's hours.
    chart = page.split('id="rule-fees-high"')[1].split("</article>")[0]
    labels = re.findall(r">(\d\d:\d\d)</text>", chart)
    assert len(labels) >= 2, chart
    minutes = sorted(int(h) * 60 + int(m) for h, m in (label.split(":") for label in labels))
    assert max(b - a for a, b in zip(minutes, minutes[1:])) <= 10, labels
    assert worker.stop() == 0

#!/usr/bin/env python3
"""SMTP test peer for the satwatch SMTP sender, built on aiosmtpd.

Modes (--mode):
  plain     no TLS, no AUTH.
  starttls  STARTTLS offered and required before anything else, AUTH required and only
            over TLS (aiosmtpd's require_starttls + auth_require_tls).
  smtps     implicit TLS from the first byte, AUTH required (only LOGIN offered, so the
            other mechanism than curl's default PLAIN gets exercised too).
--tls-dir DIR makes a private CA with openssl (DIR/ca.pem for the client to trust);
--auth USER:PASSWORD is the one accepted login (wrong ones get aiosmtpd's 535).
RCPT TO any address @reject.test is refused with 550. A message whose Subject contains
"greylist" is refused at DATA with 451 (greylisting: try again later) the first time its
Message-ID is seen, and accepted when it comes again. A message whose Subject contains "slow
reply" is recorded at once and accepted 2 s later (a server slow to say 250); one whose Subject
contains "no reply" is recorded and answered only after 60 s (a server that hangs).

Every accepted message is written to --out DIR as <n>.json: the envelope, the exact bytes
received (after SMTP dot-unstuffing), whether the session was TLS, the AUTH mechanism and
login, and the message as Python's email package parses it (decoded headers, body, defects,
and for a multipart message each leaf part with its bytes decoded), an independent reading of
our encoding; a multipart message's body is its text/plain part. The file exists before the final 250 is sent.
Prints "READY <port>" once listening on 127.0.0.1.
"""
import argparse
import asyncio
import base64
import email
import email.policy
import json
import os
import ssl

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

from http_support import make_ca, prepare_peer


class Recorder:
    def __init__(self, out):
        self.out = out
        self.count = 0
        self.greylisted = set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().endswith("@reject.test"):
            return "550 5.1.1 Mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        content = envelope.original_content
        parsed = email.message_from_bytes(content, policy=email.policy.default)
        if "greylist" in str(parsed.get("Subject", "")) and parsed.get("Message-ID") not in self.greylisted:
            self.greylisted.add(parsed.get("Message-ID"))
            return "451 4.7.1 Greylisted, please try again later"
        mechanism, login = session.auth_data if session.auth_data else (None, None)
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "content_b64": base64.b64encode(content).decode(),
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "auth_mechanism": mechanism,
            "login": login,
            "headers": [[name, str(value)] for name, value in parsed.items()],
            "body": text_of(parsed),
            "parts": [part_record(p) for p in parsed.walk() if not p.is_multipart()]
                     if parsed.is_multipart() else [],
            "defects": [repr(d) for p in parsed.walk() for d in p.defects]
                       + [repr(d) for h in parsed.values() for d in getattr(h, "defects", ())],
        }
        self.count += 1
        path = os.path.join(self.out, f"{self.count}.json")
        with open(path + ".tmp", "w") as handle:
            json.dump(record, handle)
        os.rename(path + ".tmp", path)
        subject = str(parsed.get("Subject", ""))
        if "slow reply" in subject or "no reply" in subject:
            await asyncio.sleep(2 if "slow reply" in subject else 60)
        return "250 OK"


def text_of(message):
    body = message.get_body(preferencelist=("plain",)) if message.is_multipart() else message
    return body.get_content() if body is not None else ""


def part_record(part):
    return {
        "content_type": part.get_content_type(),
        "content_id": part.get("Content-ID"),
        "disposition": part.get_content_disposition(),
        "filename": part.get_filename(),
        "payload_b64": base64.b64encode(part.get_payload(decode=True) or b"").decode(),
    }


def authenticator_for(credentials):
    user, password = credentials.split(":", 1)

    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user
              and auth_data.password.decode() == password)
        return AuthResult(success=ok, handled=False,
                          auth_data=(mechanism, auth_data.login.decode()) if ok else None)

    return authenticate


async def serve(args):
    context = None
    if args.mode != "plain":
        _, cert, key = make_ca(args.tls_dir)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
    recorder = Recorder(args.out)
    options = {"hostname": "peer.satwatch.test", "decode_data": False}
    if args.auth:
        options.update(authenticator=authenticator_for(args.auth), auth_required=True)
    if args.mode == "starttls":
        options.update(tls_context=context, require_starttls=True, auth_require_tls=True)
    elif args.mode == "smtps":
        # The socket is TLS already; aiosmtpd only knows about STARTTLS-upgraded sessions,
        # so its "AUTH only over TLS" check must be off here.
        options.update(auth_require_tls=False, auth_exclude_mechanism=["PLAIN"])
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(recorder, **options), "127.0.0.1", args.port,
                                      reuse_address=True,
                                      ssl=context if args.mode == "smtps" else None)
    print(f"READY {server.sockets[0].getsockname()[1]}", flush=True)
    await server.serve_forever()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["plain", "starttls", "smtps"], default="plain")
    parser.add_argument("--tls-dir")
    parser.add_argument("--auth")
    parser.add_argument("--out", required=True)
    parser.add_argument("--port", type=int, default=0, help="fixed port (0: any free port)")
    parser.add_argument("--cleanup", help="directory to delete when the test process ends")
    args = parser.parse_args()
    prepare_peer(args.cleanup)
    os.makedirs(args.out, exist_ok=True)
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()

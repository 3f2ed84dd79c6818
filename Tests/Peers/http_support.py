"""Shared helpers of the HTTP and SMTP test peers.

prepare_peer() must run at the start of every peer: the Swift test runner starts peers from libdispatch
worker threads, which block nearly every signal, and a child inherits that mask, so without it
SIGTERM from PeerProcess.stop() would never arrive and stop() would wait forever. It also ends
the peer when the test process ends (the tests share peers for the whole run) or dies, and
then deletes the peer's working directory (records, test CA keys) given as `cleanup`.

make_ca(directory) writes ca.pem (the certificate a client should trust), server.pem and
server.key (for localhost and 127.0.0.1) into `directory` and returns their paths. Keys are
EC P-256: quick to generate, and nothing here is ever committed.
"""
import os
import shutil
import signal
import subprocess
import threading
import time


def prepare_peer(cleanup=None):
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        if cleanup:
            shutil.rmtree(cleanup, ignore_errors=True)
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()


def _openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_ca(directory):
    os.makedirs(directory, exist_ok=True)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    _openssl("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
             "-subj", "/CN=satwatch test CA",
             "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=directory)
    _openssl("req", *ec, "-keyout", "server.key", "-out", "server.csr",
             "-subj", "/CN=localhost", cwd=directory)
    with open(os.path.join(directory, "server.ext"), "w") as ext:
        ext.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n"
                  "extendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-out", "server.pem", "-days", "2",
             "-extfile", "server.ext", cwd=directory)
    return tuple(os.path.join(directory, name) for name in ("ca.pem", "server.pem", "server.key"))

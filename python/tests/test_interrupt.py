"""Ctrl-C stops a long audit promptly, with KeyboardInterrupt, and the
interpreter goes on."""

import signal
import subprocess
import sys
import time

from conftest import REPO

SCRIPT = f"""
import sys, time
import pgn_arbiter
data = open({str(REPO / "tests/data/lichess-2021-10-first-999.pgn")!r}, "rb").read() * 200
print("started", flush=True)
try:
    pgn_arbiter.audit(data, threads=1)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
print("alive", flush=True)
"""


def test_ctrl_c_stops_an_audit():
    child = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.0)
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=30)
    waited = time.perf_counter() - sent
    assert out.split() == ["interrupted", "alive"], out
    assert waited < 3.0, waited

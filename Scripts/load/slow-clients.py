#!/usr/bin/env python3
"""Slow clients against viperd's DEFAULT limits: four client addresses hold as many slow
connections as they can, and a fifth address must still be answered within a second.

  python3 Scripts/load/slow-clients.py BINARY [SECONDS]

Starts BINARY (`viperd`) on a free loopback port with a fresh database and nothing but the
defaults (no limit raised), then for SECONDS (default 20):
  - from 127.0.0.2-127.0.0.5, each address opens 300 connections (more than its share of the
    default cap, an eighth of 1,024) and keeps reopening whatever the server closes or refuses:
      slow bodies:  `POST /v1/contacts` announcing 1 MB (half: a body that must reserve memory) or
                    10 kB (half: one that need not), then one byte every 2 s;
      slow readers: 40 pipelined `GET /openapi.json` (180 kB each) on a 1 kB receive buffer,
                    never read;
  - from 127.0.0.6, a fresh connection every 200 ms asks `GET /health` (from a process of its
    own); every answer must come within 1 s, although the attackers run on the server's own
    two cores;
  - the server's resident memory is sampled every 250 ms and must stay under MAX_RSS_MIB
    (environment, default 160: docs/DEPLOYMENT.md's bound for the default limits).
Prints what each side got and exits 1 on any late or failed answer, an RSS over the bound, or a
server that died. Loopback only; it stops by itself.
"""
import errno
import multiprocessing
import os
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

ATTACKERS = [f"127.0.0.{n}" for n in range(2, 6)]
PROBE_FROM = "127.0.0.6"
PER_ADDRESS = 300
PROBE_DEADLINE = 1.0


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        return probe_socket.getsockname()[1]


def start_server(binary, work):
    """The server on a free port, logging errors only: a warning per refused connection would
    measure the terminal, not the server."""
    log = open(os.path.join(work, "server.log"), "w+")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VIPERD_") and k != "LOG_LEVEL"}
    port = free_port()
    process = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", os.path.join(work, "db.sqlite"),
         "--log-level", "error", "--metrics-address", "off"],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as check:
                check.sendall(b"GET /health HTTP/1.1\r\nHost: start\r\nConnection: close\r\n\r\n")
                if check.recv(64).startswith(b"HTTP/1.1 200"):
                    return process, port
        except OSError:
            pass
        if process.poll() is not None:
            break
        time.sleep(0.1)
    process.kill()
    log.seek(0)
    sys.exit(f"slow-clients: the server did not start:\n{log.read()}")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Attack:
    """Every slow connection of every attacking address, on one selector."""

    def __init__(self, port, stop_at):
        self.port, self.stop_at = port, stop_at
        self.selector = selectors.DefaultSelector()
        self.opened = self.closed_by_server = self.refused = 0
        self.slots = []  # (address, kind) per slot, reopened when closed
        kinds = os.environ.get("SLOW_KINDS", "read,body-large,body-small").split(",")
        for address in ATTACKERS:
            for index in range(PER_ADDRESS):
                kind = "read" if index % 2 else ("body-large" if index % 4 == 0 else "body-small")
                if kind in kinds:
                    self.slots.append((address, kind))
        self.sockets = {}
        # A slot the server closed or refused is reopened a second later: a slow client comes
        # back, it does not flood (a flood of refused connections is the cap's job, not this).
        self.reopen_at = {}
        self.next_walk = 0.0

    def open_slot(self, slot):
        address, kind = self.slots[slot]
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if kind == "read":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.setblocking(False)
        try:
            sock.bind((address, 0))
            code = sock.connect_ex(("127.0.0.1", self.port))
            if code not in (0, errno.EINPROGRESS):
                raise OSError(code, "connect")
        except OSError:
            sock.close()
            self.refused += 1
            self.reopen_at[slot] = time.monotonic() + 1.0
            return
        if kind == "read":
            first = b"GET /openapi.json HTTP/1.1\r\nHost: slow\r\n\r\n" * 40
        else:
            length = 1_000_000 if kind == "body-large" else 10_000
            first = (b"POST /v1/contacts HTTP/1.1\r\nHost: slow\r\nContent-Type: application/json\r\n"
                     + f"Content-Length: {length}\r\n\r\n{{".encode())
        self.sockets[slot] = [sock, first, time.monotonic() + 2]
        self.selector.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE, slot)
        self.opened += 1

    def close_slot(self, slot):
        sock = self.sockets.pop(slot)[0]
        self.selector.unregister(sock)
        sock.close()
        self.reopen_at[slot] = time.monotonic() + 1.0

    def run(self):
        for slot in range(len(self.slots)):
            self.open_slot(slot)
        while time.monotonic() < self.stop_at:
            for key, events in self.selector.select(timeout=0.2):
                slot = key.data
                if slot not in self.sockets:
                    continue
                sock, pending, _ = self.sockets[slot]
                kind = self.slots[slot][1]
                if events & selectors.EVENT_READ and kind != "read":
                    try:
                        data = sock.recv(65536)
                    except OSError:
                        data = b""
                    if not data or b"HTTP/1.1 " in data:
                        # An answer (408, 503) or a close: the server let go; come back.
                        self.closed_by_server += 1
                        self.close_slot(slot)
                        continue
                if events & selectors.EVENT_WRITE and pending:
                    try:
                        sent = sock.send(pending)
                        self.sockets[slot][1] = pending[sent:]
                    except BlockingIOError:
                        pass
                    except OSError:
                        self.closed_by_server += 1
                        self.close_slot(slot)
                        continue
                if not self.sockets[slot][1]:
                    self.selector.modify(sock, selectors.EVENT_READ, slot)
            now = time.monotonic()
            # The slots are walked ten times a second, not after every event: the attackers
            # share this machine's two cores with the server, and must not starve it.
            if now < self.next_walk:
                continue
            self.next_walk = now + 0.1
            for slot in range(len(self.slots)):
                entry = self.sockets.get(slot)
                if entry is None:
                    if now >= self.reopen_at.get(slot, 0):
                        self.open_slot(slot)
                elif self.slots[slot][1] != "read" and not entry[1] and now >= entry[2]:
                    # One more body byte every 2 s: the trickle a per-read timeout never ends.
                    try:
                        entry[0].send(b" ")
                    except OSError:
                        pass
                    entry[2] = now + 2
        for slot in list(self.sockets):
            self.close_slot(slot)


def probe(port, stop_at, results):
    """A fresh connection every 200 ms; records (status, connect seconds, answer seconds): the
    answer is timed from the request's last byte to the response's last byte."""
    while time.monotonic() < stop_at:
        started = time.monotonic()
        connected = started
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.settimeout(5)
            sock.bind((PROBE_FROM, 0))
            sock.connect(("127.0.0.1", port))
            connected = time.monotonic()
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n")
            answer = b""
            while True:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
            sock.close()
            status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/1.1 ") else "none"
        except OSError as error:
            status = f"error {error}"
        finished = time.monotonic()
        results.append((status, connected - started, finished - connected))
        time.sleep(max(0.0, 0.2 - (finished - started)))


def probe_process(port, seconds, queue):
    results = []
    probe(port, time.monotonic() + seconds, results)
    queue.put(results)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
    max_rss_mib = float(os.environ.get("MAX_RSS_MIB", "160"))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192) if hard != resource.RLIM_INFINITY else 8192, hard))
    with tempfile.TemporaryDirectory(prefix="viperd-slow-clients.") as work:
        server, port = start_server(binary, work)
        try:
            baseline = rss_kib(server.pid)
            stop_at = time.monotonic() + seconds
            attack = Attack(port, stop_at)
            attacker = threading.Thread(target=attack.run)
            attacker.start()
            time.sleep(1.0)  # the attack is in place before the first probe
            results, peak = [], [baseline]

            def sample():
                while time.monotonic() < stop_at:
                    peak[0] = max(peak[0], rss_kib(server.pid))
                    time.sleep(0.25)

            sampler = threading.Thread(target=sample)
            sampler.start()
            # The probe in a process of its own: sharing the attackers' interpreter lock would
            # time Python's scheduling, not the server's answers.
            queue = multiprocessing.Queue()
            prober = multiprocessing.Process(target=probe_process, args=(port, stop_at - time.monotonic(), queue))
            prober.start()
            results = queue.get()
            prober.join()
            attacker.join()
            sampler.join()
            alive = server.poll() is None
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
    late = [(s, round(a, 3)) for s, _, a in results if s != "200" or a > PROBE_DEADLINE]
    worst = max((a for _, _, a in results), default=0.0)
    slowest_connect = max((c for _, c, _ in results), default=0.0)
    print(f"slow-clients: attack from {len(ATTACKERS)} addresses: {attack.opened} connections opened, "
          f"{attack.closed_by_server} closed or refused by the server, {attack.refused} not connected")
    print(f"slow-clients: probe from {PROBE_FROM}: {len(results)} requests, {len(late)} late or failed, "
          f"slowest answer {worst * 1000:.1f} ms, slowest connect {slowest_connect * 1000:.1f} ms")
    print(f"slow-clients: server RSS {baseline / 1024:.1f} MiB before, peak {peak[0] / 1024:.1f} MiB "
          f"(bound {max_rss_mib:.0f} MiB)")
    failures = []
    if not alive:
        failures.append("the server died")
    if not results:
        failures.append("no probe ran")
    # Every answer within 1 s. A slow reader once let the kernel queue its whole send buffer,
    # and copying those megabytes held an event loop for up to ~0.7 s (docs/DEPLOYMENT.md);
    # the server now bounds that queue (`TCP_NOTSENT_LOWAT`), so no allowance is left.
    if late:
        failures.append(f"late or failed answers: {late[:10]}")
    if peak[0] / 1024 > max_rss_mib:
        failures.append(f"RSS {peak[0] / 1024:.1f} MiB over the bound")
    if failures:
        print("slow-clients: FAILED: " + "; ".join(failures))
        sys.exit(1)
    print("slow-clients: passed")


if __name__ == "__main__":
    main()

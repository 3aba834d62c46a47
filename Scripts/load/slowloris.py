#!/usr/bin/env python3
"""Slow clients at scale, against a server on loopback (see Scripts/load/slowloris.sh).

  slowloris.py hold PORT COUNT SECONDS   hold COUNT slowloris connections for SECONDS: each sends
                                         an unfinished header section a few bytes at a time and is
                                         reopened when the server closes it (408); the connections
                                         come from 127.0.0.2-127.0.0.9 so the per-address cap of
                                         the normal client (127.0.0.1) is not what protects it.
  slowloris.py load PORT CONCURRENCY SECONDS
                                         CONCURRENCY keep-alive clients send GET /health in a loop
                                         for SECONDS; prints one JSON line: requests, errors, p50,
                                         p99 and max latency in milliseconds.
Both stop by themselves after SECONDS.
"""
import errno
import json
import selectors
import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def hold(port, count, seconds):
    sources = [f"127.0.0.{n}" for n in range(2, 10)]
    selector = selectors.DefaultSelector()
    sockets = {}
    opened = refused = 0
    stop_at = time.monotonic() + seconds

    def open_one(index):
        nonlocal opened, refused
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((sources[index % len(sources)], 0))
            err = sock.connect_ex((HOST, port))
            if err not in (0, errno.EINPROGRESS):
                raise OSError(err, "connect")
        except OSError:
            sock.close()
            refused += 1
            return
        selector.register(sock, selectors.EVENT_READ, index)
        sockets[index] = [sock, 0]
        opened += 1

    def close_one(index):
        sock = sockets.pop(index)[0]
        selector.unregister(sock)
        sock.close()

    for index in range(count):
        open_one(index)
    started_line = b"GET /health HTTP/1.1\r\nHost: slow\r\n"
    tick = 0
    held_samples = []
    while time.monotonic() < stop_at:
        tick += 1
        # Each connection gets a few more bytes of a header section that never ends.
        for index, entry in list(sockets.items()):
            sock, sent = entry
            chunk = started_line if sent == 0 else f"X-{sent}: {tick}\r\n".encode()
            try:
                sock.send(chunk)
                entry[1] = sent + 1
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:
                close_one(index)
        # Whatever the server answers (408, 503) ends that connection; reopen it.
        for key, _ in selector.select(timeout=0.5):
            index = key.data
            try:
                data = key.fileobj.recv(4096)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            close_one(index)
            if data.startswith(b"HTTP/1.1 503"):
                refused += 1
            open_one(index)
        for index in range(count):
            if index not in sockets:
                open_one(index)
        held_samples.append(len(sockets))
        time.sleep(0.5)
    for index in list(sockets):
        close_one(index)
    held = sorted(held_samples)
    print(json.dumps({"slow_connections_min_held": held[0] if held else 0,
                      "slow_connections_opened": opened, "slow_refused_or_failed": refused}))


def load(port, concurrency, seconds):
    latencies = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds
    request = b"GET /health HTTP/1.1\r\nHost: load\r\n\r\n"

    def read_response(sock, buffer):
        while b"\r\n\r\n" not in buffer:
            data = sock.recv(65536)
            if not data:
                raise ConnectionError("closed")
            buffer += data
        head, _, rest = buffer.partition(b"\r\n\r\n")
        length = 0
        close = False
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
            if name.strip().lower() == b"connection" and value.strip().lower() == b"close":
                close = True
        while len(rest) < length:
            data = sock.recv(65536)
            if not data:
                raise ConnectionError("closed in body")
            rest += data
        status = int(head.split(b" ", 2)[1])
        return status, rest[length:], close

    def client():
        mine = []
        sock = None
        buffer = b""
        while time.monotonic() < stop_at:
            try:
                if sock is None:
                    sock = socket.create_connection((HOST, port), timeout=10)
                    buffer = b""
                started = time.monotonic()
                sock.sendall(request)
                status, buffer, close = read_response(sock, buffer)
                elapsed = time.monotonic() - started
                if close:  # the per-connection request limit: reconnect, not an error
                    sock.close()
                    sock = None
                if status != 200:
                    with lock:
                        errors[0] += 1
                else:
                    mine.append(elapsed)
            except OSError:
                with lock:
                    errors[0] += 1
                if sock is not None:
                    sock.close()
                sock = None
                time.sleep(0.01)
        if sock is not None:
            sock.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    latencies.sort()

    def percentile(p):
        if not latencies:
            return None
        return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000, 3)

    print(json.dumps({"requests": len(latencies), "errors": errors[0], "p50_ms": percentile(0.50),
                      "p99_ms": percentile(0.99), "max_ms": percentile(1.0)}))


if __name__ == "__main__":
    if len(sys.argv) != 5 or sys.argv[1] not in ("hold", "load"):
        sys.exit(__doc__)
    mode, port, number, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    (hold if mode == "hold" else load)(port, number, seconds)

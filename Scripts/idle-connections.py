#!/usr/bin/env python3
"""Memory held by idle keep-alive connections: opens N connections to a running viperd, sends one
request on each (so each is a served keep-alive connection, not a half-open socket), holds them
all idle, and prints the server's resident memory before and with them open.

Usage: Scripts/idle-connections.py BASE_URL SERVER_PID [CONNECTIONS=1000] [HOLD_SECONDS=3]

Run the server with --idle-timeout above HOLD_SECONDS (the default, 5 s, closes idle connections)
and with --max-connections / --max-connections-per-address above CONNECTIONS. Loopback only; the
script ends by itself. Exits non-zero if any connection was refused or closed while held.
"""
import resource
import socket
import sys
import time
from urllib.parse import urlsplit


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    url = urlsplit(sys.argv[1])
    pid = int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    hold = float(sys.argv[4]) if len(sys.argv) > 4 else 3.0
    host, port = url.hostname, url.port or 80
    if host not in ("127.0.0.1", "localhost", "::1"):
        print("idle-connections: loopback targets only", file=sys.stderr)
        return 2
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 64:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 64), hard))

    request = f"GET /health HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
    before = rss_kib(pid)
    sockets = []
    failures = 0
    for _ in range(count):
        connection = socket.create_connection((host, port), timeout=5)
        connection.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
        if not answer.startswith(b"HTTP/1.1 200"):
            failures += 1
        sockets.append(connection)
    time.sleep(hold)
    held = rss_kib(pid)
    closed = 0
    for connection in sockets:
        connection.setblocking(False)
        try:
            if connection.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        connection.close()
    print(f"idle-connections: {count} keep-alive connections held {hold:g} s: "
          f"server RSS {before / 1024:.1f} MiB before, {held / 1024:.1f} MiB with them open "
          f"(+{(held - before) / count:.1f} KiB each); refused {failures}, closed early {closed}")
    return 1 if failures or closed else 0


if __name__ == "__main__":
    sys.exit(main())

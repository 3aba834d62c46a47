#!/usr/bin/env python3
"""Memory held by idle keep-alive connections: opens N connections to a running viperd, sends one
request on each and reads the whole answer (so each is a served keep-alive connection, not a
half-open socket), holds them all idle, and prints the server's resident memory before, with them
open, and after closing them.

Usage: Scripts/bench/idle-connections.py BASE_URL SERVER_PID [CONNECTIONS=1000] [HOLD_SECONDS=3]

Run the server with --idle-timeout well above the time it takes to open CONNECTIONS plus
HOLD_SECONDS (the default, 5 s, closes idle connections) and with --max-connections /
--max-connections-per-address above CONNECTIONS. Loopback only; the script ends by itself. Exits
non-zero if any connection was refused, not answered 200 or closed while held.
"""
import resource
import socket
import sys
import time
from urllib.parse import urlsplit

# Short-lived connections served before the "before" reading, so that it is a server that has
# answered requests (worker stacks touched, allocator warmed), not a cold process.
WARM_UP_CONNECTIONS = 16


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def read_answer(connection):
    """The status line of one whole answer (head and Content-Length body), or None if the
    connection closed first. Reading the body too matters: bytes left unread would later hide a
    close from the held-connection check."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(4096)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = connection.recv(4096)
        if not chunk:
            return None
        body += chunk
    return head.split(b"\r\n", 1)[0]


def open_served(host, port, request):
    """A connection that has been answered 200 and stays open, or None."""
    try:
        connection = socket.create_connection((host, port), timeout=5)
    except OSError:
        return None
    try:
        connection.sendall(request)
        status = read_answer(connection)
    except OSError:
        status = None
    if status is None or not status.startswith(b"HTTP/1.1 200"):
        connection.close()
        return None
    return connection


def still_open(connection):
    """True if the server has neither closed nor reset the connection (nothing may be pending)."""
    connection.setblocking(False)
    try:
        return connection.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


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
    for _ in range(WARM_UP_CONNECTIONS):
        connection = open_served(host, port, request)
        if connection is None:
            print("idle-connections: the server does not answer GET /health with 200", file=sys.stderr)
            return 1
        connection.close()
    time.sleep(0.5)
    before = rss_kib(pid)

    started = time.monotonic()
    sockets = []
    refused = 0
    for _ in range(count):
        connection = open_served(host, port, request)
        if connection is None:
            refused += 1
        else:
            sockets.append(connection)
    opening = time.monotonic() - started
    time.sleep(hold)
    held = rss_kib(pid)
    closed = sum(1 for connection in sockets if not still_open(connection))
    for connection in sockets:
        connection.close()
    time.sleep(1)
    after = rss_kib(pid)

    each = (held - before) / len(sockets) if sockets else 0.0
    print(f"idle-connections: {len(sockets)} keep-alive connections (opened in {opening:.1f} s) held "
          f"{hold:g} s: server RSS {before / 1024:.1f} MiB before, {held / 1024:.1f} MiB with them open "
          f"(+{each:.1f} KiB each), {after / 1024:.1f} MiB 1 s after closing them; "
          f"refused or not 200: {refused}, closed early: {closed}")
    return 1 if refused or closed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Memory under a burst of registrations: sends N registrations at once (each on its own thread
and connection) to a running viperd and prints the server's resident memory before, its peak
during the burst (VmHWM, the kernel's high-water mark, plus a 5 ms sampler of VmRSS), the
statuses and the time taken. Each registration runs scrypt (32 MiB with the production
parameters); at most --password-hash-concurrency of them run at once, the rest queue or get 503.

Usage: Scripts/bench/registration-burst.py BASE_URL SERVER_PID [REGISTRATIONS=64]

Start the server with --max-registrations-per-address 0 (every request comes from 127.0.0.1).
Loopback only; the script ends by itself. Exits non-zero if any answer is not 202 (taken in: only
the registration is measured, nobody signs in) or 503.
"""
import json
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid


def status_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field}")


def register(base, statuses, index):
    body = json.dumps({"name": "Burst", "email": f"burst{index}-{uuid.uuid4().hex[:8]}@example.com",
                       "password": "correct horse battery"}).encode()
    request = urllib.request.Request(base + "/v1/users", data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            statuses.append(response.status)
    except urllib.error.HTTPError as error:
        statuses.append(error.code)
    except OSError as error:
        statuses.append(str(error))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base, pid = sys.argv[1].rstrip("/"), int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    before = status_kib(pid, "VmRSS")
    peak_sampled = [before]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak_sampled[0] = max(peak_sampled[0], status_kib(pid, "VmRSS"))
            time.sleep(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    statuses = []
    threads = [threading.Thread(target=register, args=(base, statuses, index)) for index in range(count)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    done.set()
    sampler.join()
    high_water = status_kib(pid, "VmHWM")
    after = status_kib(pid, "VmRSS")
    counts = {str(status): statuses.count(status) for status in set(statuses)}
    print(f"registrations: {count} at once in {elapsed:.2f} s; answers {json.dumps(counts, sort_keys=True)}")
    print(f"RSS before {before / 1024:.1f} MiB, peak sampled {peak_sampled[0] / 1024:.1f} MiB, "
          f"high-water mark {high_water / 1024:.1f} MiB, after {after / 1024:.1f} MiB")
    if any(status not in (202, 503) for status in statuses):
        sys.exit("unexpected answers")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The generated Python client with Clients/Python/viperd_refresh.py's RefreshingAuth against a
live viperd whose access tokens live 3 seconds (--access-token-minutes 0.05): the app's calls keep
answering 200 past every expiry without the app doing anything, concurrent calls share one refresh
(sync threads, and async tasks in two event loops one after the other), and a revoked session surfaces as the request's 401 with
`on_signed_out` called. Between the expiries, money that waits (docs/API.md, "Transfers"): the
user pays a contact whose address nobody verified (`pending`: `available` drops, `balance` does
not), a second user registers with that address, verifies it and claims the money, and a second
pending transfer cancelled by the sender cannot be claimed (409 `transfer_cancelled`). Run by
python-client-journey.sh, which generates the client, starts the server and passes:

    python-client-journey.py BASE_URL SERVER_LOG GENERATED_CLIENT_DIR FUND_COMMAND

FUND_COMMAND ACCOUNT_ID credits the account with 1,000.00 (the operator's feed import).

Prints a PASS or FAIL line per check; exits 1 on any FAIL. Every request has a timeout and every
wait a bound.
"""
import asyncio
import os
import subprocess
import sys
import threading
import time
import uuid

import httpx

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
base, server_log, generated, fund_command = sys.argv[1:5]
sys.path[:0] = [generated, os.path.join(root, "Clients", "Python"), os.path.join(root, "Scripts", "lib")]

import viperd_accounts  # noqa: E402
from viperd_client import Client  # noqa: E402
from viperd_client.api.accounts import get_account, list_accounts  # noqa: E402
from viperd_client.api.contacts import create_contact  # noqa: E402
from viperd_client.api.sessions import list_sessions, login, logout_everywhere  # noqa: E402
from viperd_client.api.transfers import (  # noqa: E402
    cancel_transfer, claim_transfer, create_transfer, get_transfer, list_incoming_transfers)
from viperd_client.api.users import register_user, show_me, verify_email  # noqa: E402
from viperd_client.models import (  # noqa: E402
    Account, ContactCreateInput, IncomingTransfer, LoginInput, Problem, Transfer, TransferCancelledBy,
    TransferClaimInput, TransferCreateInput, TransferStatus, UserRegisterInput, VerifyInput)
from viperd_refresh import RefreshingAuth  # noqa: E402

# --access-token-minutes 0.05 (3 s), plus the slack of expiresAt's whole seconds and the server's
# one-second cache of a verified token.
PAST_EXPIRY_SECONDS = 3 + 2
CONCURRENT = 8
# The journey's user, as payees see the sender of money they are sent.
NAME = "Py Refresh"
TIMEOUT = httpx.Timeout(15.0)

failures = []


def check(name, ok, detail=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok or not detail else f": {detail}"), flush=True)
    if not ok:
        failures.append(name)
    return ok


class Wire:
    """What went over the wire (httpx event hooks see every response, the auth flow's included)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.refreshes = []  # statuses of POST /v1/sessions/refresh
        self.refused = 0  # 401s to GET /v1/me

    def saw(self, response):
        with self.lock:
            if response.request.url.path == "/v1/sessions/refresh":
                self.refreshes.append(response.status_code)
            elif response.request.url.path == "/v1/me" and response.status_code == 401:
                self.refused += 1

    def hooks(self, asynchronous=False):
        if asynchronous:
            async def hook(response):
                self.saw(response)
            return {"response": [hook]}
        return {"response": [self.saw]}


def first_account(client):
    """The caller's first account (every user gets one on registration), read again."""
    page = list_accounts.sync_detailed(client=client)
    if page.status_code != 200 or not page.parsed.items:
        raise RuntimeError(f"GET /v1/accounts: {page.status_code} {page.content[:300]!r}")
    return page.parsed.items[0]


def account(client, account_id):
    """GET /v1/accounts/{id} → the Account (balance, pending, available)."""
    shown = get_account.sync_detailed(account_id, client=client)
    if not isinstance(shown.parsed, Account):
        raise RuntimeError(f"GET /v1/accounts/{account_id}: {shown.status_code} {shown.content[:300]!r}")
    return shown.parsed


def pay(client, from_account_id, contact_id, amount):
    """POST /v1/transfers to a contact, with an Idempotency-Key as an app sends one → the response."""
    return create_transfer.sync_detailed(
        client=client, idempotency_key=str(uuid.uuid4()),
        body=TransferCreateInput(from_account_id=from_account_id, to_contact_id=contact_id, amount=amount))


def pending_transfers(client, sender_name):
    """Money held for an address nobody verified yet, claimed by the user who then verifies it;
    and one the sender cancels first, which that user can no longer claim. The sender's `client`
    refreshes its 3-second tokens as it goes; the payee's has its own RefreshingAuth."""
    funds = first_account(client)
    funded = subprocess.run([fund_command, funds.id], capture_output=True, text=True, timeout=60)
    if not check("fund the account (operator feed import)", funded.returncode == 0, funded.stderr[-300:]):
        return
    before = account(client, funds.id)
    payee_email = f"python-payee-{os.getpid()}-{int(time.time())}@example.com"
    contact = create_contact.sync_detailed(
        client=client, body=ContactCreateInput(first_name="Paula", last_name="Payee", email=payee_email))
    if not check("a contact whose address nobody verified: 201", contact.status_code == 201, str(contact.status_code)):
        return

    sent = pay(client, funds.id, contact.parsed.id, "12.00")
    if not check("pay the contact: 201 pending", isinstance(sent.parsed, Transfer) and sent.status_code == 201
                 and sent.parsed.status == TransferStatus.PENDING, f"{sent.status_code} {sent.content[:300]!r}"):
        return
    held = account(client, funds.id)
    check("the money is held: available dropped by 12.00, balance did not",
          held.available.minor == before.available.minor - 1_200 and held.balance.minor == before.balance.minor
          and held.pending.minor == before.pending.minor + 1_200,
          f"available {held.available.formatted}, balance {held.balance.formatted}, pending {held.pending.formatted}")

    # A second one, taken back before anyone verifies the address (once someone has, the contact
    # is paid at once and nothing is held).
    second = pay(client, funds.id, contact.parsed.id, "5.00")
    if not check("pay the contact again: 201 pending", isinstance(second.parsed, Transfer)
                 and second.parsed.status == TransferStatus.PENDING, f"{second.status_code} {second.content[:300]!r}"):
        return
    cancelled = cancel_transfer.sync_detailed(second.parsed.id, client=client, idempotency_key=str(uuid.uuid4()))
    check("the sender cancels it: 200 cancelled by the sender",
          isinstance(cancelled.parsed, Transfer) and cancelled.status_code == 200
          and cancelled.parsed.status == TransferStatus.CANCELLED
          and cancelled.parsed.cancelled_by == TransferCancelledBy.SENDER,
          f"{cancelled.status_code} {cancelled.content[:300]!r}")
    check("the cancelled hold is released", account(client, funds.id).available.minor == held.available.minor)

    # The payee signs up with the address, through the generated client only.
    anonymous = Client(base_url=base, timeout=TIMEOUT)
    payee_password = "payee horse battery"
    registered = register_user.sync_detailed(
        client=anonymous, body=UserRegisterInput(name="Paula Payee", email=payee_email, password=payee_password))
    check("the payee registers with that address: 202", registered.status_code == 202, str(registered.status_code))
    code = viperd_accounts.wait_for_code(server_log, payee_email, 1)
    signed_in = login.sync_detailed(client=anonymous, body=LoginInput(email=payee_email, password=payee_password))
    if not check("the payee signs in: 201", signed_in.status_code == 201, str(signed_in.status_code)):
        return
    payee_auth = RefreshingAuth(signed_in.parsed.token, signed_in.parsed.refresh_token)
    payee = Client(base_url=base, timeout=TIMEOUT, httpx_args={"auth": payee_auth})
    verified = verify_email.sync_detailed(client=payee, body=VerifyInput(code=code))
    check("the payee verifies the address: 200", verified.status_code == 200, str(verified.status_code))

    incoming = list_incoming_transfers.sync_detailed(client=payee)
    waiting = incoming.parsed.items if incoming.status_code == 200 else []
    check("the payee lists incoming money: the pending one from the sender, not the cancelled one",
          [item.id for item in waiting] == [sent.parsed.id] and waiting[0].status == TransferStatus.PENDING
          and waiting[0].sender_name == sender_name and waiting[0].amount.minor == 1_200,
          f"{incoming.status_code} {incoming.content[:300]!r}")

    payee_account = first_account(payee)
    claimed = claim_transfer.sync_detailed(sent.parsed.id, client=payee, idempotency_key=str(uuid.uuid4()),
                                           body=TransferClaimInput(to_account_id=payee_account.id))
    check("the payee claims it into their account: 200 completed",
          isinstance(claimed.parsed, IncomingTransfer) and claimed.status_code == 200
          and claimed.parsed.status == TransferStatus.COMPLETED and claimed.parsed.to_account_id == payee_account.id,
          f"{claimed.status_code} {claimed.content[:300]!r}")
    shown = get_transfer.sync_detailed(sent.parsed.id, client=client)
    check("the sender sees it completed, into the payee's account",
          isinstance(shown.parsed, Transfer) and shown.parsed.status == TransferStatus.COMPLETED
          and shown.parsed.to_account_id == payee_account.id, f"{shown.status_code} {shown.content[:300]!r}")
    paid = account(client, funds.id)
    check("the sender's balance dropped by 12.00 on the claim, the hold released",
          paid.balance.minor == before.balance.minor - 1_200 and paid.available.minor == before.available.minor - 1_200
          and paid.pending.minor == before.pending.minor,
          f"available {paid.available.formatted}, balance {paid.balance.formatted}, pending {paid.pending.formatted}")

    late = claim_transfer.sync_detailed(second.parsed.id, client=payee, body=TransferClaimInput(to_account_id=payee_account.id))
    check("the payee claims the cancelled one: 409 transfer_cancelled",
          late.status_code == 409 and isinstance(late.parsed, Problem) and late.parsed.code == "transfer_cancelled",
          f"{late.status_code} {late.content[:300]!r}")
    credited = account(payee, payee_account.id)
    check("the payee's account holds the claimed 12.00 only", credited.balance.minor == 1_200, credited.balance.formatted)


async def concurrent_tasks(auth, wire):
    """GET /v1/me from CONCURRENT tasks at once → their statuses (or the errors raised)."""
    client = Client(base_url=base, timeout=TIMEOUT, httpx_args={"auth": auth, "event_hooks": wire.hooks(asynchronous=True)})
    async with client:
        answers = await asyncio.wait_for(asyncio.gather(
            *(show_me.asyncio_detailed(client=client) for _ in range(CONCURRENT)), return_exceptions=True), timeout=60)
    return [getattr(answer, "status_code", repr(answer)) for answer in answers]


def main():
    email = f"python-refresh-{os.getpid()}-{int(time.time())}@example.com"
    password = "correct horse battery"
    send = viperd_accounts.sender(base)
    viperd_accounts.register(send, NAME, email, password)
    # The code first, then a fresh login: a 3-second token must not age while the mail is awaited.
    code = viperd_accounts.wait_for_code(server_log, email, 1)

    anonymous = Client(base_url=base, timeout=TIMEOUT)
    signed_in = login.sync_detailed(client=anonymous, body=LoginInput(email=email, password=password))
    if not check("login through the generated client: 201", signed_in.status_code == 201, str(signed_in.status_code)):
        return
    session = signed_in.parsed

    rotations, sign_outs = [], []
    auth = RefreshingAuth(session.token, session.refresh_token,
                          on_rotated=lambda access, refresh: rotations.append((access, refresh)),
                          on_signed_out=lambda: sign_outs.append(time.monotonic()))
    wire = Wire()
    client = Client(base_url=base, timeout=TIMEOUT, httpx_args={"auth": auth, "event_hooks": wire.hooks()})

    verified = verify_email.sync_detailed(client=client, body=VerifyInput(code=code))
    check("verify the address with the mailed code: 200", verified.status_code == 200, str(verified.status_code))
    me = show_me.sync_detailed(client=client)
    check("GET /v1/me with a fresh token: 200, no refresh", me.status_code == 200 and not rotations and not wire.refreshes,
          f"{me.status_code}, rotations {len(rotations)}")

    # One call after expiry: refreshed once, silently.
    time.sleep(PAST_EXPIRY_SECONDS)
    me = show_me.sync_detailed(client=client)
    check("GET /v1/me after the access token expired: 200", me.status_code == 200, str(me.status_code))
    check("the expired call refreshed exactly once (on_rotated once, one POST /v1/sessions/refresh → 200)",
          len(rotations) == 1 and wire.refreshes == [200], f"rotations {len(rotations)}, refreshes {wire.refreshes}")
    check("the pair was rotated (both tokens new, and the auth holds them)",
          len(rotations) == 1 and rotations[0][0] != session.token and rotations[0][1] != session.refresh_token
          and auth.tokens == rotations[0], str(auth.tokens == (rotations[0] if rotations else None)))

    # Threads at once after expiry: all 200, one refresh among them.
    time.sleep(PAST_EXPIRY_SECONDS)
    before_rotations, before_refreshes, before_refused = len(rotations), len(wire.refreshes), wire.refused
    barrier = threading.Barrier(CONCURRENT, timeout=30)
    statuses = [None] * CONCURRENT

    def call(index):
        try:
            barrier.wait()
            statuses[index] = show_me.sync_detailed(client=client).status_code
        except Exception as error:  # a timeout or a broken barrier is this thread's failure
            statuses[index] = repr(error)

    threads = [threading.Thread(target=call, args=(index,), daemon=True) for index in range(CONCURRENT)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    check(f"{CONCURRENT} threads after expiry: all 200", statuses == [200] * CONCURRENT, str(statuses))
    check(f"{CONCURRENT} threads after expiry: exactly one refresh",
          len(rotations) - before_rotations == 1 and wire.refreshes[before_refreshes:] == [200],
          f"rotations {len(rotations) - before_rotations}, refreshes {wire.refreshes[before_refreshes:]}")
    print(f"     ({wire.refused - before_refused} of the {CONCURRENT} were refused with the expired token first)")
    listed = list_sessions.sync_detailed(client=client)
    check("the session was not revoked (GET /v1/sessions: 200, the current session listed)",
          listed.status_code == 200 and any(item.current for item in listed.parsed.items), str(listed.status_code))

    # Tasks at once after expiry, through the generated client's asyncio functions; twice, each in
    # its own event loop (asyncio.run), as an app running jobs one after another would.
    for run in ("an event loop", "a second event loop"):
        time.sleep(PAST_EXPIRY_SECONDS)
        before_rotations, before_refreshes = len(rotations), len(wire.refreshes)
        statuses = asyncio.run(concurrent_tasks(auth, wire))
        check(f"{CONCURRENT} async tasks after expiry in {run}: all 200", statuses == [200] * CONCURRENT, str(statuses))
        check(f"{CONCURRENT} async tasks after expiry in {run}: exactly one refresh",
              len(rotations) - before_rotations == 1 and wire.refreshes[before_refreshes:] == [200],
              f"rotations {len(rotations) - before_rotations}, refreshes {wire.refreshes[before_refreshes:]}")

    started = time.monotonic()
    pending_transfers(client, NAME)
    print(f"     (money that waits: {time.monotonic() - started:.1f} s)")

    # Signed out everywhere: the next call's refresh is refused, the app sees the 401.
    before_rotations, before_refreshes = len(rotations), len(wire.refreshes)
    revoked = logout_everywhere.sync_detailed(client=client)
    check("DELETE /v1/sessions with the current token: 204", revoked.status_code == 204, str(revoked.status_code))
    me = show_me.sync_detailed(client=client)
    check("GET /v1/me after the revocation: 401 reaches the app", me.status_code == 401, str(me.status_code))
    check("on_signed_out was called once, after one refused refresh",
          len(sign_outs) == 1 and wire.refreshes[before_refreshes:] == [401] and len(rotations) == before_rotations,
          f"sign-outs {len(sign_outs)}, refreshes {wire.refreshes[before_refreshes:]}")
    check("the auth dropped the tokens", auth.tokens == (None, None), str(auth.tokens))
    me = show_me.sync_detailed(client=client)
    check("the next call: 401 with no further refresh", me.status_code == 401 and len(sign_outs) == 1
          and wire.refreshes[before_refreshes:] == [401], f"{me.status_code}, refreshes {wire.refreshes[before_refreshes:]}")


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # the journey stops at the first unexpected error, named
        check("the journey ran to its end", False, repr(error))
    print(f"python-client-journey: {'FAIL' if failures else 'PASS'} ({len(failures)} failed)", flush=True)
    sys.exit(1 if failures else 0)

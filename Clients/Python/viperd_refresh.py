"""Silent session refresh for Python clients of viperd (docs/API.md, "Sessions rotate").

An access token lives a few minutes; when a request is answered 401, `RefreshingAuth` exchanges
the session's refresh token (`POST /v1/sessions/refresh`) for a new pair and sends the request
again, so the app never notices. It is an `httpx.Auth`, so it plugs into the client
openapi-python-client generates from `openapi.json` (Scripts/clients/generated-clients.sh), into
sync and async calls alike:

    from viperd_client import Client
    from viperd_client.api.sessions import login
    from viperd_client.api.users import show_me
    from viperd_client.models import LoginInput
    from viperd_refresh import RefreshingAuth

    session = login.sync(client=Client(base_url=URL), body=LoginInput(email=E, password=P))
    auth = RefreshingAuth(session.token, session.refresh_token,
                          on_rotated=store_pair,          # persist the new (access, refresh) pair
                          on_signed_out=show_sign_in)     # the session is over: sign in again
    client = Client(base_url=URL, httpx_args={"auth": auth})
    me = show_me.sync(client=client)                      # refreshes by itself when needed

(The generated functions are typed `client: AuthenticatedClient`; a plain `Client` carrying this
auth is what they need at run time, and it sends no `Authorization` header of its own to fight
the refreshed one.) Depends on httpx only, which the generated client already needs.
"""
import asyncio
import threading
import weakref

import httpx

__all__ = ["RefreshingAuth"]

# Routes whose 401 a refresh cannot change: a wrong password, a refused refresh token.
_NOT_REFRESHED = (("POST", "/v1/sessions"), ("POST", "/v1/sessions/refresh"), ("POST", "/v1/users"))
_REFRESH_PATH = "/v1/sessions/refresh"


class RefreshingAuth(httpx.Auth):
    """Sends `Authorization: Bearer <access token>` and refreshes the session on a 401.

    `RefreshingAuth(access_token, refresh_token, on_rotated=None, on_signed_out=None)`; pass it
    as `httpx_args={"auth": auth}` to the generated `Client` (or as `auth=` to any httpx client).
    With no tokens (`RefreshingAuth(None, None)`, or after `sign_out()`) requests go without the
    header; `set_tokens` installs the pair a login answered.

    On a 401 to any route but login, registration and the refresh itself, it posts the refresh
    token to `/v1/sessions/refresh` (beside the `/v1/` of the refused request's URL, so a base URL
    with a path prefix works) and repeats the request once with the new access token:
      - One refresh at a time per session: the server revokes a session whose refresh token is
        presented twice. A request refused with an access token that another request has already
        replaced retries with the replacement instead of refreshing again. Threads share a lock,
        and so do the tasks of one asyncio event loop; use one instance from sync or async code,
        not both at once.
      - `on_rotated(access, refresh)` is called with each new pair, under that lock (so calls come
        in order), before the request is repeated: persist the pair there.
      - A refresh answered 401 means the session is over (expired, revoked, signed out elsewhere):
        the tokens are dropped, `on_signed_out()` is called and the app gets the request's own
        401. Any other refresh failure (503 `server_busy`, 429, a network error) keeps the tokens
        and hands the request's 401 (or the error) to the app; a later request refreshes again
        (a refresh whose answer was lost is accepted once more within the server's grace window).
    Exceptions raised by the callbacks reach the request that triggered them.
    """

    requires_request_body = True  # the body is sent a second time after a refresh
    requires_response_body = True  # the refresh's answer is read in the flow

    def __init__(self, access_token, refresh_token, *, on_rotated=None, on_signed_out=None):
        self._access = access_token
        self._refresh = refresh_token
        self._on_rotated = on_rotated
        self._on_signed_out = on_signed_out
        self._state_lock = threading.Lock()  # the pair is read and written whole
        self._thread_refresh_lock = threading.Lock()
        # An asyncio.Lock serves one event loop; an app may run several (asyncio.run per job).
        self._task_refresh_locks = weakref.WeakKeyDictionary()

    @property
    def tokens(self):
        """The current `(access, refresh)` pair; `(None, None)` once signed out."""
        with self._state_lock:
            return self._access, self._refresh

    def set_tokens(self, access_token, refresh_token):
        """Installs a pair from a login (or one the app stored), replacing any other."""
        with self._state_lock:
            self._access, self._refresh = access_token, refresh_token

    def sign_out(self):
        """Forgets the pair (after `DELETE /v1/sessions/current`, say); no callback is called."""
        self.set_tokens(None, None)

    # httpx drives these generators: each `yield` sends a request and receives its response.

    def sync_auth_flow(self, request):
        request.read()
        sent = self._authorize(request)
        response = yield request
        if not self._wants_refresh(request, response, sent):
            return
        with self._thread_refresh_lock:
            fresh, refresh_request = self._replacement_or_refresh_request(request, sent)
            if refresh_request is not None:
                refresh_response = yield refresh_request
                refresh_response.read()
                fresh = self._take_refresh_answer(refresh_response)
        if fresh is not None:
            request.headers["Authorization"] = f"Bearer {fresh}"
            yield request

    async def async_auth_flow(self, request):
        await request.aread()
        sent = self._authorize(request)
        response = yield request
        if not self._wants_refresh(request, response, sent):
            return
        async with self._task_refresh_lock():
            fresh, refresh_request = self._replacement_or_refresh_request(request, sent)
            if refresh_request is not None:
                refresh_response = yield refresh_request
                await refresh_response.aread()
                fresh = self._take_refresh_answer(refresh_response)
        if fresh is not None:
            request.headers["Authorization"] = f"Bearer {fresh}"
            yield request

    # The steps both flows share.

    def _task_refresh_lock(self):
        loop = asyncio.get_running_loop()
        with self._state_lock:
            lock = self._task_refresh_locks.get(loop)
            if lock is None:
                lock = self._task_refresh_locks[loop] = asyncio.Lock()
        return lock

    def _authorize(self, request):
        """Sets the header from the current access token; returns the token sent (or None)."""
        with self._state_lock:
            access = self._access
        if access is not None:
            request.headers["Authorization"] = f"Bearer {access}"
        return access

    @staticmethod
    def _wants_refresh(request, response, sent):
        if response.status_code != 401 or sent is None:
            return False
        path = request.url.path
        return not any(request.method == method and path.endswith(route) for method, route in _NOT_REFRESHED)

    def _replacement_or_refresh_request(self, request, sent):
        """Under the refresh lock: `(newer access token, None)` when another request already
        replaced `sent`, `(None, None)` when there is nothing to refresh with, else
        `(None, the refresh request)`."""
        with self._state_lock:
            access, refresh = self._access, self._refresh
        if access is not None and access != sent:
            return access, None
        if refresh is None:
            return None, None
        path = request.url.path
        prefix = path[: path.find("/v1/")] if "/v1/" in path else ""
        url = request.url.copy_with(path=prefix + _REFRESH_PATH, query=None, fragment=None)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if "Accept-Language" in request.headers:
            headers["Accept-Language"] = request.headers["Accept-Language"]
        return None, httpx.Request("POST", url, headers=headers, json={"refreshToken": refresh})

    def _take_refresh_answer(self, response):
        """Stores a 200's pair (→ the new access token); a 401 ends the session (→ None); any other
        answer keeps the pair (→ None)."""
        if response.status_code == 200:
            try:
                answer = response.json()
                access, refresh = answer["token"], answer["refreshToken"]
            except (ValueError, KeyError, TypeError):
                return None
            if not isinstance(access, str) or not isinstance(refresh, str):
                return None
            self.set_tokens(access, refresh)
            if self._on_rotated is not None:
                self._on_rotated(access, refresh)
            return access
        if response.status_code == 401:
            self.sign_out()
            if self._on_signed_out is not None:
                self._on_signed_out()
        return None

// The one door to the API: token, language, idempotency keys, If-Match, problem documents.
import { language } from './i18n.js';

const base = document.querySelector('meta[name="viperd-api"]')?.content.replace(/\/$/, '') ?? '';
const tokenKey = 'viperd.token';
const refreshKey = 'viperd.refreshToken';
const tagKey = 'viperd.sessionTag';

/** The URL of an API path: on the page's own origin, or on the one `viperd-api` names. */
export function apiURL(path) { return base + path; }

/** A refusal from the server: its status and problem document (RFC 9457), or a lost connection. */
export class ApiError extends Error {
  constructor(status, problem, headers) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.headers = headers;
  }
  get network() { return this.status === 0; }
}

// Both tokens live in sessionStorage: this tab's session, gone when the tab closes.
export const session = {
  get token() { return sessionStorage.getItem(tokenKey); },
  set token(value) { value ? sessionStorage.setItem(tokenKey, value) : sessionStorage.removeItem(tokenKey); },
  get refreshToken() { return sessionStorage.getItem(refreshKey); },
  set refreshToken(value) { value ? sessionStorage.setItem(refreshKey, value) : sessionStorage.removeItem(refreshKey); },
  /**
   * Which sign-in this tab's tokens belong to: a new one for each login, kept by a refresh (the
   * same session, new tokens). The live stream (live.js) is a session's, so it follows this tag.
   */
  get tag() { return sessionStorage.getItem(tagKey); },
  /** Keeps a login's tokens (`renewed`: a refresh's, of the session already held). */
  keep(body, { renewed = false } = {}) {
    if (!renewed) sessionStorage.setItem(tagKey, crypto.randomUUID());
    this.token = body.token; this.refreshToken = body.refreshToken;
  },
  clear() { this.token = null; this.refreshToken = null; sessionStorage.removeItem(tagKey); },
};

// One refresh at a time: the server ends a session whose refresh token is presented twice, so
// requests refused together wait for the same refresh.
let refreshing = null;

/** Exchanges the refresh token for new tokens, unless another request already did; false when the session is over. */
function refreshSession(rejectedToken) {
  if (session.token && session.token !== rejectedToken) return Promise.resolve(true);
  refreshing ??= (async () => {
    try {
      const response = await fetch(base + '/v1/sessions/refresh', {
        method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': language() },
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      if (!response.ok) { session.clear(); return false; }
      session.keep(await response.json(), { renewed: true });
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Called on every 401: the token is gone, so the user signs in again. */
let onUnauthorized = () => {};
export function whenUnauthorized(handler) { onUnauthorized = handler; }

/** A key per user action: made once, kept across retries of that action until it succeeds. */
export class Action {
  constructor() { this.key = null; }
  get idempotencyKey() { return (this.key ??= crypto.randomUUID()); }
  done() { this.key = null; }
}

function headersFor({ body, etag, action }) {
  const headers = { Accept: 'application/json', 'Accept-Language': language() };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (etag) headers['If-Match'] = etag;
  if (action) headers['Idempotency-Key'] = action.idempotencyKey;
  return headers;
}

// Browser journeys (Scripts/clients/web-journeys.py) set this to lose the next answer after the server
// acted, as a dropped connection would: the honest way to show a retry is replayed, not redone.
function dropThisResponse() {
  if (sessionStorage.getItem('viperd.test.dropNextResponse') !== '1') return false;
  sessionStorage.removeItem('viperd.test.dropNextResponse');
  return true;
}

/** Sends, and on a 401 to this session's access token refreshes once and sends again: the app never sees an expired token. */
async function sendAuthorized(method, path, options) {
  const sent = session.token;
  const response = await send(method, path, options);
  if (response.status !== 401 || !sent || !session.refreshToken) return response;
  return (await refreshSession(sent)) ? send(method, path, options) : response;
}

async function send(method, path, options) {
  let response;
  try {
    response = await fetch(apiURL(path), { method, headers: headersFor(options), body: options.body });
    if (dropThisResponse()) throw new TypeError('response dropped');
  } catch {
    throw new ApiError(0, null, new Headers());
  }
  return response;
}

// The retry rule is the server's: an answer carrying `Retry-After` is a refusal that changed
// nothing and that the same request can get past by itself after that many seconds (docs/API.md,
// the Retry-After column); an answer without one is final. The page adds only what is its own
// to decide: which of its requests may be sent twice, and how long it waits before it shows the
// problem to the person instead.
const attempts = 4;
const patienceSeconds = 5;

/**
 * Whether sending the request twice cannot act twice: HTTP's idempotent methods, or a keyed
 * action. Not an unkeyed POST or PATCH: behind the proxy, its `upstream_unavailable` (which carries
 * `Retry-After` too) may follow a request an instance acted on.
 */
function repeatable(method, action) {
  return Boolean(action) || ['GET', 'HEAD', 'PUT', 'DELETE'].includes(method);
}

/** The seconds the answer's `Retry-After` asks for, or null when it invites no retry the page waits for. */
function retryAfter(response) {
  const value = response.headers.get('Retry-After')?.trim();
  if (response.ok || !value || !/^[0-9]{1,6}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= patienceSeconds ? seconds : null;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request, and sends it again as the server's answer invites (`Retry-After`), a few times.
 * A lost answer is not a refusal: then only a keyed action is sent again, its key making a second
 * delivery safe whether or not the first one acted.
 */
async function exchange(method, path, options) {
  for (let attempt = 1; ; attempt++) {
    let response;
    try {
      response = await sendAuthorized(method, path, options);
    } catch (error) {
      if (!options.action || attempt >= attempts) throw error;
      await pause(300 * attempt);
      continue;
    }
    const wait = attempt < attempts && repeatable(method, options.action) ? retryAfter(response) : null;
    if (wait === null) return response;
    await response.body?.cancel();
    await pause(wait * 1000);
  }
}

/**
 * Sends a request (see `exchange` for when it is sent again) and reads the JSON answer. A keyed
 * action's `Idempotency-Key` is kept until it succeeds, so the person's own retry reuses it too.
 * @returns {{ body: any, etag: string|null, status: number, replayed: boolean, location: string|null }}
 */
export async function request(method, path, { query, json, rawBody, etag, action } = {}) {
  if (query) {
    const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));
    if ([...search].length) path += `?${search}`;
  }
  const body = rawBody ?? (json === undefined ? undefined : JSON.stringify(json));
  return read(await exchange(method, path, { body, etag, action }), action);
}

async function read(response, action) {
  const type = response.headers.get('Content-Type') ?? '';
  const body = response.status === 204 ? null : type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) {
    if (response.status === 401 && session.token) { session.clear(); onUnauthorized(); }
    throw new ApiError(response.status, typeof body === 'object' ? body : null, response.headers);
  }
  action?.done();
  return {
    body, status: response.status, etag: response.headers.get('ETag'),
    location: response.headers.get('Location'), replayed: response.headers.get('Idempotent-Replayed') === 'true',
  };
}

/**
 * Reads the banking report as it arrives, handing each row over as its line comes, so a long
 * report is drawn while the rest is still on the way. The server lays the document out one row
 * per line (docs/API.md): `{"rows":[`, then a row per line with the comma before the next, then
 * `]}`. A body that ends before that last line was cut short: it is no report.
 */
export async function streamRows(path, query, onRow) {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value));
  const response = await exchange('GET', `${path}${[...search].length ? `?${search}` : ''}`, {});
  if (!response.ok || !response.body) return read(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '', opened = false, closed = false;
  const take = (line) => {
    if (!opened) { opened = true; return; }
    if (line === ']}') { closed = true; return; }
    onRow(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line));
  };
  for (;;) {
    let chunk;
    try { chunk = await reader.read(); } catch { throw new ApiError(0, null, response.headers); }
    if (chunk.done) break;
    buffer += chunk.value;
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      take(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
    }
  }
  if (!closed) throw new ApiError(0, null, response.headers);
  return { status: response.status };
}

/**
 * Puts each error of a problem document beside its field: the element whose `data-pointer`
 * is the error's JSON Pointer (or whose `data-parameter` is its parameter). Errors no field
 * claims, and the detail itself, go to the form's summary.
 */
export function showProblem(form, error) {
  clearProblem(form);
  const summary = form.querySelector('.form-problem');
  const problem = error.problem;
  if (!problem) {
    summary.textContent = error.network ? form.dataset.networkMessage : error.message;
    summary.hidden = false;
    return;
  }
  const unclaimed = [];
  for (const item of problem.errors ?? []) {
    const selector = item.pointer !== undefined ? `[data-pointer="${CSS.escape(item.pointer)}"]` : `[data-parameter="${CSS.escape(item.parameter ?? '')}"]`;
    const field = item.pointer === '' ? null : form.querySelector(selector);
    if (!field) { unclaimed.push(item.detail); continue; }
    const message = document.createElement('p');
    message.className = 'field-error';
    message.id = `${field.id}-error`;
    message.textContent = item.detail;
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', message.id);
    field.closest('.field')?.append(message) ?? field.after(message);
  }
  // The detail when no field took an error; else the title, so an error is not said twice.
  const claimed = (problem.errors ?? []).length > unclaimed.length;
  summary.textContent = [claimed ? problem.title : (problem.detail ?? problem.title), ...unclaimed].filter(Boolean).join(' ');
  summary.hidden = false;
  (form.querySelector('[aria-invalid="true"]') ?? summary).focus?.();
}

export function clearProblem(form) {
  for (const message of form.querySelectorAll('.field-error')) message.remove();
  for (const field of form.querySelectorAll('[aria-invalid]')) { field.removeAttribute('aria-invalid'); field.removeAttribute('aria-describedby'); }
  const summary = form.querySelector('.form-problem');
  if (summary) { summary.hidden = true; summary.textContent = ''; }
}

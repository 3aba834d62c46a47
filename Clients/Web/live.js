// Live updates: once signed in, the user's Server-Sent Events stream (GET /v1/events), resumed
// after the last event seen whenever it drops, and handed to the scenes on screen. The stream
// only says what changed; each scene decides what of its screen that touches (`watch`).
import { request, session, apiURL } from './api.js';
import { t } from './i18n.js';
import { relabelAccounts } from './dom.js';

// `EventSource` hands over only the event types it is told to listen for, so they are named here
// (docs/API.md, Live events). A type not listed is skipped, and its id is not taken as seen.
const types = [
  'transfer.sent', 'transfer.pending', 'transfer.claimed', 'transfer.cancelled', 'transfer.expired', 'transfer.received',
  'order.placed', 'order.cancelled', 'contact.created', 'contact.updated', 'contact.deleted',
  'user.registered', 'user.registration_attempted', 'user.email_verification_requested', 'user.email_verified',
  'user.password_reset_requested', 'user.password_reset', 'user.password_changed',
];
const firstWait = 1000;
const longestWait = 30000;

let source = null;
let owner = null; // the sign-in (session.tag) the stream is for; undefined while none is wanted
let following = false;
let lastId = null; // the id of the last event seen, a decimal string (ids go past 2^53)
let wait = firstWait;
let timer = null;
let attempt = 0; // a ticket that comes back after a newer connect or a stop opens nothing
const watchers = new Set();
// The ids handed to the scenes, newest last: what the browser journeys check for order and repeats.
const seen = [];
let onEnded = () => {};
let onMessage = () => {};

/**
 * `handler(type, data)` for every event while `element` is on screen; `type` is the event's, or
 * `reset` when the events since the last one seen are gone and the scene must read its data anew.
 * Call it once the element is shown: a scene's watch ends when its element leaves the document.
 */
export function watch(element, handler) { watchers.add({ element, handler }); }

/**
 * Keeps the balances the account pickers in `element` show as events move money: the event says
 * which accounts changed, and they are read again through the API, in the page's language (the
 * stream's texts are in the browser's, which the en/fr switch does not reach).
 */
export function watchBalances(element) {
  watch(element, async (type, data) => {
    if (type !== 'reset' && !data.accounts?.length) return;
    relabelAccounts(element, (await request('GET', '/v1/accounts', { query: { limit: 100 } })).body.items);
  });
}

/** Called with the server's sentence when the stream's session ended (signed out, password changed). */
export function whenEnded(handler) { onEnded = handler; }

/** Called with each event's sentence (`message`, or a reset's `detail`), to show as it comes. */
export function whenMessage(handler) { onMessage = handler; }

/** Streams for the session the tab holds now: opens, keeps, or closes the stream to match. */
export function follow() {
  if (!session.token) { stop(); return; }
  if (following && owner === session.tag) return;
  stop();
  following = true;
  owner = session.tag;
  connect();
}

/** Closes the stream and forgets its position: the next sign-in starts from its own. */
export function stop() {
  attempt++;
  clearTimeout(timer);
  timer = null;
  source?.close();
  source = null;
  following = false;
  owner = undefined;
  lastId = null;
  wait = firstWait;
}

// A ticket per connection: `EventSource` cannot send the access token, and its own reconnect
// would present a ticket already spent, so every (re)connection is this one.
async function connect() {
  const mine = ++attempt;
  let ticket;
  try {
    ticket = (await request('POST', '/v1/events/tickets')).body.ticket;
  } catch {
    if (mine !== attempt) return;
    if (!session.token) { stop(); return; } // refused for good: api.js went to sign-in
    later();
    return;
  }
  if (mine !== attempt) return;
  const query = new URLSearchParams({ ticket });
  if (lastId !== null) query.set('lastEventId', lastId);
  const opened = new EventSource(apiURL(`/v1/events?${query}`));
  source = opened;
  opened.addEventListener('error', () => broken(opened));
  opened.addEventListener('ready', (event) => {
    if (after(event.lastEventId, lastId)) lastId = event.lastEventId;
    wait = firstWait; // through to the live events: the next drop starts its waits over
  });
  opened.addEventListener('reset', (event) => {
    // The id may be lower than the last seen (an id from another server): it is the position now.
    if (/^[0-9]+$/.test(event.lastEventId)) lastId = event.lastEventId;
    const data = parse(event.data);
    onMessage(data?.detail);
    hand('reset', data ?? {});
  });
  opened.addEventListener('session.ended', (event) => {
    const ended = owner;
    stop();
    // A stream of an earlier sign-in in this tab: the session now held goes on.
    if (ended !== session.tag) { follow(); return; }
    onEnded(parse(event.data)?.detail);
  });
  for (const type of types) opened.addEventListener(type, deliver);
}

/** A dropped stream, as the network or the server ended it: closed, then opened anew after a wait. */
function broken(which) {
  if (which !== source) return;
  source.close();
  source = null;
  later();
}

function later() {
  const delay = wait;
  wait = Math.min(wait * 2, longestWait);
  timer = setTimeout(() => { timer = null; connect(); }, delay);
}

function deliver(event) {
  // Resumed from the last id seen, an event is never said twice: an older or repeated id is dropped.
  if (!after(event.lastEventId, lastId)) return;
  lastId = event.lastEventId;
  seen.push(lastId);
  if (seen.length > 200) seen.shift();
  const data = parse(event.data);
  if (!data) return;
  onMessage(data.message);
  hand(event.type, data);
}

function hand(type, data) {
  for (const watcher of watchers) {
    if (!watcher.element.isConnected) { watchers.delete(watcher); continue; }
    // A scene that could not read its data anew says so the way the scenes do; the stream goes on.
    Promise.resolve().then(() => watcher.handler(type, data))
      .catch((error) => onMessage(error.network ? t('networkError') : error.message));
  }
}

/** Whether `id` is a position past `last` (none yet: any). */
function after(id, last) {
  if (!/^[0-9]+$/.test(id ?? '')) return false;
  return last === null || BigInt(id) > BigInt(last);
}

function parse(text) {
  try { return JSON.parse(text); } catch { return null; }
}

// For the browser journeys (Scripts/clients/web-journeys.py): the ids seen, and a drop that breaks
// the stream as a lost network would, so the reconnect and its resume are the real ones.
window.__viperdLive = {
  get seen() { return [...seen]; },
  get open() { return source?.readyState === EventSource.OPEN; },
  get following() { return following; },
  drop() { if (source) broken(source); },
};

// The shell: navigation, language, session, and a hash router so a reload stays on the scene.
import { session, whenUnauthorized, request } from './api.js';
import { h, show, heading, clearStaleAnnouncement, announce } from './dom.js';
import { t, language, setLanguage, translatePage } from './i18n.js';
import * as sessionScenes from './session/session.js';
import * as contacts from './contacts/contacts.js';
import * as orders from './orders/orders.js';
import * as accounts from './accounts/accounts.js';
import * as report from './accounts/report.js';
import * as transfers from './transfers/transfers.js';
import * as incoming from './transfers/incoming.js';
import * as live from './live.js';

/** `[pattern, scene, needs a token]`; `:name` segments become the scene's parameters. */
const routes = [
  ['/signin', sessionScenes.signIn, false],
  ['/register', sessionScenes.register, false],
  ['/reset', sessionScenes.reset, false],
  ['/verify', sessionScenes.verify, true],
  ['/contacts', contacts.list, true],
  ['/contacts/new', contacts.create, true],
  ['/contacts/:id', contacts.detail, true],
  ['/contacts/:id/edit', contacts.edit, true],
  ['/orders', orders.list, true],
  ['/orders/new', orders.create, true],
  ['/orders/:id', orders.detail, true],
  ['/accounts', accounts.list, true],
  ['/accounts/:id', report.account, true],
  ['/send', transfers.flow, true],
  ['/send/:step', transfers.flow, true],
  ['/transfers', transfers.history, true],
  ['/incoming', incoming.incoming, true],
  ['/sessions', sessionScenes.sessions, true],
  ['/password', sessionScenes.password, true],
];

function match(path) {
  const parts = path.split('/').filter(Boolean);
  for (const [pattern, scene, signedIn] of routes) {
    const names = pattern.split('/').filter(Boolean);
    if (names.length !== parts.length) continue;
    const params = {};
    if (names.every((name, i) => (name.startsWith(':') ? ((params[name.slice(1)] = decodeURIComponent(parts[i])), true) : name === parts[i]))) {
      return { scene, signedIn, params };
    }
  }
  return null;
}

function drawNavigation() {
  const signedIn = Boolean(session.token);
  const current = location.hash.split('?')[0].split('/')[1] ?? '';
  const links = signedIn
    ? [['contacts', 'contacts'], ['orders', 'orders'], ['accounts', 'accounts'], ['send', 'send'], ['transfers', 'transfers'], ['incoming', 'incoming'],
      ['sessions', 'sessions'], ['password', 'changePassword']]
    : [['signin', 'signIn'], ['register', 'register']];
  document.getElementById('nav').replaceChildren(h('ul', {}, links.map(([path, label]) =>
    h('li', {}, h('a', { href: `#/${path}`, 'aria-current': current === path ? 'page' : undefined }, t(label))))));
  document.getElementById('sign-out').hidden = !signedIn;
}

async function route() {
  const path = location.hash.replace(/^#/, '').split('?')[0] || '/contacts';
  const found = match(path);
  drawNavigation();
  clearStaleAnnouncement();
  if (!found) { location.hash = '#/contacts'; return; }
  // Every scene change passes here, a sign-in or a sign-out too: the stream follows the session.
  live.follow();
  if (found.signedIn && !session.token) { location.hash = '#/signin'; return; }
  try {
    await found.scene(found.params);
  } catch (error) {
    // A scene's own failure: show the server's words (or ours when it could not be reached).
    show(heading(t('contacts')), h('p', { class: 'form-problem', role: 'alert' }, error.network ? t('networkError') : error.message));
  }
}

// The session ended elsewhere (signed out, the password changed): the server's sentence, then sign-in.
live.whenEnded((detail) => {
  session.clear();
  announce(detail, { forNextScene: true });
  if (location.hash === '#/signin') route(); else location.hash = '#/signin';
});

// What the live events say, in the server's words; the line empties itself once read.
const liveLine = document.getElementById('live');
let liveLineTimer;
live.whenMessage((text) => {
  if (!text) return;
  liveLine.textContent = text;
  clearTimeout(liveLineTimer);
  liveLineTimer = setTimeout(() => { liveLine.textContent = ''; }, 10000);
});

whenUnauthorized(() => { if (!['#/signin', '#/register', '#/reset'].includes(location.hash)) location.hash = '#/signin'; });

const languageSelect = document.getElementById('language');
setLanguage(language());
languageSelect.value = language();
languageSelect.addEventListener('change', () => {
  setLanguage(languageSelect.value);
  translatePage();
  route();
});

document.getElementById('sign-out').addEventListener('click', async () => {
  live.stop();
  try { await request('DELETE', '/v1/sessions/current'); } catch { /* signed out locally either way */ }
  session.clear();
  location.hash = '#/signin';
});

window.addEventListener('hashchange', route);
translatePage();
route();

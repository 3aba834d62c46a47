// The contact list (search as you type, load more), a contact, its create and edit forms.
import { request, showProblem, ApiError } from '../api.js';
import { h, field, form, values, show, heading, debounce, announce, replaceKeeping, shownLimit } from '../dom.js';
import { t } from '../i18n.js';
import { watch } from '../live.js';

const page = 20;

export async function list() {
  const search = h('input', { id: 'contact-search', type: 'search', name: 'q', autocomplete: 'off', dataset: { parameter: 'q' } });
  const items = h('ul', { class: 'list', id: 'contact-list' });
  const message = h('p', { class: 'empty', id: 'contact-message' });
  const more = h('button', { type: 'button', id: 'contact-more', hidden: true }, t('loadMore'));
  let cursor = null;
  let generation = 0;

  // `refresh`: as many as are shown, read anew for a live event.
  async function load(reset, refresh = false) {
    const mine = reset ? ++generation : generation;
    const limit = refresh ? shownLimit(items, page) : page;
    const { body } = await request('GET', '/v1/contacts', { query: { q: search.value.trim(), limit, cursor: reset ? null : cursor } });
    if (mine !== generation) return; // an older search answered after a newer one
    const shown = body.items.map((contact) => h('li', {},
      h('a', { href: `#/contacts/${encodeURIComponent(contact.id)}` }, contact.contactName),
      contact.phone ? h('span', { class: 'muted' }, ` ${contact.phone}`) : null));
    if (reset) replaceKeeping(items, shown); else items.append(...shown);
    message.textContent = body.message ?? '';
    message.hidden = !body.message;
    cursor = body.nextCursor;
    more.hidden = !cursor;
  }
  search.addEventListener('input', debounce(() => load(true).catch((error) => announce(error.message)), 250));
  more.addEventListener('click', () => load(false).catch((error) => announce(error.message)));

  show(
    heading(t('contacts')),
    h('p', {}, h('a', { href: '#/contacts/new', class: 'button' }, t('newContact'))),
    h('div', { class: 'field' }, h('label', { for: 'contact-search' }, t('search')), search),
    items, message, more,
  );
  // Contacts made, changed or deleted on another device; a burst of them is read once.
  const refresh = debounce(() => load(true, true).catch((error) => announce(error.message)), 150);
  watch(items, (type) => { if (type === 'reset' || type.startsWith('contact.')) refresh(); });
  await load(true);
}

function contactFields(contact = {}) {
  const address = contact.address ?? {};
  const input = (name, label, value, extra = {}) =>
    field(t(label), { name, value: value ?? '', pointer: `/${name.replace('.', '/')}`, id: `contact-${name.replace('.', '-')}`, ...extra });
  return [
    input('firstName', 'firstName', contact.firstName, { autocomplete: 'given-name' }),
    input('lastName', 'lastName', contact.lastName, { autocomplete: 'family-name' }),
    input('email', 'email', contact.email, { type: 'email', autocomplete: 'email' }),
    input('phone', 'phone', contact.phone, { type: 'tel', autocomplete: 'tel' }),
    input('birthday', 'birthday', contact.birthday, { type: 'date' }),
    h('fieldset', {}, h('legend', {}, t('address')),
      input('address.street', 'street', address.street),
      input('address.street2', 'street2', address.street2),
      input('address.city', 'city', address.city),
      input('address.province', 'province', address.province),
      input('address.postalCode', 'postalCode', address.postalCode),
      input('address.country', 'country', address.country)),
  ];
}

export function create() {
  show(
    heading(t('newContact')),
    form({
      class: 'stack', id: 'contact-form',
      onsubmit: async (element) => {
        try {
          const { body } = await request('POST', '/v1/contacts', { json: values(element) });
          location.hash = `#/contacts/${encodeURIComponent(body.id)}`;
        } catch (error) { showProblem(element, error); }
      },
    }, ...contactFields(), h('button', { type: 'submit' }, t('create'))),
    h('p', {}, h('a', { href: '#/contacts' }, t('back'))),
  );
}

/** A contact's facts; the birthday and the address's lines come worded and ordered by the server. */
function facts(contact) {
  const row = (label, value, id) => (value ? [h('dt', {}, t(label)), h('dd', { id }, value)] : []);
  const lines = contact.addressLines.map((line) => h('span', { class: 'line' }, line));
  return h('dl', { class: 'facts' }, row('email', contact.email), row('phone', contact.phone),
    row('birthday', contact.birthday && h('time', { datetime: contact.birthday }, contact.birthdayFormatted), 'contact-birthday'),
    lines.length ? [h('dt', {}, t('address')), h('dd', { id: 'contact-address' }, lines)] : []);
}

/**
 * Follows one contact's events while its scene is shown: `onUpdate` when it changed (or events were
 * missed), back to the list when it was deleted, on this device or another.
 */
function followContact(element, id, onUpdate) {
  watch(element, async (type, data) => {
    if (type === 'reset' || (type === 'contact.updated' && data.contactId === id)) await onUpdate();
    else if (type === 'contact.deleted' && data.contactId === id) location.hash = '#/contacts';
  });
}

export async function detail({ id }) {
  const path = `/v1/contacts/${encodeURIComponent(id)}`;
  const { body: contact } = await request('GET', path);
  const title = heading(contact.contactName);
  let shown = facts(contact);
  show(
    title,
    shown,
    h('div', { class: 'actions' },
      h('a', { class: 'button', href: `#/contacts/${encodeURIComponent(id)}/edit` }, t('edit')),
      h('button', {
        type: 'button', class: 'danger', id: 'contact-delete',
        onclick: async () => {
          await request('DELETE', `/v1/contacts/${encodeURIComponent(id)}`);
          location.hash = '#/contacts';
        },
      }, t('delete'))),
    h('p', {}, h('a', { href: '#/contacts' }, t('back'))),
  );
  // Changed on another device: its new facts, in place (the focus stays where it is).
  followContact(title, id, async () => {
    const { body: now } = await request('GET', path);
    title.textContent = now.contactName;
    const fresh = facts(now);
    if (!fresh.isEqualNode(shown)) { shown.replaceWith(fresh); shown = fresh; }
  });
}

export async function edit({ id }) {
  const path = `/v1/contacts/${encodeURIComponent(id)}`;
  const { body: contact, etag } = await request('GET', path);
  const stale = h('div', { class: 'notice', role: 'alert', id: 'contact-stale', hidden: true },
    h('p', {}, t('stale')), h('button', { type: 'button', onclick: () => edit({ id }) }, t('reload')));
  show(
    heading(contact.contactName),
    stale,
    form({
      class: 'stack', id: 'contact-form',
      onsubmit: async (element) => {
        try {
          await request('PATCH', path, { json: values(element, { keepBlank: true }), etag });
          location.hash = `#/contacts/${encodeURIComponent(id)}`;
        } catch (error) {
          if (error instanceof ApiError && error.status === 412) { stale.hidden = false; stale.querySelector('button').focus(); return; }
          showProblem(element, error);
        }
      },
    }, ...contactFields(contact), h('button', { type: 'submit' }, t('save'))),
    h('p', {}, h('a', { href: `#/contacts/${encodeURIComponent(id)}` }, t('back'))),
  );
  // Changed elsewhere while being edited: said now, rather than by the 412 of the save.
  followContact(stale, id, async () => {
    if ((await request('GET', path)).etag !== etag) stale.hidden = false;
  });
}

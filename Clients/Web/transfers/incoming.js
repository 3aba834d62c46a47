// Incoming money: what others sent to the user's verified address, waiting to be claimed into one
// of their accounts or declined. Every sentence on it (who sent what, until when, why not) is the
// server's; the page only offers the accounts the money can land in.
import { request, showProblem, clearProblem, ApiError, Action } from '../api.js';
import { h, field, form, options, show, heading, announce, accountLabel, relabelAccounts, replaceKeeping, shownLimit } from '../dom.js';
import { t } from '../i18n.js';
import { watch } from '../live.js';

const page = async (cursor, limit = 20) => (await request('GET', '/v1/transfers/incoming', { query: { limit, cursor } })).body;

/** The first page, or null when the server refuses it for want of a verified address (shown instead). */
async function firstPage() {
  try {
    return await page(null);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403 || error.problem?.code !== 'email_not_verified') throw error;
    // Money waits for an address, not a user: proving it is the way here.
    const notice = h('p', { class: 'notice', id: 'incoming-unverified', role: 'status' }, error.message);
    show(heading(t('incoming')), notice,
      h('p', {}, h('a', { href: '#/verify', class: 'button', id: 'incoming-verify' }, t('verifyEmail'))));
    // Proven on another device: the money waiting for the address can be shown now.
    watch(notice, (type) => (type === 'user.email_verified' ? incoming() : undefined));
    return null;
  }
}

export async function incoming() {
  const first = await firstPage();
  if (!first) return;
  const { body: owned } = await request('GET', '/v1/accounts', { query: { limit: 100 } });
  const list = h('ul', { class: 'list incoming', id: 'incoming-list' });
  const message = h('p', { class: 'empty', id: 'incoming-message', hidden: true });
  const more = h('button', { type: 'button', id: 'incoming-more', hidden: true }, t('loadMore'));
  // A key per transfer and action, kept until it succeeds: a retried Claim or Decline acts once.
  const actions = new Map();
  const actionFor = (name) => { if (!actions.has(name)) actions.set(name, new Action()); return actions.get(name); };
  let cursor = null;

  async function resolve(transfer, element, verb, json) {
    clearProblem(element);
    try {
      const { body } = await request('POST', `/v1/transfers/${encodeURIComponent(transfer.id)}/${verb}`,
        { json, action: actionFor(`${verb}:${transfer.id}`) });
      announce(verb === 'claim' ? `${t('claimed')}: ${body.amount.formatted} ← ${body.senderName}` : body.statusText);
      draw(await page(null), true);
    } catch (error) { showProblem(element, error); }
  }

  function item(transfer) {
    // The money lands only in an account of its own currency: the others are not offered.
    const into = owned.items.filter((account) => account.currency === transfer.amount.currency);
    const claim = form({
      class: 'stack claim',
      onsubmit: (element) => resolve(transfer, element, 'claim', { toAccountId: element.elements.toAccountId.value }),
    },
    field(t('claimInto'), { control: 'select', name: 'toAccountId', pointer: '/toAccountId',
      options: options(into.map((account) => [account.id, accountLabel(account)])) }),
    h('div', { class: 'actions' },
      h('button', { type: 'submit', class: 'claim' }, t('claim')),
      h('button', {
        type: 'button', class: 'quiet decline',
        onclick: (event) => resolve(transfer, event.currentTarget.form, 'decline'),
      }, t('decline'))));
    return h('li', { dataset: { transferId: transfer.id } },
      h('p', {}, h('strong', { class: 'sender' }, transfer.senderName), ' ', h('span', { class: 'amount' }, transfer.amount.formatted)),
      transfer.memo ? h('p', { class: 'memo' }, transfer.memo) : null,
      h('p', {}, h('span', { class: `badge ${transfer.status}` }, transfer.statusText)),
      h('p', {}, h('time', { datetime: transfer.createdAt, class: 'muted' }, transfer.createdAtFormatted)),
      claim,
      into.length ? null : h('p', {}, h('a', { href: '#/accounts', class: 'new-account' }, t('newAccount'))));
  }

  function draw(body, reset) {
    if (reset) replaceKeeping(list, body.items.map(item)); else list.append(...body.items.map(item));
    message.textContent = body.message ?? '';
    message.hidden = !body.message;
    cursor = body.nextCursor;
    more.hidden = !cursor;
  }
  more.addEventListener('click', async () => {
    try { draw(await page(cursor), false); } catch (error) { announce(error.message); }
  });

  show(heading(t('incoming')), list, message, more);
  draw(first, true);
  // Money sent to the user's address, or taken back by its sender, comes and goes with the
  // transfer events; the accounts it can land in show their balances as they change.
  let generation = 0;
  watch(list, async (type, data) => {
    if (type === 'reset' || data.accounts?.length) {
      owned.items = (await request('GET', '/v1/accounts', { query: { limit: 100 } })).body.items;
      relabelAccounts(list, owned.items);
    }
    if (type !== 'reset' && type !== 'user.email_verified' && !type.startsWith('transfer.')) return;
    const mine = ++generation;
    const body = await page(null, shownLimit(list, 20));
    if (mine === generation) draw(body, true);
  });
}

// The user's accounts: list with balance, pending and available as the server formats them, and create.
import { request, showProblem } from '../api.js';
import { h, field, form, values, show, heading, replaceKeeping } from '../dom.js';
import { t } from '../i18n.js';
import { watch } from '../live.js';

function row(account) {
  return h('tr', {},
    h('td', {}, h('a', { href: `#/accounts/${encodeURIComponent(account.id)}` }, account.name)),
    h('td', {}, account.currency),
    h('td', { class: 'amount' }, account.balance.formatted),
    h('td', { class: 'amount' }, account.pending.formatted),
    h('td', { class: 'amount' }, account.available.formatted));
}

export async function list() {
  const rows = h('tbody', { id: 'account-rows' });
  const message = h('p', { class: 'empty', hidden: true });
  async function load() {
    const { body } = await request('GET', '/v1/accounts', { query: { limit: 100 } });
    replaceKeeping(rows, body.items.map(row));
    message.textContent = body.message ?? '';
    message.hidden = !body.message;
  }
  show(
    heading(t('accounts')),
    h('div', { class: 'scroll' }, h('table', { class: 'data' },
      h('thead', {}, h('tr', {}, [t('name'), t('currency'), t('balance'), t('pending'), t('available')].map((label, index) =>
        h('th', { scope: 'col', class: index > 1 ? 'amount' : undefined }, label)))),
      rows)),
    message,
    h('h2', {}, t('newAccount')),
    form({
      class: 'stack inline', id: 'account-form',
      onsubmit: async (element) => {
        try {
          await request('POST', '/v1/accounts', { json: values(element) });
          element.reset();
          await load();
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('name'), { name: 'name', id: 'account-name', pointer: '/name' }),
    field(t('currency'), { name: 'currency', id: 'account-currency', pointer: '/currency', value: 'CAD', maxlength: 3, autocapitalize: 'characters' }),
    h('button', { type: 'submit' }, t('create'))),
  );
  // An event that moved money names the accounts it changed: the list is read again, in the
  // page's language, and only the rows that changed are drawn anew.
  watch(rows, async (type, data) => {
    if (type === 'reset' || data.accounts?.length) await load();
  });
  await load();
}

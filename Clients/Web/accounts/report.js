// CleanReportTableDemo: the banking report drawn row by row as the stream arrives, with the
// server's `odd` banding, and the account's transactions beside it.
import { request, streamRows, showProblem, clearProblem } from '../api.js';
import { h, field, form, values, show, heading, announce, replaceKeeping, shownLimit, coalesce } from '../dom.js';
import { t } from '../i18n.js';
import { watch } from '../live.js';

/** One report row as a table row; every text in it is the server's. */
function reportRow(row) {
  const band = row.odd ? 'odd' : 'even';
  switch (row.type) {
    case 'header': return h('tr', { class: 'header' }, h('th', { scope: 'colgroup', colspan: 2 }, row.title));
    case 'subheader': return h('tr', { class: `subheader ${band}` }, h('th', { scope: 'rowgroup', colspan: 2 }, row.title));
    case 'detail': return h('tr', { class: `detail ${band}` }, h('td', {}, row.description), h('td', { class: 'amount' }, row.amount));
    case 'subfooter': return h('tr', { class: `subfooter ${band}`, 'aria-hidden': 'true' }, h('td', { colspan: 2 }));
    case 'footer': return h('tr', { class: `footer ${band}` }, h('th', { scope: 'row' }, row.title), h('td', { class: 'amount' }, row.total));
    case 'message': return h('tr', { class: 'message' }, h('td', { colspan: 2 }, row.message));
    case 'grandfooter': return h('tr', { class: 'grandfooter' }, h('th', { scope: 'row' }, row.title), h('td', { class: 'amount' }, row.total));
    default: return null;
  }
}

export async function account({ id }) {
  const path = `/v1/accounts/${encodeURIComponent(id)}`;
  const { body: current } = await request('GET', path);
  const period = new URLSearchParams(location.hash.split('?')[1] ?? '');
  const body = h('tbody', { id: 'report-rows' });
  const table = h('table', { class: 'report', id: 'report', 'aria-busy': 'false' },
    h('caption', {}, t('report')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('description')), h('th', { scope: 'col', class: 'amount' }, t('amount')))),
    body);
  const transactions = h('tbody', { id: 'transaction-rows' });
  const transactionsMessage = h('p', { class: 'empty', hidden: true });
  const more = h('button', { type: 'button', hidden: true }, t('loadMore'));
  let cursor = null;
  // Each reading of the report and transactions: one that a newer one overtook draws nothing more.
  let generation = 0;

  async function loadTransactions(query, reset, mine = generation, limit = 20) {
    const { body: page } = await request('GET', `${path}/transactions`, { query: { ...query, limit, cursor: reset ? null : cursor } });
    if (mine !== generation) return;
    const items = page.items.map((item) => h('tr', { class: item.direction },
      h('td', {}, h('time', { datetime: item.date }, item.dateFormatted)), h('td', {}, item.description), h('td', { class: 'amount' }, item.signedAmount.formatted)));
    if (reset) replaceKeeping(transactions, items); else transactions.append(...items);
    transactionsMessage.textContent = page.message ?? '';
    transactionsMessage.hidden = !page.message;
    cursor = page.nextCursor;
    more.hidden = !cursor;
  }

  // One reading at a time, in the order asked: the server refuses a user's reports side by side
  // (503), so a period chosen while a live event's reading runs waits for it.
  let reading = Promise.resolve();
  const load = (...args) => (reading = reading.catch(() => {}).then(() => loadNow(...args)));

  /** The report and the first transactions; `limit`: as many as are shown, when read anew live. */
  async function loadNow(element, query, limit = 20) {
    const mine = ++generation;
    clearProblem(element);
    body.replaceChildren();
    table.setAttribute('aria-busy', 'true');
    try {
      await streamRows(`${path}/report`, query, (row) => { const tr = mine === generation && reportRow(row); if (tr) body.append(tr); });
      if (mine === generation) await loadTransactions(query, true, mine, limit);
    } catch (error) {
      if (mine !== generation) return;
      // A report cut short is no report: the rows drawn so far go with it.
      body.replaceChildren();
      showProblem(element, error);
    } finally {
      if (mine === generation) table.setAttribute('aria-busy', 'false');
    }
  }
  more.addEventListener('click', () => loadTransactions(values(periodForm), false).catch((error) => announce(error.message)));

  const periodForm = form({
    class: 'stack inline', id: 'period-form', 'aria-label': t('report'),
    onsubmit: (element) => {
      const query = values(element);
      // The period goes into the URL, so a reload shows the same one.
      history.replaceState(null, '', `#/accounts/${encodeURIComponent(id)}?${new URLSearchParams(query)}`);
      load(element, query);
    },
  },
  field(t('from'), { name: 'from', id: 'period-from', type: 'date', parameter: 'from', value: period.get('from') }),
  field(t('to'), { name: 'to', id: 'period-to', type: 'date', parameter: 'to', value: period.get('to') }),
  h('button', { type: 'submit' }, t('show')));

  const balance = h('dd', { id: 'account-balance' }, current.balance.formatted);
  const pending = h('dd', { id: 'account-pending' }, current.pending.formatted);
  const available = h('dd', { id: 'account-available' }, current.available.formatted);
  show(
    heading(current.name),
    h('dl', { class: 'facts inline' },
      h('dt', {}, t('balance')), balance, h('dt', {}, t('pending')), pending, h('dt', {}, t('available')), available),
    periodForm,
    h('div', { class: 'side-by-side' },
      h('section', { 'aria-label': t('report') }, table),
      h('section', { 'aria-labelledby': 'transactions-title' },
        h('h2', { id: 'transactions-title' }, t('transactions')),
        h('div', { class: 'scroll' }, h('table', { class: 'data compact' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('date')), h('th', { scope: 'col' }, t('description')), h('th', { scope: 'col', class: 'amount' }, t('amount')))),
          transactions)),
        transactionsMessage, more)),
    h('p', {}, h('a', { href: '#/accounts' }, t('back'))),
  );
  // An event that changed this account: its figures, report and transactions are read anew (in the
  // period on screen, and the page's language); a burst of events, once or twice.
  const refresh = coalesce(async () => {
    const { body: changed } = await request('GET', path);
    balance.textContent = changed.balance.formatted;
    pending.textContent = changed.pending.formatted;
    available.textContent = changed.available.formatted;
    await load(periodForm, values(periodForm), shownLimit(transactions, 20));
  });
  watch(table, (type, data) => (type === 'reset' || (data.accounts ?? []).some((account) => account.id === id) ? refresh() : undefined));
  await load(periodForm, values(periodForm));
}

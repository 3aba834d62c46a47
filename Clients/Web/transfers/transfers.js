// Send money, one screen per step: source → recipient → amount → review → submit. The state is
// the server's draft; only its id is kept here (localStorage, so a second tab finds it too).
import { request, showProblem, ApiError, Action } from '../api.js';
import { h, field, form, values, options, show, heading, announce, accountLabel, replaceKeeping, shownLimit } from '../dom.js';
import { t } from '../i18n.js';
import { watch, watchBalances } from '../live.js';

const draftKey = 'viperd.draft';
const steps = ['source', 'recipient', 'amount', 'review'];
const submitAction = new Action();

async function choices() {
  const [accounts, contacts] = await Promise.all([
    request('GET', '/v1/accounts', { query: { limit: 100 } }),
    request('GET', '/v1/contacts', { query: { limit: 100 } }),
  ]);
  return { accounts: accounts.body.items, contacts: contacts.body.items };
}

function recipientOptions({ accounts, contacts }, exclude) {
  return [
    h('optgroup', { label: t('ownAccount') }, options(accounts.filter((account) => account.id !== exclude)
      .map((account) => [`account:${account.id}`, `${account.name} · ${account.currency}`]))),
    h('optgroup', { label: t('contacts') }, options(contacts.map((contact) => [`contact:${contact.id}`, contact.contactName]))),
  ];
}

/** `{toAccountId}` or `{toContactId}` from a `type:id` choice. */
function recipientStep(choice) {
  const [type, ...rest] = choice.split(':');
  return type === 'account' ? { toAccountId: rest.join(':') } : { toContactId: rest.join(':') };
}

function progress(step) {
  const index = steps.indexOf(step);
  return h('ol', { class: 'steps', 'aria-label': `${t('step')} ${index + 1} ${t('of')} ${steps.length}` },
    steps.map((name, i) => h('li', { 'aria-current': i === index ? 'step' : undefined, class: i < index ? 'done' : undefined },
      t(name === 'source' ? 'source' : name))));
}

async function loadDraft() {
  const id = localStorage.getItem(draftKey);
  if (!id) return null;
  try {
    return (await request('GET', `/v1/transfer-drafts/${encodeURIComponent(id)}`)).body;
  } catch (error) {
    // Submitted, expired or abandoned drafts are all 404: start again.
    if (error instanceof ApiError && error.status === 404) { localStorage.removeItem(draftKey); return null; }
    throw error;
  }
}

async function patchDraft(draft, element, step) {
  try {
    await request('PATCH', `/v1/transfer-drafts/${encodeURIComponent(draft.id)}`, { json: step });
    location.hash = '#/send';
    if (location.hash === '#/send') flow({});
  } catch (error) { showProblem(element, error); }
}

/** The scene for the step in the URL, or the draft's `nextStep`. */
export async function flow({ step }) {
  const draft = await loadDraft();
  const data = await choices();
  const startOver = h('button', {
    type: 'button', class: 'quiet', id: 'draft-start-over',
    onclick: async () => {
      if (draft) { try { await request('DELETE', `/v1/transfer-drafts/${encodeURIComponent(draft.id)}`); } catch { /* gone already */ } }
      localStorage.removeItem(draftKey);
      location.hash = '#/send/source';
      if (location.hash === '#/send/source') flow({ step: 'source' });
    },
  }, t('startOver'));

  if (!draft || step === 'source') {
    const source = form({
      class: 'stack', id: 'draft-source',
      onsubmit: async (element) => {
        try {
          const created = await request('POST', '/v1/transfer-drafts', { json: values(element) });
          localStorage.setItem(draftKey, created.body.id);
          location.hash = '#/send/recipient';
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('source'), { control: 'select', name: 'fromAccountId', id: 'draft-from', pointer: '/fromAccountId',
      options: options(data.accounts.map((account) => [account.id, accountLabel(account)])) }),
    h('button', { type: 'submit' }, t('next')));
    show(heading(t('send')), progress('source'), source);
    watchBalances(source);
    return;
  }
  // The server decides where the flow goes next; the URL only names a step the user went back to.
  const chosen = step ?? draft.nextStep;
  const source = data.accounts.find((account) => account.id === draft.fromAccountId);

  if (chosen === 'recipient') {
    const selected = draft.recipient ? `${draft.recipient.type}:${draft.recipient.id}` : undefined;
    const select = field(t('recipient'), { control: 'select', name: 'recipient', id: 'draft-recipient', pointer: draft.recipient?.type === 'contact' ? '/toContactId' : '/toAccountId',
      options: recipientOptions(data, draft.fromAccountId) });
    if (selected) select.querySelector('select').value = selected;
    show(heading(t('send')), progress('recipient'), form({
      class: 'stack', id: 'draft-recipient-form',
      onsubmit: (element) => {
        const step = recipientStep(element.elements.recipient.value);
        element.elements.recipient.dataset.pointer = step.toAccountId ? '/toAccountId' : '/toContactId';
        patchDraft(draft, element, step);
      },
    }, select, h('button', { type: 'submit' }, t('next'))), startOver);
    return;
  }
  if (chosen === 'amount') {
    show(heading(t('send')), progress('amount'), form({
      class: 'stack', id: 'draft-amount-form',
      onsubmit: (element) => patchDraft(draft, element, { amount: element.elements.amount.value.trim() }),
    },
    field(`${t('amount')} (${source?.currency ?? ''})`, { name: 'amount', id: 'draft-amount', inputmode: 'decimal', pointer: '/amount', value: '' }),
    h('button', { type: 'submit' }, t('next'))), startOver);
    return;
  }
  show(heading(t('send')), progress('review'),
    h('dl', { class: 'facts', id: 'draft-review' },
      h('dt', {}, t('source')), h('dd', {}, source?.name ?? draft.fromAccountId, ' ', h('a', { href: '#/send/source' }, t('change'))),
      h('dt', {}, t('recipient')), h('dd', { id: 'review-recipient' }, draft.recipient?.name ?? '', ' ', h('a', { href: '#/send/recipient' }, t('change'))),
      h('dt', {}, t('amount')), h('dd', { id: 'review-amount' }, draft.amount?.formatted ?? '', ' ', h('a', { href: '#/send/amount' }, t('change')))),
    form({
      class: 'stack', id: 'draft-submit-form',
      onsubmit: async (element) => {
        try {
          const sent = await request('POST', `/v1/transfer-drafts/${encodeURIComponent(draft.id)}/submit`, { action: submitAction });
          localStorage.removeItem(draftKey);
          // The server's statusText says whether it arrived or waits for its recipient to claim it.
          announce(`${t('sent')}: ${sent.body.amount.formatted} → ${sent.body.recipient.name} · ${sent.body.statusText}`, { forNextScene: true });
          location.hash = '#/transfers';
        } catch (error) { showProblem(element, error); }
      },
    },
    h('p', { class: 'field', dataset: { pointer: '/amount' }, id: 'submit-amount' }),
    h('p', { class: 'field', dataset: { pointer: '/toAccountId' }, id: 'submit-recipient' }),
    h('button', { type: 'submit', id: 'draft-submit' }, t('submit'))),
    startOver);
}

export async function history() {
  const data = await choices();
  const rows = h('tbody', { id: 'transfer-rows' });
  const message = h('p', { class: 'empty', hidden: true });
  const more = h('button', { type: 'button', hidden: true }, t('loadMore'));
  const action = new Action();
  // A key per pending transfer's Cancel, kept until it succeeds, so a retried click cannot act twice.
  const cancels = new Map();
  let cursor = null;
  async function cancel(transfer, button) {
    const key = cancels.get(transfer.id) ?? new Action();
    cancels.set(transfer.id, key);
    button.disabled = true;
    try {
      const { body } = await request('POST', `/v1/transfers/${encodeURIComponent(transfer.id)}/cancel`, { action: key });
      cancels.delete(transfer.id);
      announce(body.statusText);
    } catch (error) {
      // Resolved first by someone else (claimed, declined, expired): the server says which.
      announce(error.network ? t('networkError') : error.message);
    }
    await load(true);
  }
  function row(transfer) {
    // The history is the sender's own, so every pending row is one the user may still take back.
    const cancelButton = transfer.status === 'pending'
      ? h('button', {
        type: 'button', class: 'quiet transfer-cancel',
        onclick: (event) => cancel(transfer, event.currentTarget).catch((error) => announce(error.message)),
      }, t('cancel'))
      : null;
    // The status sits under the recipient, not in a column of its own: at a phone's width a fifth
    // column would be scrolled out of sight, and pending money is what the row is about.
    return h('tr', { dataset: { transferId: transfer.id } },
      h('td', {}, h('time', { datetime: transfer.createdAt }, transfer.createdAtFormatted)),
      h('td', {}, h('div', { class: 'transfer-recipient' }, h('span', {}, transfer.recipient.name),
        h('span', { class: `badge ${transfer.status}` }, transfer.statusText), cancelButton)),
      h('td', {}, transfer.memo ?? ''),
      h('td', { class: 'amount' }, transfer.amount.formatted));
  }
  // `reset`: the first page again (after a transfer of this scene's); `refresh`: as much as is
  // shown, read anew for a live event, leaving the rows that did not change as they are.
  let generation = 0;
  async function load(reset, refresh = false) {
    const mine = ++generation;
    const { body } = await request('GET', '/v1/transfers', { query: { limit: refresh ? shownLimit(rows, 20) : 20, cursor: reset ? null : cursor } });
    if (mine !== generation) return;
    if (reset) replaceKeeping(rows, body.items.map(row)); else rows.append(...body.items.map(row));
    message.textContent = body.message ?? '';
    message.hidden = !body.message;
    cursor = body.nextCursor;
    more.hidden = !cursor;
  }
  more.addEventListener('click', () => load(false).catch((error) => announce(error.message)));
  const recipient = field(t('recipient'), { control: 'select', name: 'recipient', id: 'transfer-recipient', pointer: '/toAccountId', options: recipientOptions(data) });
  const oneStep = form({
    class: 'stack', id: 'transfer-form',
    onsubmit: async (element) => {
      const { recipient: choice, ...rest } = values(element);
      const step = choice ? recipientStep(choice) : {};
      element.elements.recipient.dataset.pointer = step.toContactId ? '/toContactId' : '/toAccountId';
      try {
        await request('POST', '/v1/transfers', { json: { ...rest, ...step }, action });
        element.reset();
        await load(true);
      } catch (error) { showProblem(element, error); }
    },
  },
  field(t('source'), { control: 'select', name: 'fromAccountId', id: 'transfer-from', pointer: '/fromAccountId',
    options: options(data.accounts.map((account) => [account.id, accountLabel(account)])) }),
  recipient,
  field(t('amount'), { name: 'amount', id: 'transfer-amount', inputmode: 'decimal', pointer: '/amount' }),
  field(t('memo'), { name: 'memo', id: 'transfer-memo', pointer: '/memo' }),
  h('button', { type: 'submit' }, t('submit')));
  show(
    heading(t('transfers')),
    h('section', { 'aria-labelledby': 'one-step-title' }, h('h2', { id: 'one-step-title' }, t('oneStep')), oneStep),
    h('section', { 'aria-labelledby': 'history-title' }, h('h2', { id: 'history-title' }, t('history')),
      h('div', { class: 'scroll' }, h('table', { class: 'data' },
        h('thead', {}, h('tr', {}, [t('date'), t('recipient'), t('memo'), t('amount')].map((label, index) =>
          h('th', { scope: 'col', class: index === 3 ? 'amount' : undefined }, label)))),
        rows)),
      message, more),
  );
  watchBalances(oneStep);
  // A transfer's status changes with its events (claimed, cancelled, expired), and an order paid
  // from an account moves money too: the history is read anew. A contact's change is a recipient's.
  watch(rows, async (type) => {
    if (type === 'reset' || type.startsWith('transfer.') || type.startsWith('order.')) await load(true, true);
    if (type === 'reset' || type.startsWith('contact.')) {
      const select = recipient.querySelector('select');
      const chosen = select.value;
      select.replaceChildren(...recipientOptions(await choices()));
      select.value = chosen;
    }
  });
  await load(true);
}

// CleanStore's CreateOrder, ListOrders and ShowOrder: lines, shipping, errors by pointer,
// the totals the server computed, the list with sort and status filter, cancel.
import { request, showProblem, clearProblem, Action } from '../api.js';
import { h, field, form, values, options, show, heading, announce, accountLabel, replaceKeeping, shownLimit } from '../dom.js';
import { t } from '../i18n.js';
import { watch, watchBalances } from '../live.js';

const speeds = ['standard', 'twoDay', 'oneDay'];

function addressFields(prefix, legend) {
  const input = (name, extra = {}) =>
    field(t(name), { name: `${prefix}.${name}`, id: `${prefix}-${name}`, pointer: `/${prefix}/${name}`, ...extra });
  return h('fieldset', { id: `${prefix}-fields` }, h('legend', {}, legend),
    input('street', { autocomplete: 'address-line1' }), input('street2', { autocomplete: 'address-line2' }),
    input('city'), input('province'), input('postalCode', { autocomplete: 'postal-code' }), input('country', { autocomplete: 'country-name' }));
}

/**
 * The request body as typed. A quantity goes out as the user wrote it, as a JSON number token
 * when it reads as one, so the server's "digits only" rule judges the real input.
 */
function orderBody(element, lines) {
  const body = values(element);
  delete body.shipTo;
  if (element.elements.shipTo.value === 'contact') delete body.shipmentAddress; else delete body.shipToContactId;
  const quantities = [];
  body.items = lines.map((line, index) => {
    quantities.push(line.querySelector('[name="quantity"]').value.trim());
    return { productId: line.querySelector('[name="productId"]').value || undefined, quantity: `\u0000q${index}` };
  });
  delete body.productId;
  delete body.quantity;
  return JSON.stringify(body).replace(/"\\u0000q(\d+)"/g, (_, index) => {
    const text = quantities[Number(index)];
    if (text === '') return 'null';
    return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? text : JSON.stringify(text);
  });
}

export async function create() {
  const [products, contacts, accounts] = await Promise.all([
    request('GET', '/v1/products', { query: { limit: 100 } }),
    request('GET', '/v1/contacts', { query: { limit: 100 } }),
    request('GET', '/v1/accounts', { query: { limit: 100 } }),
  ]);
  const productOptions = [['', '—'], ...products.body.items.map((product) => [product.id, `${product.name} · ${product.price.formatted}`])];
  const linesBox = h('ol', { class: 'lines', id: 'order-lines' });
  const action = new Action();

  function renumber() {
    [...linesBox.children].forEach((line, index) => {
      line.querySelector('[name="productId"]').dataset.pointer = `/items/${index}/productId`;
      line.querySelector('[name="quantity"]').dataset.pointer = `/items/${index}/quantity`;
    });
  }
  function addLine() {
    const line = h('li', { class: 'line-row' },
      field(t('product'), { control: 'select', name: 'productId', options: options(productOptions) }),
      field(t('quantity'), { name: 'quantity', inputmode: 'numeric', value: '1', size: 4 }),
      h('button', { type: 'button', class: 'quiet', onclick: () => { line.remove(); renumber(); } }, t('removeLine')));
    linesBox.append(line);
    renumber();
  }
  addLine();

  const shipToContact = h('div', { id: 'ship-to-contact-fields', hidden: true },
    field(t('contact'), { control: 'select', name: 'shipToContactId', id: 'order-ship-contact', pointer: '/shipToContactId',
      options: options(contacts.body.items.map((contact) => [contact.id, contact.contactName])) }));
  const shipmentAddress = addressFields('shipmentAddress', t('shipment'));
  const choice = (value, label, checked) => h('label', { class: 'choice' },
    h('input', { type: 'radio', name: 'shipTo', value, checked, id: `ship-to-${value}` }), ` ${label}`);
  const shipTo = h('div', { role: 'radiogroup', class: 'choices', 'aria-label': t('shipment') },
    choice('address', t('typedAddress'), true), choice('contact', t('toContact'), false));
  shipTo.addEventListener('change', (event) => {
    const toContact = event.target.value === 'contact';
    shipToContact.hidden = !toContact;
    shipmentAddress.hidden = toContact;
  });
  const customer = (name, extra = {}) => field(t(name), { name: `customer.${name}`, id: `customer-${name}`, pointer: `/customer/${name}`, ...extra });

  show(
    heading(t('newOrder')),
    form({
      class: 'stack', id: 'order-form',
      onsubmit: async (element) => {
        clearProblem(element);
        try {
          const placed = await request('POST', '/v1/orders', { rawBody: orderBody(element, [...linesBox.children]), action });
          if (placed.replayed) sessionStorage.setItem('viperd.replayed', placed.body.id);
          location.hash = `#/orders/${encodeURIComponent(placed.body.id)}`;
        } catch (error) { showProblem(element, error); }
      },
    },
    h('fieldset', {}, h('legend', {}, t('customer')),
      customer('firstName', { autocomplete: 'given-name' }), customer('lastName', { autocomplete: 'family-name' }),
      customer('email', { type: 'email', autocomplete: 'email' }), customer('phone', { type: 'tel', autocomplete: 'tel' })),
    addressFields('billingAddress', t('billingAddress')),
    h('fieldset', {}, h('legend', {}, t('shipment')), shipTo, shipToContact, shipmentAddress,
      field(t('shipmentMethod'), { control: 'select', name: 'shipmentMethod', id: 'order-speed', pointer: '/shipmentMethod',
        options: options(speeds.map((speed) => [speed, t(speed)])) })),
    h('fieldset', { id: 'items', dataset: { pointer: '/items' } }, h('legend', {}, t('lines')), linesBox,
      h('button', { type: 'button', class: 'quiet', onclick: addLine }, t('addLine'))),
    field(t('payFrom'), { control: 'select', name: 'payFromAccountId', id: 'order-pay', pointer: '/payFromAccountId',
      options: options([['', t('noPayment')], ...accounts.body.items.map((account) => [account.id, accountLabel(account)])]) }),
    h('button', { type: 'submit', id: 'place-order' }, t('placeOrder'))),
  );
  // What each account has available, as payments and transfers elsewhere change it.
  watchBalances(document.getElementById('order-pay'));
}

export async function detail({ id }) {
  const path = `/v1/orders/${encodeURIComponent(id)}`;
  const { body: order } = await request('GET', path);
  const replayed = sessionStorage.getItem('viperd.replayed') === order.id;
  sessionStorage.removeItem('viperd.replayed');
  const cancel = new Action();
  const status = h('span', { class: `badge ${order.status}`, id: 'order-status' }, order.statusLabel);
  const total = (label, money, id) => h('tr', { id }, h('th', { scope: 'row', colspan: 2 }, label), h('td', { class: 'amount' }, money.formatted));
  show(
    heading(`${t('order')} ${order.number}`),
    replayed ? h('p', { class: 'notice', id: 'order-replayed' }, t('replayed')) : null,
    h('p', {}, status, ' ', h('time', { datetime: order.placedAt, id: 'order-placed-at' }, order.placedAtFormatted)),
    h('table', { class: 'totals', id: 'order-totals' },
      h('caption', {}, t('lines')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('product')), h('th', { scope: 'col' }, t('quantity')), h('th', { scope: 'col', class: 'amount' }, t('total')))),
      h('tbody', {}, order.items.map((item) => h('tr', {},
        h('td', {}, item.name), h('td', {}, String(item.quantity)), h('td', { class: 'amount' }, item.lineTotal.formatted)))),
      h('tfoot', {},
        total(t('itemTotal'), order.itemTotal, 'order-item-total'), total(t('tax'), order.tax, 'order-tax'),
        total(order.shipmentMethod.label, order.shipmentMethod.cost, 'order-shipping'),
        total(t('orderTotal'), order.orderTotal, 'order-total'))),
    order.status === 'placed'
      ? h('button', {
        type: 'button', class: 'danger', id: 'order-cancel',
        onclick: async () => {
          try { await request('POST', `${path}/cancel`, { action: cancel }); detail({ id }); } catch (error) { announce(error.message); }
        },
      }, t('cancelOrder'))
      : null,
    h('p', {}, h('a', { href: '#/orders' }, t('back'))),
  );
  // Cancelled on another device: the status as the server words it, and no Cancel any more.
  watch(status, async (type, data) => {
    if (type !== 'reset' && data.order?.id !== order.id) return;
    const { body: now } = await request('GET', path);
    status.className = `badge ${now.status}`;
    status.textContent = now.statusLabel;
    if (now.status !== 'placed') document.getElementById('order-cancel')?.remove();
  });
}

export async function list() {
  const sort = field(t('sort'), { control: 'select', id: 'order-sort', parameter: 'sort', options: options([
    ['-placedAt', t('newestFirst')], ['placedAt', t('oldestFirst')], ['-orderTotal', t('totalDesc')], ['orderTotal', t('totalAsc')]]) });
  const status = field(t('status'), { control: 'select', id: 'order-filter', parameter: 'status', options: options([
    ['', t('all')], ['placed', t('placed')], ['cancelled', t('cancelled')]]) });
  const rows = h('tbody', { id: 'order-rows' });
  const message = h('p', { class: 'empty', id: 'order-message', hidden: true });
  const more = h('button', { type: 'button', hidden: true }, t('loadMore'));
  let cursor = null;
  let generation = 0;

  // `refresh`: as many as are shown, read anew for a live event.
  async function load(reset, refresh = false) {
    const mine = ++generation;
    const { body } = await request('GET', '/v1/orders', {
      query: { sort: sort.querySelector('select').value, status: status.querySelector('select').value,
        limit: refresh ? shownLimit(rows, 20) : 20, cursor: reset ? null : cursor },
    });
    if (mine !== generation) return;
    const items = body.items.map((order) => h('tr', {},
      h('td', {}, h('a', { href: `#/orders/${encodeURIComponent(order.id)}` }, order.number)),
      h('td', {}, h('time', { datetime: order.placedAt }, order.placedAtFormatted)),
      h('td', {}, order.customerName),
      h('td', { class: 'amount' }, order.orderTotal.formatted),
      h('td', {}, order.statusLabel)));
    if (reset) replaceKeeping(rows, items); else rows.append(...items);
    message.textContent = body.message ?? '';
    message.hidden = !body.message;
    cursor = body.nextCursor;
    more.hidden = !cursor;
  }
  for (const control of [sort, status]) control.addEventListener('change', () => load(true).catch((error) => announce(error.message)));
  more.addEventListener('click', () => load(false).catch((error) => announce(error.message)));

  show(
    heading(t('orders')),
    h('p', {}, h('a', { href: '#/orders/new', class: 'button' }, t('newOrder'))),
    h('div', { class: 'filters' }, sort, status),
    h('div', { class: 'scroll' }, h('table', { class: 'data' },
      h('thead', {}, h('tr', {}, [t('number'), t('date'), t('customer'), t('total'), t('status')].map((label) => h('th', { scope: 'col' }, label)))),
      rows)),
    message, more,
  );
  watch(rows, async (type) => {
    if (type === 'reset' || type.startsWith('order.')) await load(true, true);
  });
  await load(true);
}

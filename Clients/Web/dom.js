// Building screens without innerHTML: text always goes in as text, so nothing the server or a
// user wrote can become markup (the page's CSP forbids inline script besides).
import { t } from './i18n.js';

/** An element: `h('p', { class: 'x' }, 'text', child)`. `on*` attributes become listeners. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

let fieldCount = 0;

/**
 * A labelled input in its `.field` wrapper; `pointer` is the JSON Pointer of the request field
 * it fills, so a problem's error lands beside it.
 */
export function field(label, attributes = {}) {
  const id = attributes.id ?? `f${++fieldCount}`;
  const { pointer, parameter, control = 'input', options, ...rest } = attributes;
  const input = control === 'select'
    ? h('select', { id, ...rest, dataset: { pointer, parameter } }, options ?? [])
    : h(control, { id, type: control === 'input' ? 'text' : undefined, ...rest, dataset: { pointer, parameter } });
  if (pointer === undefined) delete input.dataset.pointer;
  if (parameter === undefined) delete input.dataset.parameter;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

/** `<option>`s from `[value, text]` pairs. */
export function options(pairs, selected) {
  return pairs.map(([value, text]) => h('option', { value, selected: value === selected }, text));
}

/** A form with its problem summary; `onsubmit` gets the form once default submission is stopped. */
export function form(attributes, ...children) {
  const { onsubmit, ...rest } = attributes;
  return h('form', {
    novalidate: true, ...rest, dataset: { networkMessage: t('networkError') },
    onsubmit: (event) => { event.preventDefault(); onsubmit?.(event.currentTarget); },
  }, h('p', { class: 'form-problem', role: 'alert', tabindex: '-1', hidden: true }), ...children);
}

/**
 * A form's named values as the request body: `address.city` nests under `address`. Blank
 * values are left out, or sent as `""` with `keepBlank` (a PATCH clears a field that way).
 */
export function values(formElement, { keepBlank = false } = {}) {
  const result = {};
  for (const [name, value] of new FormData(formElement)) {
    const text = String(value).trim();
    if (text === '' && !keepBlank) continue;
    const path = name.split('.');
    let target = result;
    for (const key of path.slice(0, -1)) target = target[key] ??= {};
    target[path.at(-1)] = text;
  }
  return result;
}

/** Replaces the screen and moves focus to its heading, so keyboard and reader users follow. */
export function show(...children) {
  const main = document.getElementById('main');
  main.replaceChildren(...children);
  (main.querySelector('h1') ?? main).focus?.();
}

export function heading(text) { return h('h1', { tabindex: '-1' }, text); }

/** Whether the status line's text is for the scene the current step is about to show. */
let carriedToNextScene = false;

/**
 * A line in the status region, read out by screen readers. `forNextScene`: the step that writes
 * it goes on to another scene (a transfer sent, then its list), which keeps it; any other scene
 * change clears it, however soon it comes.
 */
export function announce(text, { forNextScene = false } = {}) {
  carriedToNextScene = forNextScene;
  document.getElementById('status').textContent = text ?? '';
}

/** Clears the status line on a new scene, unless the step that led there wrote it for this scene. */
export function clearStaleAnnouncement() {
  if (carriedToNextScene) {
    carriedToNextScene = false;
    return;
  }
  document.getElementById('status').textContent = '';
}

/**
 * `fn` run by one call at a time: the calls made while it runs make one more run after it, not
 * one each (a burst of events reads a list once or twice, never in parallel with itself).
 */
export function coalesce(fn) {
  let running = null;
  let again = false;
  return function call() {
    if (running) { again = true; return running; }
    running = (async () => {
      try {
        do { again = false; await fn(); } while (again);
      } finally { running = null; }
    })();
    return running;
  };
}

/** A debounced call: `fn` runs `ms` after the last call. */
export function debounce(fn, ms) {
  let timer;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

/**
 * Replaces `container`'s children with `children`, keeping each old child equal to a new one
 * (`isEqualNode`): a live refresh leaves what did not change as it was (the element a person is
 * about to press, the choice made in a select), and does nothing when nothing changed.
 */
export function replaceKeeping(container, children) {
  const old = [...container.children];
  const kept = children.map((child) => {
    const index = old.findIndex((element) => element.isEqualNode(child));
    return index < 0 ? child : old.splice(index, 1)[0];
  });
  if (kept.length === container.children.length && kept.every((child, index) => container.children[index] === child)) return;
  container.replaceChildren(...kept);
}

/** The page size that reads a list anew as far as it is shown (a "Load more" included), up to the API's 100. */
export function shownLimit(container, page) {
  return Math.min(100, Math.max(page, container.children.length));
}

/** An account as the pickers offer it: its name and what it has available, as the server wrote it. */
export function accountLabel(account) { return `${account.name} · ${account.available.formatted}`; }

/** Shows the balances of `accounts` on every picker option in `root` that offers one of them. */
export function relabelAccounts(root, accounts) {
  for (const account of accounts ?? []) {
    for (const option of root.querySelectorAll(`option[value="${CSS.escape(account.id)}"]`)) option.textContent = accountLabel(account);
  }
}

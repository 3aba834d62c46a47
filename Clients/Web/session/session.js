// Register, sign in, change the password, the list of sessions. The tokens live in
// sessionStorage: they go when the tab closes.
import { request, session, showProblem, clearProblem } from '../api.js';
import { h, field, form, values, show, heading, announce } from '../dom.js';
import { t } from '../i18n.js';

function signedIn(body) {
  session.keep(body);
  location.hash = '#/contacts';
}

export function signIn() {
  show(
    heading(t('signIn')),
    form({
      class: 'stack', 'aria-label': t('signIn'),
      onsubmit: async (element) => {
        try {
          const { body } = await request('POST', '/v1/sessions', { json: values(element) });
          signedIn(body);
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('email'), { name: 'email', type: 'email', autocomplete: 'username', pointer: '/email', required: true }),
    field(t('password'), { name: 'password', type: 'password', autocomplete: 'current-password', pointer: '/password', required: true }),
    h('button', { type: 'submit' }, t('signIn'))),
    h('p', {}, h('a', { href: '#/register' }, t('noAccount'))),
  );
}

export function register() {
  show(
    heading(t('register')),
    form({
      class: 'stack', 'aria-label': t('register'),
      onsubmit: async (element) => {
        try {
          const { body } = await request('POST', '/v1/users', { json: values(element) });
          signedIn(body);
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('name'), { name: 'name', autocomplete: 'name', pointer: '/name', required: true }),
    field(t('email'), { name: 'email', type: 'email', autocomplete: 'username', pointer: '/email', required: true }),
    field(t('password'), { name: 'password', type: 'password', autocomplete: 'new-password', pointer: '/password', required: true }),
    h('button', { type: 'submit' }, t('register'))),
    h('p', {}, h('a', { href: '#/signin' }, t('haveAccount'))),
  );
}

export function password() {
  show(
    heading(t('changePassword')),
    form({
      class: 'stack', 'aria-label': t('changePassword'),
      onsubmit: async (element) => {
        try {
          await request('POST', '/v1/me/password', { json: values(element) });
          element.reset();
          clearProblem(element);
          announce(t('passwordChanged'));
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('currentPassword'), { name: 'currentPassword', type: 'password', autocomplete: 'current-password', pointer: '/currentPassword', required: true }),
    field(t('newPassword'), { name: 'newPassword', type: 'password', autocomplete: 'new-password', pointer: '/newPassword', required: true }),
    h('button', { type: 'submit' }, t('changePassword'))),
  );
}

export async function sessions() {
  const { body } = await request('GET', '/v1/sessions');
  const signOutEverywhere = form({
    class: 'stack', 'aria-label': t('signOutEverywhere'),
    onsubmit: async (element) => {
      try {
        await request('DELETE', '/v1/sessions');
        session.clear();
        location.hash = '#/signin';
      } catch (error) { showProblem(element, error); }
    },
  }, h('button', { type: 'submit', class: 'danger' }, t('signOutEverywhere')));
  // A list, not a table: a user agent is long, and a phone's width holds one column.
  const line = (label, value) => h('p', {}, h('span', { class: 'label' }, `${label}: `), value ?? '—');
  show(
    heading(t('sessions')),
    signOutEverywhere,
    h('ul', { class: 'sessions' }, body.items.map((item) => h('li', { class: item.current ? 'current' : undefined },
      item.current ? h('p', { class: 'badge' }, t('thisSession')) : null,
      line(t('signedInAt'), item.createdAtFormatted),
      line(t('lastUsed'), item.lastUsedAtFormatted),
      line(t('clientAddress'), item.clientAddress),
      line(t('userAgent'), item.userAgent)))),
  );
}

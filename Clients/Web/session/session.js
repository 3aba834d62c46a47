// Register, sign in. The token lives in sessionStorage: it goes when the tab closes.
import { request, session, showProblem } from '../api.js';
import { h, field, form, values, show, heading } from '../dom.js';
import { t } from '../i18n.js';

function signedIn(token) {
  session.token = token;
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
          signedIn(body.token);
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
          signedIn(body.token);
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

// Register, sign in, prove the email address, reset a forgotten password, change the password,
// the list of sessions. The tokens live in sessionStorage: they go when the tab closes. Every
// sentence about what happens next is the server's (`detail`), in the request's language.
import { request, session, showProblem, clearProblem } from '../api.js';
import { h, field, form, values, show, heading, announce } from '../dom.js';
import { t } from '../i18n.js';

async function signedIn(body) {
  session.keep(body);
  // An address not proven yet: the verify scene first, where the code mailed at registration goes.
  const { body: me } = await request('GET', '/v1/me');
  location.hash = me.emailVerified ? '#/contacts' : '#/verify';
}

/** The sign-in form; `notice` is the server's word on what just happened (a registration, a reset). */
export function signIn(_params = {}, notice = null, email = '') {
  show(
    heading(t('signIn')),
    notice ? h('p', { id: 'session-notice', class: 'notice', role: 'status' }, notice) : null,
    form({
      class: 'stack', 'aria-label': t('signIn'),
      onsubmit: async (element) => {
        try {
          const { body } = await request('POST', '/v1/sessions', { json: values(element) });
          await signedIn(body);
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('email'), { name: 'email', type: 'email', autocomplete: 'username', pointer: '/email', required: true, value: email }),
    field(t('password'), { name: 'password', type: 'password', autocomplete: 'current-password', pointer: '/password', required: true }),
    h('button', { type: 'submit' }, t('signIn'))),
    h('p', {}, h('a', { href: '#/register' }, t('noAccount'))),
    h('p', {}, h('a', { href: '#/reset', id: 'forgot-password' }, t('forgotPassword'))),
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
          // The same answer whether the address was free or held: sign in next.
          signIn({}, body.detail, body.email);
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

/** Enter the code mailed to the signed-in user's address, or ask for a new one. */
export async function verify() {
  const { body: me } = await request('GET', '/v1/me');
  if (me.emailVerified) { location.hash = '#/contacts'; return; }
  const resend = form({
    class: 'stack inline', id: 'verify-resend', 'aria-label': t('sendCode'),
    onsubmit: async (element) => {
      try {
        const { body } = await request('POST', '/v1/users/verification');
        announce(body.detail);
      } catch (error) { showProblem(element, error); }
    },
  }, h('button', { type: 'submit' }, t('sendCode')));
  show(
    heading(t('verifyEmail')),
    h('p', {}, t('verifyExplain'), ' ', h('strong', {}, me.email)),
    form({
      class: 'stack', id: 'verify-form', 'aria-label': t('verifyEmail'),
      onsubmit: async (element) => {
        try {
          await request('POST', '/v1/users/verify', { json: values(element) });
          location.hash = '#/contacts';
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('code'), { name: 'code', id: 'verify-code', inputmode: 'numeric', autocomplete: 'one-time-code', pointer: '/code', required: true }),
    h('button', { type: 'submit' }, t('verify'))),
    resend,
  );
}

/** A forgotten password: ask for a code, then set a new password with it. */
export function reset() {
  show(
    heading(t('resetPassword')),
    form({
      class: 'stack', id: 'reset-request', 'aria-label': t('resetPassword'),
      onsubmit: async (element) => {
        try {
          const { body } = await request('POST', '/v1/password-resets', { json: values(element) });
          resetConfirm(body.detail, body.email);
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('email'), { name: 'email', type: 'email', autocomplete: 'username', pointer: '/email', required: true }),
    h('button', { type: 'submit' }, t('sendCode'))),
    h('p', {}, h('a', { href: '#/signin' }, t('haveAccount'))),
  );
}

function resetConfirm(notice, email) {
  show(
    heading(t('resetPassword')),
    h('p', { id: 'session-notice', class: 'notice', role: 'status' }, notice),
    form({
      class: 'stack', id: 'reset-confirm', 'aria-label': t('resetPassword'),
      onsubmit: async (element) => {
        try {
          const { body } = await request('POST', '/v1/password-resets/confirm', { json: values(element) });
          session.clear();
          signIn({}, body.detail, email);
        } catch (error) { showProblem(element, error); }
      },
    },
    field(t('email'), { name: 'email', type: 'email', autocomplete: 'username', pointer: '/email', required: true, value: email }),
    field(t('code'), { name: 'code', id: 'reset-code', inputmode: 'numeric', autocomplete: 'one-time-code', pointer: '/code', required: true }),
    field(t('newPassword'), { name: 'newPassword', type: 'password', autocomplete: 'new-password', pointer: '/newPassword', required: true }),
    h('button', { type: 'submit' }, t('setPassword'))),
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

// The client's own labels: headings, buttons, field names. Everything else on screen (titles of
// report rows, amounts, dates, messages, errors) comes from the server in the request language.
const tables = {
  en: {
    skip: 'Skip to content', navigation: 'Main', language: 'Language', signOut: 'Sign out',
    contacts: 'Contacts', orders: 'Orders', accounts: 'Accounts', send: 'Send money', transfers: 'Transfers',
    signIn: 'Sign in', register: 'Register', name: 'Name', email: 'Email', password: 'Password',
    noAccount: 'No account yet? Register', haveAccount: 'Already registered? Sign in',
    forgotPassword: 'Forgot your password?', resetPassword: 'Reset your password', newPassword: 'New password',
    setPassword: 'Set the password', verifyEmail: 'Verify your email address', verify: 'Verify', code: 'Code',
    sendCode: 'Send a new code', verifyExplain: 'Enter the six-digit code we mailed to',
    search: 'Search', loadMore: 'Load more', newContact: 'New contact', create: 'Create', save: 'Save',
    edit: 'Edit', delete: 'Delete', back: 'Back', reload: 'Reload', cancel: 'Cancel',
    firstName: 'First name', lastName: 'Last name', phone: 'Phone', birthday: 'Birthday',
    address: 'Address', street: 'Street', street2: 'Street (line 2)', city: 'City', province: 'Province',
    postalCode: 'Postal code', country: 'Country',
    stale: 'Someone changed this contact since you opened it. Reload to see their version, then edit again.',
    networkError: 'The server could not be reached. Try again: the same request is sent again.',
    newOrder: 'New order', customer: 'Customer', billingAddress: 'Billing address', shipment: 'Shipment',
    typedAddress: 'Ship to this address', toContact: 'Ship to a contact', contact: 'Contact',
    shipmentMethod: 'Shipping', standard: 'Standard', twoDay: 'Two-day', oneDay: 'One-day',
    lines: 'Order lines', product: 'Product', quantity: 'Quantity', addLine: 'Add a line', removeLine: 'Remove',
    payFrom: 'Pay from', noPayment: 'Pay later', placeOrder: 'Place order', order: 'Order',
    itemTotal: 'Items', tax: 'Tax', shipping: 'Shipping', orderTotal: 'Total', cancelOrder: 'Cancel order',
    sort: 'Sort', status: 'Status', all: 'All', placed: 'Placed', cancelled: 'Cancelled',
    newestFirst: 'Newest first', oldestFirst: 'Oldest first', totalAsc: 'Smallest total', totalDesc: 'Largest total',
    number: 'Number', date: 'Date', total: 'Total', products: 'Products', price: 'Price',
    newAccount: 'New account', currency: 'Currency', balance: 'Balance', available: 'Available',
    report: 'Report', from: 'From', to: 'To', show: 'Show', description: 'Description', amount: 'Amount',
    transactions: 'Transactions',
    source: 'From account', recipient: 'Recipient', review: 'Review', next: 'Next', submit: 'Send',
    memo: 'Memo', startOver: 'Start over', change: 'Change', ownAccount: 'My account', sent: 'Sent',
    oneStep: 'Send in one step', history: 'History', step: 'Step', of: 'of',
    replayed: 'Already done: this is the answer to your first attempt.',
    sessions: 'Sessions', changePassword: 'Change password', currentPassword: 'Current password', newPassword: 'New password',
    passwordChanged: 'Password changed. Your other sessions are signed out.', signOutEverywhere: 'Sign out everywhere',
    signedInAt: 'Signed in', lastUsed: 'Last used', clientAddress: 'Address', userAgent: 'Browser or app', thisSession: 'This session',
    pending: 'Pending', incoming: 'Incoming money', claim: 'Claim', decline: 'Decline', claimInto: 'Into account', claimed: 'Claimed',
  },
  fr: {
    skip: 'Aller au contenu', navigation: 'Principal', language: 'Langue', signOut: 'Se déconnecter',
    contacts: 'Contacts', orders: 'Commandes', accounts: 'Comptes', send: 'Envoyer de l’argent', transfers: 'Virements',
    signIn: 'Se connecter', register: 'Créer un compte', name: 'Nom', email: 'Courriel', password: 'Mot de passe',
    noAccount: 'Pas encore de compte ? Inscrivez-vous', haveAccount: 'Déjà inscrit ? Connectez-vous',
    forgotPassword: 'Mot de passe oublié ?', resetPassword: 'Réinitialiser le mot de passe', newPassword: 'Nouveau mot de passe',
    setPassword: 'Enregistrer le mot de passe', verifyEmail: 'Vérifiez votre adresse courriel', verify: 'Vérifier', code: 'Code',
    sendCode: 'Envoyer un nouveau code', verifyExplain: 'Saisissez le code à six chiffres envoyé à',
    search: 'Rechercher', loadMore: 'Afficher plus', newContact: 'Nouveau contact', create: 'Créer', save: 'Enregistrer',
    edit: 'Modifier', delete: 'Supprimer', back: 'Retour', reload: 'Recharger', cancel: 'Annuler',
    firstName: 'Prénom', lastName: 'Nom de famille', phone: 'Téléphone', birthday: 'Date de naissance',
    address: 'Adresse', street: 'Rue', street2: 'Rue (ligne 2)', city: 'Ville', province: 'Province',
    postalCode: 'Code postal', country: 'Pays',
    stale: 'Quelqu’un a modifié ce contact depuis que vous l’avez ouvert. Rechargez pour voir sa version, puis modifiez de nouveau.',
    networkError: 'Le serveur est injoignable. Réessayez : la même requête sera renvoyée.',
    newOrder: 'Nouvelle commande', customer: 'Client', billingAddress: 'Adresse de facturation', shipment: 'Livraison',
    typedAddress: 'Livrer à cette adresse', toContact: 'Livrer à un contact', contact: 'Contact',
    shipmentMethod: 'Mode de livraison', standard: 'Standard', twoDay: 'Deux jours', oneDay: 'Un jour',
    lines: 'Lignes de commande', product: 'Produit', quantity: 'Quantité', addLine: 'Ajouter une ligne', removeLine: 'Retirer',
    payFrom: 'Payer avec', noPayment: 'Payer plus tard', placeOrder: 'Passer la commande', order: 'Commande',
    itemTotal: 'Articles', tax: 'Taxes', shipping: 'Livraison', orderTotal: 'Total', cancelOrder: 'Annuler la commande',
    sort: 'Tri', status: 'État', all: 'Toutes', placed: 'Passée', cancelled: 'Annulée',
    newestFirst: 'Plus récentes', oldestFirst: 'Plus anciennes', totalAsc: 'Total croissant', totalDesc: 'Total décroissant',
    number: 'Numéro', date: 'Date', total: 'Total', products: 'Produits', price: 'Prix',
    newAccount: 'Nouveau compte', currency: 'Devise', balance: 'Solde', available: 'Disponible',
    report: 'Relevé', from: 'Du', to: 'Au', show: 'Afficher', description: 'Description', amount: 'Montant',
    transactions: 'Opérations',
    source: 'Compte à débiter', recipient: 'Bénéficiaire', review: 'Vérification', next: 'Suivant', submit: 'Envoyer',
    memo: 'Note', startOver: 'Recommencer', change: 'Modifier', ownAccount: 'Mon compte', sent: 'Envoyé',
    oneStep: 'Envoyer en une étape', history: 'Historique', step: 'Étape', of: 'sur',
    replayed: 'Déjà fait : voici la réponse à votre première tentative.',
    sessions: 'Sessions', changePassword: 'Changer le mot de passe', currentPassword: 'Mot de passe actuel', newPassword: 'Nouveau mot de passe',
    passwordChanged: 'Mot de passe changé. Vos autres sessions sont déconnectées.', signOutEverywhere: 'Se déconnecter partout',
    signedInAt: 'Connexion', lastUsed: 'Dernière utilisation', clientAddress: 'Adresse', userAgent: 'Navigateur ou application', thisSession: 'Cette session',
    pending: 'En attente', incoming: 'Argent à recevoir', claim: 'Encaisser', decline: 'Refuser', claimInto: 'Sur le compte', claimed: 'Encaissé',
  },
};

export const languages = Object.keys(tables);

let current = localStorage.getItem('viperd.language') || (navigator.language || 'en').slice(0, 2);
if (!tables[current]) current = 'en';

/** The language the client shows and asks the server for. */
export function language() { return current; }

export function setLanguage(code) {
  current = tables[code] ? code : 'en';
  localStorage.setItem('viperd.language', current);
  document.documentElement.lang = current;
}

/** The client's own label for `key` in the current language. */
export function t(key) { return tables[current][key] ?? tables.en[key] ?? key; }

/** Labels the static page carries (`data-i18n`, `data-i18n-label`). */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const element of root.querySelectorAll('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel));
}

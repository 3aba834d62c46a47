import Foundation

/// Every sentence the API shows people, in each supported language.
public struct Messages: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// The catalog's keys.
    public enum Key: String, Sendable, CaseIterable {
        case noContactsFound
        case contactNotFound
        case nameRequired
        case invalidEmail
        case mustBeString
        case mustBeObject
        case invalidCharacters
        case invisibleCharacters
        case nonASCIIDomain
        case tooLong
        case invalidDate
        case invalidLimit
        case invalidCursor
        case invalidID
        case queryTooLong
        case invalidIfMatch
        case staleContact
        case malformedTitle
        case validationTitle
        case notFoundTitle
        case staleTitle
        case unavailableTitle
        case unavailableDetail
        case failureTitle
        case failureDetail
        case notImplementedTitle
        case resourceNotFound
        case notImplementedDetail
        case userNameRequired
        case emailRequired
        case passwordRequired
        case weakPassword
        case currentPasswordRequired
        case newPasswordRequired
        case wrongPassword
        case refreshTokenRequired
        case invalidRefreshToken
        case emailTaken
        case conflictTitle
        case invalidCredentials
        case unauthorizedTitle
        case unauthorizedDetail
        case rateLimitedTitle
        case loginRateLimitedDetail
        case registrationRateLimitedDetail
        case writesRateLimitedDetail
        case quotaExceededTitle
        case contactsQuotaDetail
        case accountsQuotaDetail
        case draftsQuotaDetail
        case pendingTransfersQuotaDetail
        case transfersRateLimitedDetail
        case serverBusyDetail
        case severalAuthorizationFields
        case noSuchPath
        case methodNotAllowedTitle
        case methodNotAllowedDetail
        case unsupportedMediaTypeTitle
        case unsupportedMediaTypeDetail
        case malformedJSONTitle
        case emptyBody
        case invalidJSON
        case mustBeArray
        case valueRequired
        case noProductsFound
        case productNotFound
        case noOrdersFound
        case orderNotFound
        case shipmentStandard
        case shipmentTwoDay
        case shipmentOneDay
        case orderPlaced
        case orderCancelled
        case firstNameRequired
        case lastNameRequired
        case billingAddressRequired
        case shipmentAddressRequired
        case streetRequired
        case cityRequired
        case postalCodeRequired
        case countryRequired
        case shipmentMethodRequired
        case invalidShipmentMethod
        case itemsRequired
        case productRequired
        case quantityRequired
        case quantityDigitsOnly
        case noItems
        case tooManyLines
        case tooManyItems
        case unknownProduct
        case quantityOutOfRange
        case combinedQuantityOutOfRange
        case conflictingShipmentAddress
        case contactAddressIncomplete
        case totalTooLarge
        case paymentRefusedTitle
        case paymentCurrencyMismatch
        case insufficientFunds
        case invalidTransition
        case invalidSort
        case invalidStatus
        case cursorMismatch
        case invalidIdempotencyKey
        case idempotencyKeyReused
        case idempotencyInFlight
        case noAccountsFound
        case accountNotFound
        case currencyRequired
        case unknownCurrency
        case invalidCurrencyFormat
        case invalidGroup
        case noTransactionsFound
        case fromAfterTo
        case rangeTooLong
        case reportTooLargeTitle
        case reportTooLarge
        case authorizedTransactions
        case postedTransactions
        case reportTotal
        case reportGrandTotal
        case noAuthorizedInPeriod
        case noPostedInPeriod
        case authorizedNotAvailable
        case postedNotAvailable
        case transactionsNotFound
        case invalidPathEncoding
        case invalidQueryEncoding
        case transferNotFound
        case transferDraftNotFound
        case noTransfersFound
        case fromAccountRequired
        case recipientRequired
        case conflictingRecipients
        case amountRequired
        case amountNotPositive
        case amountMustBeString
        case amountFormat
        case amountTooManyDecimals
        case amountTooLarge
        case transferRefusedTitle
        case sameAccount
        case transferCurrencyMismatch
        case recipientNotReachable
        case draftIncomplete
        case draftOneStep
        case draftChanged
        case notReadyTitle
        case notReadyDetail
        case httpSyntaxDetail
        case uriTooLongTitle
        case uriTooLongDetail
        case headersTooLargeTitle
        case headersTooLargeDetail
        case bodyTooLargeTitle
        case bodyTooLargeDetail
        case httpVersionTitle
        case httpVersionDetail
        case transferCodingTitle
        case transferCodingDetail
        case methodNotImplementedTitle
        case methodNotImplementedDetail
        case expectationFailedTitle
        case expectationFailedDetail
        case requestTimeoutTitle
        case requestTimeoutDetail
        case handlerTimeoutDetail
        case serverAtCapacityDetail
        case addressAtCapacityDetail
        case shuttingDownDetail
        case registrationAccepted
        case verificationSent
        case passwordResetAccepted
        case passwordResetDone
        case codeRequired
        case invalidCode
        case codeExpired
        case alreadyVerified
        case emailVerifiedTaken
        case mailRateLimitedDetail
        case mailVerificationSubject
        case mailVerificationBody
        case mailRegistrationAttemptSubject
        case mailRegistrationAttemptBody
        case mailPasswordResetSubject
        case mailPasswordResetBody
        case mailPasswordChangedSubject
        case mailPasswordChangedBody
        case transferStatusCompleted
        case transferStatusPending
        case transferStatusCancelled
        case transferStatusDeclined
        case transferStatusExpired
        case incomingStatusPending
        case incomingStatusCompleted
        case incomingStatusCancelled
        case incomingStatusDeclined
        case incomingStatusExpired
        case noIncomingTransfers
        case transferAlreadyCompleted
        case transferAlreadyCancelled
        case transferAlreadyDeclined
        case transferAlreadyExpired
        case forbiddenTitle
        case emailNotVerified
        case claimAccountRequired
        case mailTransferPendingSubject
        case mailTransferPendingBody
        case reportPendingTitle
        case liveTransferSent
        case liveTransferReceived
        case liveTransferPending
        case liveTransferClaimed
        case liveTransferCancelled
        case liveTransferExpired
        case liveOrderPlaced
        case liveOrderCancelled
        case liveContactCreated
        case liveContactUpdated
        case liveContactDeleted
        case liveEmailVerified
        case livePasswordChanged
        case liveAccountNotice
        case liveResetRetention
        case liveResetUnknown
        case liveSessionEnded
        case tooManyStreamsDetail
        case streamsBusyDetail
        case ticketsRateLimitedDetail
        case invalidLastEventID
    }

    private static let catalog: [Key: [Language: String]] = [
        .noContactsFound: [.en: "No contacts found", .fr: "Aucun contact trouvé"],
        .contactNotFound: [.en: "Contact not found", .fr: "Contact introuvable"],
        .nameRequired: [.en: "First name or last name must be entered", .fr: "Le prénom ou le nom doit être saisi"],
        .invalidEmail: [.en: "Email must be a valid address", .fr: "Le courriel doit être une adresse valide"],
        .mustBeString: [.en: "Must be a string", .fr: "Doit être une chaîne de caractères"],
        .mustBeObject: [.en: "Must be a JSON object", .fr: "Doit être un objet JSON"],
        .invalidCharacters: [.en: "Must not contain control characters", .fr: "Ne doit pas contenir de caractères de contrôle"],
        .invisibleCharacters: [
            .en: "Must not contain invisible characters or characters that change the text's direction",
            .fr: "Ne doit pas contenir de caractères invisibles ni de caractères qui changent le sens du texte",
        ],
        .nonASCIIDomain: [
            .en: "The email's domain must be written in ASCII: type an internationalized domain in its xn-- form",
            .fr: "Le domaine du courriel doit être écrit en ASCII : saisissez un domaine internationalisé sous sa forme xn--",
        ],
        .tooLong: [.en: "Must be at most {max} characters", .fr: "Doit compter au plus {max} caractères"],
        .invalidDate: [.en: "Must be a date as YYYY-MM-DD", .fr: "Doit être une date au format AAAA-MM-JJ"],
        .invalidLimit: [.en: "Limit must be a whole number from 1 to {max}", .fr: "La limite doit être un nombre entier de 1 à {max}"],
        .invalidCursor: [.en: "Cursor is not one this server gave out", .fr: "Ce curseur ne vient pas de ce serveur"],
        .invalidID: [.en: "Not a valid id", .fr: "Identifiant invalide"],
        .queryTooLong: [.en: "Search must be at most {max} characters", .fr: "La recherche doit compter au plus {max} caractères"],
        .invalidIfMatch: [.en: "If-Match must be one entity tag from this server, or *", .fr: "If-Match doit être une étiquette d'entité de ce serveur, ou *"],
        .staleContact: [.en: "The contact was changed since you read it", .fr: "Le contact a été modifié depuis votre lecture"],
        .malformedTitle: [.en: "The request is malformed", .fr: "La requête est mal formée"],
        .validationTitle: [.en: "Some fields are invalid", .fr: "Certains champs sont invalides"],
        .notFoundTitle: [.en: "Not found", .fr: "Introuvable"],
        .staleTitle: [.en: "Precondition failed", .fr: "Précondition non remplie"],
        .unavailableTitle: [.en: "Service unavailable", .fr: "Service indisponible"],
        .unavailableDetail: [.en: "Storage is busy; try again shortly", .fr: "Le stockage est occupé ; réessayez sous peu"],
        .failureTitle: [.en: "Internal error", .fr: "Erreur interne"],
        .failureDetail: [.en: "Something went wrong on our side", .fr: "Une erreur est survenue de notre côté"],
        .resourceNotFound: [.en: "Nothing by that id exists for you", .fr: "Rien ne porte cet identifiant pour vous"],
        .notImplementedTitle: [.en: "Not implemented", .fr: "Non implémenté"],
        .notImplementedDetail: [.en: "This endpoint is not written yet", .fr: "Ce point d'accès n'est pas encore écrit"],
        .userNameRequired: [.en: "Name must be entered", .fr: "Le nom doit être saisi"],
        .emailRequired: [.en: "Email must be entered", .fr: "Le courriel doit être saisi"],
        .passwordRequired: [.en: "Password must be entered", .fr: "Le mot de passe doit être saisi"],
        .weakPassword: [.en: "Password must have at least {min} characters", .fr: "Le mot de passe doit compter au moins {min} caractères"],
        .emailTaken: [.en: "An account with this email already exists", .fr: "Un compte existe déjà avec ce courriel"],
        .conflictTitle: [.en: "Conflict", .fr: "Conflit"],
        .currentPasswordRequired: [.en: "Current password must be entered", .fr: "Le mot de passe actuel doit être saisi"],
        .newPasswordRequired: [.en: "New password must be entered", .fr: "Le nouveau mot de passe doit être saisi"],
        .wrongPassword: [.en: "Current password is incorrect", .fr: "Le mot de passe actuel est incorrect"],
        .refreshTokenRequired: [.en: "Refresh token must be entered", .fr: "Le jeton de renouvellement doit être saisi"],
        .invalidRefreshToken: [.en: "The session has ended: sign in again", .fr: "La session a pris fin : reconnectez-vous"],
        .invalidCredentials: [.en: "Email or password is incorrect", .fr: "Courriel ou mot de passe incorrect"],
        .unauthorizedTitle: [.en: "Unauthorized", .fr: "Non autorisé"],
        .unauthorizedDetail: [.en: "A valid bearer token is required", .fr: "Un jeton porteur valide est requis"],
        .rateLimitedTitle: [.en: "Too many attempts", .fr: "Trop de tentatives"],
        .noSuchPath: [.en: "There is no resource at this path", .fr: "Aucune ressource à ce chemin"],
        .methodNotAllowedTitle: [.en: "Method not allowed", .fr: "Méthode non autorisée"],
        .methodNotAllowedDetail: [.en: "{method} is not allowed here; allowed: {allowed}", .fr: "{method} n'est pas autorisé ici ; autorisé : {allowed}"],
        .unsupportedMediaTypeTitle: [.en: "Unsupported media type", .fr: "Type de média non pris en charge"],
        .unsupportedMediaTypeDetail: [.en: "Send the body as application/json (UTF-8)", .fr: "Envoyez le corps en application/json (UTF-8)"],
        .malformedJSONTitle: [.en: "Malformed JSON", .fr: "JSON mal formé"],
        .emptyBody: [.en: "The body is empty; a JSON object is expected", .fr: "Le corps est vide ; un objet JSON est attendu"],
        .invalidJSON: [.en: "The body is not valid JSON", .fr: "Le corps n'est pas du JSON valide"],
        .invalidPathEncoding: [.en: "The path has a % not followed by two hexadecimal digits", .fr: "Le chemin contient un % qui n'est pas suivi de deux chiffres hexadécimaux"],
        .invalidQueryEncoding: [.en: "The query string has a % not followed by two hexadecimal digits", .fr: "La chaîne de requête contient un % qui n'est pas suivi de deux chiffres hexadécimaux"],
        .loginRateLimitedDetail: [.en: "Too many failed logins; try again in {seconds} seconds", .fr: "Trop d'échecs de connexion ; réessayez dans {seconds} secondes"],
        .registrationRateLimitedDetail: [
            .en: "Too many registrations from this address; try again in {seconds} seconds",
            .fr: "Trop d'inscriptions depuis cette adresse ; réessayez dans {seconds} secondes",
        ],
        .quotaExceededTitle: [.en: "Quota reached", .fr: "Quota atteint"],
        .contactsQuotaDetail: [
            .en: "You already have {limit} contacts, the most one user may keep; delete some before adding more",
            .fr: "Vous avez déjà {limit} contacts, le maximum par utilisateur ; supprimez-en avant d'en ajouter",
        ],
        .accountsQuotaDetail: [
            .en: "You already have {limit} accounts, the most one user may open",
            .fr: "Vous avez déjà {limit} comptes, le maximum par utilisateur",
        ],
        .pendingTransfersQuotaDetail: [
            .en: "You have {limit} transfers waiting for their recipients, the most one may: cancel one, or wait until they are claimed",
            .fr: "Vous avez {limit} virements en attente de leur destinataire, le maximum permis : annulez-en un, ou attendez qu'ils soient réclamés",
        ],
        .draftsQuotaDetail: [
            .en: "You already have {limit} transfers in progress; finish or delete one before starting another",
            .fr: "Vous avez déjà {limit} virements en cours ; terminez-en ou supprimez-en un avant d'en commencer un autre",
        ],
        .writesRateLimitedDetail: [
            .en: "Too many changes from this account ({quota} a minute); try again in {seconds} seconds",
            .fr: "Trop de modifications pour ce compte ({quota} par minute) ; réessayez dans {seconds} secondes",
        ],
        .transfersRateLimitedDetail: [
            .en: "Too many transfers from this account ({quota} a minute); try again in {seconds} seconds",
            .fr: "Trop de virements pour ce compte ({quota} par minute) ; réessayez dans {seconds} secondes",
        ],
        .severalAuthorizationFields: [
            .en: "Send one Authorization field, not several", .fr: "Envoyez un seul champ Authorization, pas plusieurs",
        ],
        .serverBusyDetail: [
            .en: "The server is busy; try again in {seconds} seconds", .fr: "Le serveur est occupé ; réessayez dans {seconds} secondes",
        ],
        .valueRequired: [.en: "A value must be entered", .fr: "Une valeur doit être saisie"],
        .mustBeArray: [.en: "Must be a JSON array", .fr: "Doit être un tableau JSON"],
        .noProductsFound: [.en: "No products found", .fr: "Aucun produit trouvé"],
        .productNotFound: [.en: "Product not found", .fr: "Produit introuvable"],
        .noOrdersFound: [.en: "No orders found", .fr: "Aucune commande trouvée"],
        .orderNotFound: [.en: "Order not found", .fr: "Commande introuvable"],
        .shipmentStandard: [.en: "Standard Shipping", .fr: "Livraison standard"],
        .shipmentTwoDay: [.en: "Two-Day Shipping", .fr: "Livraison en deux jours"],
        .shipmentOneDay: [.en: "One-Day Shipping", .fr: "Livraison en un jour"],
        .orderPlaced: [.en: "Placed", .fr: "Passée"],
        .orderCancelled: [.en: "Cancelled", .fr: "Annulée"],
        .firstNameRequired: [.en: "First name must be entered", .fr: "Le prénom doit être saisi"],
        .lastNameRequired: [.en: "Last name must be entered", .fr: "Le nom doit être saisi"],
        .billingAddressRequired: [.en: "Billing address must be entered", .fr: "L'adresse de facturation doit être saisie"],
        .shipmentAddressRequired: [.en: "Shipment address or a contact to ship to must be entered", .fr: "L'adresse de livraison ou un contact destinataire doit être saisi"],
        .streetRequired: [.en: "Street must be entered", .fr: "La rue doit être saisie"],
        .cityRequired: [.en: "City must be entered", .fr: "La ville doit être saisie"],
        .postalCodeRequired: [.en: "Postal code must be entered", .fr: "Le code postal doit être saisi"],
        .countryRequired: [.en: "Country must be entered", .fr: "Le pays doit être saisi"],
        .shipmentMethodRequired: [.en: "Shipment method must be entered", .fr: "Le mode de livraison doit être saisi"],
        .invalidShipmentMethod: [.en: "Shipment method must be standard, twoDay or oneDay", .fr: "Le mode de livraison doit être standard, twoDay ou oneDay"],
        .itemsRequired: [.en: "Items must be entered", .fr: "Les articles doivent être saisis"],
        .productRequired: [.en: "Product must be entered", .fr: "Le produit doit être saisi"],
        .quantityRequired: [.en: "Quantity must be entered", .fr: "La quantité doit être saisie"],
        .quantityDigitsOnly: [.en: "Quantity must be digits only", .fr: "La quantité ne doit contenir que des chiffres"],
        .noItems: [.en: "An order needs at least one item", .fr: "Une commande doit avoir au moins un article"],
        .tooManyLines: [.en: "An order can have at most {max} lines", .fr: "Une commande peut avoir au plus {max} lignes"],
        .tooManyItems: [.en: "At most {max} items can be sent", .fr: "Au plus {max} articles peuvent être envoyés"],
        .unknownProduct: [.en: "No product has this id", .fr: "Aucun produit n'a cet identifiant"],
        .quantityOutOfRange: [.en: "Quantity must be from 1 to {max}", .fr: "La quantité doit être de 1 à {max}"],
        .combinedQuantityOutOfRange: [.en: "Lines of one product must add up to at most {max}", .fr: "Les lignes d'un même produit doivent totaliser au plus {max}"],
        .conflictingShipmentAddress: [.en: "Send shipmentAddress or shipToContactId, not both", .fr: "Envoyez shipmentAddress ou shipToContactId, pas les deux"],
        .contactAddressIncomplete: [.en: "The contact's address lacks a street, city, postal code or country", .fr: "L'adresse du contact n'a pas de rue, de ville, de code postal ou de pays"],
        .totalTooLarge: [.en: "The order total is too large", .fr: "Le total de la commande est trop élevé"],
        .paymentRefusedTitle: [.en: "Payment refused", .fr: "Paiement refusé"],
        .paymentCurrencyMismatch: [.en: "The account's currency is not the order's", .fr: "La devise du compte n'est pas celle de la commande"],
        .insufficientFunds: [.en: "The account does not have enough available funds", .fr: "Le compte n'a pas assez de fonds disponibles"],
        .invalidTransition: [.en: "Only a placed order can be cancelled", .fr: "Seule une commande passée peut être annulée"],
        .invalidSort: [.en: "Sort must be placedAt, -placedAt, orderTotal or -orderTotal", .fr: "Le tri doit être placedAt, -placedAt, orderTotal ou -orderTotal"],
        .invalidStatus: [.en: "Status must be placed or cancelled", .fr: "Le statut doit être placed ou cancelled"],
        .cursorMismatch: [.en: "Cursor belongs to a list sorted another way", .fr: "Ce curseur appartient à une liste triée autrement"],
        .invalidIdempotencyKey: [.en: "Idempotency-Key must be 1 to 255 visible ASCII characters", .fr: "Idempotency-Key doit compter de 1 à 255 caractères ASCII visibles"],
        .idempotencyKeyReused: [.en: "This Idempotency-Key was used for another request", .fr: "Cette Idempotency-Key a servi à une autre requête"],
        .idempotencyInFlight: [.en: "A request with this Idempotency-Key is still being processed; retry shortly", .fr: "Une requête avec cette Idempotency-Key est en cours ; réessayez sous peu"],
        .noAccountsFound: [.en: "No accounts found", .fr: "Aucun compte trouvé"],
        .accountNotFound: [.en: "Account not found", .fr: "Compte introuvable"],
        .currencyRequired: [.en: "Currency must be entered", .fr: "La devise doit être saisie"],
        .unknownCurrency: [.en: "Currency must be an ISO 4217 code", .fr: "La devise doit être un code ISO 4217"],
        .invalidCurrencyFormat: [.en: "Currency must be three capital letters", .fr: "La devise doit compter trois lettres majuscules"],
        .invalidGroup: [.en: "Group must be authorized or posted", .fr: "Le groupe doit être authorized ou posted"],
        .noTransactionsFound: [.en: "No transactions found", .fr: "Aucune transaction trouvée"],
        .fromAfterTo: [.en: "From must not be after to", .fr: "Le début ne doit pas être après la fin"],
        .rangeTooLong: [.en: "The period must be at most {max} days", .fr: "La période doit compter au plus {max} jours"],
        .reportTooLargeTitle: [.en: "The report is too large", .fr: "Le rapport est trop volumineux"],
        .reportTooLarge: [
            .en: "The period holds more than {max} transactions, the most one report covers; ask for a shorter period",
            .fr: "La période compte plus de {max} transactions, le plus qu'un rapport couvre ; demandez une période plus courte",
        ],
        .authorizedTransactions: [.en: "Authorized Transactions", .fr: "Transactions autorisées"],
        .postedTransactions: [.en: "Posted Transactions", .fr: "Transactions comptabilisées"],
        .reportTotal: [.en: "Total", .fr: "Total"],
        .reportGrandTotal: [.en: "Grand total", .fr: "Total général"],
        .noAuthorizedInPeriod: [.en: "There are no Authorized Transactions in this period", .fr: "Il n'y a aucune transaction autorisée pour cette période"],
        .noPostedInPeriod: [.en: "There are no Posted Transactions in this period", .fr: "Il n'y a aucune transaction comptabilisée pour cette période"],
        .authorizedNotAvailable: [.en: "Authorized Transactions are not currently available.", .fr: "Les transactions autorisées ne sont pas disponibles pour le moment."],
        .postedNotAvailable: [.en: "Posted Transactions are not currently available.", .fr: "Les transactions comptabilisées ne sont pas disponibles pour le moment."],
        .transferNotFound: [.en: "Transfer not found", .fr: "Virement introuvable"],
        .transferDraftNotFound: [.en: "Transfer draft not found", .fr: "Brouillon de virement introuvable"],
        .noTransfersFound: [.en: "No transfers found", .fr: "Aucun virement trouvé"],
        .fromAccountRequired: [.en: "From account must be entered", .fr: "Le compte à débiter doit être saisi"],
        .recipientRequired: [.en: "Recipient must be entered: toAccountId or toContactId", .fr: "Le destinataire doit être saisi : toAccountId ou toContactId"],
        .conflictingRecipients: [.en: "Enter toAccountId or toContactId, not both", .fr: "Saisissez toAccountId ou toContactId, pas les deux"],
        .amountRequired: [.en: "Amount must be entered", .fr: "Le montant doit être saisi"],
        .amountNotPositive: [.en: "Amount must be more than zero", .fr: "Le montant doit être supérieur à zéro"],
        .amountMustBeString: [.en: "Amount must be a string such as \"12.34\"", .fr: "Le montant doit être une chaîne comme « 12.34 »"],
        .amountFormat: [.en: "Amount must be digits with an optional decimal point, such as 12.34", .fr: "Le montant doit être formé de chiffres avec un point décimal facultatif, comme 12.34"],
        .amountTooManyDecimals: [.en: "Amount has more decimals than the account's currency allows", .fr: "Le montant a plus de décimales que la devise du compte n'en permet"],
        .amountTooLarge: [.en: "Amount is too large", .fr: "Le montant est trop élevé"],
        .transferRefusedTitle: [.en: "Transfer refused", .fr: "Virement refusé"],
        .sameAccount: [.en: "The recipient is the account the money would leave", .fr: "Le destinataire est le compte à débiter"],
        .transferCurrencyMismatch: [.en: "The recipient account's currency is not the source account's", .fr: "La devise du compte destinataire n'est pas celle du compte à débiter"],
        .recipientNotReachable: [.en: "This contact cannot receive money: no registered user with their email has an account in this currency", .fr: "Ce contact ne peut pas recevoir d'argent : aucun utilisateur inscrit avec son courriel n'a de compte dans cette devise"],
        .draftIncomplete: [.en: "The draft is not complete yet", .fr: "Le brouillon n'est pas encore complet"],
        .draftOneStep: [.en: "Send exactly one step: amount, toAccountId or toContactId, or memo", .fr: "Envoyez une seule étape : amount, toAccountId ou toContactId, ou memo"],
        .draftChanged: [.en: "The draft changed meanwhile; read it again and retry", .fr: "Le brouillon a changé entre-temps ; relisez-le et réessayez"],
        .transactionsNotFound: [.en: "Transactions are not found", .fr: "Les transactions sont introuvables"],
        .notReadyTitle: [.en: "Not ready", .fr: "Pas prêt"],
        .notReadyDetail: [.en: "The database does not answer", .fr: "La base de données ne répond pas"],
        .httpSyntaxDetail: [.en: "The request breaks HTTP/1.1 syntax ({rule})", .fr: "La requête enfreint la syntaxe HTTP/1.1 ({rule})"],
        .uriTooLongTitle: [.en: "Request line too long", .fr: "Ligne de requête trop longue"],
        .uriTooLongDetail: [.en: "The request line is longer than this server accepts", .fr: "La ligne de requête est plus longue que ce que ce serveur accepte"],
        .headersTooLargeTitle: [.en: "Request header fields too large", .fr: "Champs d'en-tête trop volumineux"],
        .headersTooLargeDetail: [
            .en: "A header line, the header section or the number of fields is over this server's limit",
            .fr: "Une ligne d'en-tête, la section d'en-tête ou le nombre de champs dépasse la limite de ce serveur",
        ],
        .bodyTooLargeTitle: [.en: "Request body too large", .fr: "Corps de requête trop volumineux"],
        .bodyTooLargeDetail: [.en: "The body is larger than this server accepts", .fr: "Le corps est plus grand que ce que ce serveur accepte"],
        .httpVersionTitle: [.en: "HTTP version not supported", .fr: "Version HTTP non prise en charge"],
        .httpVersionDetail: [.en: "Send the request in HTTP/1.1 or HTTP/1.0", .fr: "Envoyez la requête en HTTP/1.1 ou HTTP/1.0"],
        .transferCodingTitle: [.en: "Transfer coding not implemented", .fr: "Codage de transfert non implémenté"],
        .transferCodingDetail: [.en: "Only the chunked transfer coding is supported", .fr: "Seul le codage de transfert chunked est pris en charge"],
        .methodNotImplementedTitle: [.en: "Method not implemented", .fr: "Méthode non implémentée"],
        .methodNotImplementedDetail: [.en: "This server does not implement this method", .fr: "Ce serveur n'implémente pas cette méthode"],
        .expectationFailedTitle: [.en: "Expectation failed", .fr: "Attente non satisfaite"],
        .expectationFailedDetail: [.en: "Only Expect: 100-continue is supported", .fr: "Seul Expect: 100-continue est pris en charge"],
        .requestTimeoutTitle: [.en: "Request timeout", .fr: "Délai de requête dépassé"],
        .requestTimeoutDetail: [.en: "The request was not received in time", .fr: "La requête n'a pas été reçue à temps"],
        .handlerTimeoutDetail: [
            .en: "The request took too long to answer; it may still take effect",
            .fr: "La réponse à la requête a pris trop de temps ; elle peut encore prendre effet",
        ],
        .serverAtCapacityDetail: [.en: "Too many connections are open; try again shortly", .fr: "Trop de connexions sont ouvertes ; réessayez sous peu"],
        .addressAtCapacityDetail: [
            .en: "Too many connections are open from your address; close some and try again",
            .fr: "Trop de connexions sont ouvertes depuis votre adresse ; fermez-en et réessayez",
        ],
        .shuttingDownDetail: [.en: "The server is shutting down; try again shortly", .fr: "Le serveur s'arrête ; réessayez sous peu"],
        .registrationAccepted: [
            .en: "We sent a message to {email}. Sign in and enter the code it contains to verify your address; if the address already has an account, the message says so.",
            .fr: "Nous avons envoyé un message à {email}. Connectez-vous et saisissez le code qu'il contient pour vérifier votre adresse ; si l'adresse a déjà un compte, le message le dit.",
        ],
        .verificationSent: [.en: "A new code is on its way to {email}; the previous one no longer works.", .fr: "Un nouveau code est en route vers {email} ; le précédent ne fonctionne plus."],
        .passwordResetAccepted: [
            .en: "If an account uses {email}, a message with a reset code is on its way to it.",
            .fr: "Si un compte utilise {email}, un message avec un code de réinitialisation est en route vers cette adresse.",
        ],
        .passwordResetDone: [
            .en: "Your password is set; every session has been signed out. Sign in with the new password.",
            .fr: "Votre mot de passe est enregistré ; toutes les sessions ont été fermées. Connectez-vous avec le nouveau mot de passe.",
        ],
        .codeRequired: [.en: "The code must be entered", .fr: "Le code doit être saisi"],
        .invalidCode: [.en: "This code is not right; {left} tries left", .fr: "Ce code est erroné ; il reste {left} essais"],
        .codeExpired: [.en: "This code no longer works; ask for a new one", .fr: "Ce code ne fonctionne plus ; demandez-en un nouveau"],
        .alreadyVerified: [.en: "Your email address is already verified", .fr: "Votre adresse courriel est déjà vérifiée"],
        .emailVerifiedTaken: [.en: "Another account has already verified this email address", .fr: "Un autre compte a déjà vérifié cette adresse courriel"],
        .mailRateLimitedDetail: [
            .en: "Too many messages to this address or from your address lately; try again in {seconds} s",
            .fr: "Trop de messages vers cette adresse ou depuis la vôtre récemment ; réessayez dans {seconds} s",
        ],
        .mailVerificationSubject: [.en: "Your Viperd verification code: {code}", .fr: "Votre code de vérification Viperd : {code}"],
        .mailVerificationBody: [
            .en: "Hello {name},\n\nYour verification code is:\n\n    {code}\n\nEnter it in Viperd to confirm that {email} is your address. It works for {minutes} minutes.\n\nIf you did not create a Viperd account, ignore this message: the account will be removed and the address stays free.\n",
            .fr: "Bonjour {name},\n\nVotre code de vérification est :\n\n    {code}\n\nSaisissez-le dans Viperd pour confirmer que {email} est votre adresse. Il fonctionne pendant {minutes} minutes.\n\nSi vous n'avez pas créé de compte Viperd, ignorez ce message : le compte sera supprimé et l'adresse reste libre.\n",
        ],
        .mailRegistrationAttemptSubject: [.en: "Someone tried to register with your address", .fr: "Quelqu'un a tenté de s'inscrire avec votre adresse"],
        .mailRegistrationAttemptBody: [
            .en: "Hello {name},\n\nSomeone tried to create a Viperd account with {email}, which is already yours. Nothing changed in your account.\n\nIf it was you, sign in instead; if you forgot your password, ask for a reset from the sign-in screen.\n",
            .fr: "Bonjour {name},\n\nQuelqu'un a tenté de créer un compte Viperd avec {email}, qui est déjà le vôtre. Rien n'a changé dans votre compte.\n\nSi c'était vous, connectez-vous ; si vous avez oublié votre mot de passe, demandez une réinitialisation depuis l'écran de connexion.\n",
        ],
        .mailPasswordResetSubject: [.en: "Your Viperd password reset code: {code}", .fr: "Votre code de réinitialisation Viperd : {code}"],
        .mailPasswordResetBody: [
            .en: "Hello {name},\n\nYour password reset code is:\n\n    {code}\n\nEnter it with a new password in Viperd. It works for {minutes} minutes, once, and signs out every session.\n\nIf you did not ask for a reset, ignore this message: your password stays as it is.\n",
            .fr: "Bonjour {name},\n\nVotre code de réinitialisation est :\n\n    {code}\n\nSaisissez-le avec un nouveau mot de passe dans Viperd. Il fonctionne pendant {minutes} minutes, une seule fois, et ferme toutes les sessions.\n\nSi vous n'avez pas demandé de réinitialisation, ignorez ce message : votre mot de passe reste inchangé.\n",
        ],
        .mailPasswordChangedSubject: [.en: "Your Viperd password was changed", .fr: "Votre mot de passe Viperd a été modifié"],
        .mailPasswordChangedBody: [
            .en: "Hello {name},\n\nThe password of your Viperd account {email} was just changed, and every other session was signed out.\n\nIf it was you, there is nothing to do. If it was not, reset your password now from the sign-in screen (\"Forgot your password?\"): a reset signs out every session, including the one that changed it.\n",
            .fr: "Bonjour {name},\n\nLe mot de passe de votre compte Viperd {email} vient d'être modifié, et toutes les autres sessions ont été fermées.\n\nSi c'était vous, il n'y a rien à faire. Sinon, réinitialisez votre mot de passe dès maintenant depuis l'écran de connexion (« Mot de passe oublié ? ») : une réinitialisation ferme toutes les sessions, y compris celle qui l'a modifié.\n",
        ],
        .transferStatusCompleted: [.en: "Completed", .fr: "Terminé"],
        .transferStatusPending: [
            .en: "Waiting for {email} to claim it until {date}", .fr: "En attente : {email} peut le réclamer jusqu'au {date}",
        ],
        .transferStatusCancelled: [.en: "Cancelled: the money is back", .fr: "Annulé : l'argent vous est revenu"],
        .transferStatusDeclined: [.en: "Declined by the recipient: the money is back", .fr: "Refusé par le destinataire : l'argent vous est revenu"],
        .transferStatusExpired: [.en: "Expired unclaimed: the money is back", .fr: "Expiré sans être réclamé : l'argent vous est revenu"],
        .incomingStatusPending: [.en: "From {sender}: claim it until {date}", .fr: "De {sender} : réclamez-le jusqu'au {date}"],
        .incomingStatusCompleted: [.en: "Claimed", .fr: "Réclamé"],
        .incomingStatusCancelled: [.en: "Cancelled by the sender", .fr: "Annulé par l'expéditeur"],
        .incomingStatusDeclined: [.en: "Declined", .fr: "Refusé"],
        .incomingStatusExpired: [.en: "Expired unclaimed", .fr: "Expiré sans être réclamé"],
        .noIncomingTransfers: [.en: "No money is waiting for you", .fr: "Aucun argent ne vous attend"],
        .transferAlreadyCompleted: [.en: "This transfer is already completed", .fr: "Ce virement est déjà terminé"],
        .transferAlreadyCancelled: [.en: "This transfer was cancelled by its sender", .fr: "Ce virement a été annulé par son expéditeur"],
        .transferAlreadyDeclined: [.en: "This transfer was declined by its recipient", .fr: "Ce virement a été refusé par son destinataire"],
        .transferAlreadyExpired: [.en: "This transfer expired unclaimed", .fr: "Ce virement a expiré sans être réclamé"],
        .forbiddenTitle: [.en: "Forbidden", .fr: "Interdit"],
        .claimAccountRequired: [
            .en: "Choose one of your accounts to claim into: toAccountId", .fr: "Choisissez un de vos comptes où réclamer l'argent : toAccountId",
        ],
        .emailNotVerified: [
            .en: "Verify your email address first: money sent to it is yours once you prove the mailbox is",
            .fr: "Vérifiez d'abord votre adresse courriel : l'argent qui lui est envoyé est à vous dès que vous prouvez que la boîte l'est",
        ],
        .mailTransferPendingSubject: [.en: "{sender} sent you {amount} on Viperd", .fr: "{sender} vous a envoyé {amount} sur Viperd"],
        .mailTransferPendingBody: [
            .en: "Hello {name},\n\n{sender} sent you {amount} through Viperd, to {email}.\n\nTo receive it, sign in to Viperd with this address (or register with it), verify the address with the code we mail you, and claim the money under \"Incoming money\" into an account in {currency}. You have until {date}; after that the money goes back to {sender}.\n\nIf you do not know {sender}, ignore this message: nothing happens unless you claim it.\n",
            .fr: "Bonjour {name},\n\n{sender} vous a envoyé {amount} par Viperd, à {email}.\n\nPour le recevoir, connectez-vous à Viperd avec cette adresse (ou inscrivez-vous avec elle), vérifiez l'adresse avec le code que nous vous envoyons, puis réclamez l'argent sous « Argent reçu » dans un compte en {currency}. Vous avez jusqu'au {date} ; ensuite, l'argent retourne à {sender}.\n\nSi vous ne connaissez pas {sender}, ignorez ce message : rien ne se passe tant que vous ne le réclamez pas.\n",
        ],
        .reportPendingTitle: [.en: "Pending transfers", .fr: "Virements en attente"],
        .liveTransferSent: [.en: "You sent {amount}", .fr: "Vous avez envoyé {amount}"],
        .liveTransferReceived: [.en: "You received {amount}", .fr: "Vous avez reçu {amount}"],
        .liveTransferPending: [.en: "{amount} is waiting for its recipient to claim it", .fr: "{amount} attend que son destinataire le réclame"],
        .liveTransferClaimed: [.en: "Your transfer of {amount} was claimed", .fr: "Votre virement de {amount} a été réclamé"],
        .liveTransferCancelled: [.en: "Your transfer of {amount} was cancelled: the money is back", .fr: "Votre virement de {amount} a été annulé : l'argent vous est revenu"],
        .liveTransferExpired: [.en: "Your transfer of {amount} expired unclaimed: the money is back", .fr: "Votre virement de {amount} a expiré sans être réclamé : l'argent vous est revenu"],
        .liveOrderPlaced: [.en: "Order {number} placed", .fr: "Commande {number} passée"],
        .liveOrderCancelled: [.en: "Order {number} cancelled", .fr: "Commande {number} annulée"],
        .liveContactCreated: [.en: "A contact was added", .fr: "Un contact a été ajouté"],
        .liveContactUpdated: [.en: "A contact was changed", .fr: "Un contact a été modifié"],
        .liveContactDeleted: [.en: "A contact was deleted", .fr: "Un contact a été supprimé"],
        .liveEmailVerified: [.en: "Your email address is verified", .fr: "Votre adresse courriel est vérifiée"],
        .livePasswordChanged: [.en: "Your password was changed", .fr: "Votre mot de passe a été modifié"],
        .liveAccountNotice: [.en: "Your account was updated", .fr: "Votre compte a été mis à jour"],
        .liveResetRetention: [.en: "Some updates are too old to replay; reload to see the latest", .fr: "Certaines mises à jour sont trop anciennes pour être rejouées ; rechargez pour voir les dernières"],
        .liveResetUnknown: [.en: "This server does not know the last update you saw; reload to see the latest", .fr: "Ce serveur ne connaît pas la dernière mise à jour que vous avez vue ; rechargez pour voir les dernières"],
        .liveSessionEnded: [.en: "This session has ended; sign in again", .fr: "Cette session est terminée ; reconnectez-vous"],
        .tooManyStreamsDetail: [.en: "You already have {limit} live streams open; close one before opening another", .fr: "Vous avez déjà {limit} flux en direct ouverts ; fermez-en un avant d'en ouvrir un autre"],
        .streamsBusyDetail: [.en: "The server holds as many live streams as it can; try again in {seconds} seconds", .fr: "Le serveur tient autant de flux en direct qu'il peut ; réessayez dans {seconds} secondes"],
        .ticketsRateLimitedDetail: [.en: "This session holds as many stream tickets as it may; try again in {seconds} seconds", .fr: "Cette session détient autant de tickets de flux qu'elle peut ; réessayez dans {seconds} secondes"],
        .invalidLastEventID: [.en: "Must be an event id: a whole number from 0", .fr: "Doit être un identifiant d'événement : un nombre entier à partir de 0"],
    ]

    /// The sentence for `key`, with `{name}` placeholders filled from `values`.
    public func text(_ key: Key, _ values: [String: String] = [:]) -> String {
        var text = Self.catalog[key]?[language] ?? Self.catalog[key]?[.en] ?? key.rawValue
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}

/// The files of this folder (`Clients/Web/`), the browser client served at `/app/`, compiled
/// into the binary.
///
/// A new file is a file here, its path in Package.swift's `webClientFiles` and its line below;
/// a test fails when they disagree. Paths are relative to this folder and are the URL paths
/// under `/app/`.
public enum WebClientFiles {
    /// `(path under /app/, bytes)`.
    public static let files: [(path: String, bytes: [UInt8])] = [
        ("index.html", PackageResources.index_html),
        ("app.css", PackageResources.app_css),
        ("app.js", PackageResources.app_js),
        ("api.js", PackageResources.api_js),
        ("dom.js", PackageResources.dom_js),
        ("i18n.js", PackageResources.i18n_js),
        ("live.js", PackageResources.live_js),
        ("session/session.js", PackageResources.session_js),
        ("contacts/contacts.js", PackageResources.contacts_js),
        ("orders/orders.js", PackageResources.orders_js),
        ("accounts/accounts.js", PackageResources.accounts_js),
        ("accounts/report.js", PackageResources.report_js),
        ("transfers/transfers.js", PackageResources.transfers_js),
        ("transfers/incoming.js", PackageResources.incoming_js),
    ]
}

import App
import Domain
import HTTPServer
import Testing
import Web

/// How `viperd serve` settles each setting: flag, then `VIPERD_*` variable, then default.
@Suite("serve options")
struct ServeOptionsTests {
    @Test("with nothing given, the documented defaults apply")
    func defaults() throws {
        let configuration = try ServeOptions().resolve(environment: [:])
        #expect(configuration.server.host == "127.0.0.1")
        #expect(configuration.server.port == 8080)
        #expect(configuration.server.headerTimeout == .seconds(10))
        #expect(configuration.server.bodyTimeout == .seconds(10))
        #expect(configuration.server.idleTimeout == .seconds(5))
        #expect(configuration.server.writeTimeout == .seconds(30))
        #expect(configuration.server.shutdownTimeout == .seconds(10))
        #expect(configuration.server.maxBodyBytes == 1_048_576)
        #expect(configuration.server.maxHeaderBytes == 32_768)
        #expect(configuration.server.maxHeaderCount == 100)
        #expect(configuration.server.maxConnections == 1024)
        #expect(configuration.server.maxConnectionsPerAddress == nil)
        #expect(configuration.server.effectiveMaxConnectionsPerAddress == 128, "an eighth of the 1024 connections")
        #expect(configuration.server.ipv6PrefixLength == 64)
        #expect(configuration.server.minTransferRate == 16_384)
        #expect(configuration.server.maxBufferedBodyBytes == 32 << 20)
        #expect(configuration.metricsAddress == ListenAddress(host: "127.0.0.1", port: 9464))
        #expect(configuration.server.maxRequestsPerConnection == 1000)
        #expect(configuration.databasePath == "data/viperd.sqlite")
    }

    @Test("an environment variable is used when the flag is absent; the flag wins when present")
    func precedence() throws {
        let environment = ["VIPERD_PORT": "9000", "VIPERD_IDLE_TIMEOUT": "2.5", "VIPERD_DB": "/tmp/x.sqlite"]
        var options = ServeOptions()
        #expect(try options.resolve(environment: environment).server.port == 9000)
        options["port"] = "9100"
        let configuration = try options.resolve(environment: environment)
        #expect(configuration.server.port == 9100)
        #expect(configuration.server.idleTimeout == .milliseconds(2500))
        #expect(configuration.databasePath == "/tmp/x.sqlite")
    }

    @Test("the per-address connection cap comes from its flag or variable, and 0 turns it off")
    func perAddressCap() throws {
        #expect(try ServeOptions().resolve(environment: ["VIPERD_MAX_CONNECTIONS_PER_ADDRESS": "0"]).server.maxConnectionsPerAddress == 0)
        var options = ServeOptions()
        options["max-connections-per-address"] = "8"
        #expect(try options.resolve(environment: ["VIPERD_MAX_CONNECTIONS_PER_ADDRESS": "0"]).server.maxConnectionsPerAddress == 8)
        #expect(throws: (any Error).self) { try ServeOptions().resolve(environment: ["VIPERD_MAX_CONNECTIONS_PER_ADDRESS": "-1"]) }
        var scaled = ServeOptions()
        scaled["max-connections"] = "80"
        #expect(try scaled.resolve(environment: [:]).server.effectiveMaxConnectionsPerAddress == 10, "the default follows --max-connections")
    }

    @Test("the metrics listener takes host:port, a bracketed IPv6 host, or off; anything else stops start-up")
    func metricsAddress() throws {
        var options = ServeOptions()
        options["metrics-address"] = "[::1]:9100"
        #expect(try options.resolve(environment: [:]).metricsAddress == ListenAddress(host: "::1", port: 9100))
        options["metrics-address"] = "off"
        #expect(try options.resolve(environment: [:]).metricsAddress == nil)
        #expect(try ServeOptions().resolve(environment: ["VIPERD_METRICS_ADDRESS": "0.0.0.0:0"]).metricsAddress == ListenAddress(host: "0.0.0.0", port: 0))
        for bad in ["9464", "::1:9464", "localhost:", "host:70000", "[::1]9464", ":9464"] {
            options["metrics-address"] = bad
            #expect(throws: (any Error).self, "\(bad)") { try options.resolve(environment: [:]) }
        }
    }

    @Test("fractional seconds are accepted")
    func fractional() throws {
        var options = ServeOptions()
        options["header-timeout"] = "0.25"
        #expect(try options.resolve(environment: [:]).server.headerTimeout == .milliseconds(250))
    }

    @Test("nonsense is refused with the flag and variable named", arguments: [
        ("VIPERD_PORT", "eighty"), ("VIPERD_PORT", "70000"), ("VIPERD_HEADER_TIMEOUT", "-1"),
        ("VIPERD_BODY_TIMEOUT", "nan"), ("VIPERD_MAX_CONNECTIONS", "0"), ("VIPERD_WORKERS", "1.5"),
    ])
    func invalid(variable: String, value: String) {
        #expect {
            try ServeOptions().resolve(environment: [variable: value])
        } throws: { error in
            "\(error)".contains(variable)
        }
    }

    @Test("SQLite group commit is on by default; --sqlite-group-commit or its variable turns it off; nonsense is refused")
    func groupCommit() throws {
        #expect(try ServeOptions().resolve(environment: [:]).groupCommit)
        #expect(try !ServeOptions().resolve(environment: ["VIPERD_SQLITE_GROUP_COMMIT": "off"]).groupCommit)
        var options = ServeOptions()
        options["sqlite-group-commit"] = "on"
        #expect(try options.resolve(environment: ["VIPERD_SQLITE_GROUP_COMMIT": "off"]).groupCommit)
        options["sqlite-group-commit"] = "OFF"
        #expect(try !options.resolve(environment: [:]).groupCommit)
        options["sqlite-group-commit"] = "sometimes"
        #expect {
            try options.resolve(environment: [:])
        } throws: { error in
            "\(error)".contains("--sqlite-group-commit") && "\(error)".contains("VIPERD_SQLITE_GROUP_COMMIT")
        }
    }

    @Test("the token lifetime is given in days, 30 by default")
    func tokenLifetime() throws {
        #expect(try ServeOptions().resolve(environment: [:]).sessionPolicy.tokenLifetime == 30 * 86_400)
        #expect(try ServeOptions().resolve(environment: ["VIPERD_TOKEN_LIFETIME_DAYS": "0.5"]).sessionPolicy.tokenLifetime == 43_200)
        #expect(throws: (any Error).self) { try ServeOptions().resolve(environment: ["VIPERD_TOKEN_LIFETIME_DAYS": "0"]) }
    }

    @Test("the default currency is CAD, must be a known ISO 4217 code, and the public report account is off unless named")
    func accounts() throws {
        let defaults = try ServeOptions().resolve(environment: [:])
        #expect(defaults.accountPolicy.defaultCurrency == .cad)
        #expect(defaults.publicReportAccount == nil)
        #expect(try ServeOptions().resolve(environment: ["VIPERD_DEFAULT_CURRENCY": "EUR"]).accountPolicy.defaultCurrency == .eur)
        for code in ["XYZ", "cad", "EURO"] {
            #expect(throws: (any Error).self) { try ServeOptions().resolve(environment: ["VIPERD_DEFAULT_CURRENCY": code]) }
        }
        var options = ServeOptions()
        options["public-report-account"] = "a_demo"
        #expect(try options.resolve(environment: [:]).publicReportAccount == AccountID("a_demo"))
        options["public-report-account"] = "a/../b"
        #expect(throws: (any Error).self) { try options.resolve(environment: [:]) }
    }

    @Test("each flag maps to its environment variable name")
    func names() {
        #expect(ServeOptions.table["max-requests-per-connection"]?.variables == ["VIPERD_MAX_REQUESTS_PER_CONNECTION"])
        #expect(ServeOptions.table["port"]?.variables == ["VIPERD_PORT"])
        #expect(ServeOptions.table["log-level"]?.variables == ["VIPERD_LOG_LEVEL", "LOG_LEVEL"])
    }

    @Test("--trusted-proxy is off by default, repeatable, and read from VIPERD_TRUSTED_PROXY comma-separated")
    func trustedProxies() throws {
        #expect(try ServeOptions().resolve(environment: [:]).trustedProxies.isEmpty)
        let fromEnvironment = try ServeOptions().resolve(environment: ["VIPERD_TRUSTED_PROXY": "10.0.0.0/8, fd00::/8"])
        #expect(fromEnvironment.trustedProxies.networks.map(\.description) == ["10.0.0.0/8", "fd00::/8"])
        var options = ServeOptions()
        options.flags["trusted-proxy"] = ["192.168.0.1"]
        let fromFlag = try options.resolve(environment: ["VIPERD_TRUSTED_PROXY": "10.0.0.0/8"])
        #expect(fromFlag.trustedProxies.networks.map(\.description) == ["192.168.0.1/32"])
    }

    @Test("a malformed --trusted-proxy is refused with a message naming the option and the value")
    func malformedTrustedProxy() {
        #expect {
            try ServeOptions().resolve(environment: ["VIPERD_TRUSTED_PROXY": "10.0.0.1/8"])
        } throws: { error in
            (error as? OptionTable<AppConfiguration>.InvalidValue)?.description
                == "--trusted-proxy (or VIPERD_TRUSTED_PROXY): '10.0.0.1/8' has bits set after its /8 prefix (did you mean 10.0.0.0/8?)"
        }
    }

    @Test("--cors-origin is off by default, repeatable, and read from VIPERD_CORS_ORIGIN comma-separated")
    func corsOrigins() throws {
        #expect(try !ServeOptions().resolve(environment: [:]).cors.isEnabled)
        let fromEnvironment = try ServeOptions().resolve(environment: ["VIPERD_CORS_ORIGIN": "https://app.example.com, http://localhost:3000"])
        #expect(fromEnvironment.cors.origins.map(\.description) == ["https://app.example.com", "http://localhost:3000"])
        var options = ServeOptions()
        options.flags["cors-origin"] = ["https://Admin.Example.com:443"]
        let fromFlag = try options.resolve(environment: ["VIPERD_CORS_ORIGIN": "https://app.example.com"])
        #expect(fromFlag.cors.origins.map(\.description) == ["https://admin.example.com"])
    }

    @Test("a --cors-origin that is not scheme://host[:port] is refused with a message naming the option and the value", arguments: [
        ("https://app.example.com/", "'https://app.example.com/' has a path; an origin ends after the host or port (drop the trailing /)"),
        ("app.example.com", "'app.example.com' is not an origin: scheme://host[:port], as in https://app.example.com or http://localhost:3000"),
        ("*", "'*' is not allowed: name each origin whose pages may call the API"),
    ])
    func malformedCORSOrigin(origin: String, reason: String) {
        var options = ServeOptions()
        options.flags["cors-origin"] = ["http://localhost:3000", origin]
        #expect {
            try options.resolve(environment: [:])
        } throws: { error in
            (error as? OptionTable<AppConfiguration>.InvalidValue)?.description == "--cors-origin (or VIPERD_CORS_ORIGIN): \(reason)"
        }
    }

    @Test("tax rate and shipping costs default to 13 % and $5 / $15 / $25, and come from flags or VIPERD_* variables")
    func orderPolicy() throws {
        let defaults = try ServeOptions().resolve(environment: [:]).orderPolicy
        #expect(defaults == .standard)
        var options = ServeOptions()
        options["shipping-cost-one-day"] = "4000"
        let configured = try options.resolve(environment: ["VIPERD_TAX_RATE_BPS": "500", "VIPERD_SHIPPING_COST_STANDARD": "0"]).orderPolicy
        #expect(configured.taxRateBasisPoints == 500)
        #expect(configured.shippingCost(.standard).minor == 0)
        #expect(configured.shippingCost(.twoDay).minor == 1500)
        #expect(configured.shippingCost(.oneDay).minor == 4000)
    }

    @Test("a tax rate or shipping cost out of range is refused with its flag named", arguments: [
        ("VIPERD_TAX_RATE_BPS", "10001"), ("VIPERD_TAX_RATE_BPS", "13%"), ("VIPERD_SHIPPING_COST_STANDARD", "-1"),
        ("VIPERD_SHIPPING_COST_TWO_DAY", "1.5"), ("VIPERD_SHIPPING_COST_ONE_DAY", "10000000001"),
    ])
    func invalidOrderPolicy(variable: String, value: String) {
        #expect {
            try ServeOptions().resolve(environment: [variable: value])
        } throws: { error in
            "\(error)".contains(variable)
        }
    }
}

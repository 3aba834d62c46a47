import Foundation
import TestSupport
import Testing

/// The deployment files, checked the way we can without a Docker engine.
@Suite("deployment files")
struct DockerComposeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("docker-compose.yml and docker-compose.postgres.yml validate against the Compose specification schema")
    func composeValidates() throws {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.root.appendingPathComponent("Scripts/deploy/validate-compose.py").path],
            within: 60)
        #expect(result.status == 0, "\(result.text)")
    }

    @Test("the Dockerfile builds a release binary and runs it as a non-root user with a health check")
    func dockerfile() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(text.contains("swift build -c release"))
        #expect(text.contains("HEALTHCHECK"))
        #expect(text.contains("/health"))
        #expect(text.contains("USER viperd"))
        #expect(text.contains("libsqlite3"))
    }

    /// The instructions of the Dockerfile's last stage, continuation lines joined.
    static func finalStage(_ dockerfile: String) -> [String] {
        var stage: [String] = []
        for line in dockerfile.replacingOccurrences(of: "\\\n", with: " ").components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            if trimmed.uppercased().hasPrefix("FROM ") { stage = [] }
            stage.append(trimmed)
        }
        return stage
    }

    @Test("the runtime image holds no distribution: FROM scratch, a 0700 /data for uid 10001, a health check that needs no curl")
    func runtimeImage() throws {
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let stage = Self.finalStage(dockerfile)
        #expect(stage.first == "FROM scratch", "\(stage.first ?? "")")
        #expect(stage.contains { $0.hasPrefix("COPY --from=runtime-root --chown=10001:10001 /rootfs/data /data") })
        #expect(dockerfile.contains("install -d -m 0700 -o 10001 -g 10001 /rootfs/data"))
        let health = try #require(stage.first { $0.hasPrefix("HEALTHCHECK") })
        #expect(health.contains(#"CMD ["wget""#) && health.contains("/health/ready"), "\(health)")
        #expect(stage.contains("USER viperd"))
    }

    /// Seconds of a Compose duration (`15s`, `1m30s`, `500ms`); nil when malformed.
    static func seconds(ofComposeDuration text: String) -> Double? {
        var total = 0.0
        var number = ""
        var rest = Substring(text)
        while let character = rest.first {
            if character.isNumber || character == "." {
                number.append(character)
                rest = rest.dropFirst()
                continue
            }
            guard let value = Double(number) else { return nil }
            let units: [(String, Double)] = [("ms", 0.001), ("us", 0.000_001), ("h", 3600), ("m", 60), ("s", 1)]
            guard let (unit, scale) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            total += value * scale
            number = ""
            rest = rest.dropFirst(unit.count)
        }
        return number.isEmpty ? total : nil
    }

    /// A compose file of the repository as JSON objects (PyYAML reads it, anchors and merge keys resolved).
    static func compose(_ file: String) throws -> [String: Any] {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", root.appendingPathComponent(file).path],
            separateErrors: true, within: 60)
        try #require(result.status == 0, "\(result.errorText)")
        return try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
    }

    @Test("compose waits longer than the server's shutdown timeout before SIGKILL, and checks readiness")
    func stopGracePeriodAndHealthCheck() throws {
        let document = try Self.compose("docker-compose.yml")
        let service = try #require((document["services"] as? [String: Any])?["viperd"] as? [String: Any])

        let grace = try #require((service["stop_grace_period"] as? String).flatMap(Self.seconds(ofComposeDuration:)))
        let environment = service["environment"] as? [String: Any] ?? [:]
        // The server's default when the variable is not set.
        let shutdown = (environment["VIPERD_SHUTDOWN_TIMEOUT"].map { "\($0)" }).flatMap(Double.init) ?? 10
        #expect(grace > shutdown, "stop_grace_period \(grace)s must exceed VIPERD_SHUTDOWN_TIMEOUT \(shutdown)s")

        let test = (service["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
        #expect(test.contains { $0.hasSuffix("/health/ready") }, "\(test)")
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(dockerfile.contains("http://127.0.0.1:8080/health/ready"))
    }

    /// The `server { … }` blocks of an nginx file, outermost braces matched.
    static func serverBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\nserver {") {
            var depth = 0
            var end = start.upperBound
            for index in rest[rest.index(before: start.upperBound)...].indices {
                if rest[index] == "{" { depth += 1 }
                if rest[index] == "}" { depth -= 1 }
                if depth == 0 { end = rest.index(after: index); break }
            }
            blocks.append(String(rest[start.lowerBound..<end]))
            rest = rest[end...]
        }
        return blocks
    }

    /// What both compose files' nginx must be: the TLS front end, the only published service,
    /// trusted by every instance for X-Forwarded-For, mounting only files of the repository.
    static func checkFrontEnd(_ file: String, instances: [String], upstreamFile: String) throws -> [String: Any] {
        let services = try #require(try compose(file)["services"] as? [String: Any])
        let nginx = try #require(services["nginx"] as? [String: Any])
        #expect((nginx["build"] as? String) == "deploy/nginx", "\(file): nginx is built from deploy/nginx (openssl, the TLS entrypoint)")
        #expect(Set(nginx["ports"] as? [String] ?? []) == ["443:443", "80:80"], "\(file): \(nginx["ports"] ?? "")")
        let nginxAddress = try #require(
            ((nginx["networks"] as? [String: Any])?["backend"] as? [String: Any])?["ipv4_address"] as? String)
        let volumes = nginx["volumes"] as? [String] ?? []
        // Every file nginx mounts is in the repository; the certificate's folder is a volume.
        let files = volumes.compactMap { $0.split(separator: ":").first.map(String.init) }.filter { $0.hasPrefix("./") }
        #expect(files.count == 3, "\(file): \(files)")
        for mount in files {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(mount).path), "\(file): \(mount)")
        }
        #expect(volumes.contains("./deploy/nginx/\(upstreamFile):/etc/nginx/viperd-instances.conf:ro"), "\(file): \(volumes)")
        #expect(volumes.contains("tls:/etc/nginx/tls"), "\(file): \(volumes)")
        let healthCheck = (nginx["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
        #expect(healthCheck.contains("https://127.0.0.1/health/ready"), "\(file): \(healthCheck)")
        let upstream = try String(contentsOf: root.appendingPathComponent("deploy/nginx/\(upstreamFile)"), encoding: .utf8)
        for name in instances {
            let service = try #require(services[name] as? [String: Any])
            #expect(service["ports"] == nil, "\(file): \(name) publishes nothing; nginx does")
            let environment = service["environment"] as? [String: Any] ?? [:]
            #expect(environment["VIPERD_TRUSTED_PROXY"] as? String == nginxAddress, "\(file): \(name) trusts exactly nginx")
            #expect(upstream.contains("server \(name):8080"), "\(file): nginx's upstream must list \(name)")
            let dependency = (nginx["depends_on"] as? [String: [String: Any]])?[name]?["condition"] as? String
            #expect(dependency == "service_healthy", "\(file): nginx waits for \(name)")
        }
        return services
    }

    @Test("both compose files publish only nginx, on 443 and 80, which every instance trusts and whose upstream lists them")
    func frontEnds() throws {
        _ = try Self.checkFrontEnd("docker-compose.yml", instances: ["viperd"], upstreamFile: "instances-sqlite.conf")
        _ = try Self.checkFrontEnd("docker-compose.postgres.yml", instances: ["viperd-1", "viperd-2"], upstreamFile: "instances-postgres.conf")
    }

    @Test("nginx: TLS on 443 with HSTS, port 80 only redirects to https, /metrics never passed on")
    func nginxTLS() throws {
        let main = try String(contentsOf: Self.root.appendingPathComponent("deploy/nginx/viperd.conf"), encoding: .utf8)
        let locations = try String(contentsOf: Self.root.appendingPathComponent("deploy/nginx/viperd-locations.conf"), encoding: .utf8)
        let servers = Self.serverBlocks(main)
        #expect(servers.count == 2, "\(servers)")
        let plain = try #require(servers.first { $0.contains("listen 80;") })
        let tls = try #require(servers.first { $0.contains("listen 443 ssl;") })
        #expect(plain.contains("return 301 https://$host$request_uri;"))
        #expect(!plain.contains("proxy_pass") && !plain.contains("include"), "port 80 serves nothing")
        #expect(tls.contains("ssl_certificate     /etc/nginx/tls/tls.crt;") && tls.contains("ssl_certificate_key /etc/nginx/tls/tls.key;"))
        #expect(tls.contains("ssl_protocols TLSv1.2 TLSv1.3;"))
        #expect(tls.contains("include /etc/nginx/viperd-locations.conf;"))
        // HSTS by a map on the scheme: sent over TLS only, and by every location (an add_header
        // in a location hides the server's).
        #expect(main.contains("map $scheme $viperd_hsts {"))
        #expect(main.contains(#"https   "max-age=63072000";"#))
        let locationCount = locations.components(separatedBy: "\nlocation ").count - 1
        let hstsCount = locations.components(separatedBy: "add_header Strict-Transport-Security $viperd_hsts always;").count - 1
        // `/`, `/metrics`, `/health`… and `/v1/events` (unbuffered, for the streams).
        #expect(locationCount == 4 && hstsCount == locationCount, "\(locationCount) locations, \(hstsCount) HSTS fields")
        #expect(locations.contains("location = /v1/events {") && locations.contains("proxy_buffering off;"))
        #expect(locations.contains("location = /metrics {\n    default_type application/problem+json;"))
        #expect(locations.contains("return 404 "))
        // The locations file stays a server-block include (Scripts/deploy/cluster.sh includes it too).
        #expect(!locations.contains("listen ") && !locations.contains("ssl_"))
        let entrypoint = try String(contentsOf: Self.root.appendingPathComponent("deploy/nginx/tls-entrypoint.sh"), encoding: .utf8)
        #expect(entrypoint.contains("SELF-SIGNED"))
        let nginxDockerfile = try String(contentsOf: Self.root.appendingPathComponent("deploy/nginx/Dockerfile"), encoding: .utf8)
        #expect(nginxDockerfile.contains("openssl") && nginxDockerfile.contains("ENTRYPOINT [\"viperd-tls-entrypoint\"]"))
    }

    @Test("docker-compose.postgres.yml: two instances on PostgreSQL's URL after one migrate, ready-checked, trusting only nginx, whose config balances both")
    func postgresDeployment() throws {
        let services = try Self.checkFrontEnd("docker-compose.postgres.yml", instances: ["viperd-1", "viperd-2"], upstreamFile: "instances-postgres.conf")
        let postgres = try #require(services["postgres"] as? [String: Any])
        #expect((postgres["image"] as? String)?.hasPrefix("postgres:") == true)
        let postgresCheck = (postgres["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
        #expect(postgresCheck.contains("pg_isready"), "\(postgresCheck)")

        let locations = try String(contentsOf: Self.root.appendingPathComponent("deploy/nginx/viperd-locations.conf"), encoding: .utf8)
        // nginx must never send a POST that reached one instance to another.
        let retry = locations.components(separatedBy: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("proxy_next_upstream ") }
        // One rule per proxied location (the API's, the streams'), neither with `non_idempotent`.
        #expect(retry.count == 2 && retry.allSatisfy { !$0.contains("non_idempotent") }, "\(retry)")
        #expect(locations.contains("X-Forwarded-For $proxy_add_x_forwarded_for"))

        let migrate = try #require(services["migrate"] as? [String: Any])
        let migrateCommand = migrate["command"] as? [String] ?? []
        #expect(migrateCommand.first == "migrate")
        // Migrations as the owner role; the instances as the role that may only read and write rows.
        let ownerURL = (migrate["environment"] as? [String: Any])?["VIPERD_DATABASE_URL"] as? String ?? ""
        #expect(ownerURL.hasPrefix("postgres://viperd_owner:") && ownerURL.hasSuffix("@postgres:5432/viperd"), "\(ownerURL)")
        let instances = services.keys.filter { $0.hasPrefix("viperd-") }.sorted()
        #expect(instances == ["viperd-1", "viperd-2"])
        for name in instances {
            let service = try #require(services[name] as? [String: Any])
            let environment = service["environment"] as? [String: Any] ?? [:]
            let url = environment["VIPERD_DATABASE_URL"] as? String ?? ""
            #expect(url.hasPrefix("postgres://viperd_app:") && url.hasSuffix("@postgres:5432/viperd"), "\(name): \(url)")
            #expect("\(environment["VIPERD_AUTO_MIGRATE"] ?? "")" == "false", "\(name) must leave migrations to `migrate`")
            let dependencies = service["depends_on"] as? [String: [String: Any]] ?? [:]
            #expect(dependencies["postgres"]?["condition"] as? String == "service_healthy")
            #expect(dependencies["migrate"]?["condition"] as? String == "service_completed_successfully")
            let test = (service["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
            #expect(test.contains { $0.hasSuffix("/health/ready") }, "\(name): \(test)")
            let grace = try #require((service["stop_grace_period"] as? String).flatMap(Self.seconds(ofComposeDuration:)))
            let shutdown = (environment["VIPERD_SHUTDOWN_TIMEOUT"].map { "\($0)" }).flatMap(Double.init) ?? 10
            #expect(grace > shutdown, "\(name): stop_grace_period \(grace)s must exceed VIPERD_SHUTDOWN_TIMEOUT \(shutdown)s")
        }

        // The roles' script runs in the postgres container's first start, with both passwords.
        let volumes = postgres["volumes"] as? [String] ?? []
        #expect(volumes.contains("./deploy/postgres/initdb:/docker-entrypoint-initdb.d:ro"), "\(volumes)")
        let environment = postgres["environment"] as? [String: Any] ?? [:]
        for variable in ["VIPERD_POSTGRES_OWNER_PASSWORD", "VIPERD_POSTGRES_APP_PASSWORD", "POSTGRES_PASSWORD"] {
            let value = environment[variable] as? String ?? ""
            #expect(value.hasPrefix("${") && value.contains(":?"), "\(variable) must come from the environment, required: \(value)")
        }
        let roles = try String(contentsOf: Self.root.appendingPathComponent("deploy/postgres/initdb/10-viperd-roles.sh"), encoding: .utf8)
        let appGrants = roles.components(separatedBy: "\n").filter { $0.contains("TO viperd_app") }
        #expect(appGrants.contains { $0.contains("GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO viperd_app") }, "default privileges cover later tables")
        #expect(appGrants.contains { $0.contains("GRANT USAGE, SELECT ON SEQUENCES TO viperd_app") })
        for grant in appGrants {
            #expect(!grant.contains("ALL PRIVILEGES") && !grant.contains("CREATE") && !grant.contains("TRUNCATE"), "viperd_app gets rows only: \(grant)")
        }
        #expect(roles.contains("ALTER DATABASE :\"database\" OWNER TO viperd_owner;"))
    }

    /// The `ENV` pairs of the Dockerfile's last stage: the environment of a container of the image.
    static func imageEnvironment(_ dockerfile: String) -> [String: String] {
        var environment: [String: String] = [:]
        for line in dockerfile.replacingOccurrences(of: "\\\n", with: " ").components(separatedBy: "\n") {
            let words = line.split(separator: " ").map(String.init)
            switch words.first?.uppercased() {
            case "FROM": environment = [:]
            case "ENV":
                for pair in words.dropFirst() {
                    guard let equals = pair.firstIndex(of: "=") else { continue }
                    let value = pair[pair.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    environment[String(pair[..<equals])] = value
                }
            default: continue
            }
        }
        return environment
    }

    /// `${NAME}`, `${NAME:?message}`, `${NAME:-default}` as Compose fills them when NAME is set
    /// (to a hex value, as the deployment guide's `openssl rand -hex` gives).
    static func interpolated(_ text: String) -> String {
        text.replacingOccurrences(of: #"\$\{[A-Za-z_][A-Za-z0-9_]*[^}]*\}"#, with: "0123456789abcdef", options: .regularExpression)
    }

    @Test(
        "every service that runs the viperd image gives `viperd serve --check-config` a valid configuration: the image's ENV merged with the service's environment",
        arguments: ["docker-compose.yml", "docker-compose.postgres.yml"])
    func servicesHaveValidConfigurations(file: String) throws {
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let image = Self.imageEnvironment(dockerfile)
        #expect(image["VIPERD_DB"] != nil, "the Dockerfile's ENV was not read: \(image)")
        let services = try #require(try Self.compose(file)["services"] as? [String: Any])
        var checked = 0
        for (name, value) in services.sorted(by: { $0.key < $1.key }) {
            let service = try #require(value as? [String: Any])
            guard (service["image"] as? String)?.hasPrefix("viperd:") == true else { continue }
            var environment = image
            for (key, value) in service["environment"] as? [String: Any] ?? [:] where !(value is NSNull) {
                environment[key] = Self.interpolated("\(value)")
            }
            // A service that runs serve is checked with its own arguments; any other (migrate)
            // still starts from this environment, which serve must accept as the instances do.
            let command = (service["command"] as? [String]).map { $0.map(Self.interpolated) } ?? ["serve"]
            let arguments = command.first == "serve" ? command : ["serve"]
            let result = try ViperdProcess.run(arguments + ["--check-config"], environment: environment, inheriting: false)
            #expect(result.status == 0, "\(file), service \(name): \(result.output)")
            #expect(result.output.contains("configuration valid"), "\(file), service \(name): \(result.output)")
            checked += 1
        }
        #expect(checked >= 1, "\(file) runs no viperd service")
    }

    @Test("a dead instance is restarted: every long-running compose service has restart: unless-stopped, the systemd unit Restart=on-failure")
    func supervision() throws {
        for file in ["docker-compose.yml", "docker-compose.postgres.yml"] {
            let services = try #require(try Self.compose(file)["services"] as? [String: Any])
            for (name, value) in services where name != "migrate" {
                let restart = (value as? [String: Any])?["restart"] as? String
                #expect(restart == "unless-stopped", "\(file), service \(name): restart \(restart ?? "not set")")
            }
        }
        let unit = try String(contentsOf: Self.root.appendingPathComponent("deploy/systemd/viperd.service"), encoding: .utf8)
        let lines = Set(unit.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(lines.contains("Restart=on-failure"))
        #expect(lines.contains("ExecStart=/usr/local/bin/viperd serve"))
        let stop = try #require(lines.first { $0.hasPrefix("TimeoutStopSec=") }.flatMap { Self.seconds(ofComposeDuration: String($0.dropFirst("TimeoutStopSec=".count))) })
        let shutdown = try #require(lines.first { $0.hasPrefix("Environment=VIPERD_SHUTDOWN_TIMEOUT=") }.flatMap { Double($0.split(separator: "=").last ?? "") })
        #expect(stop > shutdown, "TimeoutStopSec \(stop)s must exceed VIPERD_SHUTDOWN_TIMEOUT \(shutdown)s")
    }

    @Test("the systemd unit keeps secrets out of itself: a root-only EnvironmentFile, no database URL, a 0700 state folder")
    func systemdSecrets() throws {
        let unit = try String(contentsOf: Self.root.appendingPathComponent("deploy/systemd/viperd.service"), encoding: .utf8)
        let lines = unit.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        #expect(lines.contains("EnvironmentFile=-/etc/viperd/viperd.env"))
        #expect(!lines.contains { $0.contains("VIPERD_DATABASE_URL") || $0.contains("PASSWORD") }, "no secret in the unit itself")
        #expect(lines.contains("StateDirectoryMode=0700"))
        #expect(lines.contains("UMask=0077"))
        for hardening in ["NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes"] {
            #expect(lines.contains(hardening), "\(hardening)")
        }
    }
}

import Foundation
import Testing

/// The deployment files, checked the way we can without a Docker engine.
@Suite("deployment files")
struct DockerComposeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("docker-compose.yml and docker-compose.postgres.yml validate against the Compose specification schema")
    func composeValidates() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("Scripts/validate-compose.py").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
            root.appendingPathComponent(file).path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
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

    @Test("docker-compose.postgres.yml: two instances on PostgreSQL's URL after one migrate, ready-checked, trusting only nginx, whose config balances both")
    func postgresDeployment() throws {
        let document = try Self.compose("docker-compose.postgres.yml")
        let services = try #require(document["services"] as? [String: Any])
        let postgres = try #require(services["postgres"] as? [String: Any])
        #expect((postgres["image"] as? String)?.hasPrefix("postgres:") == true)
        let postgresCheck = (postgres["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
        #expect(postgresCheck.contains("pg_isready"), "\(postgresCheck)")

        let nginx = try #require(services["nginx"] as? [String: Any])
        let nginxAddress = try #require(
            ((nginx["networks"] as? [String: Any])?["backend"] as? [String: Any])?["ipv4_address"] as? String)
        // Every file nginx mounts is in the repository.
        let mounts = (nginx["volumes"] as? [String] ?? []).compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(mounts.count == 2)
        for mount in mounts {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(mount).path), "\(mount)")
        }
        let upstreams = try String(contentsOf: Self.root.appendingPathComponent("deploy/nginx/viperd.conf"), encoding: .utf8)
        let locations = try String(contentsOf: Self.root.appendingPathComponent("deploy/nginx/viperd-locations.conf"), encoding: .utf8)
        // nginx must never send a POST that reached one instance to another.
        let retry = locations.components(separatedBy: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("proxy_next_upstream ") }
        #expect(retry.count == 1 && !retry[0].contains("non_idempotent"), "\(retry)")
        #expect(locations.contains("X-Forwarded-For $proxy_add_x_forwarded_for"))

        let migrate = try #require(services["migrate"] as? [String: Any])
        let migrateCommand = migrate["command"] as? [String] ?? []
        #expect(migrateCommand.first == "migrate")
        let instances = services.keys.filter { $0.hasPrefix("viperd-") }.sorted()
        #expect(instances == ["viperd-1", "viperd-2"])
        for name in instances {
            let service = try #require(services[name] as? [String: Any])
            let environment = service["environment"] as? [String: Any] ?? [:]
            let url = environment["VIPERD_DATABASE_URL"] as? String ?? ""
            #expect(url.hasPrefix("postgres://") && url.contains("@postgres:5432/"), "\(name): \(url)")
            #expect(migrateCommand.contains(url), "\(name) and migrate use one database URL")
            #expect(environment["VIPERD_TRUSTED_PROXY"] as? String == nginxAddress, "\(name) trusts exactly nginx")
            #expect("\(environment["VIPERD_AUTO_MIGRATE"] ?? "")" == "false", "\(name) must leave migrations to `migrate`")
            let dependencies = service["depends_on"] as? [String: [String: Any]] ?? [:]
            #expect(dependencies["postgres"]?["condition"] as? String == "service_healthy")
            #expect(dependencies["migrate"]?["condition"] as? String == "service_completed_successfully")
            let test = (service["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
            #expect(test.contains { $0.hasSuffix("/health/ready") }, "\(name): \(test)")
            let grace = try #require((service["stop_grace_period"] as? String).flatMap(Self.seconds(ofComposeDuration:)))
            let shutdown = (environment["VIPERD_SHUTDOWN_TIMEOUT"].map { "\($0)" }).flatMap(Double.init) ?? 10
            #expect(grace > shutdown, "\(name): stop_grace_period \(grace)s must exceed VIPERD_SHUTDOWN_TIMEOUT \(shutdown)s")
            #expect(upstreams.contains("server \(name):8080"), "nginx's upstream must list \(name)")
            let nginxDependency = (nginx["depends_on"] as? [String: [String: Any]])?[name]?["condition"] as? String
            #expect(nginxDependency == "service_healthy", "nginx waits for \(name)")
        }
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
            guard service["build"] != nil || (service["image"] as? String)?.hasPrefix("viperd") == true else { continue }
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
}

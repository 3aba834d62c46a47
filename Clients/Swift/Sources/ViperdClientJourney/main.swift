import Foundation

// ViperdClientJourney BASE_URL [--fund COMMAND] [--mail-code COMMAND]
//
// Drives a running Viperd through the generated client only, one line per step; exits 1 on the
// first failure. The --fund COMMAND (optional) is run as `COMMAND ACCOUNT_ID` and must credit the
// account with at least 500.00 in its currency (the CI script imports a card-processor feed);
// without it the steps that need money are skipped. The --mail-code COMMAND (optional) is run as
// `COMMAND EMAIL N` and must print the Nth verification code mailed to EMAIL (the CI script reads
// the server's log, where a server with no --smtp-url writes its mail); without it the steps that
// need the code are skipped.
var options: [String: String] = [:]
var arguments: [String] = []
var remaining = CommandLine.arguments.dropFirst()
while let argument = remaining.popFirst() {
    if ["--fund", "--mail-code"].contains(argument), let value = remaining.popFirst() {
        options[argument] = value
    } else {
        arguments.append(argument)
    }
}
let fundCommand = options["--fund"]
let mailCodeCommand = options["--mail-code"]
guard arguments.count == 1, let baseURL = URL(string: arguments[0]), baseURL.scheme != nil else {
    FileHandle.standardError.write(Data("usage: ViperdClientJourney BASE_URL [--fund COMMAND] [--mail-code COMMAND]\n".utf8))
    exit(2)
}
let journey = Journey(serverURL: baseURL, fundCommand: fundCommand, mailCodeCommand: mailCodeCommand)
let passed = await journey.run()
exit(passed ? 0 : 1)

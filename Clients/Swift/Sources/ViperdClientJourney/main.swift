import Foundation

// ViperdClientJourney BASE_URL [--fund COMMAND]
//
// Drives a running Viperd through the generated client only, one line per step; exits 1 on the
// first failure. COMMAND (optional) is run as `COMMAND ACCOUNT_ID` and must credit the account
// with at least 500.00 in its currency (the CI script imports a card-processor feed); without it
// the steps that need money are skipped.
var arguments = Array(CommandLine.arguments.dropFirst())
var fundCommand: String?
if let index = arguments.firstIndex(of: "--fund"), index + 1 < arguments.count {
    fundCommand = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count == 1, let baseURL = URL(string: arguments[0]), baseURL.scheme != nil else {
    FileHandle.standardError.write(Data("usage: ViperdClientJourney BASE_URL [--fund COMMAND]\n".utf8))
    exit(2)
}
let journey = Journey(serverURL: baseURL, fundCommand: fundCommand)
let passed = await journey.run()
exit(passed ? 0 : 1)

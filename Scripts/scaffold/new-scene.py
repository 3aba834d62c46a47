#!/usr/bin/env python3
"""Writes a new scene's skeleton from docs/ARCHITECTURE.md's recipe, as Clean Swift's templates do.

    python3 Scripts/scaffold/new-scene.py --feature Transactions --scene TransactionShow \\
        --route TransactionsRoute.SignedIn --method GET --path '/v1/transactions/{id}' \\
        --view-model TransactionViewModel --presentation-model TransactionPresentationModel \\
        --view-model-init 'TransactionViewModel($0, language: messages.language)' \\
        --manager transactions:TransactionManager --manager accounts:AccountManager --id-type TransactionID \\
        --query 'fetch(id: TransactionID, owner: UserID) throws -> Transaction?' [--dry-run]

It writes the UseCase and its output (Domain), the Presenter (Presentation), the route's case,
endpoint, path and dispatch line (the feature's Route file), the Connector's method, the Manager's
new requirement and its doubles' default (`Unimplemented<Entity>Manager`), an endpoint test and a
Presenter test. The scene compiles and answers `501 not_implemented` until its UseCase is written;
its endpoint test asserts exactly that, so it fails the moment the scene works and must be
rewritten. It never overwrites a file or a route, and prints what is left for a person: the SQL
behind the query, the contract (openapi.json, docs/API.md), the endpoint test.

Exit status: 0 written (or would be, with --dry-run), 2 refused (nothing written).
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Refusal(Exception):
    """A reason to write nothing."""


def lower_first(name):
    return name[:1].lower() + name[1:]


def upper_first(name):
    return name[:1].upper() + name[1:]


def matching_brace(text, open_index):
    """The index of the `}` closing the `{` at open_index, skipping string literals."""
    depth = 0
    index = open_index
    in_string = False
    while index < len(text):
        char = text[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    raise Refusal("unbalanced braces")


def block(text, header_pattern, start=0, end=None):
    """(open, close) of the first block whose header matches, within text[start:end]."""
    end = len(text) if end is None else end
    match = re.compile(header_pattern).search(text, start, end)
    if not match:
        raise Refusal(f"no block matching {header_pattern!r}")
    open_index = text.index("{", match.end() - 1)
    return open_index, matching_brace(text, open_index)


def line_start(text, index):
    return text.rfind("\n", 0, index) + 1


class Scene:
    def __init__(self, args):
        self.args = args
        self.feature = args.feature
        self.name = args.scene
        self.route = args.route or f"{self.feature}Route"
        self.outer_route = self.route.split(".")[0]
        self.method = args.method.upper()
        self.path = args.path
        self.parameters = re.findall(r"\{(\w+)\}", self.path)
        self.case = args.case or lower_first(self.name)
        self.event = "event" + upper_first(self.case)
        self.connector_method = self.case
        self.has_body = self.method in ("POST", "PUT", "PATCH")
        self.no_content = self.method == "DELETE"
        self.view_model = None if self.no_content else args.view_model
        if not self.no_content and not self.view_model:
            raise Refusal("--view-model is required unless --method is DELETE")
        self.presentation_model = args.presentation_model or (
            self.view_model.replace("ViewModel", "PresentationModel") if self.view_model else None)
        self.view_model_init = args.view_model_init or (f"{self.view_model}($0, messages: messages)" if self.view_model else None)
        self.id_type = args.id_type
        self.managers = []  # (gateway property, Manager protocol), in the UseCase's order
        for manager in args.manager or []:
            property_name, _, protocol = manager.partition(":")
            if not property_name or not protocol:
                raise Refusal("--manager is property:Protocol, e.g. transactions:TransactionManager")
            self.managers.append((property_name, protocol))
        # A new query is the first manager's.
        self.manager_type = self.managers[0][1] if self.managers else None
        self.route_file = ROOT / f"Sources/Web/{self.feature}/{self.outer_route}.swift"
        self.connector_file = ROOT / f"Sources/Web/{self.feature}/{self.feature}Connector.swift"
        self.writes = {}  # path -> new text
        self.created = []
        for required in (self.route_file, self.connector_file):
            if not required.exists():
                raise Refusal(f"{required.relative_to(ROOT)} does not exist: the scaffold adds scenes to an existing feature")

    # Route ----------------------------------------------------------------------------------

    def route_edit(self):
        text = self.route_file.read_text()
        enum_name = self.route.split(".")[-1]
        enum_open, enum_close = block(text, r"enum " + re.escape(enum_name) + r"\b[^{]*\{")
        body = text[enum_open:enum_close]
        if re.search(r"\bcase " + re.escape(self.case) + r"\b", body):
            raise Refusal(f"{self.route} already has a case {self.case}")
        template_name = self.args.template or (self.case + "Path")
        existing = re.search(r"static let (\w+): PathTemplate = \"" + re.escape(self.path) + r"\"", text)
        if existing:
            template_name = existing.group(1)
        elif re.search(r"static let " + re.escape(template_name) + r"\b", text):
            raise Refusal(f"{self.outer_route} already has a template named {template_name}")
        for endpoint in re.finditer(r"Endpoint\(\.(\w+), ([\w.]+)\)", text):
            if endpoint.group(1).upper() == self.method and endpoint.group(2).split(".")[-1] == template_name:
                raise Refusal(f"{self.method} {self.path} is already routed in {self.outer_route}")
        template_ref = f"{self.outer_route}.{template_name}"
        associated = "(" + ", ".join(f"{p}: String" for p in self.parameters) + ")" if self.parameters else ""
        bindings = "(" + ", ".join(f"let {p}" for p in self.parameters) + ")" if self.parameters else ""
        route_value = "." + self.case + ("(" + ", ".join(f'{p}: $0["{p}"]' for p in self.parameters) + ")" if self.parameters else "")
        closure = "{ " + route_value + " }" if self.parameters else "{ _ in " + route_value + " }"
        path_call = f"{template_ref}.path(" + ", ".join(self.parameters) + ")"

        edits = []  # (index, text to insert)
        # The case: after the enum's last direct case line.
        first_case = re.search(r"\n(\s*)case \w+", body)
        if not first_case:
            raise Refusal(f"{self.route} has no case to add beside")
        indent = first_case.group(1)
        last_direct = None
        for m in re.finditer(r"\n" + indent + r"case \w+[^\n]*", body):
            depth = body[: m.start()].count("{") - body[: m.start()].count("}")
            if depth == 1:
                last_direct = m
        edits.append((enum_open + last_direct.end(), f"\n{indent}case {self.case}{associated}"))
        # The endpoint: before the endpoints array's closing bracket.
        endpoints = re.search(r"static let endpoints: \[Endpoint<\w+>\] = \[", body)
        if not endpoints:
            raise Refusal(f"{self.route} has no endpoints table")
        close_bracket = body.index("\n" + indent + "]", endpoints.end())
        # The entry before the new one needs its comma; the last one may have gone without.
        comma = "" if body[:close_bracket].rstrip()[-1] in ",[" else ","
        last_entry_end = len(body[:close_bracket].rstrip())
        edits.append((enum_open + last_entry_end, f"{comma}\n{indent}    Endpoint(.{self.method.lower()}, {template_ref}) {closure},"))
        # The path: a case before the `var path` switch's closing brace.
        path_var = re.search(r"var path: String \{", body)
        switch_open, switch_close = block(body, r"switch self \{", path_var.end())
        switch_indent = re.search(r"\n(\s*)case ", body[switch_open:switch_close]).group(1)
        edits.append((enum_open + line_start(body, switch_close) - 1, f"\n{switch_indent}case .{self.case}{bindings}: {path_call}"))
        # The template, in the outer Route beside the others.
        if not existing:
            last_template = list(re.finditer(r"\n(\s*)static let \w+: PathTemplate = [^\n]*", text))[-1]
            edits.append((last_template.end(), f'\n{last_template.group(1)}static let {template_name}: PathTemplate = "{self.path}"'))
        # The dispatch line, in the route's `respond` extension.
        ext_open, ext_close = block(text, r"extension " + re.escape(self.route) + r" \{")
        signature = text[ext_open:text.index("{", text.index("func respond", ext_open))]
        self.signed_in_parameter = "user: AuthenticatedUser" in signature
        self.takes_request = "to request: HTTPRequest" in signature
        respond_switch_open, respond_switch_close = block(text, r"switch self \{", ext_open, ext_close)
        dispatch_indent = re.search(r"\n(\s*)case ", text[respond_switch_open:respond_switch_close]).group(1)
        uses_return = "return connector." in text[respond_switch_open:respond_switch_close]
        call_args = [f"{p}: {p}" for p in self.parameters]
        if self.has_body:
            if not self.takes_request:
                raise Refusal(f"{self.route}'s respond takes no request, and a {self.method} reads a body")
            call_args.append("request")
        if self.signed_in_parameter:
            call_args.append("user: user")
        call = f"connector.{self.connector_method}({', '.join(call_args)})"
        edits.append((line_start(text, respond_switch_close) - 1,
                      f"\n{dispatch_indent}case .{self.case}{bindings}: {'return ' if uses_return else ''}{call}"))
        for index, insert in sorted(edits, reverse=True):
            text = text[:index] + insert + text[index:]
        self.writes[self.route_file] = text

    # Connector ------------------------------------------------------------------------------

    def connector_edit(self):
        text = self.connector_file.read_text()
        if re.search(r"\bfunc " + re.escape(self.connector_method) + r"\(", text):
            raise Refusal(f"{self.connector_file.name} already has func {self.connector_method}")
        has_user_property = re.search(r"let user: AuthenticatedUser", text) is not None
        parameters = [f"{p}: String" for p in self.parameters]
        if self.has_body:
            parameters.append("_ request: HTTPRequest")
        if self.signed_in_parameter:
            parameters.append("user: AuthenticatedUser")
        self.owner = "user.id" if (self.signed_in_parameter or has_user_property) else None
        use_case_arguments = []
        for property_name, _ in self.managers:
            use_case_arguments.append(f"{property_name}: dependencies.gateway.{property_name}")
        if self.owner:
            use_case_arguments.append(f"owner: {self.owner}")
        if self.no_content:
            responder = "NoContentResponder(context: context)"
        else:
            status = ".created" if self.method == "POST" else ".ok"
            responder = f"ViewModelResponder<{self.view_model}>(context: context) {{ JSONBody.response({status}, $0) }}"
        event_arguments = [f"{p}: {p}" for p in self.parameters] + (["body: body"] if self.has_body else [])
        stack = [
            f"let responder = {responder}",
            f"let useCase = {self.name}UseCase({', '.join(use_case_arguments)})",
            f"{self.name}Presenter(useCase: useCase, output: responder, messages: context.messages).{self.event}({', '.join(event_arguments)})",
            "return responder.response",
        ]
        if self.has_body:
            inner = "\n".join("            " + line for line in stack)
            body = f"        JSONRequestBody.respond(to: request, context: context) {{ body in\n{inner}\n        }}"
        else:
            body = "\n".join("        " + line for line in stack)
        method = (f"\n    /// {self.method} {self.path}: written by the scaffold.\n"
                  f"    func {self.connector_method}({', '.join(parameters)}) -> HTTPResponse {{\n{body}\n    }}\n")
        close = text.rstrip().rfind("}")
        self.writes[self.connector_file] = text[:close].rstrip("\n") + "\n" + method + "}\n"

    # Manager and its doubles -----------------------------------------------------------------

    def manager_edit(self):
        if not self.args.query:
            return
        if not self.manager_type:
            raise Refusal("--query needs --manager")
        query = self.args.query.strip()
        name = re.match(r"(\w+)\(", query)
        if not name:
            raise Refusal("--query is a Swift requirement such as 'fetch(id: TransactionID, owner: UserID) throws -> Transaction?'")
        manager_files = list((ROOT / "Sources/Domain").rglob(f"{self.manager_type}.swift"))
        double_file = ROOT / f"Tests/DomainTestSupport/Untouchable{self.manager_type}.swift"
        if len(manager_files) != 1 or not double_file.exists():
            raise Refusal(f"no single Sources/Domain/**/{self.manager_type}.swift and {double_file.relative_to(ROOT)}")
        manager_text = manager_files[0].read_text()
        signature = "func " + query
        if re.search(r"func " + re.escape(name.group(1)) + r"\(", manager_text):
            raise Refusal(f"{self.manager_type} already has a requirement named {name.group(1)} (choose another name)")
        proto_open, proto_close = block(manager_text, r"protocol " + re.escape(self.manager_type) + r"\b[^{]*\{")
        doc = self.args.query_doc or f"{self.name}'s storage query, written by the scaffold: say what it answers."
        requirement = f"\n    /// {doc}\n    {signature}\n"
        self.writes[manager_files[0]] = manager_text[:proto_close].rstrip("\n") + "\n" + requirement + manager_text[proto_close:]
        returns = query.split("->")[-1].strip() if "->" in query else None
        if returns is None:
            empty = None
        elif returns.endswith("?"):
            empty = "nil"
        elif returns.startswith("["):
            empty = "[]"
        elif returns in ("Int", "Int64"):
            empty = "0"
        elif returns == "Bool":
            empty = "false"
        else:
            raise Refusal(f"the doubles' default cannot make an empty {returns}: return an optional, an array, a number or a Bool")
        double_text = double_file.read_text()
        ext_open, ext_close = block(double_text, r"extension Unimplemented" + re.escape(self.manager_type) + r" \{")
        default = (f"    public {signature} {{\n        Issue.record(\"storage reached: {self.name}\")\n"
                   + (f"        return {empty}\n" if empty else "") + "    }\n")
        self.writes[double_file] = double_text[:ext_close] + default + double_text[ext_close:]

    # New files ------------------------------------------------------------------------------

    def new_files(self):
        domain = ROOT / f"Sources/Domain/{self.feature}/{self.name}"
        presentation = ROOT / f"Sources/Presentation/{self.feature}/{self.name}"
        id_type = self.id_type or "String"
        typed_parameters = ", ".join(f"{p}: {id_type}" for p in self.parameters)
        use_case_stored = []
        use_case_init = []
        for property_name, protocol in self.managers:
            use_case_stored.append(f"    private let {property_name}: any {protocol}")
            use_case_init.append((property_name, f"any {protocol}"))
        if self.owner:
            use_case_stored.append("    private let owner: UserID")
            use_case_init.append(("owner", "UserID"))
        init_parameters = ", ".join(f"{n}: {t}" for n, t in use_case_init)
        init_body = "\n".join(f"        self.{n} = {n}" for n, _ in use_case_init)
        event_parameters = ", ".join(
            [f"{p}: {id_type}" for p in self.parameters] + [f"output: any {self.name}UseCaseOutput"])
        success = "presentDone()" if self.no_content else f"present(_:)"
        outcomes = f"`{success}`" + (", `presentNotFound()`" if self.parameters else "") + ", storage failures"
        self.files = {}
        self.files[domain / f"{self.name}UseCase.swift"] = f"""/// `{self.method} {self.path}`, written by the scaffold: say what the scene does.
///
/// Outcomes: {outcomes}; `presentNotImplemented()` (501) until this UseCase is written.
public struct {self.name}UseCase {{
{chr(10).join(use_case_stored)}

    public init({init_parameters}) {{
{init_body}
    }}

    public func {self.event}({event_parameters}) {{
        output.presentNotImplemented()
    }}
}}
"""
        success_requirement = ("    /// The scene succeeded with nothing to show.\n    func presentDone()" if self.no_content else
                               f"    /// What the scene shows on success.\n    func present(_ model: {self.presentation_model})")
        not_found_requirement = ("\n    /// What the path names does not exist for this user (or is someone else's).\n    func presentNotFound()"
                                 if self.parameters else "")
        self.files[domain / f"{self.name}UseCaseOutput.swift"] = f"""/// What `{self.name}UseCase` can lead to.
public protocol {self.name}UseCaseOutput: StorageFailureOutput, NotImplementedOutput {{
{success_requirement}{not_found_requirement}
}}
"""
        checks = "".join(
            f"""        guard IDFormat.isValid({p}) else {{
            output.showMalformedInput(messages.invalidID(parameter: "{p}"))
            return
        }}
""" for p in self.parameters) if self.id_type else ""
        converted = [f"{p}: {self.id_type}({p})" if self.id_type else f"{p}: {p}" for p in self.parameters]
        # The body's fields become typed UseCase input once the Presenter reads them (FieldReader).
        converted.append("output: self")
        presenter_event_parameters = ", ".join([f"{p}: String" for p in self.parameters] + (["body: JSONValue"] if self.has_body else []))
        output_type = "NoContentPresenterOutput" if self.no_content else f"ViewModelPresenterOutput<{self.view_model}>"
        present_success = ("    public func presentDone() { output.showDone() }" if self.no_content else
                           f"    public func present(_ model: {self.presentation_model}) {{\n        output.show({self.view_model_init.replace('$0', 'model')})\n    }}")
        present_not_found = "\n\n    public func presentNotFound() { output.showNotFound(messages.notFound()) }" if self.parameters else ""
        self.files[presentation / f"{self.name}Presenter.swift"] = f"""import Domain

/// Converts `{self.method} {self.path}`'s request and words its outcomes; written by the scaffold.
public final class {self.name}Presenter: {self.name}UseCaseOutput, StorageFailurePresenter {{
    private let useCase: {self.name}UseCase
    private let output: any {output_type}
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput {{ output }}

    public init(useCase: {self.name}UseCase, output: any {output_type}, messages: Messages) {{
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }}

    public func {self.event}({presenter_event_parameters}) {{
{checks}        useCase.{self.event}({", ".join(converted)})
    }}

{present_success}{present_not_found}
}}
"""
        sample_path = self.path
        for p in self.parameters:
            sample_path = sample_path.replace("{" + p + "}", "x_1")
        body_argument = ', json: "{}"' if self.has_body else ""
        self.files[ROOT / f"Tests/AppTests/{self.feature}/{self.name}EndpointTests.swift"] = f"""import Foundation
import TestSupport
import Testing

/// `{self.method} {self.path}`, end to end.
@Suite("{self.method} {self.path}, end to end")
struct {self.name}EndpointTests {{
    /// Written by the scaffold: it holds while the scene is a placeholder, and fails the moment its
    /// UseCase is written. Replace it then with tests of what the scene does.
    @Test("the scaffolded scene is routed and answers 501 not_implemented as a problem document")
    func placeholder() throws {{
        let app = try TestApplication()
        let response = try app.request("{self.method}", "{sample_path}"{body_argument})
        #expect(response.status == 501, "\\(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(TestApplication.object(response)["code"] as? String == "not_implemented")
    }}
}}
"""
        if self.parameters and self.id_type:
            bad_path = self.path
            for p in self.parameters:
                bad_path = bad_path.replace("{" + p + "}", "not%20an%20id")
            self.files[ROOT / f"Tests/AppTests/{self.feature}/{self.name}EndpointTests.swift"] = self.files[
                ROOT / f"Tests/AppTests/{self.feature}/{self.name}EndpointTests.swift"].rstrip()[:-1] + f"""
    @Test("a path parameter that is no id is 400 invalid_id, before the UseCase")
    func malformedID() throws {{
        let app = try TestApplication()
        let response = try app.request("{self.method}", "{bad_path}"{body_argument})
        #expect(response.status == 400, "\\(response.text)")
        let errors = TestApplication.object(response)["errors"] as? [[String: Any]]
        #expect(errors?.first?["code"] as? String == "invalid_id")
    }}
}}
"""
        for path in self.files:
            if path.exists():
                raise Refusal(f"{path.relative_to(ROOT)} exists: the scaffold never overwrites")

    def plan(self):
        self.route_edit()
        self.connector_edit()
        self.manager_edit()
        self.new_files()

    def write(self):
        for path, text in self.files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        for path, text in self.writes.items():
            path.write_text(text)

    def report(self, dry_run):
        verb = "would write" if dry_run else "wrote"
        lines = [f"{verb}:"] + [f"  + {p.relative_to(ROOT)}" for p in self.files]
        lines += [f"{'would edit' if dry_run else 'edited'}:"] + [f"  ~ {p.relative_to(ROOT)}" for p in self.writes]
        left = [
            f"the UseCase's work: Sources/Domain/{self.feature}/{self.name}/{self.name}UseCase.swift "
            "(it calls presentNotImplemented() until then; drop NotImplementedOutput from its output when done)",
            f"the endpoint test, which fails once the scene works: Tests/AppTests/{self.feature}/{self.name}EndpointTests.swift",
        ]
        if self.args.query:
            left.append(f"the query's SQL, which the compiler now asks of each {self.manager_type} "
                        "(one SQL<Entity>Manager in Sources/SQLRows, or both gateways' managers), and its contract test in "
                        f"Tests/GatewayContractTests/{self.feature}/")
        left += [
            f"the contract: {self.method} {self.path} in Sources/Web/OpenAPI/openapi.json (a test fails until it is there) and docs/API.md",
            "the web client, the write throttle (RateLimitFields.kind) if the scene changes state, and the docs",
        ]
        lines += ["left for a person:"] + [f"  - {item}" for item in left]
        print("\n".join(lines))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--feature", required=True, help="the feature's folder in every layer, e.g. Transactions")
    parser.add_argument("--scene", required=True, help="the scene's name, e.g. TransactionShow")
    parser.add_argument("--method", required=True, choices=["GET", "POST", "PUT", "PATCH", "DELETE", "get", "post", "put", "patch", "delete"])
    parser.add_argument("--path", required=True, help="the path template, e.g. /v1/transactions/{id}")
    parser.add_argument("--route", help="the Route enum to add the case to (default <Feature>Route), e.g. TransactionsRoute.SignedIn")
    parser.add_argument("--case", help="the route case and Connector method (default: the scene, lower camel case)")
    parser.add_argument("--template", help="the PathTemplate constant's name for a new path (default <case>Path)")
    parser.add_argument("--view-model", help="the ViewModel the scene shows on success (not for DELETE)")
    parser.add_argument("--presentation-model", help="what the UseCase presents (default: the ViewModel's name with PresentationModel)")
    parser.add_argument("--view-model-init", help="how the Presenter makes the ViewModel from $0 (default '<ViewModel>($0, messages: messages)')")
    parser.add_argument("--manager", action="append",
                        help="a gateway manager the UseCase reads, property:Protocol, e.g. transactions:TransactionManager (repeatable; --query goes to the first)")
    parser.add_argument("--id-type", help="the Domain id type the path parameters become after IDFormat's check, e.g. TransactionID")
    parser.add_argument("--query", help="a new requirement for the manager, e.g. 'fetch(id: TransactionID, owner: UserID) throws -> Transaction?'")
    parser.add_argument("--query-doc", help="the new requirement's doc comment (one line)")
    parser.add_argument("--dry-run", action="store_true", help="print what would be written, write nothing")
    args = parser.parse_args(argv)
    try:
        scene = Scene(args)
        scene.plan()
    except Refusal as refusal:
        print(f"new-scene: refused, nothing written: {refusal}", file=sys.stderr)
        return 2
    if not args.dry_run:
        scene.write()
    scene.report(args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Fails when a public type, or a requirement of a public protocol, in Sources/ has no doc comment.

Usage: python3 Scripts/ci/doc-comments.py [FOLDER...]     (default: the repository's Sources/)
       python3 Scripts/ci/doc-comments.py --self-test    (the scan against known cases and a
                                                       planted undocumented type, first)

A public type is a struct, class, enum, protocol, actor or typealias declared `public` or `open`,
at any depth (a nested `public enum Field` too). A requirement is a declaration (func, var, let,
init, subscript, associatedtype, typealias) directly in the body of a `public protocol`, however
its header is spread over lines. Its doc
comment is a `///` line, or the end of a `/** … */` block, right above it or above the
attributes (`@…`) written on lines of their own before it. Exit status: 0 every one is
documented; 1 some are not (each printed as path:line: declaration).

A text scan, not the compiler's symbol graph, so that it runs before any build and stays cheap:
it strips comments and string literals before counting braces and parentheses, so neither fools
the depth it tracks.
"""

import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:static|class|mutating|nonmutating|nonisolated|isolated|optional|required|override|final|borrowing|consuming)\s+)*"
    r"(?:func|var|let|init[?!]?|subscript|associatedtype|typealias)\b"
)
ATTRIBUTE_LINE = re.compile(r"^@\w+(?:\([^)]*\))?\s*$")
PROTOCOL = re.compile(r"\bpublic\s+protocol\s+\w+")
# `public class func` and `open class var` are members, not types.
PUBLIC_TYPE = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:final|indirect|nonisolated)\s+)*(?:public|open)\s+"
    r"(?:(?:final|indirect|nonisolated)\s+)*"
    r"(?:struct|enum|protocol|actor|typealias|class(?!\s+(?:func|var|let|subscript|init|override|final|static)\b))\s+\w"
)


def code_only(lines):
    """Each line without comments and string literals (same number of lines), so braces and
    parentheses inside them are not counted."""
    stripped = []
    in_block = False
    for line in lines:
        out = []
        i = 0
        in_string = False
        while i < len(line):
            if in_block:
                end = line.find("*/", i)
                if end < 0:
                    i = len(line)
                else:
                    in_block = False
                    i = end + 2
                continue
            if in_string:
                if line[i] == "\\":
                    i += 2
                    continue
                if line[i] == '"':
                    in_string = False
                i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block = True
                i += 2
                continue
            if line[i] == '"':
                in_string = True
                out.append('""')
                i += 1
                continue
            out.append(line[i])
            i += 1
        stripped.append("".join(out))
    return stripped


def is_documented(lines, index):
    """Whether the declaration starting on line `index` has a doc comment above it (above its
    own-line attributes too)."""
    j = index - 1
    while j >= 0 and ATTRIBUTE_LINE.match(lines[j].strip()):
        j -= 1
    if j < 0:
        return False
    above = lines[j].strip()
    return above.startswith("///") or (above.endswith("*/") and block_is_doc(lines, j))


def block_is_doc(lines, end):
    """Whether the `/* … */` block ending on line `end` opens with `/**`."""
    for k in range(end, -1, -1):
        start = lines[k].find("/*")
        if start >= 0:
            return lines[k].startswith("/**", start)
    return False


def undocumented(path):
    """(line number, declaration) of every undocumented public type and public protocol
    requirement in `path`, in line order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    code = code_only(lines)
    found = [(number + 1, lines[number].strip()) for number, text in enumerate(code)
             if PUBLIC_TYPE.match(text.strip()) and not is_documented(lines, first_attribute(code, number))]
    i = 0
    while i < len(code):
        match = PROTOCOL.search(code[i])
        if not match:
            i += 1
            continue
        # The body opens at the first `{` after the name, maybe lines later (a long header).
        line, column = i, match.end()
        while line < len(code) and "{" not in code[line][column:]:
            line, column = line + 1, 0
        if line == len(code):
            break
        column = code[line].index("{", column) + 1
        depth, parens = 1, 0
        # What follows `{` on its own line is a requirement with no room for a doc comment.
        rest = code[line][column:].strip().rstrip("}").strip()
        if rest and DECLARATION.match(rest):
            found.append((line + 1, lines[line].strip()))
        for ch in code[line][column:]:
            depth += (ch == "{") - (ch == "}")
        line += 1
        while line < len(code) and depth > 0:
            text = code[line].strip()
            if depth == 1 and parens == 0 and DECLARATION.match(text) and not is_documented(lines, first_attribute(code, line)):
                found.append((line + 1, lines[line].strip()))
            for ch in code[line]:
                depth += (ch == "{") - (ch == "}")
                parens += (ch == "(") - (ch == ")")
            line += 1
        i = line
    return sorted(found, key=lambda entry: entry[0])


def first_attribute(code, line):
    """A declaration's own-line attributes belong to it: the doc comment sits above them."""
    while line > 0 and ATTRIBUTE_LINE.match(code[line - 1].strip()):
        line -= 1
    return line


def main(folders):
    missing = []
    for folder in folders:
        for path in sorted(pathlib.Path(folder).rglob("*.swift")):
            missing += [(path, number, text) for number, text in undocumented(path)]
    for path, number, text in missing:
        print(f"{path}:{number}: {text}", file=sys.stderr)
    if missing:
        print(f"doc-comments: {len(missing)} public type(s) or protocol requirement(s) without a doc comment", file=sys.stderr)
        return 1
    return 0


# Each case: Swift text, and the lines the scan must report (1-based). `.ci/run` runs these
# before the real scan, so a scan that stopped finding anything fails instead of passing.
SELF_TEST = [
    ("/// Doc.\npublic protocol P {\n    /// Doc.\n    func a()\n    func b()\n}\n", [5]),
    # A header over several lines, an own-line attribute, a requirement over several lines.
    ("public protocol P: A,\n    B\n{\n    /// Doc.\n    @discardableResult\n    func a(\n        x: Int\n    ) -> Int\n"
     "    @discardableResult\n    static func b() -> Int\n    var c: Int { get }\n}\n", [1, 10, 11]),
    # Comments and strings do not count as braces; an internal protocol is not checked.
    ("public protocol P {\n    // not a doc comment {\n    func a()\n    /** Doc. */\n    init(x: String)\n}\n"
     "protocol Q {\n    func b()\n}\n", [1, 3]),
    ("public protocol P { func a() }\n@MainActor public protocol R: Sendable {\n    associatedtype T\n}\n", [1, 1, 2, 3]),
    # Public types at any depth; members that start with `class` and internal types are not types to check.
    ("/// Doc.\npublic struct S {\n    public enum Field: String { case a }\n    /// Doc.\n    public typealias T = Int\n"
     "    public class func make() -> S { S() }\n    enum Internal {}\n}\n", [3]),
    ("@frozen\npublic enum E {}\n/// Doc.\n@MainActor\npublic final class C {}\nopen class O {}\nfinal public class F {}\n", [2, 6, 7]),
]


def self_test():
    import contextlib
    import io
    import tempfile
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for number, (text, expected) in enumerate(SELF_TEST):
            path = pathlib.Path(folder) / f"Case{number}.swift"
            path.write_text(text, encoding="utf-8")
            reported = [line for line, _ in undocumented(path)]
            if reported != expected:
                print(f"doc-comments self-test {number}: reported lines {reported}, expected {expected}", file=sys.stderr)
                failures += 1
        # The whole check, as CI runs it, on a planted tree: an undocumented public type fails it,
        # the same type documented passes.
        for documented, expected in ((False, 1), (True, 0)):
            tree = pathlib.Path(folder) / f"planted-{documented}" / "Sources" / "Planted"
            tree.mkdir(parents=True)
            (tree / "Planted.swift").write_text(("/// Doc.\n" if documented else "") + "public struct Planted {}\n", encoding="utf-8")
            with contextlib.redirect_stderr(io.StringIO()):
                status = main([tree.parent])
            if status != expected:
                print(f"doc-comments self-test: a planted {'documented' if documented else 'undocumented'} public type "
                      f"gave exit {status}, expected {expected}", file=sys.stderr)
                failures += 1
    if not failures:
        print("doc-comments self-test: every case found, a planted undocumented type fails the check", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    root = pathlib.Path(__file__).resolve().parent.parent.parent
    sys.exit(main(sys.argv[1:] or [root / "Sources"]))

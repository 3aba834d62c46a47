#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora from the tests, so the seeds follow the tests.

  seeds.py OUT   creates OUT/http (each a first byte choosing the split, then a request stream)
                 and OUT/json (request bodies and path/header/query values), OUT/values (cursor and
                 query values with extreme numbers).

HTTP seeds: every llhttp request vector in Tests/Conformance (decoded by the replay rules of
LLHTTPVectors.swift), every `input:` of the parser table tests (`|` is CRLF) and every earlier
finding in Tests/FuzzFindings/http-parser. JSON seeds: every
JSON body the endpoint and router tests send, plus the request examples of the OpenAPI document.
"""
import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def vector_bytes(lines):
    joined, first, continuing = "", True, False
    for line in lines:
        if not first and not continuing:
            joined += "\r\n"
        first = False
        if line.endswith("\\"):
            joined += line[:-1]
            continuing = True
        else:
            joined += line
            continuing = False
    out, source, i = bytearray(), joined.encode(), 0
    while i < len(source):
        byte = source[i]
        if byte != 0x5C or i + 1 >= len(source):
            out.append(byte)
            i += 1
            continue
        nxt = chr(source[i + 1])
        simple = {"r": 13, "n": 10, "t": 9, "f": 12}
        if nxt in simple:
            out.append(simple[nxt])
            i += 2
        elif nxt == "x" and i + 3 < len(source) and re.fullmatch(rb"[0-9a-fA-F]{2}", source[i + 2:i + 4]):
            out.append(int(source[i + 2:i + 4], 16))
            i += 4
        elif nxt in "01234567":
            j, value = i + 1, 0
            while j < len(source) and j - i <= 3 and chr(source[j]) in "01234567":
                value = value * 8 + source[j] - 0x30
                j += 1
            out.append(value & 0xFF)
            i = j
        else:
            out.append(byte)
            i += 1
    return bytes(out)


def http_seeds():
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Conformance/llhttp-request-vectors/*.md"))):
        block = None
        for line in open(path, encoding="utf-8").read().split("\n"):
            if line.startswith("```http"):
                block = []
            elif block is not None and line.startswith("```"):
                yield vector_bytes(block)
                block = None
            elif block is not None:
                block.append(line)
    for path in glob.glob(os.path.join(ROOT, "Tests/HTTPServerTests/**/*.swift"), recursive=True):
        for match in re.finditer(r'input: "((?:[^"\\]|\\.)*)"\.crlf', open(path, encoding="utf-8").read()):
            text = match.group(1).replace('\\"', '"').replace("\\\\", "\\")
            if "\\(" not in text:
                yield text.replace("|", "\r\n").encode()


def json_seeds():
    for path in glob.glob(os.path.join(ROOT, "Tests/**/*.swift"), recursive=True):
        source = open(path, encoding="utf-8").read()
        for match in re.finditer(r'#"(\{.*?\})"#', source):
            if "\\#(" not in match.group(1):
                yield match.group(1).encode()
    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("example", "value") and isinstance(value, (dict, list)):
                    yield json.dumps(value).encode()
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)
    with open(os.path.join(ROOT, "Sources/Web/OpenAPI/openapi.json"), encoding="utf-8") as document:
        yield from walk(json.load(document))
    for text in ["c_0123456789abcdef", '"1"', "W/\"3\"", "*", "fr-CA,fr;q=0.9", "", "{}", "[]", "null"]:
        yield text.encode()


def value_seeds():
    """The value fuzzer's inputs: a mode byte (0 a raw Int64, 1 an edge, 2 a time near the
    issuable range's start, 3 free text) then 8 bytes or text."""
    for mode in range(3):
        for number in [0, 1, 2**63 - 1, 2**53, 946_684_800_000, 253_402_300_799_999, 2**64 - 1]:
            yield bytes([mode]) + number.to_bytes(8, "big")
    for text in ["2016-04-01", "9999-12-31", "0000-01-01", "100", "001", "-1", "+5", "9223372036854775807",
                 "12345678901234567890", "placedAt", "-placedAt", "orderTotal", "authorized", "posted", "fr;q=nan"]:
        yield bytes([3]) + text.encode()


def findings(target):
    """Inputs that once failed a target, kept where the suite replays them."""
    return (open(path, "rb").read() for path in sorted(glob.glob(os.path.join(ROOT, f"Tests/FuzzFindings/{target}/*"))))


def write(folder, seeds, prefix=b""):
    os.makedirs(folder, exist_ok=True)
    count = 0
    for seed in seeds:
        data = prefix + seed
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data)
        count += 1
    return count


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    # The HTTP fuzzer's first byte picks a split offset: 0 keeps each seed whole.
    print(f"http seeds: {write(os.path.join(out, 'http'), http_seeds(), prefix=bytes([0])) + write(os.path.join(out, 'http'), findings('http-parser'))}")
    print(f"json seeds: {write(os.path.join(out, 'json'), json_seeds()) + write(os.path.join(out, 'json'), findings('json-input'))}")
    print(f"value seeds: {write(os.path.join(out, 'values'), value_seeds()) + write(os.path.join(out, 'values'), findings('values'))}")

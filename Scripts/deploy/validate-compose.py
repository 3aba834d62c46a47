#!/usr/bin/env python3
"""Validate a Compose file against the Compose Specification's JSON schema.

Usage: python3 Scripts/deploy/validate-compose.py [COMPOSE_FILE] [SCHEMA]
  COMPOSE_FILE  default: both of the repository's compose files, docker-compose.yml (SQLite) and
                docker-compose.postgres.yml (PostgreSQL, two instances, nginx)
  SCHEMA        default: Tests/Conformance/compose-spec.json (vendored), relative to the repository root
The repository root is the parent of this script's folder, so it runs from any directory.

Exit status: 0 valid; 1 the file does not conform (every error printed with its JSON path);
2 a file is missing or unreadable, or PyYAML / jsonschema is not installed.
"""
import json
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_COMPOSE = [REPO_ROOT / "docker-compose.yml", REPO_ROOT / "docker-compose.postgres.yml"]
DEFAULT_SCHEMA = REPO_ROOT / "Tests" / "Conformance" / "compose-spec.json"


def fail(message: str, status: int) -> "NoReturn":  # noqa: F821
    print(f"validate-compose: {message}", file=sys.stderr)
    sys.exit(status)


def json_path(path) -> str:
    """`$.services.viperd.ports[0]` for the deque jsonschema gives as an error's absolute_path."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", part):
            out += f".{part}"
        else:
            out += f"[{json.dumps(part)}]"
    return out


def main(argv: list[str]) -> int:
    if len(argv) > 2 or any(a in ("-h", "--help") for a in argv):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    compose_paths = [Path(argv[0])] if len(argv) >= 1 else DEFAULT_COMPOSE
    schema_path = Path(argv[1]) if len(argv) >= 2 else DEFAULT_SCHEMA

    try:
        import yaml
    except ImportError:
        fail("PyYAML is not installed (pip install pyyaml, or apt-get install python3-yaml)", 2)
    try:
        import jsonschema
        from jsonschema.validators import validator_for
    except ImportError:
        fail("jsonschema is not installed (pip install jsonschema, or apt-get install python3-jsonschema)", 2)

    for label, path in [("compose file", p) for p in compose_paths] + [("schema", schema_path)]:
        if not path.is_file():
            fail(f"{label} not found: {path}", 2)

    try:
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        fail(f"cannot read schema {schema_path}: {e}", 2)
    # The schema's own "$schema" (draft-07 for compose-spec.json); Draft 7 if it declares none.
    validator_class = validator_for(schema, default=jsonschema.Draft7Validator)
    validator_class.check_schema(schema)
    validator = validator_class(schema)

    status = 0
    for compose_path in compose_paths:
        status = max(status, validate(compose_path, validator, yaml))
    return status


def validate(compose_path: Path, validator, yaml) -> int:
    """0 when the file conforms, 1 (errors printed) when not."""
    try:
        document = yaml.safe_load(compose_path.read_text(encoding="utf-8"))
    except OSError as e:
        fail(f"cannot read {compose_path}: {e}", 2)
    except yaml.YAMLError as e:
        print(f"{compose_path.name}: not valid YAML: {e}", file=sys.stderr)
        return 1

    errors = sorted(validator.iter_errors(document), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    if errors:
        for error in errors:
            print(f"{compose_path.name}: {json_path(error.absolute_path)}: {error.message}", file=sys.stderr)
            # oneOf/anyOf failures: say why each alternative was rejected.
            for sub in sorted(error.context, key=lambda e: (list(map(str, e.absolute_path)), e.message)):
                print(f"    {json_path(sub.absolute_path)}: {sub.message}", file=sys.stderr)
        print(f"{compose_path.name}: {len(errors)} error(s) against the Compose specification", file=sys.stderr)
        return 1
    print(f"{compose_path.name}: valid against the Compose specification")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

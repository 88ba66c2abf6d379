#!/usr/bin/env python3
"""validate_json.py SCHEMA FILE... - each FILE (a JSON document) is valid
against SCHEMA (JSON Schema draft 2020-12); exit 1 naming the first error."""
import json
import sys

import jsonschema


def main():
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        doc = json.load(open(path))
        errors = sorted(validator.iter_errors(doc), key=lambda e: e.path)
        if errors:
            e = errors[0]
            print(f"{path}: {'/'.join(map(str, e.absolute_path))}: {e.message}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

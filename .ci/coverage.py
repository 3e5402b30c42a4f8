#!/usr/bin/env python3
"""Line coverage of the modules' library code (Modules/*/Sources) from SwiftPM's codecov JSON.

Usage: coverage.py CODECOV_JSON PACKAGE_ROOT MINIMUM_PERCENT
Prints each module's coverage and the total; exits 1 when the total is under the minimum.
"""
import json
import os
import sys


def main() -> int:
    report, root, minimum = sys.argv[1], os.path.realpath(sys.argv[2]), float(sys.argv[3])
    with open(report, encoding="utf-8") as file:
        data = json.load(file)
    modules: dict[str, list[int]] = {}
    for entry in data["data"]:
        for source in entry["files"]:
            path = os.path.relpath(os.path.realpath(source["filename"]), root)
            parts = path.split(os.sep)
            if len(parts) < 3 or parts[0] != "Modules" or parts[2] != "Sources":
                continue
            lines = source["summary"]["lines"]
            totals = modules.setdefault(parts[1], [0, 0])
            totals[0] += lines["covered"]
            totals[1] += lines["count"]
    covered = sum(c for c, _ in modules.values())
    count = sum(n for _, n in modules.values())
    for name, (c, n) in sorted(modules.items()):
        print(f"  {name:<16} {100 * c / n:6.2f}%  ({c}/{n} lines)")
    total = 100 * covered / count if count else 0.0
    print(f"  {'Modules/ total':<16} {total:6.2f}%  ({covered}/{count} lines; minimum {minimum:.0f}%)")
    return 0 if total >= minimum else 1


if __name__ == "__main__":
    sys.exit(main())

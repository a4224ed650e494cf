#!/usr/bin/env python3
"""Fails if a function of the ABI manifest whose name starts with sdy
(the sdy_* ABI and the Shardy-compatible sdy* functions) is not called in
the CMocka suites.   check_coverage.py abi_manifest.txt test_mesh.c [more.c...]"""
import re
import sys

manifest, test_sources = sys.argv[1], sys.argv[2:]
names = [line.split("\t")[0] for line in open(manifest) if line.strip()]
source = "".join(open(path).read() for path in test_sources)
missing = [n for n in names
           if (n.startswith("sdy") or n in ("mlirGetDialectHandle__sdy__",
                                            "mlirGetDialectHandle__stablehlo__"))
           and not re.search(r"\b" + re.escape(n) + r"\s*\(", source)]
if missing:
    print("not covered by", " ".join(test_sources) + ":", ", ".join(missing))
    sys.exit(1)
print(f"all {sum(1 for n in names if n.startswith('sdy'))} sdy functions are "
      "called by the CMocka suites")

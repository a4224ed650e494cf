#!/usr/bin/env python3
"""Fails if a function of the ABI manifest whose name starts with sdy
(the sdy_* ABI and the Shardy-compatible sdy* functions) is not called in
the CMocka suite.   check_coverage.py abi_manifest.txt test_capi.c"""
import re
import sys

manifest, test_source = sys.argv[1:3]
names = [line.split("\t")[0] for line in open(manifest) if line.strip()]
source = open(test_source).read()
missing = [n for n in names
           if (n.startswith("sdy") or n in ("mlirGetDialectHandle__sdy__",
                                            "mlirGetDialectHandle__stablehlo__"))
           and not re.search(r"\b" + re.escape(n) + r"\s*\(", source)]
if missing:
    print("not covered by test_capi.c:", ", ".join(missing))
    sys.exit(1)
print(f"all {sum(1 for n in names if n.startswith('sdy'))} sdy functions are "
      "called by test_capi.c")

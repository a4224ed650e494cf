#!/usr/bin/env python3
"""Tests of check_no_external_refs.py: what it flags, with its message, and
what it leaves alone."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
# Built from pieces so that this file itself passes the check.
SPEC = "SPEC" + ".md"
SHARED = ".." + "/shared"


class CheckNoExternalRefsTest(unittest.TestCase):
    def run_checker(self, files, git=False):
        with tempfile.TemporaryDirectory() as root:
            for name, data in files.items():
                path = os.path.join(root, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as f:
                    f.write(data.encode() if isinstance(data, str) else data)
            if git:
                subprocess.run(["git", "init", "-q", root], check=True)
                subprocess.run(["git", "-C", root, "add", "tracked.h"],
                               check=True)
            p = subprocess.run(
                [sys.executable, os.path.join(HERE, "check_no_external_refs.py"),
                 "--root", root], capture_output=True, text=True)
            return p.returncode, p.stdout + p.stderr

    def test_each_kind_of_reference_is_named(self):
        rc, log = self.run_checker({
            "src/a.cpp": f"int x;\n// See {SPEC} for why.\n",
            "src/b.h": "// Meshes (SPEC" + " §" + "1.1).\n",
            "c.md": "Bare sections: " + "§" + "5.4.\n",
            "d.mlir": "// Seed" + " 004: the chain rule.\n",
            "e.txt": "lit tests (seeds" + " 000-002)\n",
            "f.mlir": "func.func @seed" + "000_basic() {\n",
            "g.py": f'"""See {SHARED}/notes."""\n',
        })
        self.assertEqual(rc, 1, log)
        self.assertIn("src/a.cpp:2: refers to a document outside the project "
                      f"({SPEC}): // See {SPEC} for why.", log)
        for where in ("src/b.h:1:", "c.md:1:", "d.mlir:1:", "e.txt:1:",
                      "f.mlir:1:", "g.py:1:"):
            self.assertIn(where, log)
        self.assertIn("7 references outside the project", log)

    def test_look_alikes_pass(self):
        rc, log = self.run_checker({
            "CMakeLists.txt": "add_test(x --programs 2000 --seed 1122)\n",
            "run.sh": "gen --seed 123\n",
            "fuzz.md": "Under `seeds/` the generated inputs; a seed 42.\n",
            "k.h": "// Start indices are clamped as in the StableHLO spec.\n",
        })
        self.assertEqual(rc, 0, log)
        self.assertIn("4 files scanned, 0 references", log)

    def test_binary_files_and_fuzz_inputs_are_skipped(self):
        rc, log = self.run_checker({
            "data.bin": b"\0\1" + SPEC.encode(),
            "tests/fuzz/corpus/x/0123abcd": "func.func @seed" + "002_ops()\n",
        })
        self.assertEqual(rc, 0, log)
        self.assertIn("0 files scanned", log)

    @unittest.skipIf(shutil.which("git") is None, "needs git")
    def test_only_tracked_files_in_a_checkout(self):
        rc, log = self.run_checker({"tracked.h": f"// {SPEC}\n",
                                    "untracked.h": f"// {SPEC}\n"}, git=True)
        self.assertEqual(rc, 1, log)
        self.assertIn("tracked.h:1:", log)
        self.assertNotIn("untracked.h", log)


if __name__ == "__main__":
    unittest.main()

#!/usr/bin/env python3
"""Tests of check_docs.py: each kind of rot it must catch, with its message.

  test_check_docs.py SDY_OPT SDY_RUN LIBSDY_C INCLUDE_DIR PYTHON_PATH
"""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = sys.argv[1:6]
FENCE = "```"

GOOD_IR = """sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
"""


def block(lang, text):
    return f"{FENCE}{lang}\n{text}{FENCE}\n"


class CheckDocsTest(unittest.TestCase):
    def run_checker(self, files, *extra):
        with tempfile.TemporaryDirectory() as docs:
            for name, text in files.items():
                with open(os.path.join(docs, name), "w") as f:
                    f.write(text)
            sdy_opt, sdy_run, lib, include, python_path = TOOLS
            p = subprocess.run(
                [sys.executable, os.path.join(HERE, "check_docs.py"),
                 "--docs", docs, "--sdy-opt", sdy_opt, "--sdy-run", sdy_run,
                 "--lib", lib, "--include", include,
                 "--python-path", python_path,
                 *(e.format(docs=docs) for e in extra)],
                capture_output=True, text=True)
            updated = {}
            for name in files:
                with open(os.path.join(docs, name)) as f:
                    updated[name] = f.read()
            return p.returncode, p.stdout + p.stderr, updated

    def test_matching_output_passes(self):
        out = ("module {\n  sdy.mesh @mesh = <[\"x\"=2]>\n"
               "  func.func @main(%arg0: tensor<8xf32> {sdy.sharding = "
               "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<8xf32> {\n"
               "    return %arg0 : tensor<8xf32>\n  }\n}\n")
        rc, log, _ = self.run_checker({"a.md": "<!-- sdy-opt: -->\n" +
                                       block("mlir", GOOD_IR) +
                                       "<!-- output -->\n" +
                                       block("mlir", out)})
        self.assertEqual(rc, 0, log)
        self.assertIn("1 checked examples, 0 errors", log)

    def test_wrong_output_is_reported_and_updated(self):
        files = {"a.md": "<!-- sdy-opt: -->\n" + block("mlir", GOOD_IR) +
                 "<!-- output -->\n" + block("mlir", "stale\n")}
        rc, log, _ = self.run_checker(files)
        self.assertEqual(rc, 1)
        self.assertIn("a.md:9: output differs from the sdy-opt check at "
                      "line 2", log)
        rc, log, updated = self.run_checker(files, "--update")
        self.assertIn("updated 1 output block(s)", log)
        self.assertIn("sdy.mesh @mesh", updated["a.md"])
        self.assertNotIn("stale", updated["a.md"])

    def test_invalid_ir_fails(self):
        rc, log, _ = self.run_checker(
            {"a.md": "<!-- sdy-opt: -->\n" +
             block("mlir", GOOD_IR.replace('{"x"}', '{"z"}'))})
        self.assertEqual(rc, 1)
        self.assertIn("sdy-opt check exit code 1", log)
        self.assertIn('unknown axis "z"', log)

    def test_expected_error_that_succeeds_fails(self):
        rc, log, _ = self.run_checker(
            {"a.md": "<!-- sdy-opt-error: -->\n" + block("mlir", GOOD_IR)})
        self.assertEqual(rc, 1)
        self.assertIn("was expected to fail but succeeded", log)

    def test_c_example_that_does_not_compile(self):
        rc, log, _ = self.run_checker(
            {"a.md": "<!-- c-example -->\n" +
             block("c", "int main(void) { return undefined; }\n")})
        self.assertEqual(rc, 1)
        self.assertIn("c-example check does not compile", log)

    def test_python_example_output(self):
        rc, log, _ = self.run_checker(
            {"a.md": "<!-- python-example -->\n" +
             block("python", "import sdy\nprint(sdy.Mesh([('x', 2)]))\n") +
             "<!-- output -->\n" + block("text", '<["x"=3]>\n')})
        self.assertEqual(rc, 1)
        self.assertIn('actual output:\n<["x"=2]>', log)

    def test_broken_link_and_anchor(self):
        rc, log, _ = self.run_checker(
            {"a.md": "[x](missing.md) [y](b.md#nowhere) [z](b.md#a-title)\n",
             "b.md": "# A title\n"})
        self.assertEqual(rc, 1)
        self.assertIn("a.md:1: broken link missing.md", log)
        self.assertIn("a.md:1: no heading for #nowhere in b.md", log)
        self.assertNotIn("#a-title", log)

    def test_pending_link_is_tolerated(self):
        rc, log, _ = self.run_checker(
            {"a.md": "[mpi](later.md) [other](other.md)\n"},
            "--pending-link", "{docs}/later.md")
        self.assertEqual(rc, 1)
        self.assertIn("a.md:1: pending link later.md (not written yet)", log)
        self.assertIn("a.md:1: broken link other.md", log)
        self.assertNotIn("broken link later.md", log)

    def test_reference_to_internal_material(self):
        rc, log, _ = self.run_checker(
            {"a.md": "See .." + "/sha" + "red/SPEC" + ".md and seed" + " 003.\n"})
        self.assertEqual(rc, 1)
        self.assertIn("a.md:1: refers to material users do not have", log)

    def test_marker_without_block(self):
        rc, log, _ = self.run_checker(
            {"a.md": "<!-- sdy-opt: -->\nsome prose\n"})
        self.assertEqual(rc, 1)
        self.assertIn("a.md:1: marker not followed by a code block", log)

    def test_output_without_check(self):
        rc, log, _ = self.run_checker(
            {"a.md": "<!-- output -->\n" + block("text", "x\n")})
        self.assertEqual(rc, 1)
        self.assertIn("output block without a check before it", log)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1] + sys.argv[6:])

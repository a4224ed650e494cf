"""The examples of bindings/python/README.md run and print what they say."""

import contextlib
import io
import os
import re

import pytest

_README = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       os.pardir, "README.md")


def _blocks():
    with open(_README, encoding="utf-8") as f:
        return re.findall(r"```python\n(.*?)```", f.read(), re.S)


def test_readme_has_examples():
    assert len(_blocks()) >= 2


@pytest.mark.parametrize("index", range(2))
def test_readme_example_runs_and_matches_comments(index):
    code = _blocks()[index]
    if index == 1:
        # The second block continues the first one's `mesh`.
        code = ("import sdy\nmesh = sdy.Mesh([('x', 2), ('y', 4)])\n"
                "_ = " + code.replace("\n# ", "\n#: "))
        expected = re.findall(r"^#: (.*)$", code, re.M)
        code += "\nprint(_)\n"
    else:
        expected = [m for m in re.findall(r"print\(.*?\)\s+# (.*)$", code,
                                          re.M)]
    assert expected
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    for text in expected:
        assert text in lines

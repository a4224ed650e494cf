"""sdy.visualize: the text grid and SVG of shardings read back and compared
with Sharding.device_slice for every device; the HTML report; errors."""

import xml.etree.ElementTree as ET

import pytest

import sdy
from sdy import visualize


@pytest.fixture
def mesh(ctx):
    with sdy.Mesh([("x", 2), ("y", 4)], context=ctx) as m:
        yield m


def _ints(text):
    return [int(v) for v in text.split(",") if v]


CASES = [
    ('<@mesh, [{"x"}, {"y"}]>', [8, 8]),
    ('<@mesh, [{"y"}, {"x"}]>', [5, 3]),
    ('<@mesh, [{"y":(2)2}, {}], replicated={"x"}>', [4, 4]),
    ('<@mesh, [{"x", "y":(1)2}]>', [7]),
    ('<@mesh, [{}, {"y"}, {"x"}]>', [2, 6, 3]),
    ('<@mesh, []>', []),
]


@pytest.mark.parametrize("text,shape", CASES)
def test_svg_tiles_are_the_device_slices(mesh, text, shape):
    s = sdy.Sharding.parse(text, mesh)
    root = ET.fromstring(s.layout_svg(shape))  # well-formed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    held = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if g.get("class") != "tile":
            continue
        ranges = list(zip(_ints(g.get("data-start")),
                          _ints(g.get("data-limit"))))
        for device in _ints(g.get("data-devices")):
            assert device not in held
            held[device] = ranges
    assert held == {d: s.device_slice(shape, d) for d in range(8)}


@pytest.mark.parametrize("text,shape", CASES)
def test_text_boxes_list_every_device_once(mesh, text, shape):
    s = sdy.Sharding.parse(text, mesh)
    grid = visualize.layout_text(s, shape, ascii=True)
    devices = []
    for line in grid.splitlines():
        cells = [c.strip() for c in line.split("|")[1:-1]]
        # The first line of each row of boxes lists devices.
        if cells and all(c and c[0].isdigit() for c in cells):
            for c in cells:
                devices += _ints(c)
    assert sorted(devices) == list(range(8))
    assert grid.isascii()
    assert "\u2502" in s.layout_text(shape)


def test_text_grid(mesh):
    s = sdy.Sharding.parse('<@mesh, [{"x"}, {"y"}]>', mesh)
    assert s.layout_text([2, 3], ascii=True).splitlines()[4:8] == [
        "+-------------+-------------+-------------+-------------+",
        "| 0           | 1           | 2           | 3           |",
        "| [0,1)x[0,1) | [0,1)x[1,2) | [0,1)x[2,3) | [0,1)x[3,3) |",
        "|             |             |             | pad 0x1     |",
    ]


def test_html_report(ctx, tmp_path):
    module = sdy.Module.parse(
        'sdy.mesh @mesh = <["x"=2]>\n'
        'func.func @main(%arg0: tensor<4xf32> {sdy.sharding = '
        '#sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {\n'
        '  %0 = sdy.all_gather [{"x"}] %arg0 out_sharding=<@mesh, [{}]> : '
        'tensor<4xf32>\n'
        '  return %0 : tensor<4xf32>\n}\n', context=ctx)
    before = module.print()
    path = tmp_path / "report.html"
    html = module.html_report(str(path))
    assert path.read_text(encoding="utf-8") == html
    assert html.startswith("<!DOCTYPE html>")
    assert '<tr class="collective" data-op="sdy.all_gather">' in html
    assert "16 bytes, 16 per device" in html
    assert module.print() == before


def test_errors(mesh, ctx):
    s = sdy.Sharding.parse('<@mesh, [{"x"}, {}]>', mesh)
    with pytest.raises(sdy.VerificationError,
                       match="sharding has 2 dimension shardings but the "
                             "tensor 'tensor<4xf32>' has rank 1"):
        s.layout_svg([4])
    with pytest.raises(sdy.InvalidArgumentError,
                       match=r"shape\[1\] is -2; dimension sizes must be >= 0"):
        s.layout_text([4, -2])
    with pytest.raises(TypeError, match="sharding must be an sdy.Sharding"):
        visualize.layout_svg("not a sharding", [4])
    with pytest.raises(TypeError, match="module must be an sdy.Module"):
        visualize.html_report(s)
    with sdy.Mesh([("x", 8192)], context=ctx) as huge:
        wide = sdy.Sharding.parse('<@huge, [{"x"}]>', huge)
        with pytest.raises(sdy.InvalidArgumentError,
                           match="the mesh has 8192 devices; pictures show "
                                 "at most 4096"):
            wide.layout_text([8192])

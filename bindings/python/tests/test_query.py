"""sdy.Query: the ops, values, shardings and origins of a function, checked
against hand-written expectations and, over the real JAX programs of the
Shardy differential suite, against the printed module."""

import ctypes
import glob
import json
import os
import re
from collections import Counter

import pytest

import sdy
from sdy import _query_c
from sdy.query import Query

PROGRAM = """\
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg2: tensor<i32>) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.while(%i = %c, %v = %0) : tensor<i32>, tensor<8x32xf32>
  cond {
    %p = stablehlo.compare LT, %i, %arg2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %v : tensor<8x32xf32> loc("body_negate")
    stablehlo.return %i, %n : tensor<i32>, tensor<8x32xf32>
  }
  %2 = sdy.sharding_constraint %1#1 <@mesh, [{"x", ?}, {?}]> : tensor<8x32xf32>
  %3 = stablehlo.abs %2 : tensor<8x32xf32>
  return %3 : tensor<8x32xf32>
}
"""

X_Y = '#sdy.sharding<@mesh, [{"x"}, {"y"}]>'

_HERE = os.path.dirname(os.path.abspath(__file__))
_REPO = os.path.normpath(os.path.join(_HERE, "..", "..", ".."))


def _programs():
    """The inputs of the Shardy differential suite (not its answers), less
    the few with mhlo ops (`mhlo.topk(...)`), which sdy does not parse."""
    found = []
    for path in sorted(glob.glob(os.path.join(_REPO, "tests", "shardy_diff",
                                              "fixtures", "*.mlir"))):
        if path.endswith(".shardy.mlir"):
            continue
        with open(path) as f:
            if not re.search(r"mhlo\.\w+\(", f.read()):
                found.append(path)
    return found


_PROGRAMS = _programs()


@pytest.fixture
def query(ctx):
    with sdy.Module.parse(PROGRAM, "q.mlir", context=ctx) as m:
        m.propagate(debug_sharding_origins=True)
        yield Query(m, "main")


def _text(sharding):
    return None if sharding is None else str(sharding)


def test_ops(query):
    assert [(op.name, op.parent, op.region, op.depth, op.line)
            for op in query.ops] == [
        ("stablehlo.dot_general", -1, 0, 0, 3),
        ("sdy.constant", -1, 0, 0, 4),
        ("stablehlo.while", -1, 0, 0, 5),
        ("stablehlo.compare", 2, 0, 1, 7),
        ("stablehlo.return", 2, 0, 1, 8),
        ("stablehlo.negate", 2, 1, 1, 0),
        ("stablehlo.return", 2, 1, 1, 11),
        ("sdy.reshard", -1, 0, 0, 13),
        ("stablehlo.abs", -1, 0, 0, 14),
        ("func.return", -1, 0, 0, 15)]
    dot = query.ops[0]
    assert (dot.location, dot.file, dot.column) == ("q.mlir:3:8", "q.mlir", 8)
    assert dot.operands == (0, 1) and dot.results == (3,)
    negate = query.ops[5]
    assert (negate.location, negate.file) == ('loc("body_negate")', "")
    assert query.ops[7].origin_name == "constraint_0"
    assert query.ops[2].num_regions == 2
    assert repr(query) == "<sdy.Query @main ops=10 values=16>"


def test_values(query):
    got = [(v.kind, v.op, v.number, v.type, _text(v.sharding))
           for v in query.values]
    assert got == [
        ("argument", -1, 0, "tensor<8x16xf32>",
         '#sdy.sharding<@mesh, [{"x"}, {}]>'),
        ("argument", -1, 1, "tensor<16x32xf32>",
         '#sdy.sharding<@mesh, [{}, {"y"}]>'),
        ("argument", -1, 2, "tensor<i32>", None),
        ("op_result", 0, 0, "tensor<8x32xf32>", X_Y),
        ("op_result", 1, 0, "tensor<i32>", None),
        ("op_result", 2, 0, "tensor<i32>", "#sdy.sharding<@mesh, []>"),
        ("op_result", 2, 1, "tensor<8x32xf32>", X_Y),
        ("block_argument", 2, 0, "tensor<i32>", "#sdy.sharding<@mesh, []>"),
        ("block_argument", 2, 1, "tensor<8x32xf32>", X_Y),
        ("op_result", 3, 0, "tensor<i1>", None),
        ("block_argument", 2, 0, "tensor<i32>", "#sdy.sharding<@mesh, []>"),
        ("block_argument", 2, 1, "tensor<8x32xf32>", X_Y),
        ("op_result", 5, 0, "tensor<8x32xf32>", X_Y),
        ("op_result", 7, 0, "tensor<8x32xf32>", X_Y),
        ("op_result", 8, 0, "tensor<8x32xf32>", X_Y),
        ("function_result", -1, 0, "tensor<8x32xf32>", X_Y)]
    assert [(v.region, v.block) for v in query.values[10:12]] == [(1, 0)] * 2
    assert query.values[1].shape == (16, 32)
    assert query.values[1].element_type == "f32"
    assert query.values[2].shape == ()
    assert [v.index for v in query.arguments] == [0, 1, 2]
    assert [v.index for v in query.results] == [15]


def test_origins(query):
    # A user sharding's own axes are "self", as the real Shardy.
    assert query.values[0].origins == (
        sdy.query.Origin("x", "self", "self", -1, 0),)
    assert query.values[13].origins == (
        sdy.query.Origin("x", "self", "self", -1, 0),
        sdy.query.Origin("y", "input: 1", "input", 1, 1))
    assert query.values[3].origins == (
        sdy.query.Origin("x", "constraint_0", "constraint", 0, 0),
        sdy.query.Origin("y", "input: 1", "input", 1, 1))
    assert query.results[0].origins[0].kind == "constraint"
    assert query.values[6].origins == ()  # the loop: none, as Shardy


def test_snapshot_outlives_module(ctx):
    m = sdy.Module.parse(PROGRAM, "q.mlir", context=ctx).propagate()
    q = Query(m, "main")
    m.close()
    assert str(q.values[3].sharding) == X_Y
    assert q.values[3].origins == ()  # no debug-sharding-origins


def test_after_partitioning(ctx):
    with sdy.Module.parse(PROGRAM, "q.mlir", context=ctx) as m:
        m.partition()
        q = Query(m, "main")
    # The per-device program: local types, one op per line of the source
    # and the collectives the partitioner inserted.
    assert q.arguments[0].type == "tensor<4x16xf32>"
    assert q.arguments[1].type == "tensor<16x8xf32>"
    assert "stablehlo.dot_general" in [op.name for op in q.ops]


def test_errors(ctx, query):
    with sdy.Module.parse(PROGRAM, context=ctx) as m:
        with pytest.raises(sdy.InvalidArgumentError,
                           match="sdy_query_create: the module has no "
                                 "function @nope"):
            Query(m, "nope")
        with pytest.raises(sdy.InvalidArgumentError,
                           match="'function' is empty"):
            Query(m, "")
    with pytest.raises(TypeError, match="module must be an sdy.Module"):
        Query("main", "main")
    with pytest.raises(sdy.ClosedError):
        Query(m, "main")


def test_struct_layouts():
    path = os.environ.get("SDY_ABI_MANIFEST") or os.path.join(
        os.path.dirname(os.path.realpath(sdy.library_path)), "..", "..",
        "share", "sdy_c", "abi.json")
    with open(path) as f:
        records = {r["name"]: r for r in json.load(f)["records"]}
    for name, struct in (("sdy_query_op", _query_c.QueryOpStruct),
                         ("sdy_query_value", _query_c.QueryValueStruct),
                         ("sdy_sharding_origin",
                          _query_c.ShardingOriginStruct)):
        rec = records[name]
        assert ctypes.sizeof(struct) == rec["size"], name
        assert [(f[0], getattr(struct, f[0]).offset)
                for f in struct._fields_] == [
            (f["name"], f["offset"]) for f in rec["fields"]], name


def _balanced(text, start):
    """The `<...>` starting at text[start] (quotes respected)."""
    depth, i, quoted = 0, start, False
    while i < len(text):
        c = text[i]
        if c == '"':
            quoted = not quoted
        elif not quoted and c == "<":
            depth += 1
        elif not quoted and c == ">":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
        i += 1
    raise AssertionError("unbalanced text at %d" % start)


def _printed_shardings(text):
    """The per-value shardings printed on ops, and the argument/result
    shardings of each function signature, read from the text."""
    per_value = Counter()
    key = "#sdy.sharding_per_value"
    for m in re.finditer(re.escape(key), text):
        per_value[key + _balanced(text, m.end())] += 1
    signatures = {}
    for line in text.splitlines():
        m = re.match(r"\s*func\.func (?:private )?@([\w.$-]+)\((.*)$", line)
        if not m:
            continue
        found = []
        for s in re.finditer(r"sdy\.sharding = #sdy\.sharding<", line):
            found.append("#sdy.sharding" + _balanced(line, s.end() - 1))
        signatures[m.group(1)] = found
    return per_value, signatures


def _strip(sharding):
    return str(sharding)[len("#sdy.sharding"):]


# sdy ops that hold their shardings in their own attributes.
_INHERENT = {"sdy.reshard", "sdy.sharding_constraint", "sdy.data_flow_edge",
             "sdy.manual_computation", "sdy.named_computation"}


def _query_shardings(module, query):
    """The same, built from a query: one per-value attribute for each
    non-sdy op with shardings, and the arguments' and results' shardings."""
    per_value = Counter()
    for op in query.ops:
        if op.name in _INHERENT or not op.results:
            continue
        shardings = [query.values[r].sharding for r in op.results]
        if all(s is None for s in shardings):
            continue
        assert None not in shardings, op
        per_value["#sdy.sharding_per_value<[%s]>" % ", ".join(
            _strip(s) for s in shardings)] += 1
    signature = [str(v.sharding) for v in query.values
                 if v.kind in ("argument", "function_result")
                 and v.sharding is not None]
    return per_value, signature


@pytest.mark.parametrize("path", _PROGRAMS,
                         ids=[os.path.basename(p) for p in _PROGRAMS])
def test_real_programs_match_printed_module(ctx, path):
    with open(path) as f:
        text = f.read()
    with sdy.Module.parse(text, os.path.basename(path), context=ctx) as m:
        m.propagate(debug_sharding_origins=True)
        printed_values, signatures = _printed_shardings(m.print())
        per_value = Counter()
        for function in m.functions:
            q = Query(m, function)
            values, signature = _query_shardings(m, q)
            per_value += values
            assert signature == signatures[function], function
            # Origins name axes of the value's sharding.
            for v in q.values:
                for o in v.origins:
                    assert v.sharding is not None
        assert per_value == printed_values


def test_real_programs_present():
    assert len(_PROGRAMS) > 300

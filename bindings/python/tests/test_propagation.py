"""Sharding propagation: Module.propagate() and the "propagation" preset."""

import pytest

import sdy

# The seed-001 example: a dot_general whose lhs is sharded along "x" and
# whose (function) result is sharded along "y".
DOT = """\
sdy.mesh @mesh_xy = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>},
                %arg1: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {"y"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
"""

# An argument sharding and an unannotated result.
CHAIN = """\
sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
    -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = stablehlo.add %0, %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
"""

DOT_RESULT = ('stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x '
              '[0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh_xy, '
              '[{"x"}, {"y"}]>]>}')


@pytest.fixture
def dot(ctx):
    with sdy.Module.parse(DOT, "dot.mlir", context=ctx) as m:
        yield m


@pytest.fixture
def chain(ctx):
    with sdy.Module.parse(CHAIN, "chain.mlir", context=ctx) as m:
        yield m


@pytest.mark.parametrize("strategy", sdy.PROPAGATION_STRATEGIES)
def test_dot_general_result_sharding(dot, strategy):
    assert dot.propagate(strategy=strategy) is dot
    assert DOT_RESULT in str(dot)
    dot.verify()
    # The rhs is sharded by the dot's non-contracting "y"; the declared
    # shardings stay.
    mesh = dot.get_mesh("mesh_xy")
    assert dot.get_arg_sharding("main", 1) == sdy.Sharding(
        mesh, [[], ["y"]], "mesh_xy")
    assert dot.get_arg_sharding("main", 0) == sdy.Sharding(
        mesh, [["x"], []], "mesh_xy")
    assert dot.get_result_sharding("main", 0) == sdy.Sharding(
        mesh, [[], ["y"]], "mesh_xy")


def test_argument_sharding_reaches_the_result(chain):
    assert chain.get_result_sharding("main", 0) is None
    chain.propagate()
    result = chain.get_result_sharding("main", 0)
    assert str(result) == '#sdy.sharding<@mesh, [{"x"}, {"y"}]>'
    text = str(chain)
    assert text.count('#sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>') \
        == 2


def test_options(dot, chain):
    dot.propagate(keep_sharding_rules=True)
    assert ("sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->"
            "([i, j])" in str(dot))
    chain.propagate(strategy="basic", conservative=True)
    assert str(chain.get_result_sharding("main", 0)) == \
        '#sdy.sharding<@mesh, [{"x"}, {"y"}]>'
    with pytest.raises(ValueError, match="unknown propagation strategy"):
        chain.propagate(strategy="fancy")


def test_propagation_preset_with_options(ctx, dot):
    p = sdy.Pipeline.preset("propagation", "propagation-strategy=basic "
                            "conservative-propagation=true", context=ctx)
    assert ("sdy-user-priority-propagate{conservative-propagation=true "
            "debug-propagation-edge-sharding=false "
            "debug-sharding-origins=false keep-sharding-rules=false "
            "module-dump-directory= propagation-strategy=basic "
            "report-sharding-conflicts=false "
            "run-op-priority-propagation=true}") in str(p)
    p.run(dot)
    assert DOT_RESULT in str(dot)
    # A mapping: booleans as true/false, '_' in names as '-'.
    q = sdy.Pipeline.preset("propagation", {"propagation_strategy": "basic",
                                            "conservative-propagation": True},
                            context=ctx)
    assert str(q) == str(p)
    # No options, empty options and the explicit defaults are the same.
    defaults = str(sdy.Pipeline.preset("propagation", context=ctx))
    assert str(sdy.Pipeline.preset("propagation", "", context=ctx)) == defaults
    assert str(sdy.Pipeline.preset("propagation", {}, context=ctx)) == defaults
    assert str(sdy.Pipeline.propagation(context=ctx)) == defaults
    assert "propagation-strategy=aggressive" in defaults


def test_textual_propagation_pipeline(ctx, chain):
    p = sdy.Pipeline("builtin.module(sdy-propagation-pipeline"
                     "{propagation-strategy=basic})", context=ctx)
    assert ("propagation-strategy=basic "
            "report-sharding-conflicts=false "
            "run-op-priority-propagation=true}") in str(p)
    p.run(chain)
    assert str(chain.get_result_sharding("main", 0)) == \
        '#sdy.sharding<@mesh, [{"x"}, {"y"}]>'


def test_single_sdy_pass(ctx):
    m = sdy.Module.parse("""\
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"x"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
""", context=ctx)
    assert m.mesh_names == []
    sdy.Pipeline("builtin.module(sdy-lift-inlined-meshes)", context=ctx).run(m)
    assert m.mesh_names == ["mesh"]


def test_option_errors(ctx, chain):
    with pytest.raises(sdy.ParseError,
                       match="pipeline option 'bogus' is not an option of "
                             "sdy-propagation-pipeline"):
        sdy.Pipeline.preset("propagation", "bogus=1", context=ctx)
    with pytest.raises(sdy.ParseError,
                       match=r"pipeline option 'conservative-propagation' of "
                             r"sdy-propagation-pipeline: 'maybe' is not a "
                             r"boolean \(true, false, 1 or 0\)"):
        sdy.Pipeline.preset("propagation", "conservative-propagation=maybe",
                            context=ctx)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="preset 'cleanup' takes no options"):
        sdy.Pipeline.preset("cleanup", "max-iterations=1", context=ctx)
    with pytest.raises(sdy.ParseError,
                       match="pipeline option 'x' is not an option of "
                             "sdy-partition-pipeline"):
        sdy.Pipeline.preset("partition", "x=1", context=ctx)
    with pytest.raises(TypeError, match="options must be a str or a mapping"):
        sdy.Pipeline.preset("propagation", 3, context=ctx)
    with pytest.raises(TypeError, match="value must be a bool, int or str"):
        sdy.Pipeline.preset("propagation", {"keep-sharding-rules": None},
                            context=ctx)
    with pytest.raises(ValueError, match="invalid value"):
        sdy.Pipeline.preset("propagation",
                            {"propagation-strategy": "basic} cse{"},
                            context=ctx)
    # An unknown strategy is refused when the pipeline is created.
    with pytest.raises(sdy.ParseError,
                       match="pipeline option 'propagation-strategy' of "
                             "sdy-propagation-pipeline: 'fancy' is not one of "
                             "basic, aggressive, basic-then-aggressive"):
        sdy.Pipeline.preset("propagation", "propagation-strategy=fancy",
                            context=ctx)
    with pytest.raises(sdy.ParseError, match="'fast' is not one of basic"):
        sdy.Pipeline("sdy-propagation-pipeline{propagation-strategy=fast}",
                     context=ctx)


def test_propagate_is_idempotent(ctx):
    m = sdy.Module.parse(CHAIN, context=ctx)
    before = str(m)
    m.propagate()
    assert str(m) != before
    again = str(m)
    m.propagate()  # idempotent
    assert str(m) == again

"""sdy.Pipeline: textual pipelines, presets, runs, timing."""

import pytest

import sdy

FOLDABLE = """\
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  %1 = stablehlo.negate %0 : tensor<4xf32>
  %2 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %3 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %4 = stablehlo.add %2, %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}

func.func private @unused(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
"""


@pytest.fixture
def foldable(ctx):
    with sdy.Module.parse(FOLDABLE, context=ctx) as m:
        yield m


def test_canonicalize_preset(ctx, foldable):
    with sdy.Pipeline.preset("canonicalize", context=ctx) as p:
        assert str(p).startswith("builtin.module(canonicalize")
        assert repr(p) == "sdy.Pipeline(%r)" % str(p)
        assert p.context is ctx
        assert p.run(foldable) is foldable
    text = str(foldable)
    # negate(negate(x)) folds away; the adds stay (no CSE).
    assert "stablehlo.negate" not in text
    assert text.count("stablehlo.add") == 3
    foldable.verify()


def test_cleanup_preset_and_text_pipeline(ctx, foldable):
    p = sdy.Pipeline("cse", context=ctx)
    assert str(p).startswith("builtin.module(")
    p.run(foldable)
    assert str(foldable).count("stablehlo.add") == 2
    sdy.Pipeline.preset("cleanup", context=ctx).run(foldable)
    assert "@unused" not in str(foldable)
    assert foldable.functions == ["main"]


def test_anchored_pipelines(ctx, foldable):
    sdy.Pipeline("builtin.module(symbol-dce)", context=ctx).run(foldable)
    assert foldable.functions == ["main"]
    sdy.Pipeline("func.func(cse)", context=ctx).run(foldable)
    assert str(foldable).count("stablehlo.add") == 2


def test_all_presets(ctx):
    for name in ("canonicalize", "cleanup", "inline", "propagation",
                 "partition"):
        with sdy.Pipeline.preset(name, context=ctx) as p:
            assert str(p)
    with sdy.Pipeline.preset("partition", context=ctx) as p:
        assert "sdy-convert-global-to-local" in str(p)
    assert set(sdy.PRESETS) == {"canonicalize", "cleanup", "inline",
                                "propagation", "partition"}


def test_invalid_pipelines(ctx):
    with pytest.raises(sdy.ParseError) as info:
        sdy.Pipeline("no-such-pass", context=ctx)
    assert info.value.code == 2
    assert "no-such-pass" in info.value.message
    with pytest.raises(sdy.ParseError, match="unbalanced parentheses"):
        sdy.Pipeline("func.func(cse", context=ctx)
    with pytest.raises(sdy.ParseError,
                       match="pipeline option 'bogus' is not an option of "
                             "canonicalize"):
        sdy.Pipeline("canonicalize{bogus=1}", context=ctx)
    with pytest.raises(sdy.ParseError,
                       match="'test-convergence' of canonicalize: 'maybe' is "
                             "not a boolean"):
        sdy.Pipeline("canonicalize{test-convergence=maybe}", context=ctx)
    with pytest.raises(sdy.ParseError,
                       match="'max-iterations' of canonicalize: 'ten' is not "
                             "a 64-bit integer"):
        sdy.Pipeline("canonicalize{max-iterations=ten}", context=ctx)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="unknown preset 'bogus'"):
        sdy.Pipeline.preset("bogus", context=ctx)


def test_timing(ctx, foldable):
    p = sdy.Pipeline.preset("cleanup", context=ctx)
    with pytest.raises(sdy.FailedPreconditionError):
        p.timing_report()
    p.enable_timing()
    p.run(foldable)
    report = p.timing_report()
    assert "Execution time report" in report
    assert "Canonicalizer" in report and "CSE" in report
    p.enable_timing(False)


def test_run_errors(ctx, foldable):
    p = sdy.Pipeline("canonicalize", context=ctx)
    with pytest.raises(TypeError, match="module must be an sdy.Module"):
        p.run("module")
    with sdy.Context() as other:
        m = sdy.Module.parse(FOLDABLE, context=other)
        with pytest.raises(sdy.InvalidArgumentError, match="context"):
            p.run(m)


def test_failed_run_leaves_module_unchanged(ctx, foldable):
    # The canonicalizer fails when asked to converge in one iteration on a
    # module that needs more.
    before = str(foldable)
    p = sdy.Pipeline("canonicalize{max-iterations=1 test-convergence=true}",
                     context=ctx)
    with pytest.raises(sdy.FailedPreconditionError) as info:
        p.run(foldable)
    assert info.value.code == 4
    assert "sdy_pipeline_run" in info.value.message
    assert str(foldable) == before
    # No timing report for a failed run either.
    p.enable_timing()
    with pytest.raises(sdy.FailedPreconditionError):
        p.run(foldable)
    with pytest.raises(sdy.FailedPreconditionError):
        p.timing_report()


def test_multithreading_context():
    with sdy.Context(multithreading=True) as ctx:
        m = sdy.Module.parse(FOLDABLE, context=ctx)
        sdy.Pipeline.preset("cleanup", context=ctx).run(m)
        assert m.functions == ["main"]
        ctx.set_multithreading(False)


def test_unbalanced_anchored_pipeline(ctx):
    with pytest.raises(sdy.ParseError, match="unbalanced"):
        sdy.Pipeline("builtin.module(cse", context=ctx)
    with pytest.raises(sdy.ParseError, match="unbalanced"):
        sdy.Pipeline("builtin.module(cse),canonicalize", context=ctx)
    with pytest.raises(sdy.ParseError, match="unbalanced"):
        sdy.Pipeline("builtin.module(cse))", context=ctx)
    # Balanced forms, with or without a space before '('.
    assert str(sdy.Pipeline("builtin.module (cse)", context=ctx)) == \
        "builtin.module(cse)"


@pytest.mark.parametrize("make, message", [
    (lambda ctx: sdy.Pipeline.preset(
        "propagation", "debug-sharding-origins=maybe", context=ctx),
     "'debug-sharding-origins' of sdy-propagation-pipeline: 'maybe' is not "
     "a boolean"),
    (lambda ctx: sdy.Pipeline(
        "sdy-propagation-pipeline{debug-sharding-origins=maybe}", context=ctx),
     "'maybe' is not a boolean"),
    (lambda ctx: sdy.Pipeline(
        "sdy-partition-pipeline{propagation-strategy=fast}", context=ctx),
     "'fast' is not one of basic, aggressive, basic-then-aggressive"),
    (lambda ctx: sdy.Pipeline("canonicalize{bogus=1}", context=ctx),
     "pipeline option 'bogus' is not an option of canonicalize"),
])
def test_option_errors_are_returned_not_printed(ctx, capfd, make, message):
    """llvm::cl prints malformed option values on stderr; the library checks
    options first, so the message is in the exception and nothing is
    printed (capfd sees the process's file descriptors)."""
    with pytest.raises(sdy.ParseError) as info:
        make(ctx)
    assert message in info.value.message
    assert ":0:0" not in info.value.message
    out, err = capfd.readouterr()
    assert err == ""
    assert out == ""

// A failed check exits 1; a chunk that does not parse exits 2.
// RUN: sdy-run --interpret %S/checks_pass.mlir --split-input-file --quiet
// RUN: not sdy-run --interpret %s 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: sdy-run --interpret %s > /dev/null 2>&1 || echo rc=$? | FileCheck %s --check-prefix=RC1
// RUN: sdy-run --interpret %S/checks_fail.mlir --split-input-file > /dev/null 2>&1 || echo rc=$? | FileCheck %s --check-prefix=RC2
// RUN: not sdy-run --interpret %S/checks_pass.mlir 2>&1 | FileCheck %s --check-prefix=NOSPLIT
// RUN: not sdy-run --interpret %s --devices 2 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not sdy-run %s --split-input-file 2>&1 | FileCheck %s --check-prefix=NEEDS
// RUN: sdy-run --help | FileCheck %s --check-prefix=HELP

// RC1: rc=1
// RC2: rc=2
// FAIL: @main in the module failed: {{.*}}check.expect_eq_const failed
// NOSPLIT: error: cannot parse the module:
// USAGE: error: --devices cannot be used with --interpret
// NEEDS: error: --split-input-file needs --interpret
// HELP: --interpret
// HELP: --split-input-file, -split-input-file
func.func @main() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %0, dense<2> : tensor<i32>
  func.return
}

// RUN: not sdy-opt %s -sdy-html-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not sdy-opt %s -sdy-html-report=%t.missing/dir/report.html -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not sdy-opt %s "-sdy-print-layout=file=%t.missing/dir/layout.txt" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNWRITABLE-TEXT
// RUN: sdy-opt %s -sdy-print-layout -o /dev/null | FileCheck %s --check-prefix=NOPICTURE

// NOFILE: error: sdy-html-report needs a file: -sdy-html-report=file=PATH
// UNWRITABLE: error: sdy-html-report: cannot write '{{.*}}missing/dir/report.html': No such file or directory
// UNWRITABLE-TEXT: error: sdy-print-layout: cannot write '{{.*}}missing/dir/layout.txt': No such file or directory

// Values that cannot be drawn say why; the pass does not fail.
// NOPICTURE: @main %arg0: tensor<?x4xf32>
// NOPICTURE-NEXT: no picture: dimension 0 of tensor<?x4> is dynamic or negative; pictures need static sizes

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<?x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> tensor<?x4xf32> {
  return %arg0 : tensor<?x4xf32>
}

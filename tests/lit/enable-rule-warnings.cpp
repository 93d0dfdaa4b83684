// RUN: rm -rf %t && %loop2cuda --enable-rule extract-kernel %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ON
// RUN: rm -rf %t && %loop2cuda --enable-rule deterministic-reduce %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DET
// RUN: rm -rf %t && %loop2cuda --rules %S/Inputs/enable-rule --enable-rule unlisted %s -o %t -- -std=c++17 > %t.log 2>&1 || true
// RUN: FileCheck %s --check-prefix=UNLISTED < %t.log
// RUN: rm -rf %t && %loop2cuda --enable-rule grid-per-point %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --allow-empty

// --enable-rule names a rule set that pipeline.txt marks `off`; naming one
// that runs anyway, one that only --deterministic runs, or one the pipeline
// does not list, changes nothing, and the tool says so instead of letting
// the user believe otherwise.
// ON: loop2cuda: warning: --enable-rule extract-kernel: this rule set runs by default; the option changes nothing
// DET: loop2cuda: warning: --enable-rule deterministic-reduce: this rule set runs only under --deterministic; the option changes nothing
// UNLISTED: loop2cuda: warning: --enable-rule unlisted: the pipeline does not run this rule set (rules/pipeline.txt); the option changes nothing
// OFF-NOT: warning: --enable-rule

void scale(float *y, const float *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * x[i];
}

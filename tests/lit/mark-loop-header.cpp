// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -I %S/Inputs 2>&1 | FileCheck %s
// RUN: %nochecks %t/mark-loop-header.cu | FileCheck %s --check-prefix=OUT

// loop2cuda writes one .cu per input: a marked loop in an included header
// cannot be replaced there, so it stays on the CPU, with a warning, and no
// kernel is emitted for it.
#include "marked-loop.h"
// CHECK: marked-loop.h:4:3: warning: loop not parallelized: it is in an included file; loop2cuda rewrites only the file it is given (run it on that file, or move the loop into it) [mark-loop]
// OUT-NOT: __global__
int main() {
  float a[4] = {1, 2, 3, 4};
  scale(a, 4);
  return (int)a[0];
}

// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/c-split-keyword-local_gpu.cu | FileCheck %s

// A C++ keyword used only as a local of the function with the kernel (C
// keeps it; the file is split): the kernel takes it as a parameter, so
// its renaming comes before the device code, which follows the includes
// (found by a helper's hunt: `int new` in the kernel's parameters).
// DIAG-NOT: warning
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, i, new = 2;
  int *a = (int *)malloc(n * sizeof(int));
#pragma omp parallel for
  for (i = 0; i < n; i++)
    a[i] = i % 3 + new;
  printf("%d\n", a[n - 1]);
  return 0;
}
// CHECK: #include <stdlib.h>
// CHECK-NEXT: // loop2cuda: names that C++ reserves, renamed
// CHECK-NEXT: #define new l2c_kw_new
// CHECK: __global__ void main_L16({{.*}}, int new) {

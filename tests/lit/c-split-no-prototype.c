// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 -Wno-deprecated-non-prototype 2>&1 | FileCheck %s
// RUN: ls %t | FileCheck %s --check-prefix=FILES

// `extern void scale();` then `scale(a, n)`: to C++ the declaration takes
// no parameters, so the file is split and its host part stays C (found by
// a helper's hunt: the .cu did not compile).
extern void scale();

void run(float *a, int n) {
  scale(a, n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// CHECK: remark: C++ cannot compile this file as written ('scale' is declared without a prototype and called with arguments)
// FILES: c-split-no-prototype.c
// FILES: c-split-no-prototype_gpu.cu

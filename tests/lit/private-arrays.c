// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 --disable-rule vectorize-map %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/private-arrays.cu | FileCheck %s --check-prefix=CU

// private(tmp) of a C array: each thread declares its own array (it was
// printed `int[4] tmp;`, which nvcc rejects).
// CU-LABEL: __global__ void sums_L{{[0-9]+}}(
// CU: int tmp[4];
// CU: tmp[k] = a[i] + k;
void sums(int n, const int *restrict a, int *restrict b) {
  int tmp[4], k;
#pragma omp parallel for private(tmp, k)
  for (int i = 0; i < n; i++) {
    for (k = 0; k < 4; k++)
      tmp[k] = a[i] + k;
    b[i] = tmp[0] + tmp[3];
  }
}

// Rows of a private two-dimensional array: not on the device.
// CHECK: private-arrays.c:[[@LINE+4]]:3: warning: loop not parallelized: private array 't' of type 'int[2][2]': only one-dimensional arrays of constant size can be private on the device [extract-kernel]
void rows(int n, int *restrict b) {
  int t[2][2];
#pragma omp parallel for private(t)
  for (int i = 0; i < n; i++) {
    t[0][0] = i;
    t[1][1] = i;
    b[i] = t[0][0] + t[1][1];
  }
}

// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/dependences-division.cu | FileCheck %s --check-prefix=CU

// A bound m / 2 keeps its tie to m in the dependence test: an in-place
// reversal over the first half touches rv[k] and rv[m - 1 - k], which never
// meet (it was rejected with an impossible witness, k=1 for m=2).
// CU: __global__ void reverse_L[[#@LINE+3]](
void reverse(int m, int *rv) {
#pragma loop2cuda parallel copy(rv[0:m])
  for (int k = 0; k < m / 2; k++) {
    int t = rv[k];
    rv[k] = rv[m - 1 - k];
    rv[m - 1 - k] = t;
  }
}

// One past the half, the middle pair is swapped twice: a dependence, with
// a witness that respects m / 2.
// CHECK: dependences-division.c:[[@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: rv[k] written at k=0 is read by rv[m - 1 - k] at k=1 (m=2) [dependence]
void pastHalf(int m, int *rv) {
#pragma loop2cuda parallel copy(rv[0:m])
  for (int k = 0; k < m / 2 + 1; k++) {
    int t = rv[k];
    rv[k] = rv[m - 1 - k];
    rv[m - 1 - k] = t;
  }
}

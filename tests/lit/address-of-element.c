// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/address-of-element.cu | FileCheck %s --check-prefix=CU

// A pointer to an element, &a[i * m], reaches elements that no subscript of
// the loop shows (row[j]): the copy's count cannot come from the loop's
// subscripts. It came from a[i * m] alone (m * n - m + 1 elements), and the
// kernel wrote past the device copy.
// CHECK: address-of-element.c:[[@LINE+4]]:3: remark: assuming iterations are independent: 'a' is used other than through a subscript [dependence]
// CHECK: address-of-element.c:[[@LINE+3]]:3: warning: loop not parallelized: cannot tell how many elements of 'a' the loop touches (N, the elements it reaches); mark the loop '#pragma loop2cuda parallel copy(a[0:N])' or '#pragma acc parallel loop copy(a[0:N])' instead [extract-kernel]
void rows(int n, int m, double *restrict a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *row = &a[i * m];
    for (int j = 0; j < m; j++)
      row[j] = i + j;
  }
}

// The same with p[1] of p = &a[i] (a[i + 1]).
// CHECK: address-of-element.c:[[@LINE+4]]:3: remark: assuming iterations are independent: 'a' is used other than through a subscript [dependence]
// CHECK: address-of-element.c:[[@LINE+3]]:3: warning: loop not parallelized: cannot tell how many elements of 'a' the loop touches
void next(int n, double *restrict a) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++) {
    double *p = &a[i];
    p[1] = 2;
  }
}

// With the count from a clause, the loop runs on the GPU.
// CU-LABEL: void clause(
// CU: l2c::toHost(a, n * m, "{{.*}}");
void clause(int n, int m, double *restrict a) {
#pragma loop2cuda parallel copy(a[0:n * m])
  for (int i = 0; i < n; i++) {
    double *row = &a[i * m];
    for (int j = 0; j < m; j++)
      row[j] = i + j;
  }
}

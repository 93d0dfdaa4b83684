// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/lastprivate-index.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.v && %loop2cuda --verify --min-launch-work=0 %s -o %t.v -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERIFY
// VERIFY: note: --verify: no harness for count_L{{[0-9]+}}: it has lastprivate variables

// The index of an OpenMP loop, declared before the loop and read outside
// it, gets the value the sequential loop leaves (as with lastprivate(i)),
// where lastprivate can bring it back. lastprivate itself on a loop that
// counts down stays on the CPU: the kernel's last thread runs the
// sequential loop's first iteration.

// CHECK: lastprivate-index.c:[[@LINE+7]]:3: remark: the loop index 'i' is read outside the loop: it gets the value the loop leaves in it, as with lastprivate(i) [mark-loop]
// CU-LABEL: __global__ void count_L
// CU: l2c_last_i[0] = i + 2;
// CU: l2c::toHost(&i, 1,
int count(double *a, int n) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i += 2)
    a[i] = 0;
  return i;
}

// CHECK: lastprivate-index.c:[[@LINE+5]]:3: remark: the loop index 'i' is read outside the loop, where OpenMP leaves its value after the loop unspecified; the kernel leaves it as it was before the loop [mark-loop]
double total(const double *a, int n) {
  int i;
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (i = 0; i < n; i++)
    s += a[i];
  return s + i;
}

// CHECK: lastprivate-index.c:[[@LINE+4]]:3: warning: loop not parallelized: lastprivate on a loop that counts down is not implemented [mark-loop]
int down(double *a, int n) {
  int i, last = -1;
#pragma omp parallel for lastprivate(last)
  for (i = n - 1; i >= 0; i--) {
    last = i;
    a[i] += 1;
  }
  return last;
}

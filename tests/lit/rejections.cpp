// RUN: rm -rf %t && %loop2cuda --disable-rule allocation-record %s -o %t -- -std=c++17 2>&1 | FileCheck %s
// Without the record of allocations (front-end step allocation-record),
// the scatter b[idx[i]] below has no count: tests/lit/extents-record.c
// covers it with the record.
// RUN: %nochecks %t/rejections.cu | FileCheck %s --check-prefix=OUT
// The first run wrote %t/rejections.cu; with --werror nothing is written and
// that stale output goes too.
// RUN: %loop2cuda --disable-rule allocation-record --werror %s -o %t -- -std=c++17 > %t.werror 2>&1; echo "exit status $?" >> %t.werror
// RUN: FileCheck %s --check-prefix=WERROR < %t.werror
// RUN: test ! -e %t/rejections.cu

// Loops that cannot run in parallel stay on the CPU, unchanged, with a
// warning at the loop that says why and names the rule.
#include <cstdio>
int helper(int);

void f(float *a, float *b, int n, int *idx) {
  float s = 0;
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    a[i] = a[i - 1] * 2 + 1;
// CHECK: rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: iterations are not independent: a[i] written at i=1 is read by a[i - 1] at i=2 (n=3) [dependence]
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0)
      break;
    b[i] = a[i];
  }
// CHECK: rejections.cpp:[[@LINE-5]]:3: warning: loop not parallelized: early exit by 'break' [extract-kernel]
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    printf("%f\n", a[i]);
// CHECK: rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'printf' cannot run on the device [device-call]
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    s += a[i];
// CHECK: rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: scalar 's' is written in the loop and is not a reduction; add reduction(+:s) to the pragma [reduction]
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    b[idx[i]] = a[i];
// CHECK: rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: cannot tell how many elements of 'b' the loop touches (N, the elements it reaches): its subscript 'b[idx[i]]' is not a polynomial of the loop indices and sizes; add copy(b[0:N]) to the pragma [extract-kernel]
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] = helper(i);
// CHECK: rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'helper' cannot run on the device [device-call]
#pragma loop2cuda parallel copy(a[0:1])
  for (int i = 0; i < n; ++i)
    a[0] = b[i];
// CHECK: rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: {{.*}} [dependence]
}
// WERROR: rejections.cpp: error: 7 marked loop(s) not parallelized (--werror); nothing written
// WERROR-NEXT: loop2cuda: removed {{.*}}rejections.cu, written by an earlier run
// WERROR: exit status 1

// The loops are in the output as they were written.
// OUT-NOT: L2C_LAUNCH
// OUT: a[i] = a[i - 1] * 2 + 1;
// OUT: printf("%f\n", a[i]);

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s

// OpenACC is not translated yet, but never skipped silently: Clang's
// warning points at each directive, and the loop stays on the CPU.
// CHECK: openacc.c:[[@LINE+2]]:9: warning: unexpected '#pragma acc ...' in program [-Wsource-uses-openacc]
void scale(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

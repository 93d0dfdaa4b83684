// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:

// Rows malloc'd one by one (double **u) cannot travel as one copy; the
// warning says how to lay them out.
// CHECK: row-pointers.c:[[@LINE+3]]:3: warning: loop not parallelized: 'u' has elements of type 'double *'; only arrays of values can be copied to the device (allocate the rows as one block and index it u[r * n + c]) [extract-kernel]
void fill(int n, double **u) {
#pragma omp parallel for
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      u[r][c] = r + c;
}

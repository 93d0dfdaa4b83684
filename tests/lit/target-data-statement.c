// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 -fopenmp 2>&1 | FileCheck %s --implicit-check-not=warning:

// A target data region over one statement that is no '{ }' block is not
// translated, and its loops stay on the CPU: the warning says so, and how
// to have it translated (found by a helper's hunt: the inner target loops
// stayed on the CPU with no word about them).
#define N 128
double u[N], v[N];

int main(void) {
  for (int i = 0; i < N; i++)
    u[i] = i;
#pragma omp target data map(tofrom : u, v)
  for (int t = 0; t < 4; t++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      v[i] = u[i] + 1;
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      u[i] = v[i] * 2;
  }
  return (int)u[1];
}
// CHECK: target-data-statement.c:13:1: warning: '#pragma omp target data' is not translated: loop2cuda translates a data region over a '{ }' block (put the statement after it in braces), and the loops inside this one stay on the CPU

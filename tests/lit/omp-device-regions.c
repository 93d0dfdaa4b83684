// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/omp-device-regions.cu | FileCheck %s --check-prefix=CU

// `target`, `teams` and `distribute parallel for` written as three
// directives: the regions run once on the host, the loop is the kernel,
// the target's map clause sizes the arrays.
// CHECK: omp-device-regions.c:[[@LINE+8]]:19: remark: OpenMP clause 'num_teams(8)' is ignored
// CHECK: omp-device-regions.c:[[@LINE+7]]:32: remark: OpenMP clause 'thread_limit(64)' is ignored
// CU-LABEL: void blur(
// CU: // loop2cuda: the region runs once, its loops on the GPU: #pragma omp target map(to: a[0:n]) map(from: b[0:n])
// CU: // loop2cuda: the region runs once, its loops on the GPU: #pragma omp teams num_teams(8) thread_limit(64)
// CU: L2C_LAUNCH_DISTINCT(l2c_device::blur_L[[#@LINE+5]],
void blur(int n, const float *a, float *b) {
#pragma omp target map(to: a[0:n]) map(from: b[0:n])
#pragma omp teams num_teams(8) thread_limit(64)
#pragma omp distribute parallel for
  for (int i = 1; i < n - 1; i++)
    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
}

// A teams region of two `distribute parallel for` loops: they run in
// order, one kernel each; the second reads what the first wrote.
// CU-LABEL: void twoSteps(
// CU: L2C_LAUNCH_DISTINCT(l2c_device::twoSteps_L[[#@LINE+8]],
// CU: L2C_LAUNCH_DISTINCT(l2c_device::twoSteps_L[[#@LINE+11]],
void twoSteps(int n, int m, const double *x, double *y, double *z) {
  int i, j;
#pragma omp target map(to: x[0:n * m]) map(tofrom: y[0:n * m], z[0:n * m])
#pragma omp teams
  {
#pragma omp distribute parallel for private(i, j) collapse(2)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        y[i * m + j] = 2 * x[i * m + j];
#pragma omp distribute parallel for private(i, j) collapse(2)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        z[i * m + j] = y[i * m + j] + y[i * m + (m - 1 - j)];
  }
}

// Outside its loops a teams region runs in every team: a statement there
// keeps the region, and its loop, on the CPU.
// CHECK: omp-device-regions.c:[[@LINE+5]]:1: warning: '#pragma omp teams' is not translated: line [[#@LINE+7]] is not a loop directive, and outside its loops the region's body runs in every team; it runs on the CPU [mark-loop]
// CHECK: omp-device-regions.c:[[@LINE+8]]:5: warning: loop not parallelized: it is inside a statement that the host code cannot be split at (only blocks, if, for, while and do are) [extract-kernel]
// CU-LABEL: void counted(
// CU-NOT: L2C_LAUNCH
void counted(int n, int *hits, float *v) {
#pragma omp teams
  {
    ++*hits;
#pragma omp distribute parallel for
    for (int i = 0; i < n; i++)
      v[i] = v[i] * 2;
  }
}

// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/omp-region-forms.cu | FileCheck %s --check-prefix=CU

int omp_get_thread_num(void);
int printf(const char *, ...);

// An array declared in the parallel region belongs to each thread: each
// iteration of the region's loop gets its own, as with private(row).
// CHECK-DAG: omp-region-forms.c:[[@LINE+10]]:11: remark: 'row' is declared in the parallel region at line [[#@LINE+8]]: each thread has its own, so each iteration of the loop at line [[#@LINE+12]] gets its own, as with private(row)
// CU-LABEL: __global__ void scale_L
// CU: float row[16];
// CU: row[k] = 0;
// CU-LABEL: void scale(
// CU: // loop2cuda: the region runs once, its loops on the GPU: #pragma omp parallel private(j, k)
void scale(int n, float a[][16], const float w[16][16]) {
  int i, j, k;
#pragma omp parallel private(j, k)
  {
    float row[16];
#pragma omp for
    for (i = 0; i < n; i++) {
      for (k = 0; k < 16; k++) {
        row[k] = 0;
        for (j = 0; j < 16; j++)
          row[k] += a[i][j] * w[j][k];
      }
      for (k = 0; k < 16; k++)
        a[i][k] = row[k];
    }
  }
}

// `if (omp_get_thread_num() == 0)` is a master block written by hand: the
// region runs once, on thread 0, which takes the branch.
// CU-LABEL: void report(
// CU: // loop2cuda: the region runs once, its loops on the GPU: #pragma omp parallel
// CU: if (omp_get_thread_num() == 0)
// CU: L2C_LAUNCH(l2c_device::report_L{{[0-9]+}},
void report(int n, double *v) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      printf("starting\n");
#pragma omp for
    for (int i = 0; i < n; i++)
      v[i] = 2 * v[i];
  }
}

// With an else branch the other threads do something too: the region stays
// on the CPU.
// CHECK-DAG: omp-region-forms.c:[[@LINE+5]]:1: warning: parallel region not translated: every thread of the region runs the condition at line [[#@LINE+7]]
// CHECK-DAG: omp-region-forms.c:[[@LINE+11]]:5: warning: loop not parallelized: it is in the parallel region at line [[#@LINE+4]], which stays on the CPU [mark-loop]
// CU-LABEL: void others(
// CU-NOT: L2C_LAUNCH
void others(int n, double *v) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      printf("first\n");
    else
      printf("other\n");
#pragma omp for
    for (int i = 0; i < n; i++)
      v[i] = 2 * v[i];
  }
}

// A region array with values (an initialiser, or stores before the loop)
// is not a fresh private one: the one run of the region gives it those
// values, and the kernel reads them.
// CU-LABEL: __global__ void weights_L
// CU-NOT: float w[4];
// CU: w[i % 4]
void weights(int n, float *v) {
#pragma omp parallel
  {
    float w[4] = {1, 2, 3, 4};
#pragma omp for
    for (int i = 0; i < n; i++)
      v[i] = v[i] * w[i % 4];
  }
}

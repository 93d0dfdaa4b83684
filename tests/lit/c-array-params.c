// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/c-array-params.cu | FileCheck %s --check-prefix=CU

// C array parameters that C++ does not take (a bound that names another
// parameter, `static` or a qualifier in the brackets) become the pointers
// C reads them as; PolyBench's C99 prototypes (`double s[m]`). And a
// reduction over the rows of a variable-length array indexes them flat,
// as any other loop does.

// CU: void scale(int n, double *s, const double *restrict q, double *r) {
void scale(int n, double s[n], const double q[restrict n], double r[static 2]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s[i] = 2 * q[i] + r[1];
}

// CU: void rows(int n, double (*A)[4]) {
void rows(int n, double A[n][4]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    A[i][0] = A[i][3];
}

// CU-LABEL: __global__ void colnorm_L
// CU: nrm = nrm + A[i * n + k] * A[i * n + k];
// CU: double colnorm(int m, int n, int k, void *l2c_vla_A) {
double colnorm(int m, int n, int k, double A[m][n]) {
  double nrm = 0.0;
#pragma omp parallel for reduction(+ : nrm)
  for (int i = 0; i < m; i++)
    nrm += A[i][k] * A[i][k];
  return nrm;
}

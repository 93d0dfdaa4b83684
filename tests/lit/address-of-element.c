// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 --disable-rule vectorize-map %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/address-of-element.cu | FileCheck %s --check-prefix=CU

// A pointer to an element, &a[i * m], reaches elements that no subscript of
// the loop shows. Counted from a[i * m] alone (m * n - m + 1 elements), the
// kernel wrote past the device copy; the loop was then rejected. A local
// pointer used only as row[j], its offset fixed in the body, is a row of
// a: row[j] is a[i * m + j], which gives the count (RowPointers.cpp,
// tests/lit/row-pointers.c).
// CU-LABEL: void rows(
// CU: l2c::toHost(a, m * n, "{{.*}}");
void rows(int n, int m, double *restrict a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *row = &a[i * m];
    for (int j = 0; j < m; j++)
      row[j] = i + j;
  }
}

// The same with p[1] of p = &a[i] (a[i + 1]).
// CU-LABEL: void next(
// CU: l2c::toHost(a, n, "{{.*}}");
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

// A helper that touches only *p takes the address of one element: the
// access is that element.
// CU-LABEL: __global__ void helpers_L{{[0-9]+}}(
// CU: set(&c[i], b[i] * 2);
// CU-LABEL: void helpers(
// CU: l2c::toHost(c, n, "{{.*}}");
static void set(double *p, double v) { *p = v; }
void helpers(int n, const double *restrict b, double *restrict c) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    set(&c[i], b[i] * 2);
}

// A helper that reaches past *p through subscripts the analysis reads
// (p[0], p[1]) touches c[2 * i] and c[2 * i + 1] (CalleeAccesses.cpp): the
// count comes from them.
// CU-LABEL: void pairs(
// CU: l2c::toDevice(c, 2 * n,
static void setPair(double *p, double v) { p[0] = v; p[1] = v; }
void pairs(int n, double *restrict c) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    setPair(&c[2 * i], i);
}

// One that reaches them through a loop: which elements each iteration
// writes is not known, so the loop stays on the CPU.
// CHECK: address-of-element.c:[[@LINE+7]]:3: warning: loop not parallelized: 'c' is used other than through a subscript, so the elements each iteration touches are not known, and the loop writes it [dependence]
static void setRun(double *p, double v) {
  for (int k = 0; k < 2; k++)
    p[k] = v;
}
void runs(int n, double *restrict c) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    setRun(&c[2 * i], i);
}

// &P[i * 4] and &C[k * 4] passed to `const float *` parameters: the helper
// only reads there. The same element in every iteration (C[k * 4]) is no
// dependence (it was: an address was a write).
// CU-LABEL: __global__ void gain_L{{[0-9]+}}(
static double dist(const float *p, const float *q) {
  double r = 0.0;
  for (int k = 0; k < 4; k++)
    r += (p[k] - q[k]) * (p[k] - q[k]);
  return r;
}
float P[1024 * 4], C[8 * 4];
double Cost[1024];
double gain(int n, int k) {
  double g = 0.0;
#pragma omp parallel for reduction(+ : g)
  for (int i = 0; i < n; i++) {
    double x = dist(&P[i * 4], &C[k * 4]);
    if (x < Cost[i])
      g += Cost[i] - x;
  }
  return g;
}

// An array the loop writes and also hands on: the helper reads q[0] and
// q[1], a[i + 1] and a[i + 2], which other iterations write.
// CHECK: address-of-element.c:[[@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: a[i] written at i=1 is read by ahead(&a[i + 1]) at i=0 (n=2) [dependence]
static double ahead(const double *q) { return q[0] + q[1]; }
void shift(int n, double *restrict a) {
#pragma loop2cuda parallel copy(a[0:n + 2])
  for (int i = 0; i < n; i++)
    a[i] = ahead(&a[i + 1]);
}

// A whole array handed to a `const T *` parameter is only read: no copy
// back.
// CU-LABEL: void resample(
// CU-NOT:     l2c::toHost(Cdf,
// CU:         l2c::toHost(Out,
// CU-NOT:     l2c::toHost(Cdf,
// CU:       }
static int findIndex(const double *cdf, int n, double u) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (cdf[mid] >= u)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}
double Cdf[1024];
int Out[1024];
void resample(int n) {
#pragma omp parallel for
  for (int j = 0; j < n; j++)
    Out[j] = findIndex(Cdf, n, (j + 0.5) / n);
}

// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>/dev/null
// RUN: %nochecks %t/host-boxes.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 --disable-rule host-boxes %s -o %t -- -std=c99 2>/dev/null
// RUN: %nochecks %t/host-boxes.cu | FileCheck %s --check-prefix=OFF

// Rule set host-boxes: host statements in host loops around kernels that
// touch an array only through elements whose subscripts the front end can
// bound (rewriter/frontend/host/HostBoxes.cpp) move only those boxes while the
// loop holds the array.
#define N 64
void report(double x);
// ludcmp's L part: triangular counters; the box is rows 0..i, columns
// 0..i-1, and row i's part of it is written.
// CHECK-LABEL: void tri(
// CHECK:       l2c::hold(A, "host-boxes.c: hold of 'A'");
// CHECK:       l2c::updateHostBox(A, std::min<long long>({i, 0}), i, 0, i - 1, "host-boxes.c: elements of 'A' the host statement below touches");
// CHECK-NEXT:  for (j = 0; j < i; j++) {
// CHECK:       l2c::updateDeviceBox(A, i, i, 0, i - 1, "host-boxes.c: elements of 'A' the host statement above wrote");
// CHECK:       l2c::unhold(A, "host-boxes.c: unhold of 'A'");
// OFF-LABEL:   void tri(
// OFF-NOT:     l2c::hold
// OFF-NOT:     l2c::update
// OFF:         l2c::toHost(A, N, "host-boxes.c: copy of 'A' to the host");
void tri(int n, double A[N][N]) {
  int i, j, k;
  double w;
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
#pragma omp parallel for private(k, w)
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
}
// The counter k is read after its loop by the next statement, which the
// glue sees at run time: its box is [k, k]. The loop's box is 0..t-1.
// CHECK-LABEL: void after(
// CHECK:       l2c::updateHostBox(a, 0, t - 1, "host-boxes.c: elements of 'a' the host statement below touches");
// CHECK-NEXT:  for (k = 0; k < t; k++)
// CHECK:       l2c::updateHostBox(a, k, k, "host-boxes.c: elements of 'a' the host statement below touches");
// CHECK-NEXT:  a[k] = 0;
/* A counter read after its loop: no box. */
void after(int n, double *a, double *b) {
  int t, k;
  for (t = 0; t < n; t++) {
    for (k = 0; k < t; k++)
      a[k] += 1;
    a[k] = 0;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
}
// A downward loop with offsets: a[k + 1] for k in t..1 is 2..t+1, a[k - 1]
// is 0..t-1.
// CHECK-LABEL: void down(
// CHECK:       l2c::updateHostBox(a, 0, t + 1, "host-boxes.c: elements of 'a' the host statement below touches");
// CHECK:       l2c::updateDeviceBox(a, 2, t + 1, "host-boxes.c: elements of 'a' the host statement above wrote");
/* A downward loop and an offset. */
void down(int n, double *a, double *b) {
  for (int t = 0; t < n; t++) {
    for (int k = t; k >= 1; k--)
      a[k + 1] = a[k - 1];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
}
// A call of a function of the user's could reach a some other way: no
// box, and no hold of a.
// CHECK-LABEL: void calls(
// CHECK-NOT:   l2c::hold(a
// CHECK-NOT:   l2c::update
// CHECK:       report(a[t]);
/* A call to a function of the user's: no box. */
void calls(int n, double *a, double *b) {
  for (int t = 0; t < n; t++) {
    report(a[t]);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
}
// A subscript the statement itself computes: no box for it.
// CHECK-LABEL: void computed(
// CHECK-NOT:   l2c::update
// CHECK:       a[m = idx[t]] = 1;
void computed(int n, double *a, double *b, int *idx) {
  for (int t = 0; t < n; t++) {
    int m;
    a[m = idx[t]] = 1;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
}

// A counter used in its own loop's condition (one past its span there)
// and an element whose address is taken: no box.
// CHECK-LABEL: double *escapes(
// CHECK-NOT:   l2c::update
// CHECK:       return p;
double *escapes(int n, double *a, double *b) {
  double *p = 0;
  for (int t = 0; t < n; t++) {
    for (int k = 0; a[k] > 0 && k < t; k++)
      b[0] += 1;
    p = &a[t];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
  return p;
}

// A statement that may leave the iteration early would skip the copy of
// what it wrote: no box.
// CHECK-LABEL: void jumps(
// CHECK-NOT:   l2c::update
// CHECK:       continue;
void jumps(int n, double *a, double *b) {
  for (int t = 0; t < n; t++) {
    if (b[t] > 0) {
      a[t] = 1;
      continue;
    }
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
}

// A bound whose variable a pointer may reach (&m is taken): the statement
// could change it through q, so no box.
// CHECK-LABEL: void aliased(
// CHECK-NOT:   l2c::update
// CHECK:       a[m] = 1;
void aliased(int n, double *a, double *b) {
  int m = 0;
  int *q = &m;
  for (int t = 0; t < n; t++) {
    a[m] = 1;
    *q = t;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
}

// A name the statement declares again: the glue outside would mean the
// other array, so no box for it.
// CHECK-LABEL: void shadowed(
// CHECK-NOT:   l2c::update
// CHECK:       double *p = a;
void shadowed(int n, double *a, double *b) {
  for (int t = 0; t < n; t++) {
    {
      double *p = a;
      p[t] = 1;
      double a[2];
      a[1] = 0;
    }
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + b[i];
  }
}

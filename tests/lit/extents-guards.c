// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/extents-guards.cu | FileCheck %s --check-prefix=CU

// The conditions around an access narrow its indices' ranges for the
// extent (PolyExtents.cpp, narrowByGuards): a border test before a
// stencil's reads keeps k - 1 and k + nr inside the image. Spellings: an
// early `continue`, an if/else, a negated test, a conjunction.

// CU-LABEL: void blur_continue(
// CU: l2c::toDevice(in, nc * nr,
void blur_continue(const float *in, float *out, int nr, int nc) {
#pragma omp parallel for
  for (int j = 0; j < nc; j++)
    for (int i = 0; i < nr; i++) {
      int k = i + nr * j;
      if (i == 0 || j == 0 || i == nr - 1 || j == nc - 1) {
        out[k] = in[k];
        continue;
      }
      int w = k - nr, e = k + nr;
      out[k] = (in[k - 1] + in[k + 1] + in[w] + in[e]) / 4.0f;
    }
}

// CU-LABEL: void blur_else(
// CU: l2c::toDevice(in, nc * nr,
void blur_else(const float *in, float *out, int nr, int nc) {
#pragma omp parallel for
  for (int j = 0; j < nc; j++)
    for (int i = 0; i < nr; i++) {
      if (i == 0 || j == 0 || i == nr - 1 || j == nc - 1)
        out[i + nr * j] = in[i + nr * j];
      else
        out[i + nr * j] = in[i - 1 + nr * j] + in[i + 1 + nr * (j + 1)];
    }
}

// Then-branch of a conjunction; and `!(i > 0)` read as i <= 0.
// CU-LABEL: void smooth(
// CU: l2c::toDevice(a, n,
void smooth(const double *a, double *b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i >= 1 && i < n - 1)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
    else if (!(i > 0))
      b[i] = a[i];
    else
      b[i] = 2 * a[i];
  }
}

// A condition looser than the loop's bound changes nothing: the count
// still comes from i < n (a[i + 1] reaches n).
// CU-LABEL: void loose(
// CU: l2c::toDevice(a, n + 1,
void loose(const double *a, double *b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (i < 2 * n)
      b[i] = a[i + 1];
}

// Without a condition, k - 1 falls below 0 at k = 0: no count (the
// pointer may point into the middle of an array, whose element before it
// the copy would miss).
// DIAG: extents-guards.c:[[@LINE+3]]:3: remark: the subscripts give no count of {{.*}}'in'{{.*}} [extract-kernel]
void unguarded(const float *in, float *out, int n) {
#pragma omp parallel for
  for (int k = 0; k < n; k++)
    out[k] = in[k - 1];
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/alias-origins.cu | FileCheck %s --check-prefix=CU

// Names of one array that the file shows (rewriter/frontend/analysis/PointerOrigins.h):
// references, .data(), &v[k], pointer arithmetic, casts and temporaries all
// resolve to the array and an offset, and the exact dependence test decides
// the loop on that array. A dependence rejects the loop with a witness;
// independence needs no remark.
#include <vector>

// A reference is the vector it names.
void reference(std::vector<double> &a, int n) {
  std::vector<double> &b = a;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i + 1] = a[i] * 0.5;
  // CHECK: alias-origins.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'b' (a) and 'a' are one array: iterations are not independent: b[i + 1] written at i=0 is read by a[i] at i=1 (n=2) [dependence]
}

// Two pointers from .data(), one element apart.
void data_offsets(std::vector<double> &a, int n) {
  double *p = a.data(), *q = a.data() + 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    q[i] = p[i] * 0.5 + 1.0;
  // CHECK: alias-origins.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'q' (a + 1) and 'p' (a) are one array: iterations are not independent: q[i] written at i=0 is read by p[i] at i=1 (n=2) [dependence]
}

// &v[k] of a vector, through a temporary and a cast.
void element_addresses(std::vector<float> &v, int n) {
  float *base = &v[0];
  float *next = (float *)base + 2;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    next[i] = base[i] + 1.0f;
  // CHECK: alias-origins.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'next' (v + 2) and 'base' (v) are one array: iterations are not independent: next[i] written at i=0 is read by base[i] at i=2 (n=3) [dependence]
}

// A callee's two parameters that its caller binds to one vector's data.
void shift(double *dst, const double *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0;
  // CHECK: alias-origins.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'dst' (c + 1) and 'src' (c) are one array, as the call at line [[#@LINE+4]] passes them: iterations are not independent: dst[i] written at i=0 is read by src[i] at i=1 (n=2) [dependence]
}
void call_shift(int n) {
  std::vector<double> c(n + 1, 0.0);
  shift(c.data() + 1, c.data(), n);
}

// The two halves of one vector: independent, a kernel, no remark.
void halves(std::vector<double> &a, int n) {
  double *lo = a.data(), *hi = a.data() + n;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    hi[i] = lo[i] * 2.0;
}

// Independent, but written through both names: each would get a device
// copy of its own. The loop is then split into one loop per name
// (distribute-loop), which run one after the other with their copies
// beside them (the two are aliases for move-copies).
void both_written(std::vector<double> &a, int n) {
  double *even = a.data(), *odd = a.data() + 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    even[2 * i] = 1.0;
    odd[2 * i] = 2.0;
  }
  // CHECK: alias-origins.cpp:[[@LINE-4]]:3: warning: loop not parallelized: 'even' (a) and 'odd' (a + 1) are one array, and the loop writes through both (each name would get a device copy of its own) [dependence]
  // CHECK: alias-origins.cpp:[[@LINE-5]]:3: remark: runs on the GPU split into 2 loops
  // CHECK: remark: part 1 of the loop at line [[#@LINE-6]]
  // CHECK: remark: part 2 of the loop at line [[#@LINE-7]]
}

// Pointers into two different vectors: provably distinct, no remark.
void two_vectors(int n) {
  std::vector<double> a(n + 1, 1.0), b(n + 1, 0.0);
  double *p = a.data(), *q = b.data();
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    q[i + 1] = p[i];
}

// Two vector references: one object or two. Independent either way: no
// remark; a loop that depends when they are one object gets the remark,
// and a caller that passes one vector for both rejects it.
void add_to(std::vector<double> &x, const std::vector<double> &y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] += y[i];
}
void smear(std::vector<double> &x, const std::vector<double> &y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i + 1] = y[i];
  // CHECK: alias-origins.cpp:[[@LINE-2]]:3: remark: assuming iterations are independent: 'x' and 'y' may be one object, and then iterations are not independent: x[i + 1] written at i=0 is read by y[i] at i=1 (n=2) [dependence]
}
void smear_self(std::vector<double> &x, const std::vector<double> &y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i + 1] = y[i];
  // CHECK: alias-origins.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'x' (v) and 'y' (v) are one array, as the call at line [[#@LINE+4]] passes them: iterations are not independent: x[i + 1] written at i=0 is read by y[i] at i=1 (n=2) [dependence]
}
void call_smear(std::vector<double> &v, int n) {
  add_to(v, v, n);
  smear_self(v, v, n);
}

// A row of a matrix against the matrix: the row pointer's offset is i * m.
void rows(float *A, int nrows, int m) {
  for (int i = 0; i < nrows; i++) {
    float *row = &A[i * m];
#pragma omp parallel for
    for (int j = 0; j < m - 1; j++)
      row[j] = A[i * m + j + 1];
    // The offset i * m is not affine: the test cannot decide, and rejects.
    // CHECK: alias-origins.cpp:[[@LINE-3]]:5: warning: loop not parallelized: 'row' (A + i * m) and 'A' are one array, and the tool cannot prove that the iterations never touch one element through them, one writing [dependence]
  }
}

// A function only this file can call, whose every call passes distinct
// arrays: distinct, no remark (an extern function keeps it: another file
// may call it, alias-evidence.c).
static void scale_into(double *out, const double *in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = 2.0 * in[i];
}
void call_scale_into(std::vector<double> &v, int n) {
  std::vector<double> w(n);
  double *buf = new double[n];
  scale_into(w.data(), v.data(), n);
  scale_into(buf, w.data(), n);
  delete[] buf;
}

// CU-NOT: __global__ void reference
// CU-NOT: __global__ void data_offsets
// CU-NOT: __global__ void element_addresses
// CU-NOT: __global__ void shift
// CU: __global__ void halves
// CU: __global__ void both_written_L67_part1({{.*}}double *even)
// CU: __global__ void both_written_L67_part2({{.*}}double *odd)
// CU: __global__ void two_vectors
// CU: __global__ void add_to
// CU: __global__ void smear
// CU-NOT: __global__ void smear_self
// CU-NOT: __global__ void rows
// CU: __global__ void scale_into
// CHECK: alias-origins.cpp:67:3: remark: arrays that may share memory: 'odd' and 'even' (line 67)

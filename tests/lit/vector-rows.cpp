// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/vector-rows.cu | FileCheck %s

// A std::vector<std::vector<T>> reaches the kernel as a table of device row
// pointers (T *const *), so that m[i][j] reads as it does on the host; the
// host hands the runtime l2c::rowsOf(m), which copies every row whole.
// Uses other than m[i][j] inside the loop reject it, naming the fix.
#include <vector>

using Grid = std::vector<std::vector<double>>;

// CHECK-LABEL: __global__ void blur_L{{[0-9]+}}(int n, double *const *out, const double *const *in)
// CHECK: out[i][j] = in[i][j - 1] + in[i][j] + in[i][j + 1];
// CHECK-LABEL: void blur(const Grid &in, Grid &out, int n)
// CHECK: l2c::toDeviceOutsideRows(l2c::rowsOf(out), out.size(), 0, n, 1, n - 1,
// CHECK: l2c::toDevice(l2c::rowsOf(in), in.size(),
// CHECK: l2c::devFreshRows(l2c::rowsOf(out), out.size(), 0, n, 1, n - 1, {{.*}}, l2c::devReads(l2c::rowsOf(in), in.size(),
// CHECK: l2c::toHost(l2c::rowsOf(out), out.size(),
void blur(const Grid &in, Grid &out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = in[i][j - 1] + in[i][j] + in[i][j + 1];
}

// Row i written and row i - 1 read: the rows depend on each other, and the
// inner loop runs on the GPU instead.
// DIAG: vector-rows.cpp:[[@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: m[i][j] written at i=1, j=0 is read by m[i - 1][j]
// DIAG: vector-rows.cpp:[[@LINE+4]]:5: remark: runs on the GPU interchanged with the loop at line [[@LINE+3]]
void prefix(Grid &m, int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      m[i][j] += m[i - 1][j];
}

// A row's size() reads the device array of row sizes (inner-sizes.cpp).
// CHECK-LABEL: __global__ void rowSizes_L{{[0-9]+}}(
// CHECK-SAME: const unsigned long *l2c_rowsizes_m)
void rowSizes(Grid &m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < (int)m[i].size(); j++)
      m[i][j] = 0;
}

// A reference to a row, used as row[j] and row.size(), is a pointer into
// the device row.
// CHECK-LABEL: __global__ void rowRef_L{{[0-9]+}}(
// CHECK: double *row = m[i];
// CHECK: for (unsigned long j = 0; j < l2c_rowsizes_m[i]; j++) {
// CHECK-NEXT: row[j] = 0;
void rowRef(Grid &m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<double> &row = m[i];
    for (std::size_t j = 0; j < row.size(); j++)
      row[j] = 0;
  }
}

// A row handed to a function stays on the host.
// DIAG: vector-rows.cpp:[[@LINE+4]]:3: warning: loop not parallelized: 'm' is a vector of vectors, which the device reads only as m[i][j] and m[i].size() [extract-kernel]
double first(const std::vector<double> &r) { return r[0]; }
void rowArg(Grid &m, std::vector<double> &out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = first(m[i]);
}

// Rows of rows of vectors are still refused.
// DIAG: vector-rows.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'm' has elements of type 'std::vector<std::vector<int>>'
void deeper(std::vector<std::vector<std::vector<int>>> &m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    m[i][0][0] = i;
}

// CHECK-LABEL: void rows(Grid &m, int n)
// CHECK: l2c::release(l2c::rowsOf(m),
void rows(Grid &m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      m[i][j] = m[i][j] * 2;
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/update-histograms.cu | FileCheck %s

// An update at a subscript that does not move with the index is a
// histogram: without the clause it races on the GPU. C arrays and pointers
// said so already (Histograms.cpp); a std::vector or an element accessor
// (Accessors.cpp) was trusted with a remark, as a plain store is.
#include <vector>

class Domain {
public:
  explicit Domain(int n) : m_h(n) {}
  double &h(int i) { return m_h[i]; }

private:
  std::vector<double> m_h;
};

// DIAG: update-histograms.cpp:[[#@LINE+4]]:3: warning: loop not parallelized: 'h[k[i]]' is updated at a subscript that other iterations may share: a histogram races on the GPU (loop2cuda runs histograms of C arrays and pointers named in reduction(op: h[:B])) [dependence]
// DIAG: update-histograms.cpp:[[#@LINE+4]]:5: note: found here
void counts(std::vector<double> &h, const int *k, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[k[i]] += 1.0;
}

// DIAG: update-histograms.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: 'd.h(i / 2)' is updated at a subscript that other iterations may share
void halves(Domain &d, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    d.h(i / 2) += 1.0;
}

// DIAG: update-histograms.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: 'h[k[i] & 7]' is updated at a subscript that other iterations may share
void bumps(std::vector<int> &h, const int *k, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[k[i] & 7]++;
}

// The iteration's own element: an update the dependence test checks as
// any other.
// CHECK-LABEL: __global__ void own_L{{[0-9]+}}(
// CHECK:         h[i] += k[i];
void own(std::vector<double> &h, const int *k, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[i] += k[i];
}

// A plain store through an index array (a scatter) is still trusted.
// DIAG: update-histograms.cpp:[[#@LINE+4]]:5: remark: iterations are checked at run time: subscript 'h[k[i]]' reads 'k[i]' from memory{{.*}} [dependence]
void scatter(std::vector<double> &h, const int *k, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[k[i]] = i;
}

// Through pointer arithmetic: *(h + e) is h[e], *p of a pointer into a row
// (RowPointers.cpp) its element.
// DIAG: update-histograms.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: '*(h + (k[i] & 15))' is updated at a subscript that other iterations may share
void derefs(double *h, const int *k, int n) {
#pragma loop2cuda parallel copy(h[0:16]) copyin(k[0:n])
  for (int i = 0; i < n; i++)
    *(h + (k[i] & 15)) += 1.0;
}
// DIAG: update-histograms.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: '*p' is updated at a subscript that other iterations may share
void pointers(double *h, const int *k, int n) {
#pragma loop2cuda parallel copy(h[0:16]) copyin(k[0:n])
  for (int i = 0; i < n; i++) {
    double *p = &h[k[i] & 15];
    *p += 1.0;
  }
}

// *(a + i) of the iteration's own element: its count comes from the
// subscript, as for a[i].
// CHECK-LABEL: __global__ void offsets_L{{[0-9]+}}(
// CHECK:         *(a + i) = *(b + i) * 2.0;
// CHECK-LABEL: void offsets(
// CHECK:         l2c::toHost(a, n,
void offsets(double *__restrict__ a, const double *__restrict__ b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    *(a + i) = *(b + i) * 2.0;
}

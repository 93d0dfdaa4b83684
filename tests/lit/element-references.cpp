// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/element-references.cu | FileCheck %s --check-prefix=CU

// A reference or a pointer the loop reads that is an element, or a row, of
// an array the loop writes: the file shows it, so the loop is decided as
// if the element were named (ElementReferences.cpp, Allocations.cpp
// pointsVia). Before, each went to the kernel as a value or as a separate
// array, and the program printed other numbers than the sequential one.
#include <vector>

// CHECK: element-references.cpp:[[@LINE+5]]:3: warning: loop not parallelized: iterations are not independent: a[i] written at i=500 is read by a[500] at i=0 (n=1000) [dependence]
void local_reference(double *a) {
  const int n = 1000;
  double &r = a[500];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i] + r;
}

// CHECK: element-references.cpp:[[@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: w[i] written at i=3 is read by w[3] at i=0 {{.*}}[dependence]
void vector_reference(std::vector<int> &w) {
  int &r = w[3];
#pragma omp parallel for
  for (int i = 0; i < (int)w.size(); i++)
    w[i] = w[i] * 2 + r;
}

// An element no iteration writes: the reference is a number.
// CU-LABEL: __global__ void head_reference_L{{[0-9]+}}(
void head_reference(double *a, int n) {
  double &h = a[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = a[i] * h;
}

// A reference parameter that a caller of the file binds to an element.
// CHECK: element-references.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 's' refers to an element of 'a', which the loop writes: the call at line [[#@LINE+6]] binds it to 'a[400]' [dependence]
void add_ref(double *a, const double &s, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] += s;
}
void caller(double *a) { add_ref(a, a[400], 1000); }

// A row of row pointers, of a vector of vectors, its data().
// CHECK: element-references.cpp:[[@LINE+5]]:3: remark: assuming iterations are independent: the rows of 'A' do not overlap {{.*}}[dependence]
// CHECK: element-references.cpp:[[@LINE+4]]:3: warning: loop not parallelized: 'A' and 'r0' may point into the same memory: line [[#@LINE+2]] gives one of them a pointer derived from the other [dependence]
void row_pointer(double **A, int n) {
  double *r0 = A[0];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    A[i][i] = r0[n - 1 - i] + 0.5;
}
// The same row passed by a caller of the file.
// CHECK: element-references.cpp:[[@LINE+4]]:3: remark: assuming iterations are independent: the rows of 'A' do not overlap {{.*}}[dependence]
// CHECK: element-references.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'A' and 'r0' may point into the same memory: the call at line [[#@LINE+6]] passes them pointers into one array [dependence]
void row_parameter(double **A, const double *r0, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    A[i][i] = r0[n - 1 - i] + 0.5;
}
void row_caller(double **A, int n) { row_parameter(A, A[0], n); }
// CHECK: element-references.cpp:[[@LINE+5]]:3: warning: loop not parallelized: 'g' and 'row0' are one memory: line [[#@LINE+3]] binds one to a row of the other [dependence]
void row_reference(std::vector<std::vector<double>> &g) {
  int n = g.size();
  std::vector<double> &row0 = g[0];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g[i][i] = row0[n - 1 - i] + 0.5;
}
// CHECK: element-references.cpp:[[@LINE+5]]:3: warning: loop not parallelized: 'g' and 'r0' are one memory: line [[#@LINE+3]] binds one to a row of the other [dependence]
void row_data(std::vector<std::vector<double>> &g) {
  int n = g.size();
  double *r0 = g[0].data();
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g[i][i] = r0[n - 1 - i] + 0.5;
}

// A range-based for whose variable is the element: the run-time probe
// cannot follow it, so a subscript it must check rejects the loop.
// CHECK: element-references.cpp:[[@LINE+3]]:3: warning: loop not parallelized: iterations may not be independent (cannot compare subscripts 'v' and 'v[k]'), and loop2cuda cannot check them at run time: the body reaches elements through the loop variable, which the probe cannot follow [dependence]
void range_probe(std::vector<double> &v, int k) {
#pragma omp parallel for
  for (auto &x : v)
    x = x * 2 + v[k];
}

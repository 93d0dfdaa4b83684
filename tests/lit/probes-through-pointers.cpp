// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 | FileCheck %s

// A probe records the elements each iteration reaches through subscripts
// of the probed arrays; a local pointer or reference into memory hides
// them (a store through a reference also looks like an assignment of a
// variable, which the probe keeps, so the probe would store too). Such
// loops stay on the CPU (found by a helper's hunt with the emulated
// device: a permutation written through `int &r` came out incremented
// three times; rows reached through `int *row` were never checked).
#include <vector>

// CHECK: probes-through-pointers.cpp:[[@LINE+4]]:3: warning: loop not parallelized: iterations may not be independent (subscript 'v[perm[i]]' reads 'perm[i]' from memory), and loop2cuda cannot check them at run time: the body reaches elements through 'r', a pointer or reference the probe cannot follow
void referenceToElement(std::vector<int> &v, const std::vector<int> &perm) {
  int n = (int)perm.size();
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int &r = v[perm[i]];
    r = r + 1;
  }
}

// CHECK: probes-through-pointers.cpp:[[@LINE+3]]:3: warning: loop not parallelized: {{.*}} through 'row', a pointer or reference the probe cannot follow
void pointerToRow(int *A, const int *idx, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int *row = &A[idx[i] * m];
    for (int j = 0; j < m; ++j)
      row[j] = row[j] * 2 + i;
  }
}

// An update through a pointer to an element is a histogram's.
// CHECK: probes-through-pointers.cpp:[[@LINE+3]]:3: warning: loop not parallelized: '*p' is updated at a subscript that other iterations may share
void pointerToElement(int *v, const int *perm, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int *p = v + perm[i];
    *p += i;
  }
}

// A reference to const into a probed array: its reads go unchecked.
// CHECK: probes-through-pointers.cpp:[[@LINE+3]]:3: warning: loop not parallelized: {{.*}} through 'c', a pointer or reference the probe cannot follow
void constReference(double *y, const double *x, const int *idx, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    const double &c = y[idx[i] + 1];
    y[idx[i]] = c + x[i];
  }
}

// Subscripts of the probed array alone: still probed.
// CHECK: probes-through-pointers.cpp:[[@LINE+4]]:5: remark: iterations are checked at run time: subscript 'y[idx[i]]' reads 'idx[i]' from memory
void plainSubscripts(double *y, const double *x, const int *idx, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    y[idx[i]] = 2 * x[i];
}

// A reference to an accessor's element (the helper's Image class): the
// probe would store through it too (an image came out doubled three times).
class Img {
  int w_, h_;
  std::vector<float> px_;

public:
  int width() const { return w_; }
  int height() const { return h_; }
  float &at(int x, int y) { return px_[y * w_ + x]; }
};
// CHECK: probes-through-pointers.cpp:[[@LINE+3]]:3: warning: loop not parallelized: {{.*}} through 'p', a pointer or reference the probe cannot follow
void doubleImage(Img &img) {
#pragma omp parallel for
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      float &p = img.at(x, y);
      p = p * 2.0f;
    }
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:

// A marked loop in a template: its instantiations are not translated yet,
// and the user is told so at the loop instead of nothing (issue 13 will
// translate them).
// CHECK: template-loops.cpp:[[@LINE+2]]:1: warning: the loop of '#pragma omp parallel for' is in a template, whose instantiations are not translated yet; it stays on the CPU [mark-loop]
template <class T> void scale(int n, T *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

// Inside a parallel region too.
// CHECK: template-loops.cpp:[[@LINE+4]]:1: warning: the loop of '#pragma omp for' is in a template, whose instantiations are not translated yet; it stays on the CPU [mark-loop]
template <class T> void shift(int n, T *a, const T *b) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = b[i] + 1;
  }
}

void use(int n, float *a, const float *b) {
  scale(n, a);
  shift(n, a, b);
}

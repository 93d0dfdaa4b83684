// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s

// Only counted loops run on the GPU: for (T i = lb; i < ub; i += c), or
// downward (i >= lb; i -= c), with a constant c and bounds that have no
// effects (the launch evaluates them once). loop-shape-downward.cpp has the
// downward forms that are accepted.
int counter;
int next() { return ++counter; }
void shapes(float *a, int n, int step) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = n - 1; i < n; --i)
    a[i] = 0;
// CHECK: loop-shape.cpp:[[@LINE-2]]:3: warning: loop not parallelized: loop is not in canonical form: the index moves down while the condition wants it to grow [loop-shape]
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = 0; i < next(); ++i)
    a[i] = 0;
// CHECK: loop-shape.cpp:[[@LINE-2]]:3: warning: loop not parallelized: loop is not in canonical form: the bound 'next()' calls 'next', which may have effects; compute it before the loop [loop-shape]
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = 0; i < n; i += step)
    a[i] = 0;
// CHECK: loop-shape.cpp:[[@LINE-2]]:3: warning: loop not parallelized: loop is not in canonical form: {{.*}} [loop-shape]
#pragma loop2cuda parallel copy(a[0:n])
  for (float x = 0; x < n; x += 1)
    a[(int)x] = 0;
// CHECK: loop-shape.cpp:[[@LINE-2]]:3: warning: loop not parallelized: loop is not in canonical form: {{.*}} [loop-shape]
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s

// A scalar updated in a way that is not a reduction, or a reduction without
// its clause, stays on the CPU; the warning names the clause that would make
// it legal, or why none can.
void bad(const int *b, int n, int *out) {
  int s = 0, m = 0, t = 0, r = 0;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    s += b[i];
// CHECK: reduce-rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: scalar 's' is written in the loop and is not a reduction; add reduction(+:s) to the pragma [reduction]
  // Read besides its update (DataRaceBench's DRB111): no clause helps, and
  // reduction(+:j) would give c[j] a partial value.
  int j = 0;
  int c[1000];
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    c[j] += b[i];
    j++;
  }
// CHECK: reduce-rejections.cpp:[[@LINE-4]]:3: warning: loop not parallelized: scalar 'j' is updated in the loop and read besides its updates, so an iteration reads the value earlier ones left: iterations are not independent (a counter that steps with the loop can be computed from its index instead) [dependence]
  out[1] = c[0] + j;
#pragma loop2cuda parallel reduction(max:m)
  for (int i = 0; i < n; ++i)
    m = m + b[i];
// CHECK: reduce-rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: scalar 'm' is updated in a form that is not a 'max' reduction [reduction]
#pragma loop2cuda parallel reduction(+:t)
  for (int i = 0; i < n; ++i)
    t = t * 2 + b[i];
// CHECK: reduce-rejections.cpp:[[@LINE-2]]:3: warning: loop not parallelized: scalar 't' is updated in a form that is not a '+' reduction [reduction]
#pragma loop2cuda parallel reduction(+:r)
  for (int i = 0; i < n; ++i) {
    r += b[i];
    out[i] = r;
  }
// CHECK: reduce-rejections.cpp:[[@LINE-4]]:3: warning: loop not parallelized: {{.*}}'r'{{.*}} [reduction]
  out[0] = s + m + t + r;
}

// Legality fuzzer find: seed 326 (--units 8), program 1, loop 5, reduced by
// reduce.py from 150 lines (the same fault as member-brace-init.c, through
// a pointer to the struct and a reference to the vector).
// The tool (working tree of 2026-12-06 15:49, after the pointer-origin
// change): accepts the loop with no warning and no remark: a kernel.
// The oracle: sp->p[i] is b[i + 2], read by iteration i and written as r[i]
// by iteration i + 2 (a read in one iteration, a write in another).
#include <cstdio>
#include <vector>
struct S {
  double *p;
  int n;
};
int main(int argc, char **argv) {
  (void)argv;
  int n = 24 + argc;
  std::vector<double> a(n), b(n + 2);
  for (int i = 0; i < n + 2; i++)
    b[i] = i % 5;
  std::vector<double> &r = b;
  S s = {b.data() + 2, n};
  S *sp = &s;
#pragma omp parallel for
  for (int i = 3; i < n - 3; i++)
    r[i] = sp->p[i] + a[i - 1] + 3;
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += b[i] * (i + 1);
  std::printf("%.0f\n", sum);
  return 0;
}

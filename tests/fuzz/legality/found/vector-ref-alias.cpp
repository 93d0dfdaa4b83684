// Legality fuzzer find (by hand from the fuzzer's `std::vector<T> &r = a;`
// shape, while checking seed 71's assumed-alias loops of fuzz.py 1-400).
// The tool at commit 3f578a0: accepts the second loop with no warning and
// no remark (a kernel); the first, `f(a.data() + 1, a.data(), n)` and
// `f(&a[1], &a[0], n)`, only with `remark: assuming iterations are
// independent: 'x' and 'y' may point into the same memory`, although
// docs/diagnostics.md promises a warning for a call that passes pointers
// into one array (C's `f(p + 1, p, n)` gets it). With the pointer-origin
// work in the working tree of 2026-12-06 15:46 all three loops get
// `warning: loop not parallelized: ... are one array`: kept as a
// regression test.
// The oracle: r[i + 1] is a[i + 1], read by iteration i and written by
// iteration i + 1; y[i] is x[i - 1], written by iteration i - 1; p[i] is
// a[i + 2].
#include <cstdio>
#include <vector>
static void f(long *x, long *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[i] + 1;
}
int main(int argc, char **argv) {
  (void)argv;
  int n = 100 + argc;
  std::vector<long> a(n + 3);
  f(a.data() + 1, a.data(), n);
  std::vector<long> &r = a;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = r[i + 1] + 1;
  long *p = a.data() + 2;
#pragma omp parallel for
  for (int i = 0; i < n - 2; i++)
    a[i] = p[i] + 1;
  std::printf("%ld\n", a[n - 5]);
  return 0;
}

// GPU comparison test: rows reached through a pointer member of an array
// of structs (e[i].p), set to point into one buffer (base). The kernel
// writes the rows; the host then reads base, whose bytes those rows are:
// the copy of the rows to the host must come before that read (it once
// moved past it, and the program printed the input's checksum).
#include <cstdio>

struct E {
  double *p;
};

int main() {
  const int n = 20000;
  static double base[2 * n];
  static E e[n];
  for (int i = 0; i < 2 * n; i++)
    base[i] = (i % 17) * 0.5;
  for (int i = 0; i < n; i++)
    e[i].p = base + 2 * i;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    e[i].p[1] = e[i].p[0] * 0.5 + 1.0;
  double s = 0;
  for (int i = 0; i < 2 * n; i++)
    s += base[i] * (i % 7 + 1);
  std::printf("%.4f\n", s);
  return 0;
}

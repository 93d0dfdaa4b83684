// GPU comparison test: arrays whose address the program keeps somewhere
// else, then reaches through that other place between GPU loops: a global
// pointer (`gp = raw;`) a helper writes through, a global set by a helper
// (`stash_it(raw)`) that another helper writes through, a global struct
// member (`g.p = a;`) written inside a time loop, a struct passed by value
// whose member points into the array, an array of pointers, and a vector
// of pointers. The copies between host and device must come before each
// such use, as the sequential program's order requires.
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int N = 5000;

static double *gp;
static void poke(int k) { gp[k] += 100; }
static double peek(int k) { return gp[k]; }

static double *stash;
static void stash_it(double *p) { stash = p; }
static void use_stash() { stash[3] = 77; }

struct H {
  double *p;
};
H g;
static double a[N];
static void bump_g() { g.p[0] += 100; }
static double first(H h) { return h.p[0]; }

int main() {
  double *raw = static_cast<double *>(std::malloc(N * sizeof(double)));
  for (int i = 0; i < N; ++i)
    raw[i] = i;
  gp = raw;
  stash_it(raw);
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    raw[i] *= 0.5;
  poke(20);
  double seen = peek(21);
  use_stash();
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    raw[i] += 1;

  g.p = a;
  for (int t = 0; t < 3; ++t) {
#pragma omp parallel for
    for (int i = 0; i < N; ++i)
      a[i] += 1;
    bump_g();
  }
  H h;
  h.p = a + 1;
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    a[i] *= 2;
  double f = first(h);

  double b[N];
  double *ptrs[1] = {b};
  std::vector<double *> v{b};
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    b[i] = i % 7;
  double viaArray = ptrs[0][3];
  v[0][4] += 10;
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    b[i] *= 3;

  double s = 0;
  for (int i = 0; i < N; ++i)
    s += raw[i] * (i % 3 + 1) + a[i] + b[i];
  std::printf("%.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f\n", raw[20], raw[3],
              seen, a[0], f, viaArray, b[4], s);
  std::free(raw);
  return 0;
}

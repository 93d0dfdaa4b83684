// GPU comparison test: arrays named through a namespace or a class, where
// another array of the same name is visible: a global `buf` beside
// `st::buf` (the loop writes the namespace's), a nested namespace's array,
// a static member array written in a function and in the class's own
// method, and a static constexpr table read by a stencil. The host's copies
// must name the loop's array (`st::buf`, `Pool::buf`), not the global. A
// function that uses both `buf` and `st::buf` keeps its loop on the CPU
// with a warning (analysis/NameClashes.cpp).
#include <cstdio>

double buf[100];
namespace st {
double buf[100];
namespace deep {
int counts[64];
}
} // namespace st

struct Pool {
  static double buf[100];
  void scale(int n) {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      buf[i] = buf[i] * 3 + 1;
  }
};
double Pool::buf[100];

struct Stencil {
  static constexpr double w[3] = {0.25, 0.5, 0.25};
};

static void namespace_arrays() {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    st::buf[i] = i * 0.5;
#pragma omp parallel for
  for (int i = 0; i < 64; ++i)
    st::deep::counts[i] = i * i;
}

static void member_arrays() {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    Pool::buf[i] = i + 0.25;
  // A method whose own kernel uses the array: the copy back comes before.
  Pool p;
  p.scale(100);
}

static void table(double *out) {
#pragma omp parallel for
  for (int i = 1; i < 99; ++i) {
    double s = 0;
    for (int k = -1; k <= 1; ++k)
      s += Stencil::w[k + 1] * st::buf[i + k];
    out[i - 1] = s;
  }
}

// Both arrays called buf in one function: the loop stays on the CPU.
static void both() {
  for (int i = 0; i < 100; ++i)
    buf[i] += 1;
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    st::buf[i] += buf[i];
}

int main() {
  for (int i = 0; i < 100; ++i)
    buf[i] = 7;
  namespace_arrays();
  member_arrays();
  double out[98];
  table(out);
  double s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  long c = 0;
  for (int i = 0; i < 100; ++i) {
    s1 += st::buf[i];
    s2 += buf[i];
    s3 += Pool::buf[i];
  }
  for (int i = 0; i < 98; ++i)
    s4 += out[i] * (i + 1);
  for (int i = 0; i < 64; ++i)
    c += st::deep::counts[i];
  both();
  double s5 = 0;
  for (int i = 0; i < 100; ++i)
    s5 += st::buf[i] * (i % 3 + 1) + buf[i];
  std::printf("%.2f %.2f %.2f %.4f %ld %.2f\n", s1, s2, s3, s4, c, s5);
  return 0;
}

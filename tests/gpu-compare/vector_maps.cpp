// GPU comparison test for the rule set vectorize-map
// (docs/rules/vectorize-map.md): element-wise maps over float, int and
// double arrays, run once from element 0 (16-byte vector loop plus a scalar
// tail: odd counts) and once from element 1, whose address is 4 or 8 bytes
// past an aligned one (the scalar fallback), with a conditional write and a
// write-only array, and a call whose written array is the array it reads. All values are small integers or halves, so every
// result is exact and the CPU and GPU builds print the same digits.
#include <cstdio>
#include <vector>

static void saxpy(int lb, int n, float a, const float *x, float *y) {
#pragma omp parallel for
  for (int i = lb; i < n; i++)
    y[i] = a * x[i] + y[i];
}

// Write-only z (never loaded), a conditional update of w.
static void mixed(int lb, int n, const int *u, int *z, int *w) {
#pragma omp parallel for
  for (int i = lb; i < n; i++) {
    z[i] = u[i] * 3 - 1;
    if (u[i] % 3 == 0)
      w[i] += z[i];
  }
}

// Called with z == u: the second statement reads the value the first wrote
// (the kernel's guard sends such a call to the scalar loop).
static void bump(int lb, int n, const int *u, int *z) {
#pragma omp parallel for
  for (int i = lb; i < n; i++) {
    z[i] = u[i] + 1;
    z[i] += u[i];
  }
}

static void scale(long long lb, long long n, double s, const double *p, double *q) {
#pragma omp parallel for
  for (long long i = lb; i < n; i++) {
    double t = p[i] * s;
    q[i] = t + 1;
  }
}

int main() {
  const int n = 100003; // not a multiple of 4: a tail
  std::vector<float> x(n), y(n);
  std::vector<int> u(n), z(n), w(n);
  std::vector<int> v(n);
  std::vector<double> p(n), q(n);
  for (int off = 0; off < 2; off++) {
    for (int i = 0; i < n; i++) {
      x[i] = (float)(i % 13);
      y[i] = (float)(i % 7);
      u[i] = i % 101 - 50;
      w[i] = i % 17;
      p[i] = (i % 31) * 0.5;
      v[i] = i % 23;
    }
    // off = 1: the first element is 4 or 8 bytes past an aligned address.
    saxpy(off, n, 0.5f, x.data(), y.data());
    mixed(off, n, u.data(), z.data(), w.data());
    scale(off, n, 4.0, p.data(), q.data());
    bump(off, n, v.data(), v.data());
    double sy = 0, sz = 0, sw = 0, sq = 0, sv = 0;
    for (int i = off; i < n; i++) {
      sy += y[i] * (i % 5 + 1);
      sz += z[i] * (i % 3 + 1);
      sw += w[i];
      sq += q[i] * (i % 7 + 1);
      sv += v[i] * (i % 3 + 1);
    }
    std::printf("offset %d: %.1f %.1f %.1f %.1f %.1f\n", off, sy, sz, sw, sq, sv);
  }
  return 0;
}

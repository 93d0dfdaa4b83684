// GPU comparison test: the rest of C++ as people write it. Brace
// initialisation in kernels and in called functions, a method of the
// enclosing object called with implicit this, std::complex arithmetic,
// a template parameter in a subscript, and bounds near a type's limit.
// Built with g++ and through loop2cuda; the outputs must be identical
// (small integers in float and double stay exact; complex results are
// printed rounded).
#include <climits>
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

struct Vec2 {
  float x, y;
};
struct Seg {
  Vec2 from, to;
};

Vec2 make(float x, float y) { return {x, y}; }

void braces(const std::vector<float> &a, std::vector<Vec2> &out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    Vec2 p{1, 2};
    Vec2 q = {a[i], 2 * a[i]};
    Seg s{{0, 1}, q};
    int k{3};
    out[i] = Vec2{p.x + s.to.x + k, make(q.y, 0).x + s.from.y};
  }
}

struct Affine {
  float k, b;
  float apply(float x) const { return k * x + b; }
  void run(const float *in, float *out, int n);
};

void Affine::run(const float *__restrict__ in, float *__restrict__ out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = apply(in[i]) + apply(1);
}

using cf = std::complex<float>;
using cd = std::complex<double>;

void complexes(const std::vector<cf> &a, const std::vector<cf> &b,
               std::vector<cf> &c, std::vector<double> &mag, cd w, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    cf z = a[i] * b[i] + cf(1, -1);
    z -= std::conj(a[i]) * 2.0f;
    c[i] = z / b[i];
    cd d = cd(c[i]) * w;
    mag[i] = std::abs(d) + std::norm(z) + z.real() - std::imag(d);
  }
}

template <int Stride>
void gather(const std::vector<int> &in, std::vector<int> &out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = in[i * Stride] + Stride;
}

void bounds(std::vector<int> &hist, unsigned char *bytes) {
  // Near INT_MAX (the last i + 3 still fits): counts in long long.
#pragma omp parallel for
  for (int i = INT_MAX - 64; i <= INT_MAX - 4; i += 3)
    hist[i - (INT_MAX - 64)] = i % 1000;
#pragma omp parallel for
  for (unsigned char c = 0; c < 255; ++c)
    bytes[c] = (unsigned char)(255 - c);
}

// Rounded to 1e-3, -0 printed as 0: the last bits of complex division and
// of hypot may differ between the CPU and the GPU.
static double fix(double x) { return std::round(x * 1000) / 1000 + 0.0; }

int main() {
  const int n = 64;
  std::vector<float> a(n), out1(n), in(n);
  for (int i = 0; i < n; ++i)
    a[i] = in[i] = (float)(i % 7);
  std::vector<Vec2> v(n);
  braces(a, v, n);

  Affine f{2, 3};
  f.run(in.data(), out1.data(), n);

  std::vector<cf> ca(n), cb(n), cc(n);
  std::vector<double> mag(n);
  for (int i = 0; i < n; ++i) {
    ca[i] = cf((float)(i % 5), (float)(i % 3) - 1);
    cb[i] = cf(1 + (float)(i % 4), (float)(i % 2));
  }
  complexes(ca, cb, cc, mag, cd(0.5, 2), n);

  std::vector<int> src(4 * n), g2(n), g4(n);
  for (int i = 0; i < 4 * n; ++i)
    src[i] = i * 3;
  gather<2>(src, g2, n);
  gather<4>(src, g4, n);

  std::vector<int> hist(64, -1);
  unsigned char bytes[256] = {0};
  bounds(hist, bytes);

  for (int i = 0; i < n; i += 5)
    printf("v %d %.1f %.1f out %.1f c %.3f %.3f mag %.3f g %d %d\n", i,
           v[i].x, v[i].y, out1[i], fix(cc[i].real()), fix(cc[i].imag()),
           fix(mag[i]), g2[i], g4[i]);
  long sum = 0;
  for (int i = 0; i < 64; ++i)
    sum += hist[i] * (i + 1);
  for (int c = 0; c < 256; ++c)
    sum += bytes[c] * (c + 1);
  printf("sum %ld\n", sum);
  return 0;
}

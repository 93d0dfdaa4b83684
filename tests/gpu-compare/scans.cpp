// GPU comparison test: scans (docs/scans.md). Built with g++ (sequentially)
// and through loop2cuda, at every stage of the scan ladder
// (bench/generate.sh); the outputs must be identical. Float and double
// values are small integers (sums) or +-1 (products), so that every prefix
// is exact in any order; integer products wrap in unsigned arithmetic.
#include <algorithm>
#include <cstdio>
#include <vector>

static unsigned next(unsigned &s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

// A checksum of all n outputs, weighted by position.
template <class T> static double check(const T *v, long n) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += (double)v[i] * (double)(i % 7 + 1);
  return s;
}
static unsigned long long checkBits(const unsigned *v, long n) {
  unsigned long long s = 0;
  for (long i = 0; i < n; ++i)
    s = s * 31 + v[i];
  return s;
}

// The recurrence s[i] = s[i-1] + a[i] from s[0].
static void recurrenceInt(const int *a, long n) {
  std::vector<int> sv(n + 1, 0);
  int *s = sv.data();
  s[0] = 7;
#pragma loop2cuda parallel
  for (long i = 1; i < n; ++i)
    s[i] = s[i - 1] + a[i] % 100;
  std::printf("recurrence int n=%ld: %d %.1f\n", n, n ? s[n - 1] : 0,
              check(s, n));
}

// In place: a[i] += a[i-1], float.
static void inPlaceFloat(const int *src, long n) {
  std::vector<float> av(n + 1);
  float *a = av.data();
  for (long i = 0; i < n; ++i)
    a[i] = (float)(src[i] % 4);
#pragma omp parallel for
  for (long i = 1; i < n; ++i)
    a[i] += a[i - 1];
  std::printf("in place float n=%ld: %.1f %.1f\n", n, n ? a[n - 1] : 0.f,
              check(a, n));
}

// max over the recurrence, long.
static void recurrenceMax(const int *a, long n) {
  std::vector<long> sv(n + 1, -5);
  long *s = sv.data();
#pragma loop2cuda parallel
  for (long i = 1; i < n; ++i)
    s[i] = std::max(s[i - 1], (long)a[i] - 50000);
  std::printf("recurrence max n=%ld: %ld %.1f\n", n, n ? s[n - 1] : 0,
              check(s, n));
}

// acc += a[i]; out[i] = acc; acc live after the loop (inclusive), double.
static void runningDouble(const int *a, long n) {
  std::vector<double> ov(n + 1);
  double *out = ov.data();
  double acc = 3;
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    acc += (double)(a[i] % 10);
    out[i] = acc;
  }
  std::printf("running double n=%ld: %.1f %.1f\n", n, acc, check(out, n));
}

// out[i] = acc; acc += a[i]; (exclusive), long long, beside another write.
static void exclusiveLong(const int *a, long n) {
  std::vector<long long> ov(n + 1), bv(n + 1);
  long long *out = ov.data(), *b = bv.data();
  long long acc = -11;
#pragma loop2cuda parallel
  for (long i = 0; i < n; ++i) {
    out[i] = acc;
    acc += a[i];
    b[i] = 2 * (long long)a[i];
  }
  std::printf("exclusive long long n=%ld: %lld %.1f %.1f\n", n, acc,
              check(out, n), check(b, n));
}

// A first index and a step: every other iteration from 3.
static void stepped(const int *a, long n) {
  std::vector<int> ov(n + 1, 0);
  int *out = ov.data();
  int acc = 0;
#pragma omp parallel for
  for (long i = 3; i < n; i += 2) {
    acc += a[i] % 100;
    out[i] = acc;
  }
  std::printf("stepped n=%ld: %d %.1f\n", n, acc, check(out, n));
}

// The bitwise and multiplicative operators over unsigned (wrapping).
static void bitsUnsigned(const int *a, long n) {
  std::vector<unsigned> o1(n + 1), o2(n + 1), o3(n + 1), o4(n + 1);
  unsigned *x = o1.data(), *y = o2.data(), *z = o3.data(), *p = o4.data();
  unsigned ax = 0, ay = 0xffffffffu, az = 1, ap = 1;
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    ax ^= (unsigned)a[i] * 2654435761u;
    x[i] = ax;
  }
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    ay &= ~(1u << (a[i] % 32)) | ((unsigned)a[i] & 0x7fffffffu);
    y[i] = ay;
  }
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    az |= 1u << (a[i] % 32);
    z[i] = az;
  }
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    ap *= (unsigned)a[i] | 1u;
    p[i] = ap;
  }
  std::printf("bits n=%ld: %u %u %u %u %llu %llu %llu %llu\n", n, ax, ay, az,
              ap, checkBits(x, n), checkBits(y, n), checkBits(z, n),
              checkBits(p, n));
}

// OpenMP inscan, inclusive: + over float, beside an independent write.
static void inscanInclusive(const int *a, long n) {
  std::vector<float> ov(n + 1), bv(n + 1);
  float *out = ov.data(), *b = bv.data();
  float x = 1;
#pragma omp parallel for reduction(inscan, + : x)
  for (long i = 0; i < n; ++i) {
    b[i] = (float)(a[i] % 3);
    x += (float)(a[i] % 4);
#pragma omp scan inclusive(x)
    out[i] = x;
  }
  std::printf("inscan inclusive n=%ld: %.1f %.1f %.1f\n", n, x, check(out, n),
              check(b, n));
}

// OpenMP inscan, exclusive: min over int.
static void inscanExclusive(const int *a, long n) {
  std::vector<int> ov(n + 1);
  int *out = ov.data();
  int x = 1 << 30;
#pragma omp parallel for reduction(inscan, min : x)
  for (long i = 0; i < n; ++i) {
    out[i] = x;
#pragma omp scan exclusive(x)
    x = std::min(x, a[i] + (int)(i % 1000));
  }
  std::printf("inscan exclusive n=%ld: %d %.1f\n", n, x, check(out, n));
}

// A product of +-1 in double: exact in any order.
static void signs(const int *a, long n) {
  std::vector<double> ov(n + 1);
  double *out = ov.data();
  double acc = -1;
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    acc *= (a[i] & 1) ? -1.0 : 1.0;
    out[i] = acc;
  }
  std::printf("signs n=%ld: %.1f %.1f\n", n, acc, check(out, n));
}

int main() {
  const long sizes[] = {0, 1, 31, 32, 33, 1023, 1024, 1025, 3000017};
  const long most = 3000017;
  std::vector<int> keys(most + 1);
  unsigned s = 12345;
  for (long i = 0; i <= most; ++i)
    keys[i] = (int)(next(s) % 100000);
  const int *a = keys.data();
  for (long n : sizes) {
    recurrenceInt(a, n);
    inPlaceFloat(a, n);
    recurrenceMax(a, n);
    runningDouble(a, n);
    exclusiveLong(a, n);
    stepped(a, n);
    bitsUnsigned(a, n);
    inscanInclusive(a, n);
    inscanExclusive(a, n);
    signs(a, n);
  }
  return 0;
}

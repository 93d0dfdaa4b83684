// GPU comparison test: scans whose copies stream (rule set stream-copies,
// runtime/loop2cuda_stream.cuh). Each function scans an array once,
// between the copy in of its input and the copy out of its output, so the
// copies move in chunks overlapped with the scan. The runtime streams only
// page-locked host arrays of at least 16 MiB, and locks an array from its
// 8th transfer: the first calls copy whole arrays, the later ones stream.
// Every size runs ten times, with the input changed on the host between
// runs, so each run must carry the new data in. Sizes: 2^22 elements (16
// MiB of int, 4 chunks of 4 MiB), one with a partial last chunk and tile,
// and a small one that never streams. Float inputs are -1, 0 or 1, so every
// prefix is exact in any order.
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

static void inclusiveInt(const int *a, int *out, long n) {
  int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += a[i];
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
}

static void exclusiveInt(const int *a, int *out, long n) {
  int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    out[i] = acc;
#pragma omp scan exclusive(acc)
    acc += a[i];
  }
}

static void inclusiveFloat(const float *a, float *out, long n) {
  float acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += a[i];
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
}

static void exclusiveMax(const int *a, int *out, long n) {
  int acc = -2147483647 - 1;
#pragma omp parallel for reduction(inscan, max : acc)
  for (long i = 0; i < n; ++i) {
    out[i] = acc;
#pragma omp scan exclusive(acc)
    acc = acc > a[i] ? acc : a[i];
  }
}

int main() {
  const long sizes[] = {1L << 22, (1L << 22) + 3 * 4097 + 5, 1000};
  for (long n : sizes) {
    std::vector<int> a(n), out(n);
    std::vector<float> f(n), fout(n);
    unsigned s = 2024 + (unsigned)n;
    for (long i = 0; i < n; ++i) {
      a[i] = (int)(next(s) % 2001) - 1000;
      f[i] = (float)((int)(next(s) % 3) - 1);
    }
    for (int run = 0; run < 10; ++run) {
      // New data on the host before every run.
      for (int k = 0; k < 64; ++k) {
        long i = (long)(next(s) % (unsigned)n);
        a[i] = (int)(next(s) % 2001) - 1000;
        f[i] = -f[i];
      }
      inclusiveInt(a.data(), out.data(), n);
      std::printf("n=%ld run %d inclusive int %.1f", n, run,
                  check(out.data(), n));
      exclusiveInt(a.data(), out.data(), n);
      std::printf(" exclusive int %.1f", check(out.data(), n));
      inclusiveFloat(f.data(), fout.data(), n);
      std::printf(" inclusive float %.1f", check(fout.data(), n));
      exclusiveMax(a.data(), out.data(), n);
      std::printf(" exclusive max %.1f\n", check(out.data(), n));
    }
  }
  return 0;
}

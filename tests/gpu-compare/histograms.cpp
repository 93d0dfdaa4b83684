// GPU comparison test: histograms (docs/histograms.md). Built with g++
// (sequentially) and through loop2cuda; the outputs must be identical.
// Weights are small integers, also in float and double, so that every sum
// is exact in any order.
#include <algorithm>
#include <cstdio>
#include <vector>

static unsigned next(unsigned &s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

// h[key[i]]++ into a C array named whole, from a non-zero start.
static void countWhole(const std::vector<unsigned char> &key, long n) {
  int h[256];
  for (int b = 0; b < 256; ++b)
    h[b] = b % 3;
  const unsigned char *k = key.data();
#pragma omp parallel for reduction(+ : h)
  for (long i = 0; i < n; ++i)
    h[k[i]]++;
  long long s = 0;
  for (int b = 0; b < 256; ++b)
    s += (long long)h[b] * (b + 1);
  std::printf("whole n=%ld: %d %d %d %lld\n", n, h[0], h[17], h[255], s);
}

// h[k] += w with a section, in unsigned, float and double.
template <class T> static void weighted(const std::vector<int> &key, long n) {
  std::vector<T> hv(100, T(1));
  T *h = hv.data();
  const int *k = key.data();
#pragma omp parallel for reduction(+ : h[ : 100])
  for (long i = 0; i < n; ++i)
    h[k[i] % 100] += (T)(i % 5);
  double s = 0;
  for (int b = 0; b < 100; ++b)
    s += (double)h[b] * (b % 7 + 1);
  std::printf("weighted n=%ld: %.1f %.1f %.1f\n", n, (double)h[0],
              (double)h[99], s);
}

// h[k] = h[k] + w with a bin count that is not a constant (stage 1 only),
// and a loop2cuda pragma.
static void runtimeBins(const std::vector<int> &key, long n, int bins) {
  std::vector<int> hv(bins, 0);
  int *h = hv.data();
  const int *k = key.data();
#pragma loop2cuda parallel reduction(+ : h[0 : bins])
  for (long i = 0; i < n; ++i)
    h[k[i] % bins] = h[k[i] % bins] + 2;
  long long s = 0;
  for (int b = 0; b < bins; ++b)
    s += (long long)h[b] * (b + 3);
  std::printf("runtime bins=%d n=%ld: %d %lld\n", bins, n, h[0], s);
}

// Skewed keys: most go to one bin.
static void skewed(const std::vector<int> &key, long n) {
  int h[64] = {0};
  const int *k = key.data();
#pragma omp parallel for reduction(+ : h[ : 64])
  for (long i = 0; i < n; ++i)
    h[(k[i] & 7) == 0 ? k[i] % 64 : 5] += 1;
  std::printf("skewed n=%ld: %d %d %d\n", n, h[0], h[5], h[8]);
}

// All keys equal: every lane of a warp updates one bin (the case of
// histogram-warp-aggregate, stage 3, where one lane adds for the warp).
static void allEqual(long n) {
  std::vector<unsigned char> same(n > 0 ? n : 1, 42);
  const unsigned char *k = same.data();
  unsigned h[256] = {0};
#pragma omp parallel for reduction(+ : h)
  for (long i = 0; i < n; ++i)
    h[k[i]] += 3;
  std::printf("all equal n=%ld: %u %u\n", n, h[42], h[0]);
}

// max into bins.
static void maxBins(const std::vector<int> &key, long n) {
  int h[32];
  for (int b = 0; b < 32; ++b)
    h[b] = -1;
  const int *k = key.data();
#pragma omp parallel for reduction(max : h[ : 32])
  for (long i = 0; i < n; ++i)
    h[k[i] % 32] = std::max(h[k[i] % 32], (int)(i % 1000));
  long long s = 0;
  for (int b = 0; b < 32; ++b)
    s += (long long)h[b] * (b + 1);
  std::printf("max n=%ld: %d %lld\n", n, h[3], s);
}

int main() {
  const long sizes[] = {0, 1, 31, 32, 33, 1023, 1024, 1025, 3000017};
  const long most = 3000017;
  std::vector<unsigned char> bytes(most);
  std::vector<int> keys(most);
  unsigned s = 12345;
  for (long i = 0; i < most; ++i) {
    keys[i] = (int)(next(s) % 100000);
    bytes[i] = (unsigned char)keys[i];
  }
  for (long n : sizes) {
    countWhole(bytes, n);
    weighted<unsigned>(keys, n);
    weighted<float>(keys, n);
    weighted<double>(keys, n);
    runtimeBins(keys, n, 37);
    skewed(keys, n);
    maxBins(keys, n);
    allEqual(n);
  }
  return 0;
}

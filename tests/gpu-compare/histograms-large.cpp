// GPU comparison test: histograms over more than 2^31 keys
// (docs/histograms.md, issue 11). Built with g++ (sequentially) and
// through loop2cuda, with the default pipeline (tests/generate.sh) and at
// every stage of the histogram ladder (bench/generate.sh); the outputs must
// be identical. The loop bound is a long, so the kernels' indices must be
// 64-bit: an index that wraps at 2^31 counts the wrong keys. 2 GiB of keys
// on the device; uniform keys, then skewed ones (most to one bin, so that
// whole warps share a key).
// gpu-emulate: skip 2^31 keys, four times, through the emulated device take minutes of CI (lit histogram-64bit.c checks the 64-bit indices; the GPU tier runs it)
#include <cstdio>
#include <vector>

static void report(const char *what, const unsigned *h, long n) {
  unsigned long long s = 0, t = 0;
  for (int b = 0; b < 256; ++b) {
    s += h[b];
    t = t * 31 + h[b];
  }
  std::printf("%s n=%ld: total %llu, hash %llu, h[0] %u, h[42] %u, "
              "h[255] %u\n",
              what, n, s, t, h[0], h[42], h[255]);
}

int main() {
  const long n = (1L << 31) + 4097;
  std::vector<unsigned char> keys(n);
  for (long i = 0; i < n; ++i)
    keys[i] = (unsigned char)(((unsigned long)i * 2654435761u) >> 13);
  const unsigned char *key = keys.data();

  unsigned h[256] = {0};
#pragma omp parallel for reduction(+ : h)
  for (long i = 0; i < n; ++i)
    h[key[i]]++;
  report("uniform", h, n);

  unsigned g[256] = {0};
#pragma omp parallel for reduction(+ : g)
  for (long i = 0; i < n; ++i)
    g[key[i] < 16 ? key[i] : 42]++;
  report("skewed", g, n);
  return 0;
}

// GPU comparison test: scans over more than 2^31 elements (docs/scans.md,
// issue 11). Built with g++ (sequentially) and through loop2cuda, with the
// default pipeline (tests/generate.sh) and at every stage of the scan
// ladder (bench/generate.sh); the outputs must be identical. The loop
// bound is a long and the tile and element indices of the kernels must be
// 64-bit: an index that wraps at 2^31 writes the wrong elements and the
// checksums differ. Inputs are signed chars in [-3, 3] (2 GiB), outputs
// ints (8 GiB): about 10 GiB on the device.
// gpu-emulate: skip 10 GiB twice (the CPU build's and the emulated device's)
#include <cstdio>
#include <vector>

// A hash of all outputs, and the outputs around 2^31.
static void report(const char *what, const int *out, long n, int acc) {
  unsigned long long s = 0;
  for (long i = 0; i < n; ++i)
    s = s * 31 + (unsigned)out[i];
  const long edge = 1L << 31;
  std::printf("%s n=%ld: acc %d, hash %llu, out[0] %d, out[2^31-1] %d, "
              "out[2^31] %d, out[n-1] %d\n",
              what, n, acc, s, out[0], out[edge - 1], out[edge], out[n - 1]);
}

int main() {
  const long n = (1L << 31) + 4097;
  std::vector<signed char> in(n);
  for (long i = 0; i < n; ++i)
    in[i] = (signed char)(((unsigned long)i * 2654435761u >> 13) % 7u) - 3;
  std::vector<int> outv(n);
  const signed char *a = in.data();
  int *out = outv.data();

  int acc = 5;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += a[i];
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
  report("inclusive", out, n, acc);

  int x = -2;
#pragma omp parallel for reduction(inscan, + : x)
  for (long i = 0; i < n; ++i) {
    out[i] = x;
#pragma omp scan exclusive(x)
    x += a[i];
  }
  report("exclusive", out, n, x);
  return 0;
}

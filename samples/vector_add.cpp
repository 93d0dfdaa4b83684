// vector_add.cpp - c = a + b on raw arrays.
//
// The marked loop reads a and b and writes c at index i, for i < n, so
// loop2cuda takes the extents of all three copies from the loop bounds.
//
// Usage: vector_add [n]          (default n = 1048576)
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  if (n <= 0) {
    std::fprintf(stderr, "vector_add: n must be positive\n");
    return 1;
  }

  float *a = new float[n];
  float *b = new float[n];
  float *c = new float[n];
  // Small integer values: every sum is exact in float, on CPU and GPU alike.
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(i % 1000);
    b[i] = (float)(2 * (i % 777));
  }

#pragma loop2cuda parallel name(vector_add)
  for (int i = 0; i < n; ++i) {
    c[i] = a[i] + b[i];
  }

  long long checksum = 0;
  for (int i = 0; i < n; ++i)
    checksum += (long long)c[i] * (i % 13 + 1);
  std::printf("vector_add: n = %d\n", n);
  std::printf("c[0] = %.1f, c[%d] = %.1f, c[%d] = %.1f\n", c[0], n / 2,
              c[n / 2], n - 1, c[n - 1]);
  std::printf("checksum: %lld\n", checksum);

  delete[] a;
  delete[] b;
  delete[] c;
  return 0;
}

// prefix_sum.cpp - the prefix sums of an integer array three ways: the
// recurrence s[i] = s[i-1] + v[i], an exclusive running sum (the offsets
// at which variable-length records would start), and a running maximum
// with OpenMP's inscan reduction (docs/scans.md).
//
// Usage: prefix_sum [n]         (default n = 10000019, a prime: no tile
//                                size divides it)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  long long n = argc > 1 ? std::atoll(argv[1]) : 10000019;
  if (n <= 0) {
    std::fprintf(stderr, "prefix_sum: n must be positive\n");
    return 1;
  }
  std::vector<int> v(n);
  unsigned long long state = 42;
  for (long long i = 0; i < n; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    v[i] = (int)((state >> 33) % 2001) - 1000;
  }

  // Inclusive: s[i] = v[0] + ... + v[i].
  std::vector<long long> s(n);
  s[0] = v[0];
#pragma loop2cuda parallel name(prefix)
  for (long long i = 1; i < n; ++i)
    s[i] = s[i - 1] + v[i];

  // Exclusive: where record i starts if it takes |v[i]| % 16 + 1 slots.
  std::vector<long long> start(n);
  long long total = 0;
#pragma loop2cuda parallel name(offsets)
  for (long long i = 0; i < n; ++i) {
    start[i] = total;
    total += std::abs(v[i]) % 16 + 1;
  }

  // The running maximum, OpenMP 5 style.
  std::vector<int> peak(n);
  int best = -1000000;
#pragma omp parallel for reduction(inscan, max : best)
  for (long long i = 0; i < n; ++i) {
    best = std::max(best, v[i]);
#pragma omp scan inclusive(best)
    peak[i] = best;
  }

  unsigned long long check = 0;
  for (long long i = 0; i < n; ++i)
    check = check * 31 + (unsigned long long)(s[i] + 7 * start[i] + 13 * peak[i]);
  std::printf("n = %lld\n", n);
  std::printf("s[n-1] = %lld, s[n/2] = %lld\n", s[n - 1], s[n / 2]);
  std::printf("records end at %lld, record n/2 starts at %lld\n", total,
              start[n / 2]);
  std::printf("peak[n-1] = %d, peak[n/3] = %d\n", peak[n - 1], peak[n / 3]);
  std::printf("checksum %llu\n", check);
  return 0;
}

// array_stats.cpp - sum, minimum, maximum and the number of even values of
// an integer array, in one loop with three reductions beside an array write.
//
// Usage: array_stats [n]        (default n = 10000019, a prime: no block
//                                size divides it)
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  long long n = argc > 1 ? std::atoll(argv[1]) : 10000019;
  if (n <= 0) {
    std::fprintf(stderr, "array_stats: n must be positive\n");
    return 1;
  }
  std::vector<int> v(n), doubled(n);
  unsigned long long state = 42;
  for (long long i = 0; i < n; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    v[i] = (int)((state >> 33) % 2000001) - 1000000;
  }

  long long sum = 0;
  int lo = INT_MAX, hi = INT_MIN;
  long long evens = 0;
#pragma loop2cuda parallel name(stats) reduction(+:sum, evens) reduction(min:lo) reduction(max:hi)
  for (long long i = 0; i < n; ++i) {
    int x = v[i];
    sum += x;
    lo = x < lo ? x : lo;
    if (x > hi)
      hi = x;
    evens += (x % 2 == 0);
    doubled[i] = 2 * x;
  }

  long long check = 0;
  for (long long i = 0; i < n; i += 1000)
    check += doubled[i];
  std::printf("array_stats: n = %lld\n", n);
  std::printf("sum = %lld, min = %d, max = %d, evens = %lld\n", sum, lo, hi,
              evens);
  std::printf("checksum of doubled: %lld\n", check);
  return 0;
}

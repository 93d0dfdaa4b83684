// GPU comparison test: each scan loop runs many times, at sizes that shrink
// and grow again, so that a single-pass scan's look-back states and ticket
// (kept between the runs of a loop, never cleared before a launch: the
// generations of runtime/loop2cuda_scan.cuh) hold what larger and earlier
// runs left. Built with g++ (sequentially) and through loop2cuda; the
// outputs must be identical. Float and double values are small integers,
// so that every prefix is exact in any order.
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

// Inclusive int sum (a 4-byte type: warp tiles at stage 5).
static void inclusiveInt(const int *a, int *out, long n) {
  int acc = 3;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += a[i] % 1000 - 500;
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
  std::printf("inclusive int n=%ld: %d %.1f\n", n, acc, check(out, n));
}

// Exclusive float sum.
static void exclusiveFloat(const int *a, float *out, long n) {
  float acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    out[i] = acc;
#pragma omp scan exclusive(acc)
    acc += (float)(a[i] % 3 - 1);
  }
  std::printf("exclusive float n=%ld: %.1f %.1f\n", n, acc, check(out, n));
}

// Inclusive double sum (an 8-byte type: a status word apart from the
// values in the look-back states).
static void inclusiveDouble(const int *a, double *out, long n) {
  double acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += (double)(a[i] % 5);
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
  std::printf("inclusive double n=%ld: %.1f %.1f\n", n, acc, check(out, n));
}

// Every n - round is at least 0: the copies of a[0, n) need n >= 0.
int main() {
  const long sizes[] = {2000003, 4097,    2000003, 3,    65536,  2000003,
                        300001,  2000003, 1025,    4096, 2000003};
  const long most = 2000003;
  std::vector<int> keys(most);
  unsigned s = 777;
  for (long i = 0; i < most; ++i)
    keys[i] = (int)(next(s) % 100000);
  std::vector<int> oi(most);
  std::vector<float> of(most);
  std::vector<double> od(most);
  for (int round = 0; round < 3; ++round)
    for (long n : sizes) {
      inclusiveInt(keys.data() + round, oi.data(), n - round);
      exclusiveFloat(keys.data() + round, of.data(), n - round);
      inclusiveDouble(keys.data() + round, od.data(), n - round);
    }
  return 0;
}

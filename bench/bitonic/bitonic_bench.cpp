// bitonic_bench.cpp - the bitonic sort loop nest of Doroshenko & Zhereb
// (2009, section 2.3), timed from the input copy to the first read of the
// sorted result, so that a GPU build pays for its copies in and out.
//
// loop2cuda turns the marked inner loop into a kernel and hoists the copies
// out of both host loops; bench/bitonic/run.sh times the g++ build of this
// file against the nvcc build of loop2cuda's output (the paper's Table 1).
//
// Usage: bitonic_bench LOG2_N   prints "N seconds sorted|UNSORTED checksum"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

void swap(int &x, int &y) {
  int t = x;
  x = y;
  y = t;
}

int main(int argc, char **argv) {
  int logN = argc > 1 ? std::atoi(argv[1]) : 20;
  if (logN < 1 || logN > 30) {
    std::fprintf(stderr, "bitonic_bench: LOG2_N must be in [1, 30]\n");
    return 1;
  }
  const int N = 1 << logN;
  std::vector<int> input(N), a(N);
  unsigned long long state = 2009;
  for (int i = 0; i < N; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    input[i] = (int)((state >> 33) % 1000000000);
  }

  auto start = std::chrono::steady_clock::now();
  a = input;
  for (int k = 2; k <= N; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
#pragma loop2cuda parallel name(bitonic_step)
      for (int i = 0; i < N; ++i) {
        int ixj = i ^ j;
        if (ixj > i) {
          if ((i & k) == 0) {
            if (a[i] > a[ixj])
              swap(a[i], a[ixj]);
          } else {
            if (a[i] < a[ixj])
              swap(a[i], a[ixj]);
          }
        }
      }
    }
  }
  long long first = a[0];
  auto stop = std::chrono::steady_clock::now();

  bool sorted = true;
  unsigned long long checksum = (unsigned long long)first;
  for (int i = 1; i < N; ++i) {
    sorted = sorted && a[i - 1] <= a[i];
    checksum = checksum * 31 + (unsigned long long)a[i];
  }
  double seconds = std::chrono::duration<double>(stop - start).count();
  std::printf("%d %.6f %s %llu\n", N, seconds, sorted ? "sorted" : "UNSORTED",
              checksum);
  return sorted ? 0 : 1;
}

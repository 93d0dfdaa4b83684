// Hand-written in the shape loop2cuda gives samples/bitonic_sort.cpp; it tests
// the GPU tier scripts themselves. swap() gets a renamed __device__ copy (nvcc
// rejects a __device__ function with the same name and signature as a host
// one), and the copies of a sit outside both host loops.
// bitonic_sort.cpp - bitonic sort of N integers (N a power of two).
//
// The loop nest of the classic GPU bitonic sort: for each merge size k and
// each step j, every i compares a[i] with its partner a[i ^ j] and swaps them
// into the direction that bit k of i selects. Only the innermost loop is
// parallel; loop2cuda turns it into a kernel and swap() into a __device__
// function, and keeps a on the device across both host loops (the example
// of Doroshenko & Zhereb 2009, after Batcher 1968).
//
// Usage: bitonic_sort [N | log2 N] [--time]
//        (default N = 2^20; a number below 64 is taken as log2 N;
//         --time prints the time of the sort in seconds on stderr)
#include "loop2cuda_runtime.cuh"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

void swap(int &x, int &y) {
  int t = x;
  x = y;
  y = t;
}

__device__ void l2c_device_swap(int &x, int &y) {
  int t = x;
  x = y;
  y = t;
}

// loop2cuda kernel bitonic_step: from bitonic_sort.cpp:54
// rules: extract-kernel, device-functions, move-copies
__global__ void bitonic_step(long long l2c_begin, long long l2c_end, int j, int k, int *a) {
  for (long long l2c_i = l2c_begin + ((long long)blockIdx.x * blockDim.x + threadIdx.x); l2c_i < l2c_end; l2c_i += (long long)gridDim.x * blockDim.x) {
    int i = (int)l2c_i;
    int ixj = i ^ j;
    if (ixj > i) {
      if ((i & k) == 0) {
        if (a[i] > a[ixj]) {
          l2c_device_swap(a[i], a[ixj]);
        }
      } else {
        if (a[i] < a[ixj]) {
          l2c_device_swap(a[i], a[ixj]);
        }
      }
    }
  }
}

int main(int argc, char **argv) {
  long long requested = argc > 1 ? std::atoll(argv[1]) : 20;
  if (requested >= 0 && requested < 64)
    requested = 1LL << requested;
  if (requested < 2 || requested > (1LL << 30) ||
      (requested & (requested - 1)) != 0) {
    std::fprintf(stderr, "bitonic_sort: N must be a power of two in [2, 2^30]\n");
    return 1;
  }
  bool showTime = argc > 2 && std::strcmp(argv[2], "--time") == 0;
  const int N = (int)requested;

  // Deterministic input: a linear congruential generator (Knuth's MMIX
  // constants), values in [0, 1000000).
  std::vector<int> a(N);
  unsigned long long state = 12345;
  for (int i = 0; i < N; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    a[i] = (int)((state >> 33) % 1000000);
  }

  auto start = std::chrono::steady_clock::now();
  l2c::initDevice();
  l2c::toDevice(a.data(), N, "bitonic_sort.cpp:54");
  for (int k = 2; k <= N; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      L2C_LAUNCH(bitonic_step, "bitonic_sort.cpp:54", l2c::gridFor(N, 256), 256,
                 0, N, j, k, l2c::dev(a.data(), N, "bitonic_sort.cpp:54"));
    }
  }
  l2c::toHost(a.data(), N, "bitonic_sort.cpp:54");
  l2c::release(a.data(), "bitonic_sort.cpp:54");
  auto stop = std::chrono::steady_clock::now();

  bool sorted = true;
  unsigned long long checksum = 0;
  for (int i = 0; i < N; ++i) {
    if (i > 0 && a[i - 1] > a[i])
      sorted = false;
    checksum = checksum * 31 + (unsigned long long)a[i];
  }
  std::printf("bitonic_sort: N = %d\n", N);
  std::printf("sorted: %s\n", sorted ? "yes" : "no");
  std::printf("min = %d, median = %d, max = %d\n", a[0], a[N / 2], a[N - 1]);
  std::printf("checksum: %llu\n", checksum);
  if (showTime)
    std::fprintf(stderr, "bitonic_sort: sort took %.6f s\n",
                 std::chrono::duration<double>(stop - start).count());
  return sorted ? 0 : 1;
}

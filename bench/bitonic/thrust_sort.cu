// thrust_sort.cu - the reference of bench/bitonic: thrust::sort of the same
// input as bitonic_bench.cpp, timed the same way (from the copy to the
// device to the first element back on the host, copies included).
//
// Usage: thrust_sort LOG2_N   prints "N seconds sorted|UNSORTED checksum"
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  int LogN = argc > 1 ? std::atoi(argv[1]) : 20;
  if (LogN < 1 || LogN > 30) {
    std::fprintf(stderr, "thrust_sort: LOG2_N must be in [1, 30]\n");
    return 1;
  }
  const int N = 1 << LogN;
  std::vector<int> Input(N), A(N);
  unsigned long long State = 2009;
  for (int I = 0; I < N; ++I) {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    Input[I] = (int)((State >> 33) % 1000000000);
  }
  cudaFree(nullptr); // context creation is outside the timed region

  auto Start = std::chrono::steady_clock::now();
  A = Input;
  thrust::device_vector<int> D(A.begin(), A.end());
  thrust::sort(D.begin(), D.end());
  thrust::copy(D.begin(), D.end(), A.begin());
  long long First = A[0];
  auto Stop = std::chrono::steady_clock::now();

  bool Sorted = true;
  unsigned long long Checksum = (unsigned long long)First;
  for (int I = 1; I < N; ++I) {
    Sorted = Sorted && A[I - 1] <= A[I];
    Checksum = Checksum * 31 + (unsigned long long)A[I];
  }
  std::printf("%d %.6f %s %llu\n", N,
              std::chrono::duration<double>(Stop - Start).count(),
              Sorted ? "sorted" : "UNSORTED", Checksum);
  return Sorted ? 0 : 1;
}

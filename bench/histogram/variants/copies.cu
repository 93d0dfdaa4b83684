// cudaMemcpy host to device from pageable and page-locked memory (run 2 of
// bench/results/histogram-variants-h100.txt). Not built by run.sh.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
int main() {
  for (long long N : {1LL << 24, 1LL << 28}) {
    char *D; cudaMalloc(&D, N);
    char *Pg = (char *)malloc(N); memset(Pg, 1, N);
    char *Pl; cudaMallocHost(&Pl, N); memset(Pl, 1, N);
    for (int K = 0; K < 2; ++K) {
      std::vector<double> T;
      for (int I = 0; I < 5; ++I) {
        auto T0 = std::chrono::steady_clock::now();
        cudaMemcpy(D, K ? Pl : Pg, N, cudaMemcpyHostToDevice);
        T.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - T0).count());
      }
      std::sort(T.begin(), T.end());
      printf("%lld bytes %-9s %.3f ms (%.1f GB/s)\n", N, K ? "pinned" : "pageable", T[2], N / T[2] / 1e6);
    }
    cudaFree(D); free(Pg); cudaFreeHost(Pl);
  }
}

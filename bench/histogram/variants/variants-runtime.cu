// Stage 4's kernel as generated, through runtime/loop2cuda_histogram.cuh,
// with 8, 16 and 32 copies, and a correctness sweep (runs 4 and 5 of
// bench/results/histogram-variants-h100.txt). Not built by run.sh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -I runtime -o v bench/histogram/variants/variants-runtime.cu
#include <cub/device/device_histogram.cuh>
#include "loop2cuda_runtime.cuh"
#include <algorithm>
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)
template <int R>
__global__ void s4(long long l2c_begin, long long l2c_count, const unsigned char *key, unsigned *h) {
  if (blockIdx.x >= l2c::histogramBlocks()) return;
  __shared__ unsigned sh[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) sh[b] = 0;
  __syncthreads();
  l2c::histogramBytes<R>(key + l2c_begin, l2c_count, sh, 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) { unsigned v = sh[b]; if (v) atomicAdd(&h[b], v); }
}
// Weight 3, default copies: for the correctness sweep.
__global__ void s4w3(long long l2c_begin, long long l2c_count, const unsigned char *key, unsigned *h) {
  if (blockIdx.x >= l2c::histogramBlocks()) return;
  __shared__ unsigned sh[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) sh[b] = 0;
  __syncthreads();
  l2c::histogramBytes(key + l2c_begin, l2c_count, sh, 3u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) { unsigned v = sh[b]; if (v) atomicAdd(&h[b], v); }
}
typedef void (*Kern)(long long, long long, const unsigned char *, unsigned *);
int main() {
  struct V { const char *Name; Kern K; } Vars[] = {{"s4 R8", s4<8>}, {"s4 R16", s4<16>}, {"s4 R32", s4<32>}};
  for (int L : {24, 28}) for (int Eq = 0; Eq < 2; ++Eq) {
    long long N = 1LL << L;
    std::vector<unsigned char> Key(N); unsigned S = 2024;
    for (long long I = 0; I < N; ++I) { S = S * 1664525u + 1013904223u; Key[I] = Eq ? 42 : (unsigned char)(S >> 24); }
    std::vector<unsigned> Ref(256, 0); for (long long I = 0; I < N; ++I) Ref[Key[I]]++;
    unsigned char *DKey; unsigned *DH; int *DHi;
    CK(cudaMalloc(&DKey, N)); CK(cudaMalloc(&DH, 1024)); CK(cudaMalloc(&DHi, 1024));
    CK(cudaMemcpy(DKey, Key.data(), N, cudaMemcpyHostToDevice));
    int Reps = L == 24 ? 400 : 100;
    cudaEvent_t E0, E1; CK(cudaEventCreate(&E0)); CK(cudaEventCreate(&E1));
    size_t TB = 0; void *Tmp = nullptr;
    CK(cub::DeviceHistogram::HistogramEven(Tmp, TB, DKey, DHi, 257, 0, 256, N)); CK(cudaMalloc(&Tmp, TB));
    auto time = [&](auto F) { std::vector<float> T; F();
      for (int t = 0; t < 5; ++t) { CK(cudaEventRecord(E0)); for (int r = 0; r < Reps; ++r) F(); CK(cudaEventRecord(E1)); CK(cudaEventSynchronize(E1)); float Ms; CK(cudaEventElapsedTime(&Ms, E0, E1)); T.push_back(Ms / Reps * 1000); }
      std::sort(T.begin(), T.end()); return T[2]; };
    for (int Round = 0; Round < 1; ++Round) {
      float Cub = time([&] { CK(cub::DeviceHistogram::HistogramEven(Tmp, TB, DKey, DHi, 257, 0, 256, N)); });
      printf("2^%d %-9s %-10s %8.2f us\n", L, Eq ? "all-equal" : "uniform", "cub", Cub);
      for (auto &Vr : Vars) {
        unsigned G = l2c::gridFor(N, 512);
        CK(cudaMemset(DH, 0, 1024)); Vr.K<<<G, 512>>>(0, N, DKey, DH); CK(cudaGetLastError());
        std::vector<unsigned> Got(256); CK(cudaMemcpy(Got.data(), DH, 1024, cudaMemcpyDeviceToHost));
        float T = time([&] { Vr.K<<<G, 512>>>(0, N, DKey, DH); });
        printf("2^%d %-9s %-10s %8.2f us %5.2fx %s\n", L, Eq ? "all-equal" : "uniform", Vr.Name, T, T / Cub, Got == Ref ? "ok" : "WRONG");
      }
    }
    cudaFree(DKey); cudaFree(DH); cudaFree(DHi); cudaFree(Tmp);
  }
  // Correctness: sizes, misaligned starts, key patterns (uniform, all equal,
  // runs of 4096, 90% one key), with the default copies.
  int Bad = 0, Runs = 0;
  for (long long N : {0LL, 1LL, 31LL, 32LL, 33LL, 1023LL, 1024LL, 1025LL, 3000017LL, 40000000LL})
    for (int Off : {0, 1, 7}) for (int Pat = 0; Pat < 4; ++Pat) {
      std::vector<unsigned char> Key(N + Off + 1); unsigned S = 7 + Pat;
      for (size_t I = 0; I < Key.size(); ++I) { S = S * 1664525u + 1013904223u;
        Key[I] = Pat == 0 ? S >> 24 : Pat == 1 ? 42 : Pat == 2 ? (I / 4096) & 255 : ((S >> 24) < 230 ? 7 : S >> 16); }
      std::vector<unsigned> Ref(256, 0); for (long long I = 0; I < N; ++I) Ref[Key[Off + I]] += 3;
      unsigned char *DKey; unsigned *DH; CK(cudaMalloc(&DKey, N + Off + 1)); CK(cudaMalloc(&DH, 1024));
      CK(cudaMemcpy(DKey, Key.data(), N + Off + 1, cudaMemcpyHostToDevice));
      CK(cudaMemset(DH, 0, 1024)); s4w3<<<l2c::gridFor(N, 512), 512>>>(Off, N, DKey, DH); CK(cudaGetLastError());
      std::vector<unsigned> Got(256); CK(cudaMemcpy(Got.data(), DH, 1024, cudaMemcpyDeviceToHost));
      ++Runs; if (Got != Ref) { printf("WRONG n=%lld off=%d pattern=%d\n", N, Off, Pat); ++Bad; }
      cudaFree(DKey); cudaFree(DH);
    }
  printf("correctness: %d of %d wrong\n", Bad, Runs);
}

// The histogram benchmark's driver: 2^26 8-bit keys into 256 bins, uniform
// and skewed (7 of 8 keys equal), for every stage of the histogram ladder
// (hist_loop_stageN, generated from hist_bench.cpp), CUB's
// DeviceHistogram::HistogramEven and the CPU loop, in one run. Every
// result is checked against the CPU's counts.
#include <cub/device/device_histogram.cuh>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#ifndef L2C_STAGES
#define L2C_STAGES 2
#endif

#define STAGE_DECL(N)                                                          \
  void hist_loop_stage##N(const unsigned char *, long long, unsigned *, int,   \
                          double *);
STAGE_DECL(1)
STAGE_DECL(2)
STAGE_DECL(3)

using StageFn = void (*)(const unsigned char *, long long, unsigned *, int,
                         double *);

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  const long long N = 1LL << (argc > 1 ? std::atoi(argv[1]) : 26);
  const int Reps = argc > 2 ? std::atoi(argv[2]) : 20;
  StageFn Stages[] = {hist_loop_stage1, hist_loop_stage2, hist_loop_stage3};
  const char *Names[] = {"histogram-atomics", "histogram-shared-memory",
                         "histogram-warp-aggregation"};
  int Failed = 0;
  std::printf("histogram of %lld 8-bit keys, 256 bins, %d repetitions "
              "(ms per histogram)\n",
              N, Reps);
  std::printf("%-10s %-28s %10s %9s %9s %s\n", "keys", "stage", "ms", "vs CPU",
              "vs CUB", "result");
  for (int Dist = 0; Dist < 2; ++Dist) {
    std::vector<unsigned char> Key(N);
    unsigned S = 2024;
    for (long long I = 0; I < N; ++I) {
      S = S * 1664525u + 1013904223u;
      unsigned char K = static_cast<unsigned char>(S >> 24);
      Key[I] = Dist == 1 && (S >> 8) % 8 != 0 ? 42 : K;
    }
    const char *DName = Dist ? "skewed" : "uniform";
    // The CPU loop, once.
    std::vector<unsigned> Ref(256, 0);
    auto T0 = std::chrono::steady_clock::now();
    for (long long I = 0; I < N; ++I)
      Ref[Key[I]]++;
    auto T1 = std::chrono::steady_clock::now();
    double CpuMs = std::chrono::duration<double, std::milli>(T1 - T0).count();
    // CUB, same keys, same repetitions, counts read back at the end.
    unsigned char *DKey = nullptr;
    int *DHist = nullptr;
    check(cudaMalloc(&DKey, N), "cudaMalloc");
    check(cudaMalloc(&DHist, 256 * sizeof(int)), "cudaMalloc");
    check(cudaMemcpy(DKey, Key.data(), N, cudaMemcpyHostToDevice), "copy");
    size_t TempBytes = 0;
    cub::DeviceHistogram::HistogramEven(nullptr, TempBytes, DKey, DHist, 257, 0,
                                        256, N);
    void *Temp = nullptr;
    check(cudaMalloc(&Temp, TempBytes), "cudaMalloc");
    cub::DeviceHistogram::HistogramEven(Temp, TempBytes, DKey, DHist, 257, 0,
                                        256, N); // warm-up
    cudaEvent_t E0, E1;
    cudaEventCreate(&E0);
    cudaEventCreate(&E1);
    cudaEventRecord(E0);
    for (int R = 0; R < Reps; ++R)
      cub::DeviceHistogram::HistogramEven(Temp, TempBytes, DKey, DHist, 257, 0,
                                          256, N);
    cudaEventRecord(E1);
    check(cudaEventSynchronize(E1), "cub");
    float CubTotal = 0;
    cudaEventElapsedTime(&CubTotal, E0, E1);
    double CubMs = CubTotal / Reps;
    std::vector<int> CubHist(256);
    check(cudaMemcpy(CubHist.data(), DHist, 256 * sizeof(int),
                     cudaMemcpyDeviceToHost),
          "copy");
    bool CubOk = true;
    for (int B = 0; B < 256; ++B)
      CubOk &= static_cast<unsigned>(CubHist[B]) == Ref[B];
    cudaFree(Temp);
    cudaFree(DKey);
    cudaFree(DHist);
    std::printf("%-10s %-28s %10.3f %9s %9s\n", DName, "CPU loop", CpuMs,
                "1.0x", "");
    std::printf("%-10s %-28s %10.3f %8.1fx %9s %s\n", DName,
                "cub::HistogramEven", CubMs, CpuMs / CubMs, "1.00",
                CubOk ? "ok" : "WRONG");
    Failed += !CubOk;
    for (int St = 0; St < L2C_STAGES; ++St) {
      std::vector<unsigned> H(256, 0);
      double Ms = 0;
      Stages[St](Key.data(), N, H.data(), 1, &Ms); // warm-up, checked too
      bool Ok = true;
      for (int B = 0; B < 256; ++B)
        Ok &= H[B] == Ref[B];
      std::fill(H.begin(), H.end(), 0u);
      Stages[St](Key.data(), N, H.data(), Reps, &Ms);
      for (int B = 0; B < 256; ++B)
        Ok &= H[B] == Ref[B] * static_cast<unsigned>(Reps);
      Ms /= Reps;
      char Name[64];
      std::snprintf(Name, sizeof Name, "%d %s", St + 1, Names[St]);
      std::printf("%-10s %-28s %10.3f %8.1fx %8.2fx %s\n", DName, Name, Ms,
                  CpuMs / Ms, Ms / CubMs, Ok ? "ok" : "WRONG");
      Failed += !Ok;
    }
  }
  return Failed ? 1 : 0;
}

// The histogram benchmark's driver: 256 bins of 8-bit keys at 2^24 and
// 2^28 keys (the log2 sizes are the arguments), uniform keys and all-equal
// keys, for every stage of the histogram ladder (hist_loop_stageN,
// generated from hist_bench.cpp), cub::DeviceHistogram::HistogramEven and
// the CPU loop, in one run. The times are measured as in
// bench/scan/scan_bench.cu, medians of --trials runs:
//   kernel  one histogram with the keys on the device. CUB: events around
//           `reps` back-to-back calls, temp storage allocated before. A
//           stage: (T(reps + 1) - T(1)) / reps of its function, which copies
//           the keys and counts in, runs `reps` histograms and copies out.
//   copies  one histogram with its copies (keys in, counts in and out).
// The keys are in pageable memory (a std::vector), as in a user's program,
// for both sides: the generated code copies them by the runtime's policy
// (docs/transfers.md: from 16 MiB staged through page-locked chunks by
// several threads), CUB's reference with cudaMemcpy from the same vector.
// A second CUB row, "cub keys pinned", copies from page-locked memory
// (cudaMallocHost), as this benchmark did for both sides before; it is not
// what the ratios compare with. Every result is checked against the CPU's
// counts. A table on stdout and with --csv=FILE one CSV row per row.
#include <cub/device/device_histogram.cuh>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifndef L2C_STAGES
#define L2C_STAGES 4
#endif

#define STAGE_DECL(N)                                                          \
  void hist_loop_stage##N(const unsigned char *, long long, unsigned *, int,   \
                          double *);
STAGE_DECL(1)
STAGE_DECL(2)
STAGE_DECL(3)
STAGE_DECL(4)

using StageFn = void (*)(const unsigned char *, long long, unsigned *, int,
                         double *);

// What each stage adds; --names=a,b,... (run.sh: the STAGE files) names them.
static std::vector<std::string> RuleSets = {
    "histogram-atomics", "histogram-shared-memory", "histogram-sub-histograms",
    "histogram-vector-keys"};

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}

static FILE *Csv = nullptr;
static int Failed = 0;
static int Trials = 5;

static double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

static double wallMs(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - T0)
      .count();
}

struct Times {
  double Kernel, Copies;
};

static void row(long long N, const char *Keys, const char *Stage,
                const char *Rules, Times T, Times Prev, Times Cub,
                const char *Result) {
  auto Ratio = [](char *Buf, double A, double B) {
    if (B > 0)
      std::snprintf(Buf, 16, "%.2fx", A / B);
    else
      std::snprintf(Buf, 16, "-");
  };
  char KPrev[16], KCub[16], CCub[16];
  Ratio(KPrev, T.Kernel, Prev.Kernel);
  Ratio(KCub, T.Kernel, Cub.Kernel);
  Ratio(CCub, T.Copies, Cub.Copies);
  std::printf("%-10lld %-9s %-5s %-24s %10.4f %8s %8s %10.3f %8s %s\n", N, Keys,
              Stage, Rules, T.Kernel, KPrev, KCub, T.Copies, CCub, Result);
  if (Csv)
    std::fprintf(Csv, "%lld,%s,%s,%s,%.6f,%.4f,%.4f,%.6f,%.4f,%s\n", N, Keys,
                 Stage, Rules, T.Kernel,
                 Prev.Kernel > 0 ? T.Kernel / Prev.Kernel : 0.0,
                 Cub.Kernel > 0 ? T.Kernel / Cub.Kernel : 0.0, T.Copies,
                 Cub.Copies > 0 ? T.Copies / Cub.Copies : 0.0, Result);
  if (Csv)
    std::fflush(Csv);
}

static void bench(const char *Keys, bool AllEqual, long long N, int Reps,
                  StageFn const *Stages) {
  std::vector<unsigned char> KeyV(N);
  unsigned char *Key = KeyV.data();
  unsigned S = 2024;
  for (long long I = 0; I < N; ++I) {
    S = S * 1664525u + 1013904223u;
    Key[I] = AllEqual ? 42 : static_cast<unsigned char>(S >> 24);
  }
  std::vector<unsigned> Ref(256, 0);
  auto T0 = std::chrono::steady_clock::now();
  for (long long I = 0; I < N; ++I)
    Ref[Key[I]]++;
  double CpuMs = wallMs(T0);
  row(N, Keys, "-", "CPU loop", {CpuMs, CpuMs}, {0, 0}, {0, 0}, "");

  // CUB: 257 levels over [0, 256) give one bin per key.
  unsigned char *DKey = nullptr;
  int *DHist = nullptr;
  check(cudaMalloc(&DKey, N), "cudaMalloc");
  check(cudaMalloc(&DHist, 256 * sizeof(int)), "cudaMalloc");
  size_t TempBytes = 0;
  auto Run = [&](void *Temp) {
    check(cub::DeviceHistogram::HistogramEven(Temp, TempBytes, DKey, DHist, 257,
                                              0, 256, N),
          "cub");
  };
  Run(nullptr);
  void *Temp = nullptr;
  check(cudaMalloc(&Temp, TempBytes), "cudaMalloc");
  check(cudaMemcpy(DKey, Key, N, cudaMemcpyHostToDevice), "copy");
  Run(Temp); // warm-up
  check(cudaDeviceSynchronize(), "cub");
  cudaEvent_t E0, E1;
  check(cudaEventCreate(&E0), "event");
  check(cudaEventCreate(&E1), "event");
  std::vector<int> CubHist(256);
  std::vector<double> Kern, Copy;
  for (int Tr = 0; Tr < Trials; ++Tr) {
    check(cudaEventRecord(E0), "event");
    for (int R = 0; R < Reps; ++R)
      Run(Temp);
    check(cudaEventRecord(E1), "event");
    check(cudaEventSynchronize(E1), "cub");
    float Ms = 0;
    check(cudaEventElapsedTime(&Ms, E0, E1), "event");
    Kern.push_back(Ms / Reps);
    std::fill(CubHist.begin(), CubHist.end(), -1);
    auto C0 = std::chrono::steady_clock::now();
    check(cudaMemcpy(DKey, Key, N, cudaMemcpyHostToDevice), "copy");
    Run(Temp);
    check(cudaMemcpy(CubHist.data(), DHist, 256 * sizeof(int),
                     cudaMemcpyDeviceToHost),
          "copy");
    Copy.push_back(wallMs(C0));
  }
  bool CubOk = true;
  for (int B = 0; B < 256; ++B)
    CubOk &= static_cast<unsigned>(CubHist[B]) == Ref[B];
  // The same copies from page-locked keys (for the record, not a ratio).
  unsigned char *Pinned = nullptr;
  check(cudaMallocHost(&Pinned, N), "cudaMallocHost");
  std::copy(Key, Key + N, Pinned);
  std::vector<double> CopyPinned;
  for (int Tr = 0; Tr < Trials; ++Tr) {
    std::fill(CubHist.begin(), CubHist.end(), -1);
    auto C0 = std::chrono::steady_clock::now();
    check(cudaMemcpy(DKey, Pinned, N, cudaMemcpyHostToDevice), "copy");
    Run(Temp);
    check(cudaMemcpy(CubHist.data(), DHist, 256 * sizeof(int),
                     cudaMemcpyDeviceToHost),
          "copy");
    CopyPinned.push_back(wallMs(C0));
    for (int B = 0; B < 256; ++B)
      CubOk &= static_cast<unsigned>(CubHist[B]) == Ref[B];
  }
  cudaFreeHost(Pinned);
  cudaEventDestroy(E0);
  cudaEventDestroy(E1);
  cudaFree(Temp);
  cudaFree(DKey);
  cudaFree(DHist);
  Times Cub{median(Kern), median(Copy)};
  row(N, Keys, "-", "cub::HistogramEven", Cub, {0, 0}, Cub,
      CubOk ? "ok" : "WRONG");
  row(N, Keys, "-", "cub keys pinned", {Cub.Kernel, median(CopyPinned)}, {0, 0},
      Cub, CubOk ? "ok" : "WRONG");
  Failed += !CubOk;

  Times Prev{0, 0};
  for (int St = 0; St < L2C_STAGES; ++St) {
    std::vector<unsigned> H(256, 0);
    double Ms = 0;
    auto Same = [&](unsigned Times) {
      bool Ok = true;
      for (int B = 0; B < 256; ++B)
        Ok &= H[B] == Ref[B] * Times;
      return Ok;
    };
    Stages[St](Key, N, H.data(), 1, &Ms); // warm-up, checked too
    bool Ok = Same(1);
    std::vector<double> Kern, Copy;
    for (int Tr = 0; Tr < Trials; ++Tr) {
      std::fill(H.begin(), H.end(), 0u);
      auto C0 = std::chrono::steady_clock::now();
      Stages[St](Key, N, H.data(), 1, &Ms);
      double One = wallMs(C0);
      Ok &= Same(1);
      std::fill(H.begin(), H.end(), 0u);
      C0 = std::chrono::steady_clock::now();
      Stages[St](Key, N, H.data(), Reps + 1, &Ms);
      double Many = wallMs(C0);
      Ok &= Same(Reps + 1);
      Copy.push_back(One);
      Kern.push_back((Many - One) / Reps);
    }
    Times Mine{median(Kern), median(Copy)};
    std::string Stage = std::to_string(St + 1);
    row(N, Keys, Stage.c_str(), RuleSets[St].c_str(), Mine, Prev, Cub,
        Ok ? "ok" : "WRONG");
    Failed += !Ok;
    Prev = Mine;
  }
}

int main(int argc, char **argv) {
  // Line by line, so that a run cut short by a time limit keeps its rows.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::vector<int> Logs;
  const char *CsvPath = nullptr;
  long long Work = 1LL << 32; // keys counted per timed batch, at least
  for (int I = 1; I < argc; ++I) {
    std::string Arg = argv[I];
    if (Arg.rfind("--csv=", 0) == 0)
      CsvPath = argv[I] + 6;
    else if (Arg.rfind("--trials=", 0) == 0)
      Trials = std::max(1, std::atoi(argv[I] + 9));
    else if (Arg.rfind("--names=", 0) == 0) {
      std::string Names = Arg.substr(8);
      for (size_t St = 0; St < RuleSets.size() && !Names.empty(); ++St) {
        size_t Comma = Names.find(',');
        RuleSets[St] = Names.substr(0, Comma);
        Names = Comma == std::string::npos ? "" : Names.substr(Comma + 1);
      }
    } else if (Arg.rfind("--work=", 0) == 0)
      Work = 1LL << std::atoi(argv[I] + 7);
    else
      Logs.push_back(std::atoi(argv[I]));
  }
  if (Logs.empty())
    Logs = {24, 28};
  if (CsvPath) {
    Csv = std::fopen(CsvPath, "w");
    if (Csv)
      std::fprintf(Csv, "n,keys,stage,rule_set,kernel_ms,kernel_vs_prev,"
                        "kernel_vs_cub,copies_ms,copies_vs_cub,result\n");
  }
  StageFn Stages[] = {hist_loop_stage1, hist_loop_stage2, hist_loop_stage3,
                      hist_loop_stage4};
  std::printf("256-bin histograms of 8-bit keys: kernel = ms per histogram "
              "on the device, copies = ms for one with its copies; medians "
              "of %d trials\n",
              Trials);
  std::printf("%-10s %-9s %-5s %-24s %10s %8s %8s %10s %8s %s\n", "n", "keys",
              "stage", "rule set", "kernel", "vs prev", "vs CUB", "copies",
              "vs CUB", "result");
  for (int L : Logs) {
    long long N = 1LL << L;
    int Reps = (int)std::max(4LL, std::min(400LL, Work / N));
    bench("uniform", false, N, Reps, Stages);
    bench("all-equal", true, N, Reps, Stages);
  }
  if (Csv)
    std::fclose(Csv);
  return Failed ? 1 : 0;
}

// The scan benchmark's driver: inclusive and exclusive sums of int32 and
// float at 2^20, 2^24 and 2^28 elements (the log2 sizes are the arguments),
// for every stage of the scan ladder (scan_*_stageN, generated from
// scan_bench.cpp), cub::DeviceScan::InclusiveSum / ExclusiveSum and the CPU
// loop, in one run. Two times per row, each the median of --trials runs:
//   kernel  the time of one scan with the data on the device. CUB: events
//           around --reps back-to-back calls, temp storage allocated before.
//           A stage: its function copies in, runs `reps` scans, copies out;
//           (T(reps) - T(1)) / (reps - 1) cancels the copies and leaves the
//           scan with whatever host work each launch does (scratch, clears).
//   copies  one scan with its copies: a stage's scan_once_* function, which
//           scans its arguments once, its copies in and out and device
//           allocation included (at the last stage, rule set stream-copies
//           overlaps the copies with the scan); CUB copies the same input
//           in and the output back around one call (buffers allocated
//           before).
// Host arrays are page-locked (cudaMallocHost) for both sides, so that
// both copy at the same speed. Every result is checked against the CPU's:
// ints in [-1000, 1000], floats in {-1, 0, 1}, whose partial sums are
// integers far below 2^24, so the check is exact. A table on stdout and
// with --csv=FILE one CSV row per table row.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#ifndef L2C_STAGES
#define L2C_STAGES 5
#endif

#define STAGE_DECL(N)                                                          \
  void scan_incl_i32_stage##N(const int *, int *, long long, int, double *);   \
  void scan_excl_i32_stage##N(const int *, int *, long long, int, double *);   \
  void scan_incl_f32_stage##N(const float *, float *, long long, int,          \
                              double *);                                       \
  void scan_excl_f32_stage##N(const float *, float *, long long, int,          \
                              double *);                                       \
  void scan_once_incl_i32_stage##N(const int *, int *, long long);             \
  void scan_once_excl_i32_stage##N(const int *, int *, long long);             \
  void scan_once_incl_f32_stage##N(const float *, float *, long long);         \
  void scan_once_excl_f32_stage##N(const float *, float *, long long);
STAGE_DECL(1)
STAGE_DECL(2)
STAGE_DECL(3)
STAGE_DECL(4)
STAGE_DECL(5)

template <class T>
using StageFn = void (*)(const T *, T *, long long, int, double *);
template <class T> using OnceFn = void (*)(const T *, T *, long long);

// What each stage adds; --names=a,b,... (run.sh: the STAGE files) names them.
static std::vector<std::string> RuleSets = {
    "extract-scan", "scan-blelloch", "scan-warp-shuffle", "scan-single-pass",
    "scan-coalesce"};

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

static void row(long long N, const char *Kind, const char *Stage,
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
  std::printf("%-10lld %-9s %-5s %-18s %10.4f %8s %8s %10.3f %8s %s\n", N, Kind,
              Stage, Rules, T.Kernel, KPrev, KCub, T.Copies, CCub, Result);
  if (Csv)
    std::fprintf(Csv, "%lld,%s,%s,%s,%.6f,%.4f,%.4f,%.6f,%.4f,%s\n", N, Kind,
                 Stage, Rules, T.Kernel,
                 Prev.Kernel > 0 ? T.Kernel / Prev.Kernel : 0.0,
                 Cub.Kernel > 0 ? T.Kernel / Cub.Kernel : 0.0, T.Copies,
                 Cub.Copies > 0 ? T.Copies / Cub.Copies : 0.0, Result);
  if (Csv)
    std::fflush(Csv);
}

template <class T> static bool same(const T *A, const T *B, long long N) {
  return std::equal(A, A + N, B);
}

template <class T>
static void bench(const char *Kind, bool Exclusive, long long N, int Reps,
                  StageFn<T> const *Stages, OnceFn<T> const *Onces) {
  size_t Bytes = N * sizeof(T);
  T *A = nullptr, *Out = nullptr;
  check(cudaMallocHost(&A, Bytes), "cudaMallocHost");
  check(cudaMallocHost(&Out, Bytes), "cudaMallocHost");
  std::vector<T> Ref(N);
  unsigned S = 2024;
  for (long long I = 0; I < N; ++I) {
    S = S * 1664525u + 1013904223u;
    A[I] = std::is_same<T, float>::value ? T(int((S >> 8) % 3) - 1)
                                         : T(int((S >> 8) % 2001) - 1000);
  }
  // The CPU loop, once.
  auto T0 = std::chrono::steady_clock::now();
  T Acc = 0;
  for (long long I = 0; I < N; ++I) {
    if (Exclusive) {
      Ref[I] = Acc;
      Acc += A[I];
    } else {
      Acc += A[I];
      Ref[I] = Acc;
    }
  }
  double CpuMs = wallMs(T0);
  row(N, Kind, "-", "CPU loop", {CpuMs, CpuMs}, {0, 0}, {0, 0}, "");

  // CUB.
  T *DIn = nullptr, *DOut = nullptr;
  check(cudaMalloc(&DIn, Bytes), "cudaMalloc");
  check(cudaMalloc(&DOut, Bytes), "cudaMalloc");
  size_t TempBytes = 0;
  auto Run = [&](void *Temp) {
    if (Exclusive)
      check(cub::DeviceScan::ExclusiveSum(Temp, TempBytes, DIn, DOut, N),
            "cub");
    else
      check(cub::DeviceScan::InclusiveSum(Temp, TempBytes, DIn, DOut, N),
            "cub");
  };
  Run(nullptr);
  void *Temp = nullptr;
  check(cudaMalloc(&Temp, TempBytes), "cudaMalloc");
  check(cudaMemcpy(DIn, A, Bytes, cudaMemcpyHostToDevice), "copy");
  Run(Temp); // warm-up
  check(cudaDeviceSynchronize(), "cub");
  cudaEvent_t E0, E1;
  check(cudaEventCreate(&E0), "event");
  check(cudaEventCreate(&E1), "event");
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
    std::fill(Out, Out + N, T(7));
    auto C0 = std::chrono::steady_clock::now();
    check(cudaMemcpy(DIn, A, Bytes, cudaMemcpyHostToDevice), "copy");
    Run(Temp);
    check(cudaMemcpy(Out, DOut, Bytes, cudaMemcpyDeviceToHost), "copy");
    Copy.push_back(wallMs(C0));
  }
  bool CubOk = same(Out, Ref.data(), N);
  cudaEventDestroy(E0);
  cudaEventDestroy(E1);
  cudaFree(Temp);
  cudaFree(DIn);
  cudaFree(DOut);
  Times Cub{median(Kern), median(Copy)};
  row(N, Kind, "-", Exclusive ? "cub::ExclusiveSum" : "cub::InclusiveSum", Cub,
      {0, 0}, Cub, CubOk ? "ok" : "WRONG");
  Failed += !CubOk;

  Times Prev{0, 0};
  for (int St = 0; St < L2C_STAGES; ++St) {
    double Ms = 0;
    std::fill(Out, Out + N, T(7));
    Stages[St](A, Out, N, 1, &Ms); // warm-up, checked too
    bool Ok = same(Out, Ref.data(), N);
    std::vector<double> Kern, Copy;
    for (int Tr = 0; Tr < Trials; ++Tr) {
      auto C0 = std::chrono::steady_clock::now();
      Stages[St](A, Out, N, 1, &Ms);
      double One = wallMs(C0);
      C0 = std::chrono::steady_clock::now();
      Stages[St](A, Out, N, Reps + 1, &Ms);
      double Many = wallMs(C0);
      Kern.push_back((Many - One) / Reps);
    }
    Ok &= same(Out, Ref.data(), N);
    std::fill(Out, Out + N, T(7));
    Onces[St](A, Out, N); // warm-up, checked too
    Ok &= same(Out, Ref.data(), N);
    std::fill(Out, Out + N, T(7));
    for (int Tr = 0; Tr < Trials; ++Tr) {
      auto C0 = std::chrono::steady_clock::now();
      Onces[St](A, Out, N);
      Copy.push_back(wallMs(C0));
    }
    Ok &= same(Out, Ref.data(), N);
    Times Mine{median(Kern), median(Copy)};
    std::string Stage = std::to_string(St + 1);
    row(N, Kind, Stage.c_str(), RuleSets[St].c_str(), Mine, Prev, Cub,
        Ok ? "ok" : "WRONG");
    Failed += !Ok;
    Prev = Mine;
  }
  cudaFreeHost(A);
  cudaFreeHost(Out);
}

int main(int argc, char **argv) {
  // Line by line, so that a run cut short by a time limit keeps its rows.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::vector<int> Logs;
  const char *CsvPath = nullptr;
  long long Work = 1LL << 32; // elements scanned per timed batch, at least
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
    Logs = {20, 24, 28};
  if (CsvPath) {
    Csv = std::fopen(CsvPath, "w");
    if (Csv)
      std::fprintf(Csv, "n,scan,stage,rule_set,kernel_ms,kernel_vs_prev,"
                        "kernel_vs_cub,copies_ms,copies_vs_cub,result\n");
  }
  StageFn<int> InclI[] = {scan_incl_i32_stage1, scan_incl_i32_stage2,
                          scan_incl_i32_stage3, scan_incl_i32_stage4,
                          scan_incl_i32_stage5};
  StageFn<int> ExclI[] = {scan_excl_i32_stage1, scan_excl_i32_stage2,
                          scan_excl_i32_stage3, scan_excl_i32_stage4,
                          scan_excl_i32_stage5};
  StageFn<float> InclF[] = {scan_incl_f32_stage1, scan_incl_f32_stage2,
                            scan_incl_f32_stage3, scan_incl_f32_stage4,
                            scan_incl_f32_stage5};
  StageFn<float> ExclF[] = {scan_excl_f32_stage1, scan_excl_f32_stage2,
                            scan_excl_f32_stage3, scan_excl_f32_stage4,
                            scan_excl_f32_stage5};
#define ONCE(K)                                                                \
  {scan_once_##K##_stage1, scan_once_##K##_stage2, scan_once_##K##_stage3,     \
   scan_once_##K##_stage4, scan_once_##K##_stage5}
  OnceFn<int> OnceInclI[] = ONCE(incl_i32), OnceExclI[] = ONCE(excl_i32);
  OnceFn<float> OnceInclF[] = ONCE(incl_f32), OnceExclF[] = ONCE(excl_f32);
#undef ONCE
  std::printf("scans: kernel = ms per scan on the device, copies = ms for "
              "one scan with its copies in and out; medians of %d trials\n",
              Trials);
  std::printf("%-10s %-9s %-5s %-18s %10s %8s %8s %10s %8s %s\n", "n", "scan",
              "stage", "rule set", "kernel", "vs prev", "vs CUB", "copies",
              "vs CUB", "result");
  for (int L : Logs) {
    long long N = 1LL << L;
    int Reps = (int)std::max(4LL, std::min(400LL, Work / N));
    bench<int>("incl-i32", false, N, Reps, InclI, OnceInclI);
    bench<int>("excl-i32", true, N, Reps, ExclI, OnceExclI);
    bench<float>("incl-f32", false, N, Reps, InclF, OnceInclF);
    bench<float>("excl-f32", true, N, Reps, ExclF, OnceExclF);
  }
  if (Csv)
    std::fclose(Csv);
  return Failed ? 1 : 0;
}

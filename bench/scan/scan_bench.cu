// The scan benchmark's driver: inclusive and exclusive sums of int32 and
// float at 2^20, 2^24 and 2^28 elements (the log2 sizes are the arguments),
// for every stage of the scan ladder (scan_*_stageN, generated from
// scan_bench.cpp), cub::DeviceScan::InclusiveSum / ExclusiveSum and the CPU
// loop, in one run. The generated loops copy their input in before the
// clock starts and their output back inside the timed region, once for all
// repetitions (move-copies); CUB is timed the same way: its input on the
// device already, the repetitions, one copy of the output back. Every result
// is checked against the CPU's: ints in [-1000, 1000], floats in {-1, 0, 1},
// whose every partial sum is an integer below 2^24, so the check is exact.
// A table on stdout and, with a third argument, CSV rows in that file.
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
  void scan_excl_f32_stage##N(const float *, float *, long long, int, double *);
STAGE_DECL(1)
STAGE_DECL(2)
STAGE_DECL(3)
STAGE_DECL(4)
STAGE_DECL(5)

template <class T>
using StageFn = void (*)(const T *, T *, long long, int, double *);

static const char *RuleSets[] = {"extract-scan", "scan-blelloch",
                                 "scan-warp-shuffle", "scan-single-pass",
                                 "scan-coalesce"};

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}

static FILE *Csv = nullptr;
static int Failed = 0;

static void row(long long N, const char *Kind, const char *Stage,
                const char *Rules, double Ms, double CpuMs, double CubMs,
                const char *Result) {
  char Speed[32] = "", Ratio[32] = "";
  if (CpuMs > 0)
    std::snprintf(Speed, sizeof Speed, "%.1fx", CpuMs / Ms);
  if (CubMs > 0)
    std::snprintf(Ratio, sizeof Ratio, "%.2fx", Ms / CubMs);
  std::printf("%-10lld %-9s %-6s %-18s %10.3f %9s %8s %s\n", N, Kind, Stage,
              Rules, Ms, Speed, Ratio, Result);
  if (Csv)
    std::fprintf(Csv, "%lld,%s,%s,%s,%.6f,%.3f,%.4f,%s\n", N, Kind, Stage,
                 Rules, Ms, CpuMs > 0 ? CpuMs / Ms : 1.0,
                 CubMs > 0 ? Ms / CubMs : 0.0, Result);
}

template <class T>
static void bench(const char *Kind, bool Exclusive, long long N, int Reps,
                  StageFn<T> const *Stages) {
  std::vector<T> A(N), Ref(N), Out(N);
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
  auto T1 = std::chrono::steady_clock::now();
  double CpuMs = std::chrono::duration<double, std::milli>(T1 - T0).count();
  row(N, Kind, "-", "CPU loop", CpuMs, CpuMs, 0, "");

  // CUB: the input on the device, Reps scans, the output copied back once.
  T *DIn = nullptr, *DOut = nullptr;
  check(cudaMalloc(&DIn, N * sizeof(T)), "cudaMalloc");
  check(cudaMalloc(&DOut, N * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(DIn, A.data(), N * sizeof(T), cudaMemcpyHostToDevice),
        "copy");
  size_t TempBytes = 0;
  auto Run = [&](void *Temp) {
    if (Exclusive)
      check(cub::DeviceScan::ExclusiveSum(Temp, TempBytes, DIn, DOut, (int)N),
            "cub");
    else
      check(cub::DeviceScan::InclusiveSum(Temp, TempBytes, DIn, DOut, (int)N),
            "cub");
  };
  Run(nullptr);
  void *Temp = nullptr;
  check(cudaMalloc(&Temp, TempBytes), "cudaMalloc");
  Run(Temp); // warm-up
  check(cudaDeviceSynchronize(), "cub");
  auto C0 = std::chrono::steady_clock::now();
  for (int R = 0; R < Reps; ++R)
    Run(Temp);
  check(cudaMemcpy(Out.data(), DOut, N * sizeof(T), cudaMemcpyDeviceToHost),
        "copy");
  auto C1 = std::chrono::steady_clock::now();
  double CubMs =
      std::chrono::duration<double, std::milli>(C1 - C0).count() / Reps;
  bool CubOk = Out == Ref;
  cudaFree(Temp);
  cudaFree(DIn);
  cudaFree(DOut);
  row(N, Kind, "-", Exclusive ? "cub::ExclusiveSum" : "cub::InclusiveSum",
      CubMs, CpuMs, CubMs, CubOk ? "ok" : "WRONG");
  Failed += !CubOk;

  for (int St = 0; St < L2C_STAGES; ++St) {
    double Ms = 0;
    std::fill(Out.begin(), Out.end(), T(7));
    Stages[St](A.data(), Out.data(), N, 1, &Ms); // warm-up, checked too
    bool Ok = Out == Ref;
    std::fill(Out.begin(), Out.end(), T(7));
    Stages[St](A.data(), Out.data(), N, Reps, &Ms);
    Ok &= Out == Ref;
    Ms /= Reps;
    std::string Stage = std::to_string(St + 1);
    row(N, Kind, Stage.c_str(), RuleSets[St], Ms, CpuMs, CubMs,
        Ok ? "ok" : "WRONG");
    Failed += !Ok;
  }
}

int main(int argc, char **argv) {
  std::vector<int> Logs;
  const char *CsvPath = nullptr;
  int Reps = 20;
  for (int I = 1; I < argc; ++I) {
    std::string Arg = argv[I];
    if (Arg.rfind("--csv=", 0) == 0)
      CsvPath = argv[I] + 6;
    else if (Arg.rfind("--reps=", 0) == 0)
      Reps = std::atoi(argv[I] + 7);
    else
      Logs.push_back(std::atoi(argv[I]));
  }
  if (Logs.empty())
    Logs = {20, 24, 28};
  if (CsvPath) {
    Csv = std::fopen(CsvPath, "w");
    if (Csv)
      std::fprintf(Csv, "n,scan,stage,rule_set,ms,speedup_vs_cpu,ratio_to_cub,"
                        "result\n");
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
  std::printf("scans, %d repetitions (ms per scan, with the copies described "
              "in scan_bench.cu)\n",
              Reps);
  std::printf("%-10s %-9s %-6s %-18s %10s %9s %8s %s\n", "n", "scan", "stage",
              "rule set", "ms", "vs CPU", "vs CUB", "result");
  for (int L : Logs) {
    long long N = 1LL << L;
    bench<int>("incl-i32", false, N, Reps, InclI);
    bench<int>("excl-i32", true, N, Reps, ExclI);
    bench<float>("incl-f32", false, N, Reps, InclF);
    bench<float>("excl-f32", true, N, Reps, ExclF);
  }
  if (Csv)
    std::fclose(Csv);
  return Failed ? 1 : 0;
}

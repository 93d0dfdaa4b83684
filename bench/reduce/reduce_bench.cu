// reduce_bench: the reduction ladder of Doroshenko & Zhereb (2009), section
// 3.8 (Table 2), measured side by side in one run: every stage that
// loop2cuda generates from sum_bench.cpp (bench/generate.sh writes
// GEN/bench/reduce/stageN/sum_bench.cu; run.sh compiles each with
// -Dsum_loop=sum_loop_stageN -Dl2c_device=l2c_device_stageN so that they
// link into this program), cub::DeviceReduce::Sum, and the CPU loop.
//
// Usage: reduce_bench [CSV_FILE] [LOG2_SIZES...]   (default sizes 20 24 28)
//
// Method. The generated sum_loop(a, n, reps, &ms) copies a to the device
// once, runs the reduction reps times, each reading its result back to the
// host, and frees the device copy; it reads the clock around the reps loop
// itself, and move-copies has put the copy above the first reading and the
// free below the second (sum_bench.cpp), so ms / reps is the time of one
// reduction including the read-back and nothing else. reps is chosen so
// that the timed loop fills a window of windowMs(): 0.1 s up to 2^22
// elements, where one reduction takes microseconds and many short windows
// beat a few long ones, 0.5 s above. CUB is timed the same way: R calls
// of cub::DeviceReduce::Sum, each followed by cudaMemcpy of the result to
// the host (temporary storage allocated once, as the generated code caches
// its buffers); the ratios are to this time. A second CUB row has CUB write
// its result into mapped pinned host memory, as the generated code does,
// and synchronise instead of copying: it shows how much of the lead is the
// read-back. Each round times both CUBs and every stage once, interleaved,
// so that a slow spell of the machine does not land on one variant only;
// the best round counts for each; rounds(): 10 up to 2^22 elements, 3
// above. The CPU time is the best of 3 runs of the plain loop (nvcc -O3's
// host compiler).
// Every stage's result is checked against the CPU's; the program exits 1 if
// one differs.
#include "loop2cuda_runtime.cuh"

#include <cub/cub.cuh>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define L2C_STAGE_DECL(N)                                                      \
  int sum_loop_stage##N(const int *, long long, int, double *);
L2C_STAGE_DECL(1)
L2C_STAGE_DECL(2)
L2C_STAGE_DECL(3)
L2C_STAGE_DECL(4)
L2C_STAGE_DECL(5)
L2C_STAGE_DECL(6)
L2C_STAGE_DECL(7)
L2C_STAGE_DECL(8)
L2C_STAGE_DECL(9)

namespace {

using SumFn = int (*)(const int *, long long, int, double *);

struct Stage {
  const char *RuleSet;
  const char *What;
  SumFn Fn;
};

const Stage Stages[] = {
    {"extract-reduction", "3.2 tree in global memory", sum_loop_stage1},
    {"reduce-shared-memory", "3.3 shared memory", sum_loop_stage2},
    {"reduce-fewer-branches", "3.4 no divergent branch", sum_loop_stage3},
    {"reduce-sequential-addressing", "3.5 no bank conflicts", sum_loop_stage4},
    {"reduce-first-add-on-load", "3.6 no idle threads", sum_loop_stage5},
    {"reduce-unroll-last-warp", "3.7 last warp (shuffles)", sum_loop_stage6},
    {"reduce-warp-shuffle", "shuffle block tree", sum_loop_stage7},
    {"reduce-grid-stride", "persistent grid, 16-B loads", sum_loop_stage8},
    {"reduce-single-pass", "one kernel, no 2nd pass", sum_loop_stage9},
};
constexpr int NumStages = sizeof(Stages) / sizeof(Stages[0]);

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// The timing window and the number of rounds for N elements (see above).
double windowMs(long long N) { return N <= (1LL << 22) ? 100.0 : 500.0; }
int rounds(long long N) { return N <= (1LL << 22) ? 10 : 3; }

/// Milliseconds of one reduction of the generated code: see the method above.
double stageMs(SumFn F, const int *A, long long N, int &Result) {
  double Ms = 0;
  Result = F(A, N, 1, &Ms); // warm-up: module load, buffers
  F(A, N, 10, &Ms);
  double Est = std::max(Ms / 10, 1e-4);
  int R =
      static_cast<int>(std::min(20000.0, std::max(10.0, windowMs(N) / Est)));
  Result = F(A, N, R, &Ms);
  return Ms / R;
}

/// How CUB's result reaches the host: the usual cudaMemcpy from device
/// memory, or (the way the generated code reads its results) written by
/// CUB's last kernel straight into pinned host memory mapped into the
/// device, then a stream synchronisation.
enum class CubOut { Memcpy, Mapped };

double cubMs(const int *DIn, long long N, CubOut How, int &Result) {
  int *DOut = nullptr, *HOut = nullptr;
  if (How == CubOut::Memcpy) {
    L2C_CHECK(cudaMalloc(&DOut, sizeof(int)), "reduce_bench: cub");
  } else {
    L2C_CHECK(cudaHostAlloc(&HOut, sizeof(int), cudaHostAllocMapped),
              "reduce_bench: cub");
    L2C_CHECK(cudaHostGetDevicePointer(&DOut, HOut, 0), "reduce_bench: cub");
  }
  size_t Bytes = 0;
  L2C_CHECK(cub::DeviceReduce::Sum(nullptr, Bytes, DIn, DOut, N), "cub");
  void *Temp = nullptr;
  L2C_CHECK(cudaMalloc(&Temp, std::max<size_t>(Bytes, 1)), "cub");
  auto Run = [&](int R) {
    for (int I = 0; I < R; ++I) {
      L2C_CHECK(cub::DeviceReduce::Sum(Temp, Bytes, DIn, DOut, N), "cub");
      if (How == CubOut::Memcpy) {
        L2C_CHECK(
            cudaMemcpy(&Result, DOut, sizeof(int), cudaMemcpyDeviceToHost),
            "cub");
      } else {
        L2C_CHECK(cudaStreamSynchronize(0), "cub");
        Result = *const_cast<volatile int *>(HOut);
      }
    }
  };
  Run(3);
  double T0 = nowMs();
  Run(10);
  double Est = std::max((nowMs() - T0) / 10, 1e-3);
  int R =
      static_cast<int>(std::min(20000.0, std::max(10.0, windowMs(N) / Est)));
  double A = nowMs();
  Run(R);
  double Ms = (nowMs() - A) / R;
  cudaFree(Temp);
  if (How == CubOut::Memcpy)
    cudaFree(DOut);
  else
    cudaFreeHost(HOut);
  return Ms;
}

double cpuMs(const int *A, long long N, int &Result) {
  double Best = 1e30;
  for (int Trial = 0; Trial < 3; ++Trial) {
    double T0 = nowMs();
    int S = 0;
    for (long long I = 0; I < N; ++I)
      S += A[I];
    Best = std::min(Best, nowMs() - T0);
    *const_cast<volatile int *>(&Result) = S;
  }
  return Best;
}

} // namespace

int main(int Argc, char **Argv) {
  const char *CsvPath = Argc > 1 ? Argv[1] : "reduce_bench.csv";
  std::vector<int> Logs;
  for (int I = 2; I < Argc; ++I)
    Logs.push_back(std::atoi(Argv[I]));
  if (Logs.empty())
    Logs = {20, 24, 28};
  std::FILE *Csv = std::fopen(CsvPath, "w");
  if (!Csv) {
    std::fprintf(stderr, "reduce_bench: cannot write %s\n", CsvPath);
    return 2;
  }
  std::fprintf(Csv, "log2_n,n,stage,rule_set,ms,speedup_vs_stage1,ratio_to_cub,"
                    "correct\n");
  l2c::initDevice();
  cudaDeviceProp Prop;
  L2C_CHECK(cudaGetDeviceProperties(&Prop, 0), "reduce_bench");
  std::printf("reduce_bench on %s (%d SMs)\n", Prop.name,
              Prop.multiProcessorCount);

  bool AllCorrect = true;
  for (int Lg : Logs) {
    const long long N = 1LL << Lg;
    // Values in {-1, 0, 1}: the int32 sum cannot overflow at any size.
    std::vector<int> A(N);
    for (long long I = 0; I < N; ++I)
      A[I] = static_cast<int>((I * 2654435761LL >> 7) % 3) - 1;
    int CpuSum = 0;
    double Cpu = cpuMs(A.data(), N, CpuSum);
    int *DIn = nullptr;
    L2C_CHECK(cudaMalloc(&DIn, N * sizeof(int)), "reduce_bench");
    L2C_CHECK(
        cudaMemcpy(DIn, A.data(), N * sizeof(int), cudaMemcpyHostToDevice),
        "reduce_bench");
    // Rounds, each timing both CUBs and every stage once; the best counts.
    int CubSum = 0, CubMappedSum = 0;
    double Cub = 1e30, CubMapped = 1e30;
    double Ms[NumStages];
    int Sums[NumStages];
    for (int S = 0; S < NumStages; ++S)
      Ms[S] = 1e30;
    for (int Round = 0; Round < rounds(N); ++Round) {
      Cub = std::min(Cub, cubMs(DIn, N, CubOut::Memcpy, CubSum));
      CubMapped =
          std::min(CubMapped, cubMs(DIn, N, CubOut::Mapped, CubMappedSum));
      for (int S = 0; S < NumStages; ++S)
        Ms[S] = std::min(Ms[S], stageMs(Stages[S].Fn, A.data(), N, Sums[S]));
    }
    cudaFree(DIn);

    std::printf("\nSum of 2^%d int32 (%lld elements): one reduction, result "
                "read back to the host\n",
                Lg, N);
    std::printf("%-5s %-29s %-29s %10s %9s %9s  %s\n", "Stage", "Rule set",
                "Technique", "Time, ms", "Speed-up", "vs CUB", "Result");
    for (int S = 0; S < NumStages; ++S) {
      bool Ok = Sums[S] == CpuSum;
      AllCorrect &= Ok;
      double Speed = Ms[0] / std::max(Ms[S], 1e-9);
      double Ratio = Ms[S] / Cub;
      std::printf("%-5d %-29s %-29s %10.4f %8.1fx %8.2fx  %s\n", S + 1,
                  Stages[S].RuleSet, Stages[S].What, Ms[S], Speed, Ratio,
                  Ok ? "ok" : "WRONG");
      if (!Ok)
        std::printf("      got %d, expected %d\n", Sums[S], CpuSum);
      std::fprintf(Csv, "%d,%lld,%d,%s,%.6f,%.4f,%.4f,%d\n", Lg, N, S + 1,
                   Stages[S].RuleSet, Ms[S], Speed, Ratio, Ok ? 1 : 0);
    }
    bool CubOk = CubSum == CpuSum, CubMappedOk = CubMappedSum == CpuSum;
    AllCorrect &= CubOk && CubMappedOk;
    std::printf("%-5s %-29s %-29s %10.4f %8.1fx %8.2fx  %s\n", "-",
                "cub::DeviceReduce::Sum", "CUB + cudaMemcpy", Cub, Ms[0] / Cub,
                1.0, CubOk ? "ok" : "WRONG");
    std::printf("%-5s %-29s %-29s %10.4f %8.1fx %8.2fx  %s\n", "-",
                "cub::DeviceReduce::Sum", "CUB, result in mapped memory",
                CubMapped, Ms[0] / CubMapped, CubMapped / Cub,
                CubMappedOk ? "ok" : "WRONG");
    std::printf("%-5s %-29s %-29s %10.4f %8.1fx %8.2fx  %s\n", "-", "CPU",
                "sequential loop", Cpu, Ms[0] / Cpu, Cpu / Cub, "reference");
    std::fprintf(Csv, "%d,%lld,cub,cub::DeviceReduce::Sum,%.6f,%.4f,1,%d\n", Lg,
                 N, Cub, Ms[0] / Cub, CubOk ? 1 : 0);
    std::fprintf(Csv,
                 "%d,%lld,cub-mapped,cub::DeviceReduce::Sum,%.6f,%.4f,"
                 "%.4f,%d\n",
                 Lg, N, CubMapped, Ms[0] / CubMapped, CubMapped / Cub,
                 CubMappedOk ? 1 : 0);
    std::fprintf(Csv, "%d,%lld,cpu,cpu,%.6f,%.4f,%.4f,1\n", Lg, N, Cpu,
                 Ms[0] / Cpu, Cpu / Cub);
    // The targets of the issue: no stage slower than the one before (the
    // ladder is timed at 2^24 and 2^28; at other sizes the same check is
    // printed for information); the last stage at most CUB's time (2^20 and
    // 2^28). A stage within 1% of the one before is a tie: the best times
    // of one program vary by about that much from run to run.
    const bool LadderSize = Lg == 24 || Lg == 28;
    const char *Missed = LadderSize ? "TARGET MISSED" : "note (no target)";
    bool Monotone = true;
    for (int S = 1; S < NumStages; ++S) {
      if (Ms[S] > Ms[S - 1] * 1.01) {
        Monotone = false;
        std::printf("%s 2^%d: stage %d (%.4f ms) is slower than stage %d "
                    "(%.4f ms)\n",
                    Missed, Lg, S + 1, Ms[S], S, Ms[S - 1]);
      } else if (Ms[S] > Ms[S - 1]) {
        std::printf("note 2^%d: stage %d (%.4f ms) ties stage %d (%.4f ms), "
                    "%.1f%% apart: within the run-to-run noise\n",
                    Lg, S + 1, Ms[S], S, Ms[S - 1],
                    100.0 * (Ms[S] / Ms[S - 1] - 1));
      }
    }
    if (LadderSize)
      std::printf("TARGET %s 2^%d: no stage slower than the one before "
                  "(ties within 1%% allowed)\n",
                  Monotone ? "MET" : "MISSED", Lg);
    else
      std::printf("note 2^%d: no stage slower than the one before (ties "
                  "within 1%%): %s (the ladder's targets are at 2^24, 2^28)\n",
                  Lg, Monotone ? "yes" : "no");
    std::printf("TARGET %s 2^%d: last stage / CUB = %.3f (want <= 1.00)\n",
                Ms[NumStages - 1] <= Cub ? "MET" : "MISSED", Lg,
                Ms[NumStages - 1] / Cub);
    std::printf("also 2^%d: last stage / CUB with its result in mapped "
                "memory = %.3f\n",
                Lg, Ms[NumStages - 1] / CubMapped);
  }
  std::fclose(Csv);
  std::printf("\n%s reduce_bench: results %s\n", AllCorrect ? "PASS" : "FAIL",
              AllCorrect ? "all correct" : "WRONG (see above)");
  return AllCorrect ? 0 : 1;
}

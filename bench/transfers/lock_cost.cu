// lock_cost.cu - what page-locking host memory costs, by how the memory was
// allocated (docs/transfers.md, "The ring's slots on huge pages"): for
// 32 MiB and 4 MiB from malloc, and from aligned_alloc on 2 MiB advised as
// huge pages (madvise MADV_HUGEPAGE), each written first or never touched,
// prints the time to write it, the kernel's AnonHugePages, the best of 3
// pageable copies each way, cudaHostRegister and cudaHostUnregister, and
// the best of 3 copies from the locked pages; then cudaMallocHost of
// 32 MiB. Twice, since the first pass of a fresh machine is slower. Also
// prints the kernel's transparent huge page settings.
//
// Usage: lock_cost            (built by bench/transfers/run.sh)
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include <sys/mman.h>

using Clock = std::chrono::steady_clock;

static double msSince(Clock::time_point T) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T).count();
}

static long anonHugeKiB() {
  std::ifstream F("/proc/self/smaps_rollup");
  std::string L;
  long V = -1;
  while (std::getline(F, L))
    if (L.rfind("AnonHugePages:", 0) == 0)
      V = std::atol(L.c_str() + 14);
  return V;
}

static void printFile(const char *Path) {
  std::ifstream F(Path);
  std::string L;
  if (std::getline(F, L))
    std::printf("%s: %s\n", Path, L.c_str());
}

/// Best of 3 copies of Bytes between Host and Dev, each way.
static void bestCopies(char *Host, void *Dev, size_t Bytes, double &In,
                       double &Out) {
  In = Out = 1e30;
  for (int R = 0; R < 3; ++R) {
    auto T = Clock::now();
    cudaMemcpy(Dev, Host, Bytes, cudaMemcpyHostToDevice);
    In = std::min(In, msSince(T));
    T = Clock::now();
    cudaMemcpy(Host, Dev, Bytes, cudaMemcpyDeviceToHost);
    Out = std::min(Out, msSince(T));
  }
}

static void trial(size_t Bytes, bool Huge, bool Touch) {
  char *P = nullptr;
  if (Huge) {
    P = static_cast<char *>(std::aligned_alloc(size_t(2) << 20, Bytes));
    if (P)
      (void)madvise(P, Bytes, MADV_HUGEPAGE);
  } else {
    P = static_cast<char *>(std::malloc(Bytes));
  }
  void *D = nullptr;
  if (!P || cudaMalloc(&D, Bytes) != cudaSuccess) {
    std::printf("allocation failed\n");
    std::exit(1);
  }
  auto T = Clock::now();
  if (Touch)
    std::memset(P, 1, Bytes);
  double Write = msSince(T);
  long HugeKiB = anonHugeKiB();
  double In, Out, LockedIn, LockedOut;
  bestCopies(P, D, Bytes, In, Out);
  T = Clock::now();
  cudaError_t E = cudaHostRegister(P, Bytes, cudaHostRegisterDefault);
  double Lock = msSince(T);
  bestCopies(P, D, Bytes, LockedIn, LockedOut);
  T = Clock::now();
  if (E == cudaSuccess)
    cudaHostUnregister(P);
  double Unlock = msSince(T);
  std::printf("%-13s %-9s %3zu MiB %8.3f %9ld %8.3f %8.3f %8.3f %8.3f %8.3f "
              "%8.3f%s\n",
              Huge ? "huge pages" : "malloc", Touch ? "written" : "untouched",
              Bytes >> 20, Write, HugeKiB, In, Out, Lock, Unlock, LockedIn,
              LockedOut, E == cudaSuccess ? "" : " (register refused)");
  cudaFree(D);
  std::free(P);
}

int main() {
  cudaFree(nullptr);
  printFile("/sys/kernel/mm/transparent_hugepage/enabled");
  printFile("/sys/kernel/mm/transparent_hugepage/defrag");
  std::printf("%-13s %-9s %7s %8s %9s %8s %8s %8s %8s %8s %8s\n", "memory",
              "first", "size", "write ms", "huge KiB", "in ms", "out ms",
              "lock ms", "unlock", "lk in", "lk out");
  for (int Pass = 0; Pass < 2; ++Pass)
    for (size_t Bytes : {size_t(32) << 20, size_t(4) << 20})
      for (bool Huge : {false, true})
        for (bool Touch : {true, false})
          trial(Bytes, Huge, Touch);
  for (int Pass = 0; Pass < 2; ++Pass) {
    void *H = nullptr;
    auto T = Clock::now();
    cudaError_t E = cudaMallocHost(&H, size_t(32) << 20);
    double Alloc = msSince(T);
    T = Clock::now();
    if (E == cudaSuccess)
      cudaFreeHost(H);
    std::printf("cudaMallocHost 32 MiB: %.3f ms, cudaFreeHost %.3f ms\n", Alloc,
                msSince(T));
  }
  return 0;
}

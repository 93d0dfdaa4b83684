// transfer_bandwidth.cu - host<->device copy bandwidth from pageable memory
// (std::vector), from memory allocated page-locked (cudaMallocHost) and from
// pageable memory page-locked with cudaHostRegister, at 1 MiB ... 1 GiB.
// "registered" is the copy alone; "reg+copy" adds the cudaHostRegister and
// cudaHostUnregister of the buffer, what a program pays that transfers the
// array once; "staged" is the runtime's copy through page-locked chunks by
// several threads (runtime/loop2cuda_staged.cuh, L2C_STAGE_THREADS of them),
// checked byte for byte. docs/transfers.md explains the columns.
//
// Usage: transfer_bandwidth [MAX_LOG2_MIB]   (default 10: up to 1 GiB)
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "loop2cuda_staged.cuh"

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s: %s\n", #X, cudaGetErrorString(E));             \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Best of Reps staged copies, in GB/s; exits when a copy is wrong or
/// staging is off.
static double stagedBandwidth(char *Host, void *Dev, size_t Bytes,
                              bool ToDevice, int Reps) {
  std::vector<char> Check(Bytes);
  for (size_t I = 0; I < Bytes; ++I)
    Host[I] = static_cast<char>(I * 7 + (ToDevice ? 1 : 3));
  if (!ToDevice)
    CHECK(cudaMemcpy(Dev, Host, Bytes, cudaMemcpyHostToDevice));
  double Best = 1e30;
  for (int R = 0; R < Reps; ++R) {
    if (!ToDevice)
      std::memset(Host, 0, Bytes);
    cudaError_t Err = cudaSuccess;
    double T0 = now();
    bool Done =
        ToDevice
            ? l2c::staged::copy(Dev, Host, Bytes, cudaMemcpyHostToDevice, Err)
            : l2c::staged::copy(Host, Dev, Bytes, cudaMemcpyDeviceToHost, Err);
    double T = now() - T0;
    CHECK(Err);
    if (!Done) {
      std::fprintf(stderr, "staged copy refused %zu bytes\n", Bytes);
      std::exit(1);
    }
    Best = T < Best ? T : Best;
  }
  if (ToDevice)
    CHECK(cudaMemcpy(Check.data(), Dev, Bytes, cudaMemcpyDeviceToHost));
  else
    std::memcpy(Check.data(), Host, Bytes);
  for (size_t I = 0; I < Bytes; ++I)
    if (Check[I] != static_cast<char>(I * 7 + (ToDevice ? 1 : 3))) {
      std::fprintf(stderr, "staged copy wrong at byte %zu of %zu\n", I, Bytes);
      std::exit(1);
    }
  return Bytes / Best / 1e9;
}

/// Best of Reps copies of Bytes between Host and Dev, in GB/s.
static double bandwidth(void *Host, void *Dev, size_t Bytes, bool ToDevice,
                        int Reps) {
  double Best = 1e30;
  for (int R = 0; R < Reps; ++R) {
    double T0 = now();
    if (ToDevice)
      CHECK(cudaMemcpy(Dev, Host, Bytes, cudaMemcpyHostToDevice));
    else
      CHECK(cudaMemcpy(Host, Dev, Bytes, cudaMemcpyDeviceToHost));
    double T = now() - T0;
    Best = T < Best ? T : Best;
  }
  return Bytes / Best / 1e9;
}

int main(int argc, char **argv) {
  int MaxLog = argc > 1 ? std::atoi(argv[1]) : 10;
  CHECK(cudaFree(nullptr));
  // The ring, waited for (a copy of 2^40 bytes would wait about a minute).
  l2c::staged::Ring *Ring = l2c::staged::ring(size_t(1) << 40);
  std::printf("\nHost<->device copy bandwidth, GB/s (best of 3; reg+copy: one "
              "copy including cudaHostRegister/Unregister; staged: %zu "
              "threads)\n",
              Ring ? Ring->Pool.size() : 0);
  std::printf("%9s | %8s %8s %8s %8s %8s | %8s %8s %8s %8s %8s\n", "size",
              "H2D page", "pinned", "register", "reg+copy", "staged",
              "D2H page", "pinned", "register", "reg+copy", "staged");
  for (int L = 0; L <= MaxLog; ++L) {
    size_t Bytes = (size_t(1) << 20) << L;
    void *Dev = nullptr, *Pinned = nullptr;
    CHECK(cudaMalloc(&Dev, Bytes));
    CHECK(cudaMallocHost(&Pinned, Bytes));
    std::vector<char> Pageable(Bytes, 1);
    std::memset(Pinned, 1, Bytes);
    double Row[10];
    for (int Dir = 0; Dir < 2; ++Dir) {
      bool H2D = Dir == 0;
      double *R = Row + Dir * 5;
      R[0] = bandwidth(Pageable.data(), Dev, Bytes, H2D, 3);
      R[1] = bandwidth(Pinned, Dev, Bytes, H2D, 3);
      double T0 = now();
      CHECK(cudaHostRegister(Pageable.data(), Bytes, cudaHostRegisterDefault));
      double Reg = now() - T0;
      R[2] = bandwidth(Pageable.data(), Dev, Bytes, H2D, 3);
      T0 = now();
      CHECK(cudaHostUnregister(Pageable.data()));
      double Unreg = now() - T0;
      double Copy = Bytes / (R[2] * 1e9);
      R[3] = Bytes / (Reg + Copy + Unreg) / 1e9;
      R[4] = Bytes >= static_cast<size_t>(L2C_STAGE_MIN_BYTES)
                 ? stagedBandwidth(Pageable.data(), Dev, Bytes, H2D, 3)
                 : 0.0;
    }
    std::printf("%6zu MiB | %8.1f %8.1f %8.1f %8.1f %8.1f | %8.1f %8.1f %8.1f "
                "%8.1f %8.1f\n",
                Bytes >> 20, Row[0], Row[1], Row[2], Row[3], Row[4], Row[5],
                Row[6], Row[7], Row[8], Row[9]);
    CHECK(cudaFreeHost(Pinned));
    CHECK(cudaFree(Dev));
  }
  return 0;
}

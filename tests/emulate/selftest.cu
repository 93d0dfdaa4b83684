// selftest.cu - the emulated device (tests/emulate) shows what it must:
// barriers, shared memory, warp shuffles and votes give the GPU's values; a
// kernel whose threads depend on each other's order computes the
// sequential result in one order and not in the other; a warp collective
// that a lane never reaches, or a host address given to a kernel, stops
// the program. Built by nvcc-emulate and
// run by selftest.sh; prints PASS/FAIL lines and exits 1 on a failure.
#include "loop2cuda_runtime.cuh"

#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

static int Failures = 0;
static void check(bool Ok, const char *What) {
  std::printf("%s %s\n", Ok ? "PASS" : "FAIL", What);
  Failures += !Ok;
}

// a[i] = a[i + 1] + 1 for every i: an anti-dependence between neighbours.
__global__ void shiftLeft(int *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N - 1)
    A[I] = A[I + 1] + 1;
}

// The block's sum through shared memory and barriers.
__global__ void blockSum(const int *In, int *Out) {
  __shared__ int S[256];
  unsigned T = threadIdx.x;
  S[T] = In[blockIdx.x * 256 + T];
  __syncthreads();
  for (unsigned Half = 128; Half > 0; Half /= 2) {
    if (T < Half)
      S[T] += S[T + Half];
    __syncthreads();
  }
  if (T == 0)
    Out[blockIdx.x] = S[0];
}

// The warp's sum by shuffles, its ballot of odd values, its inclusive scan.
__global__ void warpOps(const int *In, int *Sum, unsigned *Ballot, int *Scan) {
  int V = In[threadIdx.x];
  int S = V;
  for (int D = 16; D > 0; D /= 2)
    S += __shfl_xor_sync(0xffffffffu, S, D);
  unsigned B = __ballot_sync(0xffffffffu, V & 1);
  int P = V;
  for (int D = 1; D < 32; D *= 2) {
    int Up = __shfl_up_sync(0xffffffffu, P, D);
    if ((threadIdx.x & 31) >= unsigned(D))
      P += Up;
  }
  Scan[threadIdx.x] = P;
  if ((threadIdx.x & 31) == 0) {
    Sum[threadIdx.x / 32] = S;
    Ballot[threadIdx.x / 32] = B;
  }
}

// Lane 1 leaves before the shuffle that names it: a GPU would hang.
__global__ void missingLane(int *Out) {
  if (threadIdx.x == 1)
    return;
  Out[threadIdx.x] = __shfl_sync(0xffffffffu, int(threadIdx.x), 0);
}

static std::vector<int> shifted(const char *Order) {
  setenv("L2C_EMU_ORDER", Order, 1);
  const int N = 1000;
  std::vector<int> A(N);
  for (int I = 0; I < N; ++I)
    A[I] = I * 7 % 13;
  int *D;
  cudaMalloc(&D, N * sizeof(int));
  cudaMemcpy(D, A.data(), N * sizeof(int), cudaMemcpyHostToDevice);
  L2C_KERNEL_CALL(shiftLeft, 4, 256)(D, N);
  cudaMemcpy(A.data(), D, N * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(D);
  return A;
}

int main() {
  // The order dependence shows in one order only.
  std::vector<int> Seq(1000);
  for (int I = 0; I < 1000; ++I)
    Seq[I] = I * 7 % 13;
  for (int I = 0; I < 999; ++I)
    Seq[I] = Seq[I + 1] + 1;
  check(shifted("forward") == Seq, "first-first order gives the loop's result");
  check(shifted("reverse") != Seq, "last-first order shows the dependence");

  for (const char *Order : {"forward", "reverse"}) {
    setenv("L2C_EMU_ORDER", Order, 1);
    std::vector<int> In(1024), Out(4);
    for (int I = 0; I < 1024; ++I)
      In[I] = I % 17 - 8;
    int *DIn, *DOut;
    cudaMalloc(&DIn, 1024 * sizeof(int));
    cudaMalloc(&DOut, 4 * sizeof(int));
    cudaMemcpy(DIn, In.data(), 1024 * sizeof(int), cudaMemcpyHostToDevice);
    L2C_KERNEL_CALL(blockSum, 4, 256)(DIn, DOut);
    cudaMemcpy(Out.data(), DOut, 4 * sizeof(int), cudaMemcpyDeviceToHost);
    bool Ok = true;
    for (int B = 0; B < 4; ++B) {
      int Want = 0;
      for (int I = 0; I < 256; ++I)
        Want += In[B * 256 + I];
      Ok &= Out[B] == Want;
    }
    check(Ok, "block sums through shared memory and barriers");

    int *DSum, *DScan;
    unsigned *DBallot;
    cudaMalloc(&DSum, 2 * sizeof(int));
    cudaMalloc(&DScan, 64 * sizeof(int));
    cudaMalloc(&DBallot, 2 * sizeof(unsigned));
    L2C_KERNEL_CALL(warpOps, 1, 64)(DIn, DSum, DBallot, DScan);
    int Sum[2], Scan[64];
    unsigned Ballot[2];
    cudaMemcpy(Sum, DSum, sizeof Sum, cudaMemcpyDeviceToHost);
    cudaMemcpy(Scan, DScan, sizeof Scan, cudaMemcpyDeviceToHost);
    cudaMemcpy(Ballot, DBallot, sizeof Ballot, cudaMemcpyDeviceToHost);
    Ok = true;
    for (int W = 0; W < 2; ++W) {
      int S = 0;
      unsigned B = 0;
      for (int L = 0; L < 32; ++L) {
        S += In[W * 32 + L];
        B |= unsigned(In[W * 32 + L] & 1) << L;
        Ok &= Scan[W * 32 + L] == S;
      }
      Ok &= Sum[W] == S && Ballot[W] == B;
    }
    check(Ok, "warp shuffles, ballots and scans");
  }

  // The missing lane stops the program (in a child, which aborts).
  pid_t Child = fork();
  if (Child == 0) {
    int *D;
    cudaMalloc(&D, 32 * sizeof(int));
    freopen("/dev/null", "w", stderr);
    L2C_KERNEL_CALL(missingLane, 1, 32)(D);
    std::_Exit(0);
  }
  int Status = 0;
  waitpid(Child, &Status, 0);
  check(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGABRT,
        "a lane that never reaches a shuffle stops the program");

  // A host array passed to a kernel stops the program: a GPU would fault.
  Child = fork();
  if (Child == 0) {
    static int Host[32];
    freopen("/dev/null", "w", stderr);
    L2C_KERNEL_CALL(missingLane, 1, 32)(Host);
    std::_Exit(0);
  }
  waitpid(Child, &Status, 0);
  check(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGABRT,
        "a host address among a launch's arguments stops the program");
  return Failures ? 1 : 0;
}

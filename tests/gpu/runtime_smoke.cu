// runtime_smoke.cu - uses every API of runtime/loop2cuda_runtime.cuh once.
// Built by tests/gpu/nvcc-compile-check.sh (compile only) and run by
// tests/gpu/run-gpu-tier.sh. Prints one PASS/FAIL line per check and exits
// with 1 if any failed.
#include "loop2cuda_runtime.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

static int Failures = 0;

static void report(bool Ok, const char *Name) {
  std::printf("%s %s\n", Ok ? "PASS" : "FAIL", Name);
  if (!Ok)
    ++Failures;
}

__global__ void saxpy(long long Begin, long long End, float A, const float *X,
                      float *Y) {
  for (long long I = Begin + (long long)blockIdx.x * blockDim.x + threadIdx.x;
       I < End; I += (long long)gridDim.x * blockDim.x)
    Y[I] = A * X[I] + Y[I];
}

// Sum with warp shuffles, one block-level combine and one atomic per block.
__global__ void sumWarps(const int *In, long long N, int *Out) {
  int V = 0;
  for (long long I = (long long)blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += (long long)gridDim.x * blockDim.x)
    V += In[I];
  V = l2c::blockReduceWarps(V, l2c::Sum(), 0);
  if (threadIdx.x == 0)
    l2c::atomicReduce(Out, V, l2c::Sum());
}

// Max with CUB's block reduction; float max through the CAS fallback.
__global__ void maxCub(const float *In, long long N, float *Out) {
  float V = -1e30f;
  for (long long I = (long long)blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += (long long)gridDim.x * blockDim.x)
    V = l2c::Max()(V, In[I]);
  V = l2c::blockReduce<256>(V, l2c::Max());
  if (threadIdx.x == 0)
    l2c::atomicReduce(Out, V, l2c::Max());
}

// Every lane of warp 0 gets the warp's sum from warpAllReduce; lane 0's
// warpReduce agrees.
__global__ void warpAll(const int *In, int *Out) {
  int V = In[threadIdx.x];
  int All = l2c::warpAllReduce(V, l2c::Sum());
  int Lane0 = l2c::warpReduce(V, l2c::Sum());
  Out[threadIdx.x] = All;
  if (threadIdx.x == 0)
    Out[32] = Lane0;
}

// a[i] = V for i in [Lo, Hi); for rows of 64, b[i][j] = V inside the box.
__global__ void fillRange(long long Lo, long long Hi, float V, float *A) {
  for (long long I = Lo + (long long)blockIdx.x * blockDim.x + threadIdx.x;
       I < Hi; I += (long long)gridDim.x * blockDim.x)
    A[I] = V;
}
__global__ void addOne(long long Lo, long long Hi, float *Dst,
                       const float *Src) {
  for (long long I = Lo + (long long)blockIdx.x * blockDim.x + threadIdx.x;
       I < Hi; I += (long long)gridDim.x * blockDim.x)
    Dst[I] = Src[I] + 1.0f;
}
__global__ void fillBox(int R0, int R1, int C0, int C1, float V,
                        float (*B)[64]) {
  for (int I = R0 + blockIdx.x; I < R1; I += gridDim.x)
    for (int J = C0 + threadIdx.x; J < C1; J += blockDim.x)
      B[I][J] = V;
}

// toDeviceOutside and devFresh (loop2cuda_outside.cuh): the box left out
// reaches the device when anything but a launch that overwrites it uses
// the array.
static void outsideBoxes() {
  const long long N = 100003;
  std::vector<float> A(N), Want(N);
  auto Reset = [&] {
    for (long long I = 0; I < N; ++I)
      A[I] = Want[I] = float(I % 1000);
  };
  const char *W = "runtime_smoke.cu:outside";
  // The kernel overwrites the box: the rest came from the host.
  Reset();
  l2c::toDeviceOutside(A.data(), N, 10, N - 10, W);
  L2C_LAUNCH(fillRange, W, l2c::gridFor(N, 256), 256, 10LL, N - 10, -1.0f,
             l2c::devFresh(A.data(), N, 10, N - 10, W));
  l2c::toHost(A.data(), N, W);
  for (long long I = 10; I < N - 10; ++I)
    Want[I] = -1.0f;
  report(l2c::compareExact(A.data(), Want.data(), N, "outside"),
         "outside-overwritten");
  l2c::release(A.data(), W);
  // No kernel runs (a time loop of no steps): the copy back brings the
  // host's own data, not what the reused device block held (-1 inside).
  Reset();
  l2c::toDeviceOutside(A.data(), N, 10, N - 10, W);
  l2c::toHost(A.data(), N, W);
  report(l2c::compareExact(A.data(), Want.data(), N, "outside"),
         "outside-no-kernel");
  l2c::release(A.data(), W);
  // A kernel that writes only part of the box: the rest of it comes in.
  Reset();
  l2c::toDeviceOutside(A.data(), N, 10, N - 10, W);
  L2C_LAUNCH(fillRange, W, l2c::gridFor(N, 256), 256, 20LL, N - 20, -1.0f,
             l2c::devFresh(A.data(), N, 20, N - 20, W));
  l2c::toHost(A.data(), N, W);
  for (long long I = 20; I < N - 20; ++I)
    Want[I] = -1.0f;
  report(l2c::compareExact(A.data(), Want.data(), N, "outside"),
         "outside-smaller-kernel-box");
  l2c::release(A.data(), W);
  // The launch passes the array twice, and reads the box under the other
  // name: the box comes in.
  Reset();
  l2c::toDeviceOutside(A.data(), N, 10, N - 10, W);
  L2C_LAUNCH(addOne, W, l2c::gridFor(N, 256), 256, 10LL, N - 10,
             l2c::devFresh(A.data(), N, 10, N - 10, W, A.data()),
             l2c::dev(A.data(), N, W));
  l2c::toHost(A.data(), N, W);
  for (long long I = 10; I < N - 10; ++I)
    Want[I] += 1.0f;
  report(l2c::compareExact(A.data(), Want.data(), N, "outside"),
         "outside-passed-twice");
  l2c::release(A.data(), W);
  // Under a hold (a caller keeps the array on the device across calls):
  // the copy back waits for the last unhold, which brings the box in first
  // when no kernel overwrote it.
  for (int Kernel = 0; Kernel < 2; ++Kernel) {
    Reset();
    l2c::hold(A.data(), W);
    l2c::toDeviceOutside(A.data(), N, 10, N - 10, W);
    if (Kernel) {
      L2C_LAUNCH(fillRange, W, l2c::gridFor(N, 256), 256, 10LL, N - 10, -3.0f,
                 l2c::devFresh(A.data(), N, 10, N - 10, W));
      for (long long I = 10; I < N - 10; ++I)
        Want[I] = -3.0f;
    }
    l2c::toHost(A.data(), N, W);
    l2c::release(A.data(), W);
    l2c::unhold(A.data(), W);
    report(l2c::compareExact(A.data(), Want.data(), N, "outside"),
           Kernel ? "outside-held-overwritten" : "outside-held-no-kernel");
  }
  // Rows of 64: the frame goes in, the inside is overwritten; then the
  // same with a plain dev(), which brings the inside in first.
  const int R = 300;
  std::vector<float> G(R * 64), GWant(R * 64);
  auto *B = reinterpret_cast<float(*)[64]>(G.data());
  for (int Pass = 0; Pass < 2; ++Pass) {
    for (int I = 0; I < R * 64; ++I)
      G[I] = GWant[I] = float(I % 777);
    l2c::toDeviceOutsideRows(B, R, 1, R - 1, 1, 63, W);
    if (Pass == 0) {
      L2C_LAUNCH(fillBox, W, 128, 64, 1, R - 1, 1, 63, -1.0f,
                 l2c::devFreshRows(B, R, 1, R - 1, 1, 63, W));
      for (int I = 1; I < R - 1; ++I)
        for (int J = 1; J < 63; ++J)
          GWant[I * 64 + J] = -1.0f;
    } else {
      L2C_LAUNCH(fillBox, W, 128, 64, 0, 1, 0, 64, -2.0f, l2c::dev(B, R, W));
      for (int J = 0; J < 64; ++J)
        GWant[J] = -2.0f;
    }
    for (int I = 1; I < R - 1; ++I)
      G[I * 64 + 5] = 9.0f; // the host's copy changes; the device's not
    l2c::toHost(B, R, W);
    report(l2c::compareExact(G.data(), GWant.data(), R * 64, "rows"),
           Pass == 0 ? "outside-rows-overwritten" : "outside-rows-dev");
    l2c::release(B, W);
  }
}

// A copy in from memory partly never touched (loop2cuda_prefault.cuh maps
// those pages first) brings the same bytes as the host holds, and the copy
// back fills them: calloc'ed 8 MiB, every other 64 KiB block written.
static void prefaultedCopies() {
  const size_t N = (8u << 20) / sizeof(int);
  int *P = static_cast<int *>(std::calloc(N, sizeof(int)));
  std::vector<int> Want(N, 0);
  for (size_t I = 0; I < N; ++I)
    if ((I / 16384) % 2 == 1)
      P[I] = Want[I] = static_cast<int>(I * 7 + 1);
  const char *W = "runtime_smoke.cu:prefault";
  l2c::toDevice(P, N, W);
  std::vector<int> Back(N, -1);
  L2C_CHECK(cudaMemcpy(Back.data(), l2c::dev(P, N, W), N * sizeof(int),
                       cudaMemcpyDeviceToHost),
            W);
  bool In = Back == Want;
  for (size_t I = 0; I < N; ++I)
    Want[I] = static_cast<int>(I);
  L2C_CHECK(cudaMemcpy(l2c::dev(P, N, W), Want.data(), N * sizeof(int),
                       cudaMemcpyHostToDevice),
            W);
  l2c::toHost(P, N, W);
  report(In && std::equal(P, P + N, Want.begin()), "prefaulted-copy-in");
  l2c::release(P, W);
  std::free(P);

  // A copy back into memory whose pages were only read, one in four (they
  // map the zero page; forCopyOut unmaps them first) or never touched.
  int *Q = static_cast<int *>(std::calloc(N, sizeof(int)));
  volatile int Sink = 0;
  for (size_t I = 0; I < N; I += 4096)
    Sink = Sink + Q[I];
  L2C_CHECK(cudaMemcpy(l2c::dev(Q, N, W), Want.data(), N * sizeof(int),
                       cudaMemcpyHostToDevice),
            W);
  l2c::toHost(Q, N, W);
  report(std::equal(Q, Q + N, Want.begin()), "copy-back-over-zero-pages");
  l2c::release(Q, W);
  std::free(Q);

  // The same with 1 MiB in the middle page-locked by the program: those
  // pages must stay the ones the driver copies through. (On the H100
  // machine the driver's registration also refuses MADV_DONTNEED: this
  // passed with forCopyOut's own-page check taken out, session 26.)
  int *L = static_cast<int *>(std::calloc(N, sizeof(int)));
  int *Mid = L + N / 4;
  const size_t MidN = (1u << 20) / sizeof(int);
  L2C_CHECK(cudaHostRegister(Mid, MidN * sizeof(int), cudaHostRegisterDefault),
            W);
  int *D = l2c::dev(L, N, W);
  L2C_CHECK(cudaMemcpy(D, Want.data(), N * sizeof(int), cudaMemcpyHostToDevice),
            W);
  l2c::toHost(L, N, W);
  bool Whole = std::equal(L, L + N, Want.begin());
  L2C_CHECK(cudaMemset(D + N / 4, 0x11, MidN * sizeof(int)), W);
  L2C_CHECK(
      cudaMemcpy(Mid, D + N / 4, MidN * sizeof(int), cudaMemcpyDeviceToHost),
      W);
  bool Locked =
      std::all_of(Mid, Mid + MidN, [](int V) { return V == 0x11111111; });
  report(Whole && Locked, "copy-back-keeps-locked-pages");
  L2C_CHECK(cudaHostUnregister(Mid), W);
  l2c::release(L, W);
  std::free(L);
}

// Copies staged through the ring (loop2cuda_staged.cuh), both ways, of
// sizes that end inside a piece and that wrap the ring of slots more than
// once, with the pool's threads and the calling thread sharing the pieces:
// every byte arrives. Waits for the ring first, so that the copies are
// staged and not left to cudaMemcpy.
static void stagedCopies() {
  if (!l2c::staged::pending().get()) {
    std::printf("SKIP staged-copies (no staging ring: fewer than 2 threads "
                "or no page-locked slots)\n");
    return;
  }
  const char *W = "runtime_smoke.cu:staged";
  bool Ok = true;
  for (size_t Bytes : {(size_t(4) << 20) + 4099, (size_t(37) << 20) + 3}) {
    std::vector<unsigned char> Host(Bytes), Back(Bytes);
    for (size_t I = 0; I < Bytes; ++I)
      Host[I] = static_cast<unsigned char>(I * 131 + (I >> 12));
    void *D = nullptr;
    L2C_CHECK(cudaMalloc(&D, Bytes), W);
    cudaError_t Err = cudaSuccess;
    bool In =
        l2c::staged::copy(D, Host.data(), Bytes, cudaMemcpyHostToDevice, Err);
    L2C_CHECK(Err, W);
    L2C_CHECK(cudaMemcpy(Back.data(), D, Bytes, cudaMemcpyDeviceToHost), W);
    Ok = Ok && In && Back == Host;
    // The other way: the device holds the bytes reversed.
    std::vector<unsigned char> Rev(Host.rbegin(), Host.rend());
    L2C_CHECK(cudaMemcpy(D, Rev.data(), Bytes, cudaMemcpyHostToDevice), W);
    bool Out =
        l2c::staged::copy(Back.data(), D, Bytes, cudaMemcpyDeviceToHost, Err);
    L2C_CHECK(Err, W);
    Ok = Ok && Out && Back == Rev;
    L2C_CHECK(cudaFree(D), W);
  }
  report(Ok, "staged-copies");
}

/// overlapOf (loop2cuda_overlap.cuh, which requireApart stops on): arrays
/// apart, or overlapping but only read, give -1; a written array one
/// element into another gives the distance in bytes.
static void overlappingArrays() {
  const char *W = "runtime_smoke.cu:overlap";
  std::vector<double> V(64, 1.0);
  double *Lo = l2c::devWrites(V.data(), 32, 0, 32, W);
  const double *Hi = l2c::devReads(V.data() + 32, 32, W);
  bool Ok = l2c::overlapOf(Lo, Hi) == -1;
  double *R1 = l2c::devReads(V.data(), 33, W);
  double *R2 = l2c::devReads(V.data() + 1, 33, W);
  Ok = Ok && l2c::overlapOf(R1, R2) == -1;
  l2c::requireApart(W, R1, R2); // returns
  double *Dst = l2c::devWrites(V.data() + 1, 32, 0, 32, W);
  const double *Src = l2c::devReads(V.data(), 32, W);
  Ok = Ok && l2c::overlapOf(Dst, Src) == (long long)sizeof(double);
  report(Ok, "overlapping-arrays");
  for (const double *P : {V.data(), V.data() + 1, V.data() + 32})
    l2c::release(P, W);
}

int main(int Argc, char **Argv) {
  long long N = Argc > 1 ? std::atoll(Argv[1]) : (1 << 20) + 3;
  l2c::initDevice();
  l2c::HostTimer Wall;

  // saxpy through the present table.
  std::vector<float> X(N), Y(N), Expected(N);
  l2c::fillRandom(X.data(), N, 1);
  l2c::fillRandom(Y.data(), N, 2);
  for (long long I = 0; I < N; ++I)
    Expected[I] = 2.0f * X[I] + Y[I];
  l2c::toDevice(X.data(), N, "runtime_smoke.cu:saxpy");
  l2c::toDevice(Y.data(), N, "runtime_smoke.cu:saxpy");
  report(l2c::isPresent(X.data()), "present-after-toDevice");
  l2c::GpuTimer Timer;
  Timer.start();
  L2C_LAUNCH(saxpy, "runtime_smoke.cu:saxpy", l2c::gridFor(N, 256), 256, 0LL, N,
             2.0f, l2c::dev(X.data(), N, "runtime_smoke.cu:saxpy"),
             l2c::dev(Y.data(), N, "runtime_smoke.cu:saxpy"));
  Timer.stop();
  l2c::toHost(Y.data(), N, "runtime_smoke.cu:saxpy");
  report(l2c::compareClose(Y.data(), Expected.data(), N, 1e-6, "saxpy"),
         "saxpy");
  report(Timer.elapsedMs() >= 0.0f, "gpu-timer");
  l2c::release(X.data(), "runtime_smoke.cu:saxpy");
  l2c::release(Y.data(), "runtime_smoke.cu:saxpy");
  report(!l2c::isPresent(X.data()), "release");
  prefaultedCopies();
  stagedCopies();
  overlappingArrays();

  // Integer sum: warp shuffles + atomics, against the host.
  std::vector<int> A(N);
  l2c::fillRandom(A.data(), N, 3);
  long long HostSum = 0;
  for (int V : A)
    HostSum += V;
  int Sum = 0;
  l2c::toDevice(A.data(), N, "runtime_smoke.cu:sum");
  int *DSum = l2c::dev(&Sum, 1, "runtime_smoke.cu:sum");
  L2C_CHECK(cudaMemset(DSum, 0, sizeof(int)), "runtime_smoke.cu:sum");
  L2C_LAUNCH(sumWarps, "runtime_smoke.cu:sum",
             l2c::residentBlocks(sumWarps, 256), 256,
             l2c::dev(A.data(), N, "runtime_smoke.cu:sum"), N, DSum);
  l2c::toHost(&Sum, 1, "runtime_smoke.cu:sum");
  report(Sum == HostSum, "warp-block-atomic-sum");

  // Same sum with CUB's device-wide reduction; min too.
  int CubSum = -1, CubMin = 0;
  l2c::deviceReduce(l2c::dev(A.data(), N, "runtime_smoke.cu:cub"),
                    l2c::dev(&CubSum, 1, "runtime_smoke.cu:cub"), N, l2c::Sum(),
                    0, "runtime_smoke.cu:cub");
  l2c::toHost(&CubSum, 1, "runtime_smoke.cu:cub");
  l2c::deviceReduce(l2c::dev(A.data(), N, "runtime_smoke.cu:cub"),
                    l2c::dev(&CubMin, 1, "runtime_smoke.cu:cub"), N, l2c::Min(),
                    1 << 30, "runtime_smoke.cu:cub");
  l2c::toHost(&CubMin, 1, "runtime_smoke.cu:cub");
  int HostMin = 1 << 30;
  for (int V : A)
    HostMin = l2c::Min()(HostMin, V);
  report(CubSum == HostSum && CubMin == HostMin, "cub-device-reduce");

  // Float max: CUB block reduction + CAS atomic.
  // X was released above: copy it again.
  float Max = -1e30f;
  l2c::toDevice(X.data(), N, "runtime_smoke.cu:max");
  l2c::toDevice(&Max, 1, "runtime_smoke.cu:max");
  L2C_LAUNCH(maxCub, "runtime_smoke.cu:max", l2c::gridFor(N, 256), 256,
             l2c::dev(X.data(), N, "runtime_smoke.cu:max"), N,
             l2c::dev(&Max, 1, "runtime_smoke.cu:max"));
  l2c::toHost(&Max, 1, "runtime_smoke.cu:max");
  float HostMax = -1e30f;
  for (float V : X)
    HostMax = l2c::Max()(HostMax, V);
  report(l2c::compareExact(&Max, &HostMax, 1, "max"), "cub-block-max");

  // Warp all-reduce.
  std::vector<int> W(32), WOut(33), WExpected(33);
  l2c::fillRandom(W.data(), 32, 4, -1000, 1000);
  int WSum = 0;
  for (int V : W)
    WSum += V;
  for (int &V : WExpected)
    V = WSum;
  l2c::toDevice(W.data(), 32, "runtime_smoke.cu:warp");
  L2C_LAUNCH(warpAll, "runtime_smoke.cu:warp", 1, 32,
             l2c::dev(W.data(), 32, "runtime_smoke.cu:warp"),
             l2c::dev(WOut.data(), 33, "runtime_smoke.cu:warp"));
  l2c::toHost(WOut.data(), 33, "runtime_smoke.cu:warp");
  report(l2c::compareExact(WOut.data(), WExpected.data(), 33, "warp"),
         "warp-reduce");

  // Determinism of the fills, and a deliberate mismatch report.
  std::vector<double> D1(100), D2(100);
  l2c::fillRandom(D1.data(), 100, 7);
  l2c::fillRandom(D2.data(), 100, 7);
  bool InRange = true;
  for (double V : D1)
    InRange = InRange && V >= -1.0 && V <= 1.0;
  report(InRange && l2c::compareExact(D1.data(), D2.data(), 100, "fill"),
         "fill-deterministic");
  D2[42] += 1.0;
  std::fprintf(stderr, "(the next mismatch report is expected)\n");
  report(!l2c::compareClose(D1.data(), D2.data(), 100, 1e-9, "expected"),
         "compare-reports-mismatch");

  outsideBoxes();

  std::fprintf(stderr, "runtime smoke: %.1f ms\n", Wall.elapsedMs());
  return Failures ? 1 : 0;
}

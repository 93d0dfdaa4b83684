// maps_variants.cu - hand-written variants of the memory-bound maps of issue
// 10 (items 3 and 5), measured side by side in one run to choose what the
// rules generate (docs/rules/vectorize-map.md, docs/rules/tile-stencil.md):
//
//   saxpy y = a x + y over 2^28 floats: one thread per element or a
//   grid-stride loop (blocks = a multiple of the SM count), scalar or
//   16-byte float4 accesses;
//   jacobi-2d and a 9-point stencil over 4096^2 doubles: the block shape of
//   today's generated kernel (128x2, grid-stride, the gridFor budget),
//   other shapes with one thread per point, a tile and its halo in shared
//   memory, and columns of rows walked by one thread with the three rows in
//   registers.
//
// Kernel time by CUDA events (mean of REPS launches after a warm-up); the
// reference is cudaMemcpy device-to-device, bytes read plus bytes written.
// Every variant's result is compared with the first one of its group.
//
// Usage: maps_variants [REPS]  - prints a table, one row per variant:
//   group,variant,ms,GB/s,percent_of_copy,check
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

#define CK(X)                                                                  \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s: %s\n", #X, cudaGetErrorString(E));             \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static int Reps = 20;
static int SMs = 132;
static double CopyGBs = 0;

template <class F> static double timeMs(F Launch) {
  Launch(); // warm-up
  CK(cudaDeviceSynchronize());
  cudaEvent_t A, B;
  CK(cudaEventCreate(&A));
  CK(cudaEventCreate(&B));
  CK(cudaEventRecord(A));
  for (int R = 0; R < Reps; ++R)
    Launch();
  CK(cudaEventRecord(B));
  CK(cudaEventSynchronize(B));
  CK(cudaGetLastError());
  float Ms = 0;
  CK(cudaEventElapsedTime(&Ms, A, B));
  CK(cudaEventDestroy(A));
  CK(cudaEventDestroy(B));
  return Ms / Reps;
}

static void row(const char *Group, const char *Name, double Ms, double Bytes,
                const char *Check) {
  double GBs = Bytes / (Ms * 1e-3) / 1e9;
  std::printf("%-8s %-26s %9.4f %9.1f %7.1f%%  %s\n", Group, Name, Ms, GBs,
              100 * GBs / CopyGBs, Check);
  std::fflush(stdout);
}

// ---------------------------------------------------------------- saxpy
__global__ void saxpyOne(long long N, float A, const float *X, float *Y) {
  long long I = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] = A * X[I] + Y[I];
}
// The form extract-kernel generates today (grid-stride, long long).
__global__ void saxpyStride(long long Begin, long long Count, float A,
                            const float *X, float *Y) {
  for (long long K = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       K < Count; K += (long long)gridDim.x * blockDim.x) {
    int I = Begin + K;
    Y[I] = A * X[I] + Y[I];
  }
}
__global__ void saxpyVecOne(long long N, float A, const float *X, float *Y) {
  long long V = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (V < N / 4) {
    float4 Xv = reinterpret_cast<const float4 *>(X)[V];
    float4 Yv = reinterpret_cast<float4 *>(Y)[V];
    Yv.x = A * Xv.x + Yv.x;
    Yv.y = A * Xv.y + Yv.y;
    Yv.z = A * Xv.z + Yv.z;
    Yv.w = A * Xv.w + Yv.w;
    reinterpret_cast<float4 *>(Y)[V] = Yv;
  }
  long long T = N / 4 * 4 + V; // tail
  if (V < N % 4)
    Y[T] = A * X[T] + Y[T];
}
// The form vectorize-map would generate: aligned test, vector grid-stride
// loop, scalar grid-stride tail.
__global__ void saxpyVecStride(long long Begin, long long Count, float A,
                               const float *X, float *Y) {
  long long Tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long Stride = (long long)gridDim.x * blockDim.x;
  long long First = 0;
  if ((((unsigned long long)(X + Begin) | (unsigned long long)(Y + Begin)) &
       15) == 0) {
    First = Count / 4 * 4;
    for (long long Q = Tid; Q < Count / 4; Q += Stride) {
      long long I0 = Begin + 4 * Q;
      float4 Xv = *reinterpret_cast<const float4 *>(X + I0);
      float4 Yv = *reinterpret_cast<float4 *>(Y + I0);
      Yv.x = A * Xv.x + Yv.x;
      Yv.y = A * Xv.y + Yv.y;
      Yv.z = A * Xv.z + Yv.z;
      Yv.w = A * Xv.w + Yv.w;
      *reinterpret_cast<float4 *>(Y + I0) = Yv;
    }
  }
  for (long long K = First + Tid; K < Count; K += Stride) {
    long long I = Begin + K;
    Y[I] = A * X[I] + Y[I];
  }
}
// Two float4 per thread and iteration (more bytes in flight a thread).
__global__ void saxpyVec2Stride(long long Count, float A, const float *X,
                                float *Y) {
  long long Tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long Stride = (long long)gridDim.x * blockDim.x;
  long long NV = Count / 4;
  for (long long Q = Tid; Q < NV; Q += 2 * Stride) {
    float4 X0 = reinterpret_cast<const float4 *>(X)[Q];
    float4 Y0 = reinterpret_cast<float4 *>(Y)[Q];
    bool Two = Q + Stride < NV;
    float4 X1, Y1;
    if (Two) {
      X1 = reinterpret_cast<const float4 *>(X)[Q + Stride];
      Y1 = reinterpret_cast<float4 *>(Y)[Q + Stride];
    }
    Y0.x = A * X0.x + Y0.x;
    Y0.y = A * X0.y + Y0.y;
    Y0.z = A * X0.z + Y0.z;
    Y0.w = A * X0.w + Y0.w;
    reinterpret_cast<float4 *>(Y)[Q] = Y0;
    if (Two) {
      Y1.x = A * X1.x + Y1.x;
      Y1.y = A * X1.y + Y1.y;
      Y1.z = A * X1.z + Y1.z;
      Y1.w = A * X1.w + Y1.w;
      reinterpret_cast<float4 *>(Y)[Q + Stride] = Y1;
    }
  }
}

static void saxpy() {
  const long long N = 1LL << 28;
  size_t Bytes = N * sizeof(float);
  float *X, *Y, *Z;
  CK(cudaMalloc(&X, Bytes));
  CK(cudaMalloc(&Y, Bytes));
  CK(cudaMalloc(&Z, Bytes));
  std::vector<float> H(N);
  for (long long I = 0; I < N; ++I)
    H[I] = (float)(I % 13);
  CK(cudaMemcpy(X, H.data(), Bytes, cudaMemcpyHostToDevice));
  // The copy moves 2 * Bytes; saxpy moves 3 * Bytes.
  double Ms = timeMs([&] {
    CK(cudaMemcpyAsync(Z, X, Bytes, cudaMemcpyDeviceToDevice));
  });
  CopyGBs = 2.0 * Bytes / (Ms * 1e-3) / 1e9;
  row("copy", "cudaMemcpy D2D 1 GiB", Ms, 2.0 * Bytes, "-");
  // Each variant: reset y, run once, keep y; then time (y keeps changing,
  // which does not change the traffic).
  std::vector<float> Ref, Got(N);
  auto check = [&](const char *Name, auto Launch) {
    CK(cudaMemcpy(Y, H.data(), Bytes, cudaMemcpyHostToDevice));
    Launch();
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(Got.data(), Y, Bytes, cudaMemcpyDeviceToHost));
    const char *Ok = "ref";
    if (Ref.empty())
      Ref = Got;
    else
      Ok = std::memcmp(Ref.data(), Got.data(), Bytes) ? "MISMATCH" : "same";
    row("saxpy", Name, timeMs(Launch), 3.0 * Bytes, Ok);
  };
  float A = 0.5f;
  char Name[64];
  check("scalar one/thread b256", [&] {
    saxpyOne<<<(N + 255) / 256, 256>>>(N, A, X, Y);
  });
  for (int PerSM : {4, 8, 16, 32, 64}) {
    std::snprintf(Name, sizeof Name, "scalar stride %d/SM b256", PerSM);
    check(Name, [&] { saxpyStride<<<PerSM * SMs, 256>>>(0, N, A, X, Y); });
  }
  check("float4 one/thread b256", [&] {
    saxpyVecOne<<<(N / 4 + 255) / 256, 256>>>(N, A, X, Y);
  });
  check("float4 one/thread b128", [&] {
    saxpyVecOne<<<(N / 4 + 127) / 128, 128>>>(N, A, X, Y);
  });
  for (int PerSM : {2, 4, 8, 16, 32}) {
    std::snprintf(Name, sizeof Name, "float4 stride %d/SM b256", PerSM);
    check(Name, [&] { saxpyVecStride<<<PerSM * SMs, 256>>>(0, N, A, X, Y); });
  }
  for (int PerSM : {4, 8}) {
    std::snprintf(Name, sizeof Name, "float4 stride %d/SM b512", PerSM);
    check(Name, [&] { saxpyVecStride<<<PerSM * SMs, 512>>>(0, N, A, X, Y); });
  }
  for (int PerSM : {4, 8, 16}) {
    std::snprintf(Name, sizeof Name, "2xfloat4 stride %d/SM b256", PerSM);
    check(Name, [&] { saxpyVec2Stride<<<PerSM * SMs, 256>>>(N, A, X, Y); });
  }
  // The runtime's gridFor today: min(blocks, 32/SM) of 256.
  check("float4 stride gridFor(N)", [&] {
    long long B = std::min((N + 255) / 256, 32LL * SMs);
    saxpyVecStride<<<(unsigned)B, 256>>>(0, N, A, X, Y);
  });
  check("float4 stride gridFor(N/4)", [&] {
    long long B = std::min((N / 4 + 255) / 256, 32LL * SMs);
    saxpyVecStride<<<(unsigned)B, 256>>>(0, N, A, X, Y);
  });
  CK(cudaFree(X));
  CK(cudaFree(Y));
  CK(cudaFree(Z));
}

// ---------------------------------------------------------------- stencils
constexpr int SN = 4096;
typedef double Row[SN];

// Today's generated nest: y and x grid-stride loops, long long counters.
template <int P>
__global__ void stencilStride(const Row *A, Row *B) {
  for (long long Ky = (long long)blockIdx.y * blockDim.y + threadIdx.y;
       1 + Ky < SN - 1; Ky += (long long)gridDim.y * blockDim.y) {
    int i = 1 + Ky;
    for (long long Kx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
         1 + Kx < SN - 1; Kx += (long long)gridDim.x * blockDim.x) {
      int j = 1 + Kx;
      if (P == 5)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                         A[i - 1][j]);
      else
        B[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
    }
  }
}
// One thread per point, 32-bit indices.
template <int P>
__global__ void stencilOne(const Row *A, Row *B) {
  int i = 1 + blockIdx.y * blockDim.y + threadIdx.y;
  int j = 1 + blockIdx.x * blockDim.x + threadIdx.x;
  if (i < SN - 1 && j < SN - 1) {
    if (P == 5)
      B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                       A[i - 1][j]);
    else
      B[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                 A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                 A[i + 1][j] + A[i + 1][j + 1]) /
                9.0;
  }
}
// A BX x BY tile and its halo in shared memory, one thread per point.
template <int P, int BX, int BY>
__global__ void stencilShared(const Row *A, Row *B) {
  __shared__ double T[BY + 2][BX + 2];
  int I0 = blockIdx.y * BY, J0 = blockIdx.x * BX; // tile origin, minus 1
  for (int L = threadIdx.y * BX + threadIdx.x; L < (BY + 2) * (BX + 2);
       L += BX * BY) {
    int R = L / (BX + 2), C = L % (BX + 2);
    int Gi = I0 + R, Gj = J0 + C;
    T[R][C] = Gi < SN && Gj < SN ? A[Gi][Gj] : 0.0;
  }
  __syncthreads();
  int y = threadIdx.y + 1, x = threadIdx.x + 1;
  int i = I0 + y, j = J0 + x;
  if (i < SN - 1 && j < SN - 1) {
    if (P == 5)
      B[i][j] = 0.2 * (T[y][x] + T[y][x - 1] + T[y][x + 1] + T[y + 1][x] +
                       T[y - 1][x]);
    else
      B[i][j] = (T[y - 1][x - 1] + T[y - 1][x] + T[y - 1][x + 1] +
                 T[y][x - 1] + T[y][x] + T[y][x + 1] + T[y + 1][x - 1] +
                 T[y + 1][x] + T[y + 1][x + 1]) /
                9.0;
  }
}
// Each thread walks R rows of one column, the three rows it needs in
// registers (one new load of each column per row).
template <int P, int R>
__global__ void stencilColumn(const Row *A, Row *B) {
  int j = 1 + blockIdx.x * blockDim.x + threadIdx.x;
  int i0 = 1 + (blockIdx.y * blockDim.y + threadIdx.y) * R;
  if (j >= SN - 1 || i0 >= SN - 1)
    return;
  double Um = A[i0 - 1][j - 1], U = A[i0 - 1][j], Up = A[i0 - 1][j + 1];
  double Cm = A[i0][j - 1], C = A[i0][j], Cp = A[i0][j + 1];
  for (int i = i0; i < i0 + R && i < SN - 1; ++i) {
    double Dm = A[i + 1][j - 1], D = A[i + 1][j], Dp = A[i + 1][j + 1];
    if (P == 5)
      B[i][j] = 0.2 * (C + Cm + Cp + D + U);
    else
      B[i][j] = (Um + U + Up + Cm + C + Cp + Dm + D + Dp) / 9.0;
    Um = Cm, U = C, Up = Cp, Cm = Dm, C = D, Cp = Dp;
  }
}
__global__ void copyStride(const Row *B, Row *A) {
  for (long long Ky = (long long)blockIdx.y * blockDim.y + threadIdx.y;
       1 + Ky < SN - 1; Ky += (long long)gridDim.y * blockDim.y) {
    int i = 1 + Ky;
    for (long long Kx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
         1 + Kx < SN - 1; Kx += (long long)gridDim.x * blockDim.x) {
      int j = 1 + Kx;
      A[i][j] = B[i][j];
    }
  }
}

// The runtime's gridFor(dim3, X, Y): x one per thread, y what is left of a
// budget of 128 blocks per SM.
static dim3 gridFor(dim3 T, long long X, long long Y) {
  unsigned BX = (unsigned)((X + T.x - 1) / T.x);
  long long Budget = std::max(1LL, 128LL * SMs / BX);
  unsigned BY = (unsigned)std::min((Y + T.y - 1) / T.y, std::min(65535LL, Budget));
  return dim3(BX, BY);
}

template <int P> static void stencil(const char *Group) {
  size_t Bytes = sizeof(double) * SN * SN;
  Row *A, *B, *Z;
  CK(cudaMalloc(&A, Bytes));
  CK(cudaMalloc(&B, Bytes));
  CK(cudaMalloc(&Z, Bytes));
  std::vector<double> H(SN * (size_t)SN), Got(SN * (size_t)SN), Ref;
  for (int i = 0; i < SN; ++i)
    for (int j = 0; j < SN; ++j)
      H[(size_t)i * SN + j] = ((double)i * (j + 2) + 2) / SN;
  CK(cudaMemcpy(A, H.data(), Bytes, cudaMemcpyHostToDevice));
  double Ms = timeMs([&] {
    CK(cudaMemcpyAsync(Z, A, Bytes, cudaMemcpyDeviceToDevice));
  });
  CopyGBs = 2.0 * Bytes / (Ms * 1e-3) / 1e9;
  row(Group, "cudaMemcpy D2D 128 MiB", Ms, 2.0 * Bytes, "-");
  double Moved = 2.0 * sizeof(double) * (SN - 2) * (double)(SN - 2);
  auto check = [&](const char *Name, auto Launch) {
    CK(cudaMemset(B, 0, Bytes));
    Launch();
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(Got.data(), B, Bytes, cudaMemcpyDeviceToHost));
    const char *Ok = "ref";
    if (Ref.empty())
      Ref = Got;
    else
      Ok = std::memcmp(Ref.data(), Got.data(), Bytes) ? "MISMATCH" : "same";
    row(Group, Name, timeMs(Launch), Moved, Ok);
  };
  check("generated 128x2 gridFor", [&] {
    dim3 T(128, 2);
    stencilStride<P><<<gridFor(T, SN - 2, SN - 2), T>>>(A, B);
  });
  char Name[64];
  for (dim3 T : {dim3(32, 8), dim3(32, 4), dim3(64, 4), dim3(128, 2),
                 dim3(128, 4), dim3(256, 1), dim3(256, 2)}) {
    std::snprintf(Name, sizeof Name, "one/thread %ux%u", T.x, T.y);
    check(Name, [&] {
      dim3 G((SN - 2 + T.x - 1) / T.x, (SN - 2 + T.y - 1) / T.y);
      stencilOne<P><<<G, T>>>(A, B);
    });
  }
  for (dim3 T : {dim3(32, 8), dim3(64, 4), dim3(128, 2)}) {
    std::snprintf(Name, sizeof Name, "stride %ux%u gridFor", T.x, T.y);
    check(Name, [&] { stencilStride<P><<<gridFor(T, SN - 2, SN - 2), T>>>(A, B); });
  }
  check("shared tile 32x8", [&] {
    stencilShared<P, 32, 8><<<dim3((SN - 2 + 31) / 32, (SN - 2 + 7) / 8),
                              dim3(32, 8)>>>(A, B);
  });
  check("shared tile 64x4", [&] {
    stencilShared<P, 64, 4><<<dim3((SN - 2 + 63) / 64, (SN - 2 + 3) / 4),
                              dim3(64, 4)>>>(A, B);
  });
  check("shared tile 128x2", [&] {
    stencilShared<P, 128, 2><<<dim3((SN - 2 + 127) / 128, (SN - 2 + 1) / 2),
                               dim3(128, 2)>>>(A, B);
  });
  check("shared tile 32x16", [&] {
    stencilShared<P, 32, 16><<<dim3((SN - 2 + 31) / 32, (SN - 2 + 15) / 16),
                               dim3(32, 16)>>>(A, B);
  });
  check("column 8 rows 128x1", [&] {
    stencilColumn<P, 8><<<dim3((SN - 2 + 127) / 128, (SN - 2 + 7) / 8),
                          dim3(128, 1)>>>(A, B);
  });
  check("column 16 rows 32x4", [&] {
    stencilColumn<P, 16><<<dim3((SN - 2 + 31) / 32, (SN - 2 + 63) / 64),
                           dim3(32, 4)>>>(A, B);
  });
  check("column 32 rows 64x2", [&] {
    stencilColumn<P, 32><<<dim3((SN - 2 + 63) / 64, (SN - 2 + 63) / 64),
                           dim3(64, 2)>>>(A, B);
  });
  if (P == 5) { // the second sweep of jacobi-2d, A = B, as generated
    Ref.clear();
    CK(cudaMemcpy(B, H.data(), Bytes, cudaMemcpyHostToDevice));
    row(Group, "copy sweep 128x2 gridFor", timeMs([&] {
          dim3 T(128, 2);
          copyStride<<<gridFor(T, SN - 2, SN - 2), T>>>(B, Z);
        }),
        Moved, "-");
  }
  CK(cudaFree(A));
  CK(cudaFree(B));
  CK(cudaFree(Z));
}

int main(int argc, char **argv) {
  if (argc > 1)
    Reps = std::max(1, std::atoi(argv[1]));
  int Dev = 0;
  CK(cudaGetDevice(&Dev));
  CK(cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Dev));
  cudaDeviceProp P;
  CK(cudaGetDeviceProperties(&P, Dev));
  std::printf("%s, %d SMs, %d reps a variant, kernel time (events)\n", P.name,
              SMs, Reps);
  std::printf("%-8s %-26s %9s %9s %8s  %s\n", "group", "variant", "ms", "GB/s",
              "of copy", "check");
  saxpy();
  stencil<5>("jacobi");
  stencil<9>("9-point");
  return 0;
}

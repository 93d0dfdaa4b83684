// Histogram kernel variants (bench/results/histogram-variants-h100.txt, run 3):
// hand-written stage-3 and stage-4 candidates on gridFor's grid beside
// cub::DeviceHistogram::HistogramEven. Exploration code, not built by run.sh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -o variants variants.cu
#include <cub/device/device_histogram.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)

__device__ __forceinline__ unsigned workers(int Mode) {
  return Mode == 2 ? (gridDim.x + 7) / 8 : (gridDim.x + 3) / 4;
}
// Mode 0: first quarter works; 1: last quarter works; 2: first eighth.
__device__ __forceinline__ bool idle(int Mode) {
  unsigned W = workers(Mode);
  return Mode == 1 ? blockIdx.x < gridDim.x - W : blockIdx.x >= W;
}
__device__ __forceinline__ unsigned wid(int Mode) {
  return Mode == 1 ? blockIdx.x - (gridDim.x - workers(Mode)) : blockIdx.x;
}

// Stage 2 as generated.
__global__ void k2(long long count, const unsigned char *key, unsigned *h) {
  __shared__ unsigned s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 0;
  __syncthreads();
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < count; k += (long long)gridDim.x * blockDim.x)
    atomicAdd(&s[key[k]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) { unsigned v = s[b]; if (v) atomicAdd(&h[b], v); }
}
// Stage 3 candidates: scalar loop, quarter grid (Q) or full, R copies.
template <int R, int Q, int U>
__global__ void k3(long long count, const unsigned char *key, unsigned *h) {
  if (Q && blockIdx.x >= (gridDim.x + Q - 1) / Q) return;
  __shared__ unsigned s[256 * R];
  for (int b = threadIdx.x; b < 256 * R; b += blockDim.x) s[b] = 0;
  __syncthreads();
  long long stride = (long long)(Q ? (gridDim.x + Q - 1) / Q : gridDim.x) * blockDim.x;
  if (U == 1) {
    for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < count; k += stride)
      atomicAdd(&s[key[k] * R + (threadIdx.x & (R - 1))], 1u);
  } else {
    long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; k + (U - 1) * stride < count; k += U * stride) {
      unsigned char c[U];
#pragma unroll
      for (int u = 0; u < U; ++u) c[u] = key[k + u * stride];
#pragma unroll
      for (int u = 0; u < U; ++u) atomicAdd(&s[c[u] * R + (threadIdx.x & (R - 1))], 1u);
    }
    for (; k < count; k += stride) atomicAdd(&s[key[k] * R + (threadIdx.x & (R - 1))], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned v = 0;
#pragma unroll
    for (int r = 0; r < R; ++r) v += s[b * R + ((r + b) & (R - 1))];
    if (v) atomicAdd(&h[b], v);
  }
}

// Stage 4 candidates: 16-byte loads. Copies: 1 (today), 16 (u32, key*16+lane%16), 32 packed u16.
template <int C> struct Sub;
template <> struct Sub<1> {
  unsigned *s;
  __device__ void add(unsigned k) { atomicAdd(&s[k], 1u); }
  static constexpr int Words = 256;
  __device__ unsigned fold(int b) { return s[b]; }
};
template <> struct Sub<16> {
  unsigned *s;
  __device__ void add(unsigned k) { atomicAdd(&s[k * 16 + (threadIdx.x & 15)], 1u); }
  static constexpr int Words = 4096;
  __device__ unsigned fold(int b) { unsigned v = 0;
#pragma unroll
    for (int r = 0; r < 16; ++r) v += s[b * 16 + ((r + b) & 15)]; return v; }
};
template <> struct Sub<32> {
  unsigned *s;
  __device__ void add(unsigned k) { atomicAdd(&s[((k >> 1) << 5) | (threadIdx.x & 31)], 1u << ((k & 1) << 4)); }
  static constexpr int Words = 4096;
  __device__ unsigned fold(int b) { unsigned v = 0; int row = b >> 1;
#pragma unroll
    for (int r = 0; r < 32; ++r) v += (s[row * 32 + ((r + row) & 31)] >> ((b & 1) << 4)) & 0xffffu; return v; }
};

// Div: the grid's 1/Div blocks work (first ones); Pipe: next pair loaded before the current is counted.
// 32 copies of u32 counters: word key*32 + lane, bank = lane.
template <> struct Sub<33> {
  unsigned *s;
  __device__ void add(unsigned k) { atomicAdd(&s[k * 32 + (threadIdx.x & 31)], 1u); }
  static constexpr int Words = 8192;
  __device__ unsigned fold(int b) { unsigned v = 0;
#pragma unroll
    for (int r = 0; r < 32; ++r) v += s[b * 32 + ((r + b) & 31)]; return v; }
};
template <int C, int Div, bool Pipe>
__global__ void k4(long long N, const unsigned char *Key, unsigned *h) {
  const unsigned Workers = (gridDim.x + Div - 1) / Div;
  if (blockIdx.x >= Workers) return;
  __shared__ unsigned sm[Sub<C>::Words];
  Sub<C> S{sm};
  for (int b = threadIdx.x; b < Sub<C>::Words; b += blockDim.x) sm[b] = 0;
  __syncthreads();
  const long long Tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long Threads = (long long)Workers * blockDim.x;
  long long Head = (long long)((16 - ((uintptr_t)Key & 15)) & 15);
  if (Head > N) Head = N;
  if (Tid < Head) S.add(Key[Tid]);
  const uint4 *Vec = reinterpret_cast<const uint4 *>(Key + Head);
  const long long Vecs = (N - Head) / 16;
  auto add16 = [&](uint4 V) {
    const unsigned Words[4] = {V.x, V.y, V.z, V.w};
#pragma unroll
    for (int I = 0; I < 4; ++I)
#pragma unroll
      for (int B = 0; B < 4; ++B) S.add((Words[I] >> (8 * B)) & 0xffu);
  };
  long long V = Tid;
  if (!Pipe) {
    for (; V + Threads < Vecs; V += 2 * Threads) { uint4 A = Vec[V], B = Vec[V + Threads]; add16(A); add16(B); }
    if (V < Vecs) add16(Vec[V]);
  } else {
    uint4 A = make_uint4(0,0,0,0), B = A;
    bool HaveA = V < Vecs, HaveB = V + Threads < Vecs;
    if (HaveA) A = Vec[V];
    if (HaveB) B = Vec[V + Threads];
    while (HaveB) {
      long long Nx = V + 2 * Threads;
      bool NA = Nx < Vecs, NB = Nx + Threads < Vecs;
      uint4 A2 = A, B2 = B;
      if (NA) A2 = Vec[Nx];
      if (NB) B2 = Vec[Nx + Threads];
      add16(A); add16(B);
      A = A2; B = B2; HaveA = NA; HaveB = NB; V = Nx;
    }
    if (HaveA) add16(A);
  }
  long long Tail = Head + Vecs * 16 + Tid;
  if (Tail < N) S.add(Key[Tail]);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) { unsigned v = S.fold(b); if (v) atomicAdd(&h[b], v); }
}
// Fixed costs: blocks that return at once; a quarter that zero and merge 256 ones.
__global__ void empty(long long, const unsigned char *, unsigned *) {}
__global__ void mergeonly(long long, const unsigned char *, unsigned *h) {
  if (blockIdx.x >= (gridDim.x + 3) / 4) return;
  __shared__ unsigned s[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) s[b] = 1;
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) { unsigned v = s[b]; if (v) atomicAdd(&h[b], v); }
}

typedef void (*Kern)(long long, const unsigned char *, unsigned *);
struct Var { const char *Name; Kern K; int T = 256; bool Check = true; };

int main() {
  int Sms = 0; CK(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0));
  Var Vars[] = {
    {"s2 stage2", k2},
    {"s3 R1 /4 u4", k3<1, 4, 4>}, {"s3 R16 /4 u4", k3<16, 4, 4>},
    {"s3 R16 /8 T512 u4", k3<16, 8, 4>, 512}, {"s3 R1 /8 T512 u4", k3<1, 8, 4>, 512},
    {"s3 R16 /4 u8", k3<16, 4, 8>},
    {"s4 C1 /4 (today)", k4<1, 4, false>},
    {"s4 C1 /8 T512", k4<1, 8, false>, 512}, {"s4 C16 /8 T512", k4<16, 8, false>, 512},
    {"s4 C32u /8 T512", k4<33, 8, false>, 512}, {"s4 C16 /8 T512 pipe", k4<16, 8, true>, 512},
    {"s4 C32u /8 T512 pipe", k4<33, 8, true>, 512}, {"s4 C32u /16 T1024", k4<33, 16, false>, 1024},
  };


  for (int L : {24, 28}) for (int Eq = 0; Eq < 2; ++Eq) {
    long long N = 1LL << L;
    std::vector<unsigned char> Key(N);
    unsigned S = 2024;
    for (long long I = 0; I < N; ++I) { S = S * 1664525u + 1013904223u; Key[I] = Eq ? 42 : (unsigned char)(S >> 24); }
    std::vector<unsigned> Ref(256, 0); for (long long I = 0; I < N; ++I) Ref[Key[I]]++;
    unsigned char *DKey; unsigned *DH; int *DHi;
    CK(cudaMalloc(&DKey, N)); CK(cudaMalloc(&DH, 1024)); CK(cudaMalloc(&DHi, 1024));
    CK(cudaMemcpy(DKey, Key.data(), N, cudaMemcpyHostToDevice));
    int Reps = L == 24 ? 400 : 100;
    cudaEvent_t E0, E1; CK(cudaEventCreate(&E0)); CK(cudaEventCreate(&E1));
    size_t TB = 0; void *Tmp = nullptr;
    CK(cub::DeviceHistogram::HistogramEven(Tmp, TB, DKey, DHi, 257, 0, 256, N));
    CK(cudaMalloc(&Tmp, TB));
    auto time = [&](auto F) { std::vector<float> T; F();
      for (int t = 0; t < 5; ++t) { CK(cudaEventRecord(E0)); for (int r = 0; r < Reps; ++r) F(); CK(cudaEventRecord(E1)); CK(cudaEventSynchronize(E1)); float Ms; CK(cudaEventElapsedTime(&Ms, E0, E1)); T.push_back(Ms / Reps * 1000); }
      std::sort(T.begin(), T.end()); return T[2]; };
    float Cub = time([&] { CK(cub::DeviceHistogram::HistogramEven(Tmp, TB, DKey, DHi, 257, 0, 256, N)); }); float Cub2 = time([&] { CK(cub::DeviceHistogram::HistogramEven(Tmp, TB, DKey, DHi, 257, 0, 256, N)); }); Cub = std::min(Cub, Cub2);
    printf("2^%d %-9s %-22s %9.2f us\n", L, Eq ? "all-equal" : "uniform", "cub", Cub);
    for (Var &V : Vars) {
      unsigned Grid = (unsigned)std::min<long long>((N + V.T - 1) / V.T, 32LL * Sms);
      CK(cudaMemset(DH, 0, 1024)); V.K<<<Grid, V.T>>>(N, DKey, DH); CK(cudaGetLastError());
      std::vector<unsigned> Got(256); CK(cudaMemcpy(Got.data(), DH, 1024, cudaMemcpyDeviceToHost));
      bool Ok = Got == Ref || !V.Check;
      float T = time([&] { V.K<<<Grid, V.T>>>(N, DKey, DH); });
      printf("2^%d %-9s %-22s %9.2f us %5.2fx %s\n", L, Eq ? "all-equal" : "uniform", V.Name, T, T / Cub, Ok ? "ok" : "WRONG");
    }
    // correctness at odd sizes / offsets for the chosen ones
    cudaFree(DKey); cudaFree(DH); cudaFree(DHi); cudaFree(Tmp);
  }
  // Odd sizes and misaligned starts.
  int Bad = 0;
  for (long long N : {0LL, 1LL, 31LL, 32LL, 33LL, 1023LL, 1024LL, 1025LL, 3000017LL}) for (int Off : {0, 1, 7}) {
    std::vector<unsigned char> Key(N + Off + 1); unsigned S = 7;
    for (auto &c : Key) { S = S * 1664525u + 1013904223u; c = S >> 24; }
    std::vector<unsigned> Ref(256, 0); for (long long I = 0; I < N; ++I) Ref[Key[Off + I]]++;
    unsigned char *DKey; unsigned *DH; CK(cudaMalloc(&DKey, N + Off + 1)); CK(cudaMalloc(&DH, 1024));
    CK(cudaMemcpy(DKey, Key.data(), N + Off + 1, cudaMemcpyHostToDevice));
    for (Var &V : Vars) { if (!V.Check) continue; unsigned Grid = (unsigned)std::max(1LL, std::min<long long>((N + V.T - 1) / V.T, 32LL * Sms)); CK(cudaMemset(DH, 0, 1024)); V.K<<<Grid, V.T>>>(N, DKey + Off, DH); std::vector<unsigned> Got(256); CK(cudaMemcpy(Got.data(), DH, 1024, cudaMemcpyDeviceToHost)); if (Got != Ref) { printf("WRONG %s n=%lld off=%d\n", V.Name, N, Off); ++Bad; } }
    cudaFree(DKey); cudaFree(DH);
  }
  printf("odd sizes: %d wrong\n", Bad);
}

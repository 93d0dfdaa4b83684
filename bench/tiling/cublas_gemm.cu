// cublas_gemm.cu - the reference of bench/tiling/run.sh: cuBLAS SGEMM or
// DGEMM on the matrices of matmul_bench.cpp (the same formulas, the same
// alpha and beta, REPS+1 products of which the first is a warm-up), timed
// the same way. Only the benchmark links cuBLAS; generated code never does.
//
// Row-major C = A B is column-major C^T = B^T A^T, so the call passes B
// first. Default math mode: SGEMM runs on the FP32 units (no TF32); DGEMM
// may use the FP64 tensor cores, as any cuBLAS user would get.
//
// Usage: cublas_gemm sgemm|dgemm REPS
//   prints "NAME seconds_per_run GFLOP/s checksum"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

constexpr int N = 4096;

static int valueA(int i, int k) { return (i * 7 + k * 3) % 5 - 2; }
static int valueB(int k, int j) { return (k * 5 + j * 11) % 5 - 2; }
static int valueC(int i, int j) { return (i + j * 2) % 9 - 4; }

#define CHECK(X)                                                               \
  do {                                                                         \
    if ((X) != 0) {                                                            \
      std::fprintf(stderr, "cublas_gemm: %s failed\n", #X);                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static double now() {
  cudaDeviceSynchronize();
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

static cublasStatus_t gemm(cublasHandle_t H, const float *Alpha, const float *A,
                           const float *B, const float *Beta, float *C) {
  return cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, Alpha, B, N, A, N,
                     Beta, C, N);
}

static cublasStatus_t gemm(cublasHandle_t H, const double *Alpha,
                           const double *A, const double *B, const double *Beta,
                           double *C) {
  return cublasDgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, Alpha, B, N, A, N,
                     Beta, C, N);
}

template <class T> static void run(const char *Name, int Reps) {
  size_t Count = (size_t)N * N, Bytes = Count * sizeof(T);
  std::vector<T> A(Count), B(Count), C(Count);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[(size_t)i * N + j] = (T)valueA(i, j);
      B[(size_t)i * N + j] = (T)valueB(i, j);
      C[(size_t)i * N + j] = (T)valueC(i, j);
    }
  T *DA, *DB, *DC;
  CHECK(cudaMalloc(&DA, Bytes));
  CHECK(cudaMalloc(&DB, Bytes));
  CHECK(cudaMalloc(&DC, Bytes));
  CHECK(cudaMemcpy(DA, A.data(), Bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DB, B.data(), Bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DC, C.data(), Bytes, cudaMemcpyHostToDevice));
  cublasHandle_t H;
  CHECK(cublasCreate(&H));
  const T Alpha = 2, Beta = 1;
  double Start = 0;
  for (int r = 0; r <= Reps; ++r) {
    if (r == 1)
      Start = now();
    CHECK(gemm(H, &Alpha, DA, DB, &Beta, DC));
  }
  double Seconds = (now() - Start) / Reps;
  CHECK(cudaMemcpy(C.data(), DC, Bytes, cudaMemcpyDeviceToHost));
  double Sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Sum += (double)C[(size_t)i * N + j] * ((i + 3 * j) % 7 + 1);
  std::printf("%s %.6f %.1f %.1f\n", Name, Seconds,
              2.0 * N * N * (double)N / Seconds / 1e9, Sum);
  cublasDestroy(H);
  cudaFree(DA);
  cudaFree(DB);
  cudaFree(DC);
}

int main(int argc, char **argv) {
  const char *What = argc > 1 ? argv[1] : "sgemm";
  int Reps = argc > 2 ? std::atoi(argv[2]) : 5;
  if (Reps < 1)
    Reps = 1;
  if (!std::strcmp(What, "dgemm"))
    run<double>("dgemm", Reps);
  else
    run<float>("sgemm", Reps);
  return 0;
}

// The loops of the scan benchmark (bench/scan/run.sh): inclusive and
// exclusive sums of int32 and float, as a user writes them with OpenMP 5's
// inscan reduction. loop2cuda turns them into one .cu per stage of the scan
// ladder (bench/generate.sh); scan_bench.cu links them all and times them
// beside cub::DeviceScan and the CPU. The running value is declared in the
// repetition's body and not read after the loop, so no pass reads it back.
// The input is read and the output written only by the loops, so
// move-copies leaves one copy of each outside the repetitions; reading
// out[n-1] before the clock stops brings the output back inside the timed
// region, as the CUB timing copies its input in and its output back once.
// The scan_once_* functions scan once, as a user's function that scans its
// arguments does: their copies in and out sit right beside the scan, so
// stream-copies moves them in chunks overlapped with the scan (the table's
// 'copies' column times them).
#include <chrono>

void scan_incl_i32(const int *a, int *out, long long n, int reps, double *ms) {
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) {
    int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
    for (long long i = 0; i < n; ++i) {
        acc += a[i];
#pragma omp scan inclusive(acc)
        out[i] = acc;
    }
  }
  volatile int last = out[n - 1]; // waits for the GPU
  (void)last;
  auto stop = std::chrono::steady_clock::now();
  *ms = std::chrono::duration<double, std::milli>(stop - start).count();
}

void scan_excl_i32(const int *a, int *out, long long n, int reps, double *ms) {
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) {
    int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
    for (long long i = 0; i < n; ++i) {
        out[i] = acc;
#pragma omp scan exclusive(acc)
        acc += a[i];
    }
  }
  volatile int last = out[n - 1]; // waits for the GPU
  (void)last;
  auto stop = std::chrono::steady_clock::now();
  *ms = std::chrono::duration<double, std::milli>(stop - start).count();
}

void scan_incl_f32(const float *a, float *out, long long n, int reps, double *ms) {
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) {
    float acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
    for (long long i = 0; i < n; ++i) {
        acc += a[i];
#pragma omp scan inclusive(acc)
        out[i] = acc;
    }
  }
  volatile float last = out[n - 1]; // waits for the GPU
  (void)last;
  auto stop = std::chrono::steady_clock::now();
  *ms = std::chrono::duration<double, std::milli>(stop - start).count();
}

void scan_excl_f32(const float *a, float *out, long long n, int reps, double *ms) {
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) {
    float acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
    for (long long i = 0; i < n; ++i) {
        out[i] = acc;
#pragma omp scan exclusive(acc)
        acc += a[i];
    }
  }
  volatile float last = out[n - 1]; // waits for the GPU
  (void)last;
  auto stop = std::chrono::steady_clock::now();
  *ms = std::chrono::duration<double, std::milli>(stop - start).count();
}

void scan_once_incl_i32(const int *a, int *out, long long n) {
  int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long long i = 0; i < n; ++i) {
        acc += a[i];
#pragma omp scan inclusive(acc)
        out[i] = acc;
  }
}

void scan_once_excl_i32(const int *a, int *out, long long n) {
  int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long long i = 0; i < n; ++i) {
        out[i] = acc;
#pragma omp scan exclusive(acc)
        acc += a[i];
  }
}

void scan_once_incl_f32(const float *a, float *out, long long n) {
  float acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long long i = 0; i < n; ++i) {
        acc += a[i];
#pragma omp scan inclusive(acc)
        out[i] = acc;
  }
}

void scan_once_excl_f32(const float *a, float *out, long long n) {
  float acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long long i = 0; i < n; ++i) {
        out[i] = acc;
#pragma omp scan exclusive(acc)
        acc += a[i];
  }
}

// saxpy_transfer.cpp - a transfer-bound program for bench/transfers: one
// saxpy over N floats, timed from the copies in to the first read of the
// result (two arrays in, one out, a kernel that takes a few percent of it).
// bench/transfers/run.sh builds loop2cuda's output with and without
// -DL2C_NO_PIN (docs/transfers.md).
//
// Usage: saxpy_transfer LOG2_N REPS   prints "N first_seconds best_seconds checksum"
//        (each repetition copies in, computes and copies out again)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  int logN = argc > 1 ? std::atoi(argv[1]) : 26;
  int reps = argc > 2 ? std::atoi(argv[2]) : 3;
  if (logN < 1 || logN > 30 || reps < 1) {
    std::fprintf(stderr, "saxpy_transfer: LOG2_N in [1, 30], REPS >= 1\n");
    return 1;
  }
  const int N = 1 << logN;
  std::vector<float> x0(N), y0(N), x(N), y(N);
  for (int i = 0; i < N; ++i) {
    x0[i] = (float)(i % 1000) * 0.001f;
    y0[i] = (float)(i % 7);
  }
  double best = 1e30, first_s = 0, checksum = 0;
  for (int r = 0; r < reps; ++r) {
    // The copies to the device follow these writes: inside the timed region.
    auto start = std::chrono::steady_clock::now();
    x = x0;
    y = y0;
    const float alpha = 2.0f;
#pragma loop2cuda parallel name(saxpy_transfer)
    for (int i = 0; i < N; ++i)
      y[i] = alpha * x[i] + y[i];
    float first = y[0];
    auto stop = std::chrono::steady_clock::now();
    double s = std::chrono::duration<double>(stop - start).count();
    best = s < best ? s : best;
    if (r == 0)
      first_s = s;
    checksum = first;
    for (int i = 1; i < N; i += 4099)
      checksum += y[i];
  }
  std::printf("%d %.6f %.6f %.3f\n", N, first_s, best, checksum);
  return 0;
}

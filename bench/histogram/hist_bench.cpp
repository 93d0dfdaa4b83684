// The loop of the histogram benchmark (bench/histogram/run.sh): 256 bins of
// 8-bit keys, as a user writes it with OpenMP. loop2cuda turns it into one
// .cu per stage of the histogram ladder (bench/generate.sh); hist_bench.cu
// links them all and times them beside CUB and the CPU loop. The counts
// accumulate over the repetitions (h is neither read nor written on the
// host in between), so move-copies leaves one copy of h and of the keys
// outside the timed loop. The launches are asynchronous: reading h[0]
// before the clock stops brings the copy of h back (which waits for the
// kernels) inside the timed region.
#include <chrono>

void hist_loop(const unsigned char *key, long long n, unsigned *h, int reps,
               double *ms) {
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel for reduction(+ : h[ : 256])
    for (long long i = 0; i < n; ++i)
      h[key[i]]++;
  }
  volatile unsigned first = h[0]; // waits for the GPU
  (void)first;
  auto stop = std::chrono::steady_clock::now();
  *ms = std::chrono::duration<double, std::milli>(stop - start).count();
}

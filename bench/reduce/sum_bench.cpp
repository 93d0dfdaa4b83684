// The loop of the reduction benchmark (bench/reduce/README in run.sh): the
// int32 array sum of Doroshenko & Zhereb (2009), section 3, as a user
// writes it. loop2cuda turns it into one .cu per stage of the ladder
// (bench/generate.sh); reduce_bench.cu links them all and times them.
// The host loop repeats the reduction `reps` times on the same array, and
// the function times that loop itself. move-copies hoists the copy of `a`
// to the device above the clock's first reading and sinks its release below
// the second, so the time is that of the reductions alone, each with its
// result read back to the host (as the user's `last = s` needs).
#include <chrono>

int sum_loop(const int *a, long long n, int reps, double *ms) {
  int last = 0;
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) {
    int s = 0;
#pragma omp parallel for reduction(+:s)
    for (long long i = 0; i < n; ++i)
      s += a[i];
    last = s;
  }
  auto stop = std::chrono::steady_clock::now();
  *ms = std::chrono::duration<double, std::milli>(stop - start).count();
  return last;
}

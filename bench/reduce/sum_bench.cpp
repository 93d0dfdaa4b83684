// The loop of the reduction benchmark (bench/reduce/README in run.sh): the
// int32 array sum of Doroshenko & Zhereb (2009), section 3, as a user
// writes it. loop2cuda turns it into one .cu per stage of the ladder
// (bench/generate.sh); reduce_bench.cu links them all and times them.
// The host loop repeats the reduction `reps` times on the same array, so
// move-copies hoists the copy of `a` to the device out of it: the timed
// difference between reps and 1 repetition is reductions only (each with
// its result read back to the host, as the user's `last = s` needs).
int sum_loop(const int *a, long long n, int reps) {
  int last = 0;
  for (int r = 0; r < reps; ++r) {
    int s = 0;
#pragma omp parallel for reduction(+:s)
    for (long long i = 0; i < n; ++i)
      s += a[i];
    last = s;
  }
  return last;
}

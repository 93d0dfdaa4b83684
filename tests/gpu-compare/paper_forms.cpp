// GPU comparison test: the founding paper's spellings (issue 37). The
// bitonic sort with a helper that swaps two elements of the array
// (swap_el(toSort, i, ixj)): rule set inline-calls makes it the form rule
// set bitonic-shared matches, and its shared-memory kernels sort 2^15
// keys; an OpenMP 5 exclusive scan whose store casts to the output's own
// type. Built with g++ and through loop2cuda; the outputs must be
// identical (integers).
#include <cstdio>
#include <vector>

void swap_el(int *v, int p, int q) {
  int t = v[p];
  v[p] = v[q];
  v[q] = t;
}

static void bitonic(std::vector<int> &a) {
  int n = (int)a.size();
  int *toSort = a.data();
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
#pragma loop2cuda parallel name(paper_step)
      for (int i = 0; i < n; ++i) {
        int ixj = i ^ j;
        if (ixj > i) {
          if ((i & k) == 0) {
            if (toSort[i] > toSort[ixj])
              swap_el(toSort, i, ixj);
          } else if (toSort[i] < toSort[ixj]) {
            swap_el(toSort, i, ixj);
          }
        }
      }
    }
}

static void exclusive_scan(const int *in, int *out, int n) {
  int run = 0;
#pragma omp parallel for simd reduction(inscan, + : run)
  for (int i = 0; i < n; i++) {
    out[i] = (int)run;
#pragma omp scan exclusive(run)
    run += in[i];
  }
}

int main() {
  const int n = 1 << 15;
  std::vector<int> a(n);
  unsigned long long s = 12345;
  for (int i = 0; i < n; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    a[i] = (int)((s >> 33) % 1000000);
  }
  bitonic(a);
  long long check = 0;
  int sorted = 1;
  for (int i = 0; i < n; ++i) {
    check += (long long)a[i] * (i % 13 + 1);
    if (i && a[i - 1] > a[i])
      sorted = 0;
  }
  std::printf("bitonic: sorted %d, %lld\n", sorted, check);
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = i % 7 - 3;
  exclusive_scan(in.data(), out.data(), n);
  long long c2 = 0;
  for (int i = 0; i < n; ++i)
    c2 += (long long)out[i] * (i % 5 + 1);
  std::printf("scan: %d %d %lld\n", out[1], out[n - 1], c2);
  return 0;
}

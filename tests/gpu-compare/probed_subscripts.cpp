// GPU comparison test: subscripts the dependence test cannot decide (issue
// 39). Each loop runs after a probe of the elements its iterations touch
// (rule sets host-fallback and probe-accesses): on the GPU when no two
// iterations meet at an element one of them writes, else on the host, in
// order. Each function is called with index data of both kinds, in several
// spellings: a scatter through a permutation, a temporary, a helper call, a
// modular subscript, a struct member, rows of an inner loop, a reduction
// beside the scatter, and a loop whose conflict is a read of what another
// iteration writes. Built with g++
// and through loop2cuda; the outputs must be identical (small integers in
// doubles). The gpu-profile lines check that the conflicting calls ran on
// the host and the others on the GPU.
// gpu-profile: two iterations of the loop touch one element
// gpu-profile: ^  scatter_L[0-9]+(_restrict)? \(probed_subscripts\.cpp:[0-9]+\) +1 
// gpu-profile: ^  shift_reads_L[0-9]+(_restrict)? \(probed_subscripts\.cpp:[0-9]+\) +1 
// gpu-profile: ^  scatterSum_L[0-9]+(_restrict)? \(probed_subscripts\.cpp:[0-9]+\) +1 
#include <cstdio>
#include <vector>

static double checksum(const std::vector<double> &v) {
  double s = 0;
  for (size_t i = 0; i < v.size(); i++)
    s += v[i] * (double)(i % 5 + 1);
  return s;
}

// out[perm[i]]: a permutation runs on the GPU; repeated targets on the host
// (the last iteration's value wins, as in order).
static void scatter(std::vector<double> &out, const std::vector<double> &in,
                    const std::vector<int> &perm, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[perm[i]] = in[i] * 2.0 + 1.0;
}

// Through a temporary and a raw pointer with its count in a clause.
static void scatterTemp(double *out, const double *in, const int *idx, int n) {
#pragma acc parallel loop copy(out[0:n]) copyin(in[0:n], idx[0:n])
  for (int i = 0; i < n; i++) {
    int k = idx[i];
    double v = in[i] + 3.0;
    out[k] = v;
  }
}

static inline int at(const int *p, int i) { return p[i]; }

// Through a helper call in the subscript.
static void scatterCall(std::vector<double> &out, const int *idx, int n) {
#pragma acc parallel loop copyin(idx[0:n])
  for (int i = 0; i < n; i++)
    out[at(idx, i)] = (double)i;
}

// a[i % m]: apart when m >= n.
static void modular(std::vector<double> &a, const std::vector<double> &b,
                    int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i % m] = b[i] + 1.0;
}

struct Grid {
  std::vector<double> v;
  int n;
};

// A member array of a struct.
static void member(Grid &g, const std::vector<int> &idx, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g.v[idx[i]] = 5.0 * i;
}

// Rows: each iteration writes row idx[i] in an inner loop.
static void rows(std::vector<double> &out, const std::vector<int> &idx, int n,
                 int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      out[idx[i] * m + j] = i + 0.5 * j;
}

// out[p[i]] = out[i] + 1: iteration i reads its own element and writes
// element p[i]; with p the identity nothing meets, with p a shift an
// iteration reads what another writes, and in order the values chain.
static void shift_reads(std::vector<double> &out, const std::vector<int> &p,
                        int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[p[i]] = out[i] + 1.0;
}

// A reduction beside the scatter: the guard goes around its passes.
static double scatterSum(std::vector<double> &out, const std::vector<int> &p,
                         int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    out[p[i]] = 0.5 * i;
    s += i % 13;
  }
  return s;
}

int main() {
  const int n = 1 << 16, m = 4;
  std::vector<double> in(n), out(n, 0.0);
  std::vector<int> perm(n), dup(n), ident(n), next(n);
  for (int i = 0; i < n; i++) {
    in[i] = i % 97;
    perm[i] = (int)((i * 7919L) % n); // 7919 is prime: a permutation of n
    dup[i] = (i * 3) % (n / 2);       // every target twice
    ident[i] = i;
    next[i] = (i + 1) % n;
  }

  scatter(out, in, perm, n);
  std::printf("scatter permutation: %.1f\n", checksum(out));
  scatter(out, in, dup, n);
  std::printf("scatter repeated: %.1f\n", checksum(out));

  scatterTemp(out.data(), in.data(), perm.data(), n);
  std::printf("temporary permutation: %.1f\n", checksum(out));
  scatterTemp(out.data(), in.data(), dup.data(), n);
  std::printf("temporary repeated: %.1f\n", checksum(out));

  scatterCall(out, perm.data(), n);
  std::printf("call permutation: %.1f\n", checksum(out));
  scatterCall(out, dup.data(), n);
  std::printf("call repeated: %.1f\n", checksum(out));

  std::vector<double> a(n, 0.0);
  modular(a, in, n, n);
  std::printf("modular apart: %.1f\n", checksum(a));
  modular(a, in, n, n / 8);
  std::printf("modular wrapped: %.1f\n", checksum(a));

  Grid g{std::vector<double>(n, 0.0), n};
  member(g, perm, n);
  std::printf("member permutation: %.1f\n", checksum(g.v));
  member(g, dup, n);
  std::printf("member repeated: %.1f\n", checksum(g.v));

  std::vector<double> grid(n * m, 0.0);
  rows(grid, perm, n, m);
  std::printf("rows permutation: %.1f\n", checksum(grid));
  rows(grid, dup, n, m);
  std::printf("rows repeated: %.1f\n", checksum(grid));

  double s1 = scatterSum(out, perm, n);
  std::printf("sum permutation: %.1f %.1f\n", s1, checksum(out));
  double s2 = scatterSum(out, dup, n);
  std::printf("sum repeated: %.1f %.1f\n", s2, checksum(out));

  std::vector<double> chain(n, 1.0);
  shift_reads(chain, ident, n);
  std::printf("reads identity: %.1f\n", checksum(chain));
  shift_reads(chain, next, n);
  std::printf("reads shifted: %.1f (last %.1f)\n", checksum(chain),
              chain[n - 1]);
  return 0;
}

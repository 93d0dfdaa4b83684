// GPU test: arrays of one function that share memory across its loops.
// A caller passes overlapping pointers (x and x + 1) to functions whose
// loops write through one and read through the other, and writes through a
// third pointer on the host between the loops. loop2cuda keeps one device
// copy per array, so the copies must stay next to the loops (move-copies,
// Alias entries) for the results to match the CPU's. Each function has an
// unmarked twin that runs on the CPU; the results must be equal bit for bit.
// Prints `PASS name` / `FAIL name` lines; exits 1 on any failure.
#include <cstdio>
#include <vector>

// Loop 1 writes a; loop 2 reads b, which overlaps a.
void crossLoop(float *a, const float *b, float *c, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i] + 1.0f;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    c[i] = b[i] * 3.0f;
}
void crossLoopCpu(float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i] + 1.0f;
  for (int i = 0; i < n; ++i)
    c[i] = b[i] * 3.0f;
}

// Loop 1 writes a; the host writes through p (inside a); loop 2 reads and
// writes a again.
void hostBetween(float *a, float *p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = a[i] + 1.0f;
  p[0] = -7.0f;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i];
}
void hostBetweenCpu(float *a, float *p, int n) {
  for (int i = 0; i < n; ++i)
    a[i] = a[i] + 1.0f;
  p[0] = -7.0f;
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i];
}

// Repeated in a host loop: loop 1 writes a, loop 2 writes c from b; in the
// next round loop 1 reads what loop 2 wrote when c overlaps a.
void rounds(float *a, const float *b, float *c, int n, int r) {
  for (int k = 0; k < r; ++k) {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      a[i] = a[i] * 0.5f + 1.0f;
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      c[i] = b[i] + 2.0f;
  }
}
void roundsCpu(float *a, const float *b, float *c, int n, int r) {
  for (int k = 0; k < r; ++k) {
    for (int i = 0; i < n; ++i)
      a[i] = a[i] * 0.5f + 1.0f;
    for (int i = 0; i < n; ++i)
      c[i] = b[i] + 2.0f;
  }
}

namespace {

int Failures = 0;

void check(const char *Name, const std::vector<float> &Got,
           const std::vector<float> &Want) {
  bool Ok = Got == Want;
  std::printf("%s %s\n", Ok ? "PASS" : "FAIL", Name);
  Failures += !Ok;
}

std::vector<float> ramp(size_t N) {
  std::vector<float> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = static_cast<float>(I % 97) * 0.25f;
  return V;
}

} // namespace

int main() {
  const int N = 100000;
  {
    // b = a + 1: c[i] must see loop 1's a[i + 1].
    std::vector<float> X = ramp(N + 1), C(N), XC = X, CC(N);
    crossLoop(X.data(), X.data() + 1, C.data(), N);
    crossLoopCpu(XC.data(), XC.data() + 1, CC.data(), N);
    check("aliasing-cross-loop (b = a + 1)", C, CC);
    check("aliasing-cross-loop (a)", X, XC);
  }
  {
    // p = a + 5: loop 2 must double the host's -7.
    std::vector<float> X = ramp(N), XC = X;
    hostBetween(X.data(), X.data() + 5, N);
    hostBetweenCpu(XC.data(), XC.data() + 5, N);
    check("aliasing-host-write-between-loops", X, XC);
  }
  {
    // c = a + 3 (loop 2 writes into a), b separate, three rounds.
    std::vector<float> X = ramp(N + 3), B = ramp(N), XC = X;
    rounds(X.data(), B.data(), X.data() + 3, N, 3);
    roundsCpu(XC.data(), B.data(), XC.data() + 3, N, 3);
    check("aliasing-host-loop (c = a + 3)", X, XC);
  }
  std::printf("%s aliasing: %d failure(s)\n", Failures ? "FAIL" : "PASS",
              Failures);
  return Failures ? 1 : 0;
}

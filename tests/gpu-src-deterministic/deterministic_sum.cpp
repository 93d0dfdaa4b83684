// Self-checking GPU test of `loop2cuda --deterministic` (tests/generate.sh
// builds the files of this folder with that flag): a float and a double sum
// of 10,000,019 pseudo-random values, each computed five times by the
// marked loop, must give the same bits every time. Prints PASS/FAIL lines.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static float sumf(const float *a, long long n) {
  float s = 0;
#pragma loop2cuda parallel reduction(+:s)
  for (long long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

static double sumd(const double *a, long long n) {
  double s = 0;
#pragma loop2cuda parallel reduction(+:s)
  for (long long i = 0; i < n; ++i)
    s += a[i] * a[i];
  return s;
}

int main() {
  const long long n = 10000019;
  std::vector<float> f(n);
  std::vector<double> d(n);
  unsigned long long state = 7;
  for (long long i = 0; i < n; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    d[i] = (double)(state >> 11) * 0x1p-53 * 2 - 1;
    f[i] = (float)d[i];
  }
  int failures = 0;
  float f0 = sumf(f.data(), n);
  double d0 = sumd(d.data(), n);
  for (int run = 1; run < 5; ++run) {
    float fr = sumf(f.data(), n);
    double dr = sumd(d.data(), n);
    bool same = std::memcmp(&fr, &f0, sizeof fr) == 0 &&
                std::memcmp(&dr, &d0, sizeof dr) == 0;
    std::printf("%s deterministic run %d: float %a, double %a\n",
                same ? "PASS" : "FAIL", run, (double)fr, dr);
    failures += !same;
  }
  return failures ? 1 : 0;
}

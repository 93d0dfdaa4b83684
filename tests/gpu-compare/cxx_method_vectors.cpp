// GPU comparison test: const methods that read elements of std::vector
// members (issue 36 item 1): a solver's flux through `this`, and a field's
// average through a const reference to another object. Their device
// copies take each vector as a pointer to its elements. A loop that writes
// the vector the method reads stays on the CPU (warned). Built with g++ and
// through loop2cuda; the outputs must be identical (sums of multiples of
// 1/8 and 1/16, exact in double).
#include <cstdio>
#include <vector>

class Solver {
  std::vector<double> u, v;
  int n;
  double dt;
  double flux(int i) const { return u[i + 1] - u[i]; }

public:
  explicit Solver(int m) : u(m), v(m), n(m), dt(0.125) {
    for (int i = 0; i < n; i++)
      u[i] = i % 7;
  }
  void step() {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i] + dt * (flux(i) - flux(i - 1));
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i];
  }
  void inPlace() {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = flux(i);
  }
  double sum() const {
    double s = 0;
    for (int i = 0; i < n; i++)
      s += u[i] * (i % 3 + 1);
    return s;
  }
};

struct Field {
  std::vector<double> w;
  int n;
  double avg(int i) const { return 0.5 * (w[i] + w[i + 1]); }
};

static void smooth(const Field &f, std::vector<double> &out) {
#pragma omp parallel for
  for (int i = 0; i < f.n - 1; i++)
    out[i] = f.avg(i);
}

int main() {
  Solver s(50000);
  for (int t = 0; t < 4; t++)
    s.step();
  s.inPlace();
  Field f{std::vector<double>(40000), 40000};
  for (int i = 0; i < f.n; i++)
    f.w[i] = (i % 9) * 0.5;
  std::vector<double> out(f.n, 0.0);
  smooth(f, out);
  double so = 0;
  for (int i = 0; i < f.n; i++)
    so += out[i] * (i % 5 + 1);
  std::printf("%.4f %.4f\n", s.sum(), so);
  return 0;
}

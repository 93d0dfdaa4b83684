// GPU comparison test: methods of two instantiations of one class template
// (Matrix<double>, Matrix<float>) and of a template with a number argument,
// called from marked loops, run on the device as copies of their own whose
// names carry the template arguments (issue 36). Built with g++ and through
// loop2cuda; the outputs must be identical (small integers and halves).
#include <cstdio>
#include <vector>

template <typename T> class Matrix {
public:
  Matrix(int r, int c) : r_(r), c_(c), d_(r * c, T(1)) {}
  int cols() const { return c_; }
  T scale() const { return T(2) + T(c_ % 3) * T(0.5); }

private:
  int r_, c_;
  std::vector<T> d_;
};

template <int N> struct Fixed {
  int w = N;
  std::vector<int> v = std::vector<int>(8);
  int width() const { return w * N; }
};

static void scaleD(const Matrix<double> &m, std::vector<double> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++)
    out[i] = m.scale() * (i % 100) + m.cols();
}

static void scaleF(const Matrix<float> &m, std::vector<float> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++)
    out[i] = m.scale() * (i % 100) + m.cols();
}

static void widths(const Fixed<4> &f, std::vector<int> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++)
    out[i] = f.width() + i % 7;
}

int main() {
  Matrix<double> md(4, 7);
  Matrix<float> mf(3, 5);
  Fixed<4> f;
  std::vector<double> d(100000);
  std::vector<float> s(100000);
  std::vector<int> w(100000);
  scaleD(md, d);
  scaleF(mf, s);
  widths(f, w);
  double sd = 0, sf = 0;
  long sw = 0;
  for (int i = 0; i < 100000; i++) {
    sd += d[i];
    sf += s[i];
    sw += w[i];
  }
  std::printf("%.2f %.2f %ld\n", sd, sf, sw);
  return 0;
}

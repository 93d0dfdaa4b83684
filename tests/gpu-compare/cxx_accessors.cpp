// GPU comparison test (issue 36 item 1): classes that keep their elements
// in a private std::vector behind accessors with two indices: an image's
// `at(x, y)` over `px_[y * w_ + x]` and a matrix class template's
// `operator()(i, j)` over `d_[i * c_ + j]`, with `cols()` read in the
// kernel. The accessors' subscripts reach the dependence test and the
// extents as the underlying arrays' (a probe checks the flat subscripts at
// run time; the record of allocations gives the vectors' blocks). Built
// with g++ and through loop2cuda; the outputs must be identical (dyadic
// values, and the blur's division rounds alike on both).
// gpu-profile: ^  blur_rows_L[0-9]+(_restrict)? \(cxx_accessors\.cpp:[0-9]+\) +4 
// gpu-profile: ^  axpy_L[0-9]+(_restrict)? \(cxx_accessors\.cpp:[0-9]+\) +3 
#include <cstdio>
#include <vector>

class Image {
public:
  Image(int w, int h) : w_(w), h_(h), px_(static_cast<size_t>(w) * h) {}
  float &at(int x, int y) { return px_[y * w_ + x]; }
  const float &at(int x, int y) const { return px_[y * w_ + x]; }
  int width() const { return w_; }
  int height() const { return h_; }

private:
  int w_, h_;
  std::vector<float> px_;
};

template <class T> class Matrix {
public:
  Matrix(int r, int c) : r_(r), c_(c), d_(static_cast<size_t>(r) * c) {}
  T &operator()(int i, int j) { return d_[i * c_ + j]; }
  const T &operator()(int i, int j) const { return d_[i * c_ + j]; }
  int rows() const { return r_; }
  int cols() const { return c_; }

private:
  int r_, c_;
  std::vector<T> d_;
};

void blur_rows(const Image &in, Image &out) {
#pragma omp parallel for
  for (int y = 0; y < in.height(); y++)
    for (int x = 1; x < in.width() - 1; x++)
      out.at(x, y) = (in.at(x - 1, y) + in.at(x, y) + in.at(x + 1, y)) / 3;
}

void axpy(Matrix<double> &y, const Matrix<double> &x, double a) {
#pragma omp parallel for
  for (int i = 0; i < y.rows(); i++)
    for (int j = 0; j < y.cols(); j++)
      y(i, j) += a * x(i, j);
}

int main() {
  Image a(517, 300), b(517, 300);
  for (int y = 0; y < 300; y++)
    for (int x = 0; x < 517; x++)
      a.at(x, y) = b.at(x, y) = (x * 7 + y * 3) % 11;
  for (int t = 0; t < 2; t++) {
    blur_rows(a, b);
    blur_rows(b, a);
  }
  double s = 0;
  for (int y = 0; y < 300; y++)
    for (int x = 0; x < 517; x++)
      s += a.at(x, y);
  std::printf("image: %.6f %.6f %.6f\n", s, a.at(1, 1), a.at(258, 150));

  Matrix<double> m(400, 333), n(400, 333);
  for (int i = 0; i < 400; i++)
    for (int j = 0; j < 333; j++) {
      m(i, j) = (i + 2 * j) % 9;
      n(i, j) = (i * j) % 5 * 0.25;
    }
  for (int t = 0; t < 3; t++)
    axpy(m, n, 0.5);
  double q = 0;
  for (int i = 0; i < 400; i++)
    for (int j = 0; j < 333; j++)
      q += m(i, j) * ((i + j) % 3);
  std::printf("matrix: %.6f %.6f\n", q, m(399, 332));
  return 0;
}

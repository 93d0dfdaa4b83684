// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/accessors-two-index.cu | FileCheck %s --check-prefix=CU

// Accessors with two indices (issue 36 item 1): `at(x, y)` returning
// `px_[y * w_ + x]` and a class template's `operator()(i, j)` returning
// `d_[i * c_ + j]` are elements of the arrays `&obj.at(0, 0)` and
// `&obj(0, 0)`, at the accessor's subscript with the call's arguments and
// the object's members in place: `out_at[y * out_w_ + x]`. The members
// are kernel parameters; a private one is read at its offset in the object.
// cols() (reads only c_) is a device function of c_. An accessor whose
// index is not 0 at (0, 0) is no element accessor.
#include <vector>

template <class T> class Matrix {
public:
  Matrix(int r, int c) : r_(r), c_(c), d_(r * c) {}
  T &operator()(int i, int j) { return d_[i * c_ + j]; }
  const T &operator()(int i, int j) const { return d_[i * c_ + j]; }
  T &shifted(int i, int j) { return d_[(i + 1) * c_ + j]; }
  int rows() const { return r_; }
  int cols() const { return c_; }

private:
  int r_, c_;
  std::vector<T> d_;
};

// CU: __device__ int Matrix_double_cols(int l2c_m_c_) {
// CU-NEXT: return l2c_m_c_;
// CU-LABEL: __global__ void axpy_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, int y_c_, double *y_elements, double a, const double *x_elements, int x_c_) {
// CU: for (int j = 0; j < Matrix_double_cols(y_c_); j++) {
// CU-NEXT: y_elements[i * y_c_ + j] += a * x_elements[i * x_c_ + j];
// The host side: the arrays through the accessors, the private c_ at its
// offset.
// CU-LABEL: void axpy(Matrix<double> &y, const Matrix<double> &x, double a) {
// CU: l2c::toDevice((&y(0, 0)), l2c::recordedCount((&y(0, 0))),
// CU: *reinterpret_cast<const int *>(reinterpret_cast<const char *>(&y) + 4)
// CHECK: accessors-two-index.cpp:[[@LINE+5]]:3: remark: assuming iterations are independent: '(&y(0, 0))' and '(&x(0, 0))' may point into the same memory [dependence]
// CHECK: accessors-two-index.cpp:[[@LINE+6]]:7: remark: iterations are checked at run time: subscript 'y(i, j)'
// CHECK: accessors-two-index.cpp:[[@LINE+3]]:3: remark: the subscripts give no count of '(&y(0, 0))', '(&x(0, 0))'
void axpy(Matrix<double> &y, const Matrix<double> &x, double a) {
#pragma omp parallel for
  for (int i = 0; i < y.rows(); i++)
    for (int j = 0; j < y.cols(); j++)
      y(i, j) += a * x(i, j);
}

struct Image {
  int w_, h_;
  std::vector<float> px_;
  float &at(int x, int y) { return px_[y * w_ + x]; }
  const float &at(int x, int y) const { return px_[y * w_ + x]; }
};
// CU-LABEL: __global__ void blur_L{{[0-9]+}}(
// CU: out_at[y * out_w_ + x] = (in_at[y * in_w_ + (x - 1)] + in_at[y * in_w_ + x] + in_at[y * in_w_ + (x + 1)]) / 3;
// CHECK: accessors-two-index.cpp:[[@LINE+5]]:3: remark: assuming iterations are independent
// CHECK: remark: iterations are checked at run time: subscript 'out.at(x, y)'
// CHECK: accessors-two-index.cpp:[[@LINE+3]]:3: remark: the subscripts give no count of '(&out.at(0, 0))'
void blur(const Image &in, Image &out) {
#pragma omp parallel for
  for (int y = 1; y < in.h_ - 1; y++)
    for (int x = 1; x < in.w_ - 1; x++)
      out.at(x, y) = (in.at(x - 1, y) + in.at(x, y) + in.at(x + 1, y)) / 3;
}

// CHECK: accessors-two-index.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'm.shifted(i, 0)' calls 'shifted', a
void shift(Matrix<float> &m) {
#pragma omp parallel for
  for (int i = 0; i < 10; i++)
    m.shifted(i, 0) = 1;
}


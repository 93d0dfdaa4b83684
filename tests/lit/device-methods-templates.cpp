// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/device-methods-templates.cu | FileCheck %s --check-prefix=CU

// Methods of two instantiations of one class template that read only
// number members run on the device as copies of their own: the copies'
// names carry the template arguments, or Matrix<float>::scale() and
// Matrix<double>::scale() would differ by their return type alone, which
// nvcc rejects.
// CU-DAG: __device__ double Matrix_double_scale(int l2c_m_c_)
// CU-DAG: __device__ int Matrix_double_cols(int l2c_m_c_)
// CU-DAG: __device__ float Matrix_float_scale(int l2c_m_c_)
// CU-DAG: __device__ int Matrix_float_cols(int l2c_m_c_)
// CU-DAG: __device__ int Fixed_4_width(
#include <vector>

template <typename T> class Matrix {
public:
  Matrix(int r, int c) : r_(r), c_(c), d_(r * c) {}
  int cols() const { return c_; }
  T scale() const { return T(2) + T(c_ % 3); }

private:
  int r_, c_;
  std::vector<T> d_;
};

template <int N> struct Fixed {
  int w = N;
  std::vector<int> v;
  int width() const { return w * N; }
};

void scaleD(Matrix<double> &m, std::vector<double> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++)
    out[i] = m.scale() * i + m.cols();
}

void scaleF(Matrix<float> &m, std::vector<float> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++)
    out[i] = m.scale() * i + m.cols();
}

void widths(Fixed<4> &f, std::vector<int> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++)
    out[i] = f.width() + i;
}

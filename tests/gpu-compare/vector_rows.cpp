// GPU comparison test: vectors of vectors (std::vector<std::vector<T>>),
// the 2-D array of much C++ code. Built with g++ (sequentially: the OpenMP
// marks are ignored) and through loop2cuda; the two outputs must be
// identical. Every value is a small integer held in a float or a double, so
// both sides print the same digits. Covers: a matrix product (tiled), a
// stencil in a host time loop with the sweep in a function, collapse(2)
// with a transposed read, jagged rows (a triangle), a reduction, rows
// written in part, one vector passed as both input and output, a reference
// to a row with its size(), and rows that change size on the host between
// two kernels.
#include <cstdio>
#include <utility>
#include <vector>

using Matrix = std::vector<std::vector<double>>;

static double checksum(const Matrix &m) {
  double s = 0;
  for (size_t i = 0; i < m.size(); ++i)
    for (size_t j = 0; j < m[i].size(); ++j)
      s += m[i][j] * double((i + 2 * j) % 7 + 1);
  return s;
}

static void matmul(const Matrix &a, const Matrix &b, Matrix &c, int n) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int k = 0; k < n; ++k)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

static void sweep(const Matrix &a, Matrix &b, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = a[i][j] + a[i][j - 1] + a[i][j + 1] - a[i - 1][j] - a[i + 1][j];
}

static void scale(const Matrix &in, Matrix &out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      out[i][j] = 2 * in[i][j] - 1;
}

int main() {
  const int n = 300;
  Matrix a(n, std::vector<double>(n)), b(n, std::vector<double>(n)),
      c(n, std::vector<double>(n, -1.0));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      a[i][j] = (i + 3 * j) % 5;
      b[i][j] = (2 * i + j) % 3;
    }
  matmul(a, b, c, n);
  std::printf("matmul %.1f\n", checksum(c));

  // Values stay small: the sweep's weights sum to 1 and the grid is mod 4.
  Matrix u(n, std::vector<double>(n)), v(n, std::vector<double>(n, 0.0));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      u[i][j] = (i * j) % 4;
  for (int t = 0; t < 3; ++t) {
    sweep(u, v, n);
    sweep(v, u, n);
  }
  std::printf("sweeps %.1f %.1f\n", checksum(u), checksum(v));

  Matrix w(n, std::vector<double>(n));
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      w[i][j] = a[i][j] * 2 + b[j][i];
  std::printf("transposed %.1f\n", checksum(w));

  // Jagged rows: row i holds i + 1 floats.
  std::vector<std::vector<float>> tri(n);
  for (int i = 0; i < n; ++i)
    tri[i].assign(i + 1, float(i % 9));
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      tri[i][j] = tri[i][j] * 3 + float(j % 4);
  double ts = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j)
      ts += tri[i][j] * ((i + j) % 3 + 1);
  std::printf("triangle %.1f\n", ts);

  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      total += w[i][j] * (j % 3);
  std::printf("reduction %.1f\n", total);

  // A reference to each row, its size() in the kernel.
  std::vector<double> rowsums(n);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    const auto &row = tri[i];
    double s = 0;
    for (std::size_t j = 0; j < row.size(); ++j)
      s += row[j] * double(j % 3);
    rowsums[i] = s;
  }
  double rs = 0;
  for (int i = 0; i < n; ++i)
    rs += rowsums[i] * (i % 4 + 1);
  std::printf("row references %.1f\n", rs);

  // Only the odd columns of the even rows: the rest keeps the host's data.
#pragma omp parallel for
  for (int i = 0; i < n; i += 2)
    for (int j = 1; j < n; j += 2)
      w[i][j] = -w[i][j];
  std::printf("in part %.1f\n", checksum(w));

  scale(w, w, n);
  std::printf("same vector %.1f\n", checksum(w));

  // The rows change size on the host between two kernels.
  for (int i = 0; i < n; ++i)
    w[i].resize(n / 2 + i % 3);
  for (int r = 0; r < 2; ++r) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n / 2; j++)
        w[i][j] = w[i][j] + r + 1;
    w[0].push_back(7);
  }
  std::printf("resized %.1f\n", checksum(w));
  return 0;
}

// GPU comparison test: arrays that `target enter data` puts on the device
// in one function stay there until `target exit data` in another (rule set
// entered-data), as BabelStream's OMPStream and OpenMP ports of C codes
// write it. Host code between reads the kernels' results after `target
// update from` and gives the kernels its writes with `target update to`,
// as OpenMP asks, so the program means the same with and without a GPU.
// Built with g++ and through loop2cuda; the outputs must be identical
// (small integers and halves in doubles and floats). The gpu-profile lines
// are checked against LOOP2CUDA_PROFILE=1's summary (tests/gpu/README.md):
// each array moves to the device once per instantiation, and back only
// where asked (c only its poked element, 8 and 4 bytes).
//
// gpu-profile: ^  a \(entered_data.cpp\) +to device +2 
// gpu-profile: ^  a \(entered_data.cpp\) +to host +2 
// gpu-profile: ^  b \(entered_data.cpp\) +to device +2 
// gpu-profile: ^  b \(entered_data.cpp\) +to host +2 
// gpu-profile: ^  c \(entered_data.cpp\) +to device +2 +12 
// gpu-profile-not: ^  c \(entered_data.cpp\) +to host
// gpu-profile: ^  u \(entered_data.cpp\) +to device +1 
// gpu-profile: ^  u \(entered_data.cpp\) +to host +1 
#include <cstdio>
#include <cstdlib>

template <class T> class Field {
public:
  explicit Field(long n) : n_(n) {
    a_ = static_cast<T *>(std::malloc(sizeof(T) * n));
    b_ = static_cast<T *>(std::malloc(sizeof(T) * n));
    c_ = static_cast<T *>(std::malloc(sizeof(T) * n));
    for (long i = 0; i < n; i++) {
      a_[i] = T(i % 7);
      b_[i] = T(1);
      c_[i] = T(0);
    }
    T *a = a_, *b = b_, *c = c_;
#pragma omp target enter data map(to: a[0:n], b[0:n]) map(alloc: c[0:n])
  }
  ~Field() {
    T *a = a_, *b = b_, *c = c_;
    long n = n_;
#pragma omp target exit data map(release: a[0:n], b[0:n], c[0:n])
    std::free(a);
    std::free(b);
    std::free(c);
  }
  void triad() {
    T *a = a_, *b = b_, *c = c_;
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n_; i++)
      c[i] = a[i] + T(0.5) * b[i];
  }
  void scale() {
    T *a = a_, *b = b_, *c = c_;
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n_; i++)
      b[i] = T(2) * c[i] - a[i];
  }
  void shift() {
    T *a = a_, *b = b_;
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n_; i++)
      a[i] = b[i] - a[i];
  }
  // The kernels' results, after `update from`.
  T at(long i) {
    T *a = a_;
    long n = n_;
#pragma omp target update from(a[0:n])
    return a[i];
  }
  // A host write that the device learns of through `update to`.
  void poke(long i, T v) {
    T *c = c_;
    c[i] = v;
#pragma omp target update to(c[i:1])
  }
  T sumB() {
    T *b = b_;
    long n = n_;
#pragma omp target update from(b[0:n])
    T s = 0;
    for (long i = 0; i < n; i++)
      s += b[i];
    return s;
  }

private:
  long n_;
  T *a_, *b_, *c_;
};

template <class T> void run(const char *name, long n) {
  Field<T> f(n);
  for (int t = 0; t < 10; t++) {
    f.triad();
    f.scale();
    f.shift();
  }
  double x = f.at(12), y = f.at(n - 1);
  f.poke(5, T(3));
  f.scale();
  std::printf("%s: %.1f %.1f %.1f\n", name, x, y, (double)f.sumB());
}

// C style: an init and a finish function around a time loop in main.
static void setup(double *u, int n) {
#pragma omp target enter data map(to: u[0:n])
}
static void relax(double *u, double *v, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + 2 * u[i] + u[i + 1]) / 4;
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = v[i];
}
static void finish(double *u, int n) {
#pragma omp target exit data map(from: u[0:n])
}

int main() {
  long n = 1 << 16;
  run<double>("double", n);
  run<float>("float", n);
  int m = 4096;
  double *u = static_cast<double *>(std::malloc(sizeof(double) * m));
  double *v = static_cast<double *>(std::malloc(sizeof(double) * m));
  for (int i = 0; i < m; i++)
    u[i] = v[i] = i == m / 2 ? 1024.0 : 0.0;
  setup(u, m);
  for (int t = 0; t < 20; t++)
    relax(u, v, m);
  finish(u, m);
  double s = 0;
  for (int i = 0; i < m; i++)
    s += u[i] * (i % 3);
  std::printf("relax: %.6e %.6e\n", u[m / 2], s);
  std::free(u);
  std::free(v);
  return 0;
}

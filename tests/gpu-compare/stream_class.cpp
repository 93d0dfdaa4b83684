// GPU comparison test: a class template that owns its arrays and runs one
// marked loop per member function, each directive chosen by the
// preprocessor between OpenMP offload and host threads, as STREAM-like
// benchmarks are written. The tier translates it without OFFLOAD, so the
// `parallel for` branch is the one compiled; the conditional must survive
// the translation. Built with g++ (sequentially) and through loop2cuda;
// the outputs must be identical (small integers in doubles and floats).
#include <cstdio>
#include <cstdlib>

template <class T> class Streams {
public:
  explicit Streams(long n) : n_(n) {
    a_ = static_cast<T *>(std::malloc(sizeof(T) * n));
    b_ = static_cast<T *>(std::malloc(sizeof(T) * n));
    c_ = static_cast<T *>(std::malloc(sizeof(T) * n));
  }
  ~Streams() {
    std::free(a_);
    std::free(b_);
    std::free(c_);
  }

  void init() {
    T *a = a_, *b = b_, *c = c_;
#ifdef OFFLOAD
#pragma omp target teams distribute parallel for map(from : a[0 : n_],         \
                                                         b[0 : n_], c[0 : n_])
#else
#pragma omp parallel for
#endif
    for (long i = 0; i < n_; i++) {
      a[i] = T(i % 5);
      b[i] = T(i % 3);
      c[i] = 0;
    }
  }

  void triad(T s) {
#ifdef OFFLOAD
    T *a = a_, *b = b_, *c = c_;
#pragma omp target teams distribute parallel for simd
#else
#pragma omp parallel for
#endif
    for (long i = 0; i < n_; i++)
      c_[i] = a_[i] + s * b_[i];
  }

  void shift() {
#if defined(OFFLOAD)
#pragma omp target teams distribute parallel for
#elif defined(SERIAL)
#else
#pragma omp parallel for
#endif
    for (long i = 0; i < n_; i++)
      a_[i] = c_[i] - b_[i];
  }

  T dot() const {
    T sum = 0;
#ifdef OFFLOAD
#pragma omp target teams distribute parallel for reduction(+ : sum)
#else
#pragma omp parallel for reduction(+ : sum)
#endif
    for (long i = 0; i < n_; i++)
      sum += a_[i] * b_[i];
    return sum;
  }

  T at(long i) const { return c_[i]; }

private:
  long n_;
  T *a_, *b_, *c_;
};

int main() {
  Streams<double> d(1 << 20);
  Streams<float> f(1000);
  d.init();
  f.init();
  double dots = 0;
  for (int k = 0; k < 4; ++k) {
    d.triad(2);
    d.shift();
    f.triad(1);
    f.shift();
    dots += d.dot() + f.dot();
  }
  std::printf("%.1f %.1f %.1f %.1f\n", dots, d.at(12345), d.at(777),
              double(f.at(999)));
  return 0;
}

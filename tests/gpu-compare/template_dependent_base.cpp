// GPU comparison test: a marked loop in a method of a class template whose
// arrays and numbers are members of a dependent base (Base<T>::data), named
// `this->data`, `Base<T>::bias` or (its own) `out`. The host code must name
// them through this->: plain `data` does not compile in a template (once:
// "identifier data is undefined"; found by a helper's hunt). Built with g++
// (sequentially) and through loop2cuda; the outputs must be identical.
#include <cstdio>
#include <vector>

template <class T> struct Base {
  std::vector<T> data;
  T bias = T(1);
  int stride = 3;
};

template <class T> struct Derived : Base<T> {
  std::vector<T> out;
  void run() {
    int n = (int)this->data.size();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      out[i] = this->data[i] * 2 + Base<T>::bias;
  }
  void shift() {
    int n = (int)out.size();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      this->data[i] = out[(i * this->stride) % n] - this->bias;
  }
};

int main() {
  Derived<float> f;
  Derived<double> d;
  f.data.resize(3000);
  f.out.resize(3000);
  d.data.resize(2000);
  d.out.resize(2000);
  for (int i = 0; i < 3000; i++)
    f.data[i] = float(i % 9);
  for (int i = 0; i < 2000; i++)
    d.data[i] = 0.5 * (i % 13);
  f.bias = 0.25f;
  f.run();
  d.run();
  f.shift();
  d.shift();
  double s = 0;
  for (float x : f.data)
    s += x;
  for (double x : d.data)
    s += x;
  std::printf("%.6f %.6f %.6f\n", s, f.data[5], d.data[7]);
  return 0;
}

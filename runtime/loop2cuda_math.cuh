//===- loop2cuda_math.cuh - Library functions for generated kernels -*- CUDA
//-*-//
//
// The functions of the C++ standard library that kernels call where the
// source calls std::min, std::max, std::clamp or std::abs. The host
// versions are constexpr host functions, which device code may not call
// (nvcc wants --expt-relaxed-constexpr); these give the same results on
// both sides. loop2cuda_runtime.cuh includes this file.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_MATH_CUH
#define LOOP2CUDA_MATH_CUH

#include <complex>
#include <cuda_runtime.h>

namespace l2c {

/// The elements of a std::array (or of any standard-layout struct whose
/// first member is T[N]) as a pointer: a[i][k] of a vector of
/// std::array<T, N> reads l2c::elemsOf(a[i])[k] in a kernel, since
/// std::array's operator[] is a constexpr host function. The struct and its
/// first member share their address (pointer-interconvertible).
template <class A>
__host__ __device__ inline auto elemsOf(A &a) -> decltype(&a[0]) {
  return reinterpret_cast<decltype(&a[0])>(&a);
}

/// std::swap of two numbers or two structs of numbers.
template <class T> __host__ __device__ inline void swap(T &a, T &b) {
  T t = a;
  a = b;
  b = t;
}

/// std::min: b when b < a, else a (so the first of two equal values).
template <class T> __host__ __device__ constexpr T min(T a, T b) {
  return b < a ? b : a;
}

/// std::max: b when a < b, else a.
template <class T> __host__ __device__ constexpr T max(T a, T b) {
  return a < b ? b : a;
}

/// std::max({a, b, ...}): the first of the largest, as std::max of an
/// initializer list compares with <.
template <class T, class... R>
__host__ __device__ constexpr T maxOf(T a, R... r) {
  T m = a;
  ((m = m < T(r) ? T(r) : m), ...);
  return m;
}

/// std::min({a, b, ...}): the first of the smallest.
template <class T, class... R>
__host__ __device__ constexpr T minOf(T a, R... r) {
  T m = a;
  ((m = T(r) < m ? T(r) : m), ...);
  return m;
}

/// std::clamp: lo when v < lo, hi when hi < v, else v.
template <class T> __host__ __device__ constexpr T clamp(T v, T lo, T hi) {
  return v < lo ? lo : hi < v ? hi : v;
}

/// std::abs: the overloads of <cstdlib> and <cmath>. The floating ones
/// clear the sign bit, as fabs does (abs(-0.0) is 0.0).
__host__ __device__ inline int abs(int v) { return v < 0 ? -v : v; }
__host__ __device__ inline long abs(long v) { return v < 0 ? -v : v; }
__host__ __device__ inline long long abs(long long v) {
  return v < 0 ? -v : v;
}
__host__ __device__ inline float abs(float v) { return fabsf(v); }
__host__ __device__ inline double abs(double v) { return fabs(v); }

//===----------------------------------------------------------------------===//
// std::complex in kernels
//===----------------------------------------------------------------------===//

/// std::complex<T> for device code, where libstdc++'s operators (host
/// functions) cannot run: the same layout (the real part, then the
/// imaginary part, as the standard guarantees for std::complex), so a
/// kernel reads and writes the host's std::complex arrays in place through
/// cx(). loop2cuda prints std::complex<T> as l2c::complex<T> in device code
/// (docs/device-library.md).
template <class T> struct complex {
  T re, im;
  __host__ __device__ constexpr complex(T r = T(), T i = T()) : re(r), im(i) {}
  template <class U>
  __host__ __device__ constexpr complex(const complex<U> &z)
      : re(T(z.re)), im(T(z.im)) {}
  __host__ __device__ constexpr T real() const { return re; }
  __host__ __device__ constexpr T imag() const { return im; }
  __host__ __device__ complex &operator+=(const complex &z) {
    re += z.re;
    im += z.im;
    return *this;
  }
  __host__ __device__ complex &operator-=(const complex &z) {
    re -= z.re;
    im -= z.im;
    return *this;
  }
  __host__ __device__ complex &operator*=(const complex &z) {
    return *this = *this * z;
  }
  __host__ __device__ complex &operator/=(const complex &z) {
    return *this = *this / z;
  }
  __host__ __device__ complex &operator+=(T x) {
    re += x;
    return *this;
  }
  __host__ __device__ complex &operator-=(T x) {
    re -= x;
    return *this;
  }
  __host__ __device__ complex &operator*=(T x) {
    re *= x;
    im *= x;
    return *this;
  }
  __host__ __device__ complex &operator/=(T x) {
    re /= x;
    im /= x;
    return *this;
  }
  __host__ __device__ complex &operator=(T x) {
    re = x;
    im = T();
    return *this;
  }
  friend __host__ __device__ complex operator+(const complex &a,
                                               const complex &b) {
    return complex(a.re + b.re, a.im + b.im);
  }
  friend __host__ __device__ complex operator-(const complex &a,
                                               const complex &b) {
    return complex(a.re - b.re, a.im - b.im);
  }
  friend __host__ __device__ complex operator*(const complex &a,
                                               const complex &b) {
    return complex(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
  }
  /// Smith's division: scales by the larger part of b, so that |b|^2
  /// neither overflows nor underflows where the quotient is representable.
  friend __host__ __device__ complex operator/(const complex &a,
                                               const complex &b) {
    T ar = b.re < 0 ? -b.re : b.re, ai = b.im < 0 ? -b.im : b.im;
    if (ar >= ai) {
      T r = b.im / b.re, d = b.re + b.im * r;
      return complex((a.re + a.im * r) / d, (a.im - a.re * r) / d);
    }
    T r = b.re / b.im, d = b.re * r + b.im;
    return complex((a.re * r + a.im) / d, (a.im * r - a.re) / d);
  }
  friend __host__ __device__ complex operator+(const complex &a, T x) {
    return complex(a.re + x, a.im);
  }
  friend __host__ __device__ complex operator-(const complex &a, T x) {
    return complex(a.re - x, a.im);
  }
  friend __host__ __device__ complex operator*(const complex &a, T x) {
    return complex(a.re * x, a.im * x);
  }
  friend __host__ __device__ complex operator/(const complex &a, T x) {
    return complex(a.re / x, a.im / x);
  }
  friend __host__ __device__ complex operator+(T x, const complex &a) {
    return complex(x + a.re, a.im);
  }
  friend __host__ __device__ complex operator-(T x, const complex &a) {
    return complex(x - a.re, -a.im);
  }
  friend __host__ __device__ complex operator*(T x, const complex &a) {
    return complex(x * a.re, x * a.im);
  }
  friend __host__ __device__ complex operator/(T x, const complex &a) {
    return complex(x) / a;
  }
  friend __host__ __device__ complex operator+(const complex &a) { return a; }
  friend __host__ __device__ complex operator-(const complex &a) {
    return complex(-a.re, -a.im);
  }
  friend __host__ __device__ bool operator==(const complex &a,
                                             const complex &b) {
    return a.re == b.re && a.im == b.im;
  }
  friend __host__ __device__ bool operator!=(const complex &a,
                                             const complex &b) {
    return !(a == b);
  }
  friend __host__ __device__ bool operator==(const complex &a, T x) {
    return a.re == x && a.im == T();
  }
  friend __host__ __device__ bool operator!=(const complex &a, T x) {
    return !(a == x);
  }
  friend __host__ __device__ bool operator==(T x, const complex &a) {
    return a == x;
  }
  friend __host__ __device__ bool operator!=(T x, const complex &a) {
    return !(a == x);
  }
};

/// A host std::complex, seen as the device type: its bytes are the same.
template <class T>
__host__ __device__ complex<T> &cx(std::complex<T> &z) {
  return reinterpret_cast<complex<T> &>(z);
}
template <class T>
__host__ __device__ const complex<T> &cx(const std::complex<T> &z) {
  return reinterpret_cast<const complex<T> &>(z);
}
template <class T> __host__ __device__ complex<T> *cx(std::complex<T> *p) {
  return reinterpret_cast<complex<T> *>(p);
}
template <class T>
__host__ __device__ const complex<T> *cx(const std::complex<T> *p) {
  return reinterpret_cast<const complex<T> *>(p);
}

template <class T> __host__ __device__ T real(const complex<T> &z) {
  return z.re;
}
template <class T> __host__ __device__ T imag(const complex<T> &z) {
  return z.im;
}
template <class T> __host__ __device__ complex<T> conj(const complex<T> &z) {
  return complex<T>(z.re, -z.im);
}
/// |z| without overflow in the squares, as std::abs (hypot).
template <class T> __host__ __device__ T abs(const complex<T> &z) {
  return hypot(z.re, z.im);
}
template <class T> __host__ __device__ T arg(const complex<T> &z) {
  return atan2(z.im, z.re);
}
/// |z|^2, as std::norm.
template <class T> __host__ __device__ T norm(const complex<T> &z) {
  return z.re * z.re + z.im * z.im;
}
template <class T>
__host__ __device__ complex<T> polar(const T &r, const T &theta = T()) {
  return complex<T>(r * cos(theta), r * sin(theta));
}
template <class T> __host__ __device__ complex<T> exp(const complex<T> &z) {
  return polar<T>(::exp(z.re), z.im);
}

} // namespace l2c

#endif

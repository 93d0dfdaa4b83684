//===- loop2cuda_reduce.cuh - Runtime of reductions -----------------------===//
//
// The device side of reductions (docs/reductions.md): the operator objects
// and OpenMP's identities, warp and block folds, the atomic and last-block
// finishes of the single-pass stage, the ordered second pass, and the grid
// helpers that the host code of rules/lower-reduce-launch.rules calls.
// Included by loop2cuda_runtime.cuh (split from it), after the device and
// present-table parts it uses.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_REDUCE_CUH
#define LOOP2CUDA_REDUCE_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <type_traits>

#ifndef L2C_NO_CUB
#include <cub/cub.cuh>
#endif

namespace l2c {

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// Reduction operators, usable on host and device.
struct Sum {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A + B;
  }
};
struct Prod {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A * B;
  }
};
struct Min {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return B < A ? B : A;
  }
};
struct Max {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A < B ? B : A;
  }
};
struct BitAndOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A & B;
  }
};
struct BitOrOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A | B;
  }
};
struct BitXorOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return A ^ B;
  }
};

/// Reduces v over the 32 lanes of a full warp; lane 0 holds the result.
/// Every lane of the warp must call it (full mask).
template <class T, class Op> __device__ T warpReduce(T V, Op O) {
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    V = O(V, __shfl_down_sync(0xffffffffu, V, Offset));
  return V;
}

/// Like warpReduce, but every lane gets the result (butterfly exchange).
template <class T, class Op> __device__ T warpAllReduce(T V, Op O) {
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V = O(V, __shfl_xor_sync(0xffffffffu, V, Mask));
  return V;
}

/// Reduces v over a block of whole warps (blockDim.x a multiple of 32, at
/// most 1024) with warp shuffles and one shared slot per warp; thread 0
/// holds the result. Every thread of the block must call it; it ends with a
/// barrier, so it may be called again in the same kernel.
template <class T, class Op>
__device__ T blockReduceWarps(T V, Op O, T Identity) {
  __shared__ T Partial[32];
  unsigned Lane = threadIdx.x & 31u, Warp = threadIdx.x >> 5;
  V = warpReduce(V, O);
  if (Lane == 0)
    Partial[Warp] = V;
  __syncthreads();
  if (Warp == 0) {
    unsigned Warps = (blockDim.x + 31u) >> 5;
    V = warpReduce(Lane < Warps ? Partial[Lane] : Identity, O);
  }
  __syncthreads();
  return V;
}

/// Atomically combines v into *addr with a compare-and-swap loop (any
/// 4- or 8-byte T and any operator).
template <class T, class Op> __device__ T atomicReduce(T *Addr, T V, Op O) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "atomicReduce needs a 4- or 8-byte type");
  using Word =
      std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;
  Word *W = reinterpret_cast<Word *>(Addr);
  Word Old = *W, Assumed;
  do {
    Assumed = Old;
    T Cur;
    memcpy(&Cur, &Assumed, sizeof(T));
    T Next = O(Cur, V);
    Word NextW;
    memcpy(&NextW, &Next, sizeof(T));
    Old = atomicCAS(W, Assumed, NextW);
  } while (Old != Assumed);
  T Prev;
  memcpy(&Prev, &Old, sizeof(T));
  return Prev;
}

// Hardware atomics where they exist.
__device__ inline int atomicReduce(int *A, int V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline unsigned atomicReduce(unsigned *A, unsigned V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline unsigned long long atomicReduce(unsigned long long *A,
                                                  unsigned long long V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline long long atomicReduce(long long *A, long long V, Sum) {
  // Two's complement addition is the same on the unsigned bit pattern.
  return static_cast<long long>(
      atomicAdd(reinterpret_cast<unsigned long long *>(A),
                static_cast<unsigned long long>(V)));
}
__device__ inline float atomicReduce(float *A, float V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline double atomicReduce(double *A, double V, Sum) {
  return atomicAdd(A, V);
}
__device__ inline int atomicReduce(int *A, int V, Min) {
  return atomicMin(A, V);
}
__device__ inline int atomicReduce(int *A, int V, Max) {
  return atomicMax(A, V);
}
__device__ inline unsigned atomicReduce(unsigned *A, unsigned V, Min) {
  return atomicMin(A, V);
}
__device__ inline unsigned atomicReduce(unsigned *A, unsigned V, Max) {
  return atomicMax(A, V);
}
__device__ inline long long atomicReduce(long long *A, long long V, Min) {
  return atomicMin(A, V);
}
__device__ inline long long atomicReduce(long long *A, long long V, Max) {
  return atomicMax(A, V);
}

/// Logical && and || as reduction operators (OpenMP's `&&` and `||`
/// reductions): the result is 0 or 1 in the operand type.
struct LAndOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return static_cast<T>(A && B);
  }
};
struct LOrOp {
  template <class T> __host__ __device__ T operator()(T A, T B) const {
    return static_cast<T>(A || B);
  }
};

//===----------------------------------------------------------------------===//
// Reductions written by rules/extract-reduction.rules and rules/reduce-*.rules
// (docs/reductions.md). The kernels call identity, combine, shflDown,
// reduceRange, finishAtomic and finishLastBlock; the host code that
// rules/lower-reduce-launch.rules writes uses the grid helpers below and
// loop2cuda_buffers.cuh.
//===----------------------------------------------------------------------===//

namespace detail {
template <class T> struct Limits {
  __host__ __device__ static constexpr T lowest() {
    if constexpr (std::is_floating_point_v<T>)
      return -__builtin_huge_val();
    else if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>)
      return T(0);
    else
      return static_cast<T>(static_cast<std::make_unsigned_t<T>>(1)
                            << (8 * sizeof(T) - 1));
  }
  __host__ __device__ static constexpr T highest() {
    if constexpr (std::is_floating_point_v<T>)
      return __builtin_huge_val();
    else if constexpr (std::is_same_v<T, bool>)
      return true;
    else
      return static_cast<T>(~static_cast<std::make_unsigned_t<T>>(lowest()));
  }
};
} // namespace detail

/// The identity of an operator for the type of Witness (its value is
/// ignored): x op identity == x. As OpenMP defines them: 0 for + | ^ ||,
/// 1 for * &&, all bits set for &, +inf / the largest value for min,
/// -inf / the lowest value for max.
template <class T> __host__ __device__ constexpr T identity(Sum, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(Prod, T) {
  return T(1);
}
template <class T> __host__ __device__ constexpr T identity(BitOrOp, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(BitXorOp, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(LOrOp, T) {
  return T(0);
}
template <class T> __host__ __device__ constexpr T identity(LAndOp, T) {
  return T(1);
}
template <class T> __host__ __device__ constexpr T identity(BitAndOp, T) {
  return static_cast<T>(~static_cast<std::make_unsigned_t<T>>(0));
}
template <class T> __host__ __device__ constexpr T identity(Min, T) {
  return detail::Limits<T>::highest();
}
template <class T> __host__ __device__ constexpr T identity(Max, T) {
  return detail::Limits<T>::lowest();
}

/// acc op value, computed in the common type of the two (as `s += e` or
/// `s = std::max(s, e)` computes it) and converted back to acc's type.
template <class Op, class T, class U>
__host__ __device__ T combine(Op O, T Acc, U Value) {
  using C = std::common_type_t<T, U>;
  return static_cast<T>(O(static_cast<C>(Acc), static_cast<C>(Value)));
}

/// __shfl_down_sync with the full mask for any trivially copyable T up to
/// 16 bytes (bool, char, short as well as the types CUDA shuffles itself).
/// Every lane of the warp must call it.
template <class T> __device__ T shflDown(T V, unsigned Offset) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 16,
                "shflDown needs a trivially copyable type of at most 16 bytes");
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                std::is_same_v<T, long long> ||
                std::is_same_v<T, unsigned long long> ||
                std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return __shfl_down_sync(0xffffffffu, V, Offset);
  } else {
    constexpr int Words = (sizeof(T) + 3) / 4;
    int W[Words] = {};
    memcpy(W, &V, sizeof(T));
    for (int I = 0; I < Words; ++I)
      W[I] = __shfl_down_sync(0xffffffffu, W[I], Offset);
    T R;
    memcpy(&R, W, sizeof(T));
    return R;
  }
}

namespace detail {
/// Reads a value another block wrote before a __threadfence, bypassing L1.
template <class T> __device__ T loadFresh(const T *P) {
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                std::is_same_v<T, long long> ||
                std::is_same_v<T, unsigned long long> ||
                std::is_same_v<T, float> || std::is_same_v<T, double>)
    return __ldcg(P);
  else
    return *const_cast<const volatile T *>(P);
}

template <class A, int Lanes> struct alignas(16) Vec {
  A V[Lanes];
};
} // namespace detail

/// Folds acc with a[begin + k] for the k in [0, count) that belong to this
/// thread in a grid-stride walk over the whole grid, reading 16 bytes at a
/// time: the elements before the first 16-byte boundary (the unaligned head)
/// and after the last whole vector (the tail) are read one by one, the rest
/// as int4/float4-sized vectors, four vectors in flight per thread. Which
/// elements a thread folds depends only on the grid size and the address of
/// a + begin, so a fixed grid gives the same bits on every run.
/// (Vectorised grid-stride loads after NVIDIA's "CUDA Pro Tip: Increase
/// Performance with Vectorized Memory Access" and Harris's reduce6/7.)
template <class Op, class A, class T>
__device__ T reduceRange(Op O, const A *Arr, long long Begin, long long Count,
                         T Acc) {
  const A *P = Arr + Begin;
  const long long Tid =
      static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const long long Threads = static_cast<long long>(gridDim.x) * blockDim.x;
  if constexpr (std::is_arithmetic_v<A> && 16 % sizeof(A) == 0 &&
                sizeof(A) >= 2) {
    constexpr int Lanes = 16 / sizeof(A);
    using V = detail::Vec<A, Lanes>;
    uintptr_t Addr = reinterpret_cast<uintptr_t>(P);
    long long Head =
        Addr % sizeof(A) != 0
            ? Count
            : static_cast<long long>((16 - Addr % 16) % 16 / sizeof(A));
    if (Head > Count)
      Head = Count;
    for (long long K = Tid; K < Head; K += Threads)
      Acc = combine(O, Acc, P[K]);
    const V *Vp = reinterpret_cast<const V *>(P + Head);
    const long long NV = (Count - Head) / Lanes;
    long long J = Tid;
    for (; J + 3 * Threads < NV; J += 4 * Threads) {
      V X0 = Vp[J], X1 = Vp[J + Threads], X2 = Vp[J + 2 * Threads],
        X3 = Vp[J + 3 * Threads];
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X0.V[L]);
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X1.V[L]);
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X2.V[L]);
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X3.V[L]);
    }
    for (; J < NV; J += Threads) {
      V X = Vp[J];
#pragma unroll
      for (int L = 0; L < Lanes; ++L)
        Acc = combine(O, Acc, X.V[L]);
    }
    for (long long K = Head + NV * Lanes + Tid; K < Count; K += Threads)
      Acc = combine(O, Acc, P[K]);
  } else {
    for (long long K = Tid; K < Count; K += Threads)
      Acc = combine(O, Acc, P[K]);
  }
  return Acc;
}

namespace detail {
/// Hardware atomics for the exact integer reductions; U is the integer type
/// of T's size and signedness that CUDA's atomics take.
template <class T> __device__ auto atomicWord(T *P) {
  if constexpr (sizeof(T) == 4 && std::is_signed_v<T>)
    return reinterpret_cast<int *>(P);
  else if constexpr (sizeof(T) == 4)
    return reinterpret_cast<unsigned *>(P);
  else if constexpr (std::is_signed_v<T>)
    return reinterpret_cast<long long *>(P);
  else
    return reinterpret_cast<unsigned long long *>(P);
}
template <class W> __device__ auto asUnsigned(W *P) {
  return reinterpret_cast<std::make_unsigned_t<W> *>(P);
}

template <class T, class Op> __device__ void atomicCombine(T *P, T V, Op) {
  static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "single-pass atomics are for 4- and 8-byte integers");
  auto *W = atomicWord(P);
  using Word = std::remove_pointer_t<decltype(W)>;
  Word X = static_cast<Word>(V);
  if constexpr (std::is_same_v<Op, Sum>)
    atomicAdd(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else if constexpr (std::is_same_v<Op, Min>)
    atomicMin(W, X);
  else if constexpr (std::is_same_v<Op, Max>)
    atomicMax(W, X);
  else if constexpr (std::is_same_v<Op, BitAndOp>)
    atomicAnd(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else if constexpr (std::is_same_v<Op, BitOrOp>)
    atomicOr(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else if constexpr (std::is_same_v<Op, BitXorOp>)
    atomicXor(asUnsigned(W), static_cast<std::make_unsigned_t<Word>>(X));
  else
    static_assert(sizeof(Op) == 0, "no hardware atomic for this operator");
}
} // namespace detail

/// Folds V over the block (blockDim.x a multiple of 32, at most 1024) with
/// full-mask shuffles and one shared slot per warp, in a fixed order;
/// thread 0 gets the result. Every thread of the block must call it.
template <class Op, class T> __device__ T blockFold(Op O, T V) {
  __shared__ T Warps[32];
  unsigned Lane = threadIdx.x & 31u, Warp = threadIdx.x >> 5;
  for (unsigned Off = 16; Off > 0; Off >>= 1)
    V = combine(O, V, shflDown(V, Off));
  if (Lane == 0)
    Warps[Warp] = V;
  __syncthreads();
  if (Warp == 0) {
    V = Lane < (blockDim.x >> 5) ? Warps[Lane] : identity(O, V);
    for (unsigned Off = 16; Off > 0; Off >>= 1)
      V = combine(O, V, shflDown(V, Off));
  }
  __syncthreads();
  return V;
}

/// Single-pass finish with atomics, for results that do not depend on the
/// order (integer + min max & | ^). Called by thread 0 of each block with
/// the block's value. *Acc (device memory) accumulates, starting from the
/// identity; the last block to arrive (ticket counter, after __threadfence:
/// CUDA Programming Guide, "Memory Fence Functions") moves it to *Out (the
/// host-mapped result slot, Scratch::mapped) and puts *Acc and the counter
/// back, so the next launch needs no setup.
template <class Op, class T>
__device__ void finishAtomic(Op O, T *Acc, unsigned *Counter, T *Out, T V) {
  detail::atomicCombine(Acc, V, O);
  __threadfence();
  unsigned Ticket = atomicAdd(Counter, 1u);
  if (Ticket == gridDim.x - 1) {
    __threadfence();
    auto *W = detail::atomicWord(Acc);
    using Word = std::remove_pointer_t<decltype(W)>;
    Word Old = atomicExch(detail::asUnsigned(W),
                          static_cast<std::make_unsigned_t<Word>>(
                              static_cast<Word>(identity(O, V))));
    *Out = static_cast<T>(Old);
    *Counter = 0;
  }
}

/// Single-pass finish without atomics on the values (the threadFenceReduction
/// pattern of the CUDA samples): thread 0 of every block has stored the
/// block's value in Partial[blockIdx.x]; it fences and takes a ticket, and
/// the last block to take one folds all partials in a fixed order (thread
/// j takes j, j + blockDim.x, ..., then a fixed shuffle tree) into *Out
/// (the host-mapped result slot) and resets the counter. For a given grid the
/// bits never depend on timing. Every thread of the block must call it;
/// blockDim.x must be a multiple of 32. It ends with a barrier, so it may be
/// called again.
template <class Op, class T>
__device__ void finishLastBlock(Op O, T *Partial, unsigned *Counter, T *Out) {
  __shared__ bool IsLast;
  if (threadIdx.x == 0) {
    __threadfence();
    IsLast = atomicAdd(Counter, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (IsLast) {
    __threadfence();
    T Acc = identity(O, T());
    for (unsigned J = threadIdx.x; J < gridDim.x; J += blockDim.x)
      Acc = combine(O, Acc, detail::loadFresh(&Partial[J]));
    Acc = blockFold(O, Acc);
    if (threadIdx.x == 0) {
      *Out = Acc;
      *Counter = 0;
    }
  }
  // IsLast is shared by every call of this instantiation in the kernel.
  __syncthreads();
}

namespace detail {
/// The ordered second pass: one block folds Partial[0, n) in a fixed order
/// into *Out.
template <class Op, class T>
__global__ void finishOrderedKernel(Op O, const T *Partial, long long N,
                                    T *Out) {
  T Acc = identity(O, T());
  for (long long J = threadIdx.x; J < N; J += blockDim.x)
    Acc = combine(O, Acc, Partial[J]);
  Acc = blockFold(O, Acc);
  if (threadIdx.x == 0)
    *Out = Acc;
}
} // namespace detail

/// Blocks for a reduction kernel of Threads threads in which every thread
/// takes PerThread iterations: ceil(count / (threads * perThread)), at least
/// 1 and at most Cap (at most 2^31 - 1; the kernels loop over the grid, so
/// any cap is correct).
inline unsigned reduceGridPerThread(long long Count, unsigned Threads,
                                    unsigned PerThread,
                                    long long Cap = 2147483647LL) {
  long long Per = static_cast<long long>(Threads) * PerThread;
  long long Blocks = Count <= 0 ? 1 : (Count + Per - 1) / Per;
  return static_cast<unsigned>(std::max(1LL, std::min(Blocks, Cap)));
}

/// Blocks for a persistent grid: as many as the device keeps resident for
/// kernel K (occupancy x SMs), fewer when the loop is short.
template <class Kernel>
unsigned reduceGridResident(Kernel K, long long Count, unsigned Threads,
                            unsigned PerThread) {
  return reduceGridPerThread(Count, Threads, PerThread,
                             residentBlocks(K, Threads));
}


#ifndef L2C_NO_CUB
/// cub::BlockReduce over a 1-D block of exactly BlockThreads threads; thread 0
/// holds the result. Ends with a barrier so that it may be called again.
template <int BlockThreads, class T, class Op>
__device__ T blockReduce(T V, Op O) {
  using Reduce = cub::BlockReduce<T, BlockThreads>;
  __shared__ typename Reduce::TempStorage Storage;
  T R = Reduce(Storage).Reduce(V, O);
  __syncthreads();
  return R;
}

/// Reduces dIn[0, n) into *dOut on the device with cub::DeviceReduce
/// (two-phase: query the scratch size, then run), starting from init.
template <class T, class Op>
void deviceReduce(const T *DIn, T *DOut, long long N, Op O, T Init,
                  const char *Where) {
  size_t Bytes = 0;
  L2C_CHECK(cub::DeviceReduce::Reduce(nullptr, Bytes, DIn, DOut, N, O, Init),
            Where);
  void *Scratch = nullptr;
  L2C_CHECK(cudaMalloc(&Scratch, std::max<size_t>(Bytes, 1)), Where);
  L2C_CHECK(cub::DeviceReduce::Reduce(Scratch, Bytes, DIn, DOut, N, O, Init),
            Where);
  L2C_CHECK(cudaFree(Scratch), Where);
}
#endif

} // namespace l2c

#endif

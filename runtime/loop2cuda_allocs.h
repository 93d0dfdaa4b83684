//===- loop2cuda_allocs.h - A record of the program's heap blocks -*- C++
//-*-===//
//
// An array that reaches a loop from another file (`spmv(m, x, y)` with the
// matrix built in matrix.c) has no extent the translation can see: its
// subscripts go through other arrays (`x[col[k]]`) and its allocation is in
// code the tool never read. The program's allocations can tell instead: this
// header replaces malloc, calloc, realloc, free and the aligned allocators
// (glibc supports replacing them by symbol interposition, and its own
// functions call the replacements), forwards each to glibc, and records every
// block of MinBytes or more. l2c::recordedCount(p) is then the number of
// elements from p to the end of the block that starts at p, or 0 when no
// recorded block starts there (a static or stack array, an interior pointer,
// a small block, a block from another allocator): the launch then runs the
// loop on the host, as written (l2c::recordedOrHost, loop2cuda_hostrun.cuh;
// rule set host-fallback).
//
// Only the block's start is looked up: an interior pointer could be indexed
// below itself, which a copy from the pointer on would miss.
//
// The table is a fixed array with linear probing (no allocation of its own,
// constant-initialised, so malloc may run before any constructor); a spin
// lock guards it, taken only for blocks of MinBytes or more (free asks
// malloc_usable_size first). When the table is half full, further blocks go
// unrecorded, and their loops run on the host. bench/allocs measures the
// cost per malloc/free pair.
//
// Plain C++, so that the unit tests (tests/unit/runtime) run it without a
// GPU. Included by loop2cuda_runtime.cuh where the generated file defines
// L2C_RECORD_ALLOCATIONS.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ALLOCS_H
#define LOOP2CUDA_ALLOCS_H

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <pthread.h>

namespace l2c {
namespace allocs {

/// Smaller blocks are not recorded: their loops run on the host.
constexpr size_t MinBytes = 256;
/// Slots of the table (a power of two); at most half are used.
constexpr size_t Slots = size_t(1) << 16;

struct Slot {
  uintptr_t Addr; // 0: empty
  size_t Bytes;
};

struct Table {
  std::atomic_flag Busy = ATOMIC_FLAG_INIT;
  size_t Live = 0;
  Slot S[Slots] = {};
};

inline Table Record;

inline size_t home(uintptr_t A) {
  return static_cast<size_t>(((A >> 4) * 0x9E3779B97F4A7C15ull) >> 48) &
         (Slots - 1);
}

inline void lockRecord() {
  while (Record.Busy.test_and_set(std::memory_order_acquire))
    ;
}
inline void unlockRecord() { Record.Busy.clear(std::memory_order_release); }

struct Lock {
  Lock() { lockRecord(); }
  ~Lock() { unlockRecord(); }
};

/// fork() while another thread holds the lock would leave the child's
/// copy locked for ever: the lock is taken around every fork and released
/// on both sides (as glibc does for its own malloc).
inline const bool ForkSafe =
    pthread_atfork(lockRecord, unlockRecord, unlockRecord) == 0;

inline void add(const void *P, size_t Bytes) {
  uintptr_t A = reinterpret_cast<uintptr_t>(P);
  Lock L;
  size_t I = home(A);
  while (Record.S[I].Addr && Record.S[I].Addr != A)
    I = (I + 1) & (Slots - 1);
  if (!Record.S[I].Addr) {
    if (2 * (Record.Live + 1) > Slots)
      return; // full: the block goes unrecorded
    ++Record.Live;
  }
  Record.S[I] = {A, Bytes};
}

/// Removes P's slot, moving later slots of the run back so that every key
/// stays reachable from its home (no tombstones to fill the table).
inline void remove(const void *P) {
  uintptr_t A = reinterpret_cast<uintptr_t>(P);
  Lock L;
  size_t I = home(A);
  while (Record.S[I].Addr && Record.S[I].Addr != A)
    I = (I + 1) & (Slots - 1);
  if (!Record.S[I].Addr)
    return;
  --Record.Live;
  size_t Hole = I;
  for (size_t J = (I + 1) & (Slots - 1); Record.S[J].Addr;
       J = (J + 1) & (Slots - 1)) {
    size_t H = home(Record.S[J].Addr);
    // J may move to Hole when its home is not in (Hole, J], cyclically.
    bool Between = Hole < J ? (H > Hole && H <= J) : (H > Hole || H <= J);
    if (!Between) {
      Record.S[Hole] = Record.S[J];
      Hole = J;
    }
  }
  Record.S[Hole] = {0, 0};
}

/// The bytes of the recorded block that starts at P; 0 if none does.
inline size_t bytesAt(const void *P) {
  uintptr_t A = reinterpret_cast<uintptr_t>(P);
  if (!A)
    return 0;
  Lock L;
  for (size_t I = home(A); Record.S[I].Addr; I = (I + 1) & (Slots - 1))
    if (Record.S[I].Addr == A)
      return Record.S[I].Bytes;
  return 0;
}

inline void *recorded(void *P, size_t Bytes) {
  if (P && Bytes >= MinBytes)
    add(P, Bytes);
  return P;
}

inline void forget(void *P) {
  if (P && malloc_usable_size(P) >= MinBytes)
    remove(P);
}

} // namespace allocs

/// The elements of T from P to the end of the recorded block that starts at
/// P, or 0 when no recorded block starts there.
template <class T> long long recordedCount(const T *P) {
  return static_cast<long long>(allocs::bytesAt(P) / sizeof(T));
}

} // namespace l2c

// glibc's own entry points, which the replacements forward to. Host code
// only: CUDA declares malloc and free for the device too, and device code
// keeps CUDA's.
#ifndef __CUDA_ARCH__
extern "C" {
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
void __libc_free(void *);

// Weak: every generated file that needs the record defines them, and the
// link keeps one.
__attribute__((weak)) void *malloc(size_t N) noexcept {
  return l2c::allocs::recorded(__libc_malloc(N), N);
}

__attribute__((weak)) void *calloc(size_t N, size_t Size) noexcept {
  void *P = __libc_calloc(N, Size);
  return P ? l2c::allocs::recorded(P, N * Size) : P;
}

__attribute__((weak)) void *realloc(void *Old, size_t N) noexcept {
  // Forgotten first: once glibc frees Old, another thread may get it.
  size_t OldBytes = Old ? l2c::allocs::bytesAt(Old) : 0;
  l2c::allocs::forget(Old);
  void *P = __libc_realloc(Old, N);
  if (!P && N && OldBytes) // failed: Old is still the caller's
    l2c::allocs::add(Old, OldBytes);
  return l2c::allocs::recorded(P, N);
}

__attribute__((weak)) void free(void *P) noexcept {
  l2c::allocs::forget(P);
  __libc_free(P);
}

__attribute__((weak)) void *memalign(size_t Align, size_t N) noexcept {
  return l2c::allocs::recorded(__libc_memalign(Align, N), N);
}

__attribute__((weak)) void *aligned_alloc(size_t Align, size_t N) noexcept {
  return l2c::allocs::recorded(__libc_memalign(Align, N), N);
}

__attribute__((weak)) int posix_memalign(void **Out, size_t Align,
                                         size_t N) noexcept {
  if (Align % sizeof(void *) || (Align & (Align - 1)))
    return EINVAL;
  void *P = __libc_memalign(Align, N);
  if (!P)
    return ENOMEM;
  *Out = l2c::allocs::recorded(P, N);
  return 0;
}
}
#endif

#endif // LOOP2CUDA_ALLOCS_H

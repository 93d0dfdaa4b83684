//===- loop2cuda_pinned.cuh - Page-locking host arrays for transfers ------===//
//
// A cudaMemcpy from pageable host memory goes through the driver's own
// pinned staging buffers and reaches about half the bandwidth of a copy
// from page-locked memory. The runtime therefore page-locks (cudaHostRegister)
// a host array that it transfers, once it is large enough for the locking
// to pay off, and keeps the registration for the array's later transfers:
//
//   - only arrays of at least L2C_PIN_MIN_BYTES (default 1 MiB) and only
//     from their L2C_PIN_AFTER-th transfer on (default 8: the first seven
//     go through the driver or, from 8 MiB, are staged by several threads,
//     loop2cuda_staged.cuh, which costs no locking; an array moved more
//     often, in a host loop, pays the locking back; docs/transfers.md);
//   - one registration per host array, cached by its address, grown (locked
//     again) when a later transfer covers more bytes;
//   - unlocked when the array's device copy is released (l2c::release, the
//     Free that the rules place after the array's last use) and at exit;
//   - a registration that fails (memory already page-locked, as from
//     cudaMallocHost; a platform without the feature) is remembered and the
//     array stays pageable: the copy is then as before, never wrong.
//
// Define L2C_NO_PIN to leave every array pageable (bench/transfers prints
// both). docs/transfers.md gives the reasons and the measurement plan.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PINNED_CUH
#define LOOP2CUDA_PINNED_CUH

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdlib>
#include <unordered_map>

#ifndef L2C_PIN_MIN_BYTES
#define L2C_PIN_MIN_BYTES (1u << 20)
#endif
#ifndef L2C_PIN_AFTER
#define L2C_PIN_AFTER 8
#endif

namespace l2c {
namespace pinned {

struct Registration {
  size_t Bytes = 0;      // bytes locked at the address (0: none)
  unsigned Transfers = 0; // transfers seen
  bool Failed = false;   // cudaHostRegister refused: stay pageable
};

/// Never destroyed: unlockAll runs at exit, after the destructors of
/// statics made later than its registration (a static map here was
/// destroyed before unlockAll read it, and corrupted the heap at exit).
inline std::unordered_map<const void *, Registration> &table() {
  static auto *Table = new std::unordered_map<const void *, Registration>();
  return *Table;
}

inline void unlock(const void *Host, Registration &R) {
  if (R.Bytes)
    (void)cudaHostUnregister(const_cast<void *>(Host));
  R.Bytes = 0;
}

/// Unlocks every registration; run at exit, after the last transfer.
inline void unlockAll() {
  for (auto &E : table())
    unlock(E.first, E.second);
  table().clear();
}

/// Called before a transfer of Bytes at Host: locks the array's pages when
/// the policy above says so. Does nothing under L2C_NO_PIN.
inline void beforeTransfer(const void *Host, size_t Bytes) {
#ifdef L2C_NO_PIN
  (void)Host;
  (void)Bytes;
#else
  if (!Host || Bytes < static_cast<size_t>(L2C_PIN_MIN_BYTES))
    return;
  static const bool AtExit = (std::atexit(unlockAll), true);
  (void)AtExit;
  Registration &R = table()[Host];
  if (R.Failed || ++R.Transfers < L2C_PIN_AFTER || R.Bytes >= Bytes)
    return;
  unlock(Host, R);
  if (cudaHostRegister(const_cast<void *>(Host), Bytes,
                       cudaHostRegisterDefault) == cudaSuccess) {
    R.Bytes = Bytes;
    return;
  }
  (void)cudaGetLastError(); // the refusal is not an error of the program
  R.Failed = true;
#endif
}

/// Called when the device copy of Host is released: the array may be freed
/// after this, so its pages are unlocked now.
inline void onRelease(const void *Host) {
  auto It = table().find(Host);
  if (It == table().end())
    return;
  unlock(It->first, It->second);
  table().erase(It);
}

/// Bytes locked at Host (for tests and the transfer benchmark).
inline size_t lockedBytes(const void *Host) {
  auto It = table().find(Host);
  return It == table().end() ? 0 : It->second.Bytes;
}

} // namespace pinned
} // namespace l2c

#endif // LOOP2CUDA_PINNED_CUH

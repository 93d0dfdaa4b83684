//===- loop2cuda_prefault.cuh - Host pages to map or unmap before a copy -===//
//
// A copy to the device that reads host pages the program has never touched
// (an output array from malloc or calloc: PolyBench's doitgen `sum`,
// fdtd-apml's `Bza`) makes the kernel map each of them to the shared zero
// page. When the array later comes back, every write into such a page is a
// copy-on-write fault that also flushes the page from the TLBs of the
// CPUs running the program's threads. On the H100 machine (a virtual
// machine, staging threads spinning on several CPUs) that made a 64 MiB
// copy back take 92-110 ms, against 1.7 ms into written memory
// (gpu-carry/pages/probe_cow.cu, session 26):
//
//   64 MiB never touched     | copy in | copy back | total
//   read as it is            |  6-18   |   92-110  | 110-120 ms
//   MADV_POPULATE_WRITE first| 22-29 (with the populate) | 1.7-1.9 | 23-29 ms
//
// So before a large copy in, the runtime asks mincore() which pages are not
// mapped yet and maps them writable (madvise MADV_POPULATE_WRITE, Linux
// 5.14 and later): zero-filled pages, as a write fault would give, without
// writing them, so the data the copy reads does not change. It costs more
// than the read faults (about 10 ms more per 64 MiB) when the array never
// comes back to the host; an array copied in from memory the program never
// wrote is, in the programs seen so far, one that the kernels fill and the
// host reads afterwards. Swapped-out pages also read as not mapped: they
// are brought in, as the copy would have done. Errors (an older kernel, a
// read-only mapping) leave the pages as they are. Mapped pages take memory
// that the zero page did not, so more than L2C_PREFAULT_MAX_BYTES (1 GiB)
// of unmapped pages in one copy are left as they are.
//
// The other way (forCopyOut): a copy back into memory mostly unmapped whose
// mapped pages are all shared ones (the zero page, after a copy in read
// them) first unmaps the pages it overwrites entirely. -DL2C_NO_PREFAULT
// turns both off.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PREFAULT_CUH
#define LOOP2CUDA_PREFAULT_CUH

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__linux__) && !defined(L2C_NO_PREFAULT)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#ifndef L2C_PREFAULT_MIN_BYTES
#define L2C_PREFAULT_MIN_BYTES (1u << 20)
#endif
#ifndef L2C_PREFAULT_MAX_BYTES
#define L2C_PREFAULT_MAX_BYTES (1ull << 30)
#endif

namespace l2c {
namespace prefault {

#if defined(__linux__) && !defined(L2C_NO_PREFAULT)
/// The system's page size.
inline uintptr_t pageSize() {
  static const uintptr_t Page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  return Page;
}

/// mincore over the page-aligned [Lo, Hi): one entry a page, bit 0 set
/// where the page is mapped; Mapped counts those. False when mincore fails.
inline bool residency(uintptr_t Lo, uintptr_t Hi,
                      std::vector<unsigned char> &Resident, size_t &Mapped) {
  Resident.assign((Hi - Lo) / pageSize(), 0);
  if (mincore(reinterpret_cast<void *>(Lo), Hi - Lo, Resident.data()) != 0)
    return false;
  Mapped = 0;
  for (unsigned char R : Resident)
    Mapped += R & 1;
  return true;
}
#endif

/// Maps the not yet mapped pages of [Host, Host + Bytes) writable, keeping
/// their contents; does nothing under L2C_PREFAULT_MIN_BYTES or off Linux.
inline void forCopyIn(const void *Host, size_t Bytes) {
#if defined(__linux__) && !defined(L2C_NO_PREFAULT)
#ifndef MADV_POPULATE_WRITE
  constexpr int MADV_POPULATE_WRITE = 23; // Linux 5.14
#endif
  if (!Host || Bytes < static_cast<size_t>(L2C_PREFAULT_MIN_BYTES))
    return;
  const uintptr_t Page = pageSize();
  uintptr_t Lo = reinterpret_cast<uintptr_t>(Host) & ~(Page - 1);
  uintptr_t Hi =
      (reinterpret_cast<uintptr_t>(Host) + Bytes + Page - 1) & ~(Page - 1);
  std::vector<unsigned char> Resident;
  size_t Mapped = 0;
  if (!residency(Lo, Hi, Resident, Mapped))
    return;
  size_t Pages = Resident.size();
  // Mapping costs memory that reading did not: past L2C_PREFAULT_MAX_BYTES
  // of unmapped pages (a huge calloc'ed input the program never writes),
  // leave them to the copy's read faults.
  if ((Pages - Mapped) * Page > static_cast<size_t>(L2C_PREFAULT_MAX_BYTES))
    return;
  for (size_t P = 0; P < Pages;) {
    if (Resident[P] & 1) {
      ++P;
      continue;
    }
    size_t Q = P;
    while (Q < Pages && !(Resident[Q] & 1))
      ++Q;
    // A failure (EINVAL before Linux 5.14, EFAULT on a read-only mapping)
    // changes nothing: the copy then faults the pages in as before.
    (void)madvise(reinterpret_cast<void *>(Lo + P * Page), (Q - P) * Page,
                  MADV_POPULATE_WRITE);
    P = Q;
  }
#else
  (void)Host, (void)Bytes;
#endif
}

/// Whether a page of [Lo, Hi) (page-aligned) is mapped to memory of this
/// process alone (/proc/self/pagemap: present and exclusively mapped), as
/// written pages and page-locked ones are, unlike the shared zero page.
/// True when pagemap cannot be read.
inline bool holdsOwnPage(uintptr_t Lo, uintptr_t Hi, uintptr_t Page) {
#if defined(__linux__) && !defined(L2C_NO_PREFAULT)
  int Fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return true;
  std::vector<uint64_t> Entries((Hi - Lo) / Page);
  size_t Want = Entries.size() * sizeof(uint64_t);
  ssize_t Got = pread(Fd, Entries.data(), Want,
                      static_cast<off_t>(Lo / Page * sizeof(uint64_t)));
  close(Fd);
  if (Got != static_cast<ssize_t>(Want))
    return true;
  constexpr uint64_t Present = 1ull << 63, Exclusive = 1ull << 56;
  for (uint64_t E : Entries)
    if ((E & Present) && (E & Exclusive))
      return true;
  return false;
#else
  (void)Lo, (void)Hi, (void)Page;
  return true;
#endif
}

/// Before a copy back into [Host, Host + Bytes): when fewer than half the
/// pages that the copy fills entirely are mapped, and none of them to a
/// page of this process's own (only to shared pages such as the zero
/// page), unmaps them (MADV_DONTNEED), so that the copy's writes fault in
/// fresh pages instead of copying the zero page on write. The data cannot
/// change: the copy overwrites every byte of those pages, and pages of the
/// process's own, among them page-locked ones that the driver copies
/// through, are never unmapped. convolution-2d's B, whose frame the copy
/// in read (a quarter of its pages then map the zero page), came back in
/// 16.8-17.1 ms (64 MiB) against 6.7-7.0 ms so.
inline void forCopyOut(void *Host, size_t Bytes) {
#if defined(__linux__) && !defined(L2C_NO_PREFAULT)
  if (!Host || Bytes < static_cast<size_t>(L2C_PREFAULT_MIN_BYTES))
    return;
  const uintptr_t Page = pageSize();
  uintptr_t Lo = (reinterpret_cast<uintptr_t>(Host) + Page - 1) & ~(Page - 1);
  uintptr_t Hi = (reinterpret_cast<uintptr_t>(Host) + Bytes) & ~(Page - 1);
  std::vector<unsigned char> Resident;
  size_t Mapped = 0;
  if (Hi <= Lo || !residency(Lo, Hi, Resident, Mapped))
    return;
  if (Mapped > 0 && 2 * Mapped < Resident.size() && !holdsOwnPage(Lo, Hi, Page))
    (void)madvise(reinterpret_cast<void *>(Lo), Hi - Lo, MADV_DONTNEED);
#else
  (void)Host, (void)Bytes;
#endif
}

} // namespace prefault
} // namespace l2c

#endif // LOOP2CUDA_PREFAULT_CUH

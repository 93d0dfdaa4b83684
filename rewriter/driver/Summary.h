//===- Summary.h - The closing summary and the exit status ------*- C++ -*-===//
//
// After a run over several files (`--all`, or more than one source), a
// summary on stderr counts the files and the marked loops:
//
//   loop2cuda summary: 4 files: 2 translated, 1 not written (--werror), 1
//   failed
//     failed: /src/broken.cpp
//     not written (--werror): /src/stencil.cpp
//     marked loops: 9
//     on the GPU: 6
//     assumed independent: 2
//     on the CPU: 3
//       dependence: 2
//       device-call: 1
//
// "assumed independent" counts loops on the GPU whose independence the
// tool trusts rather than proves (the remarks `assuming iterations are
// independent`); the loops on the CPU are grouped by the rule that kept
// them there (docs/diagnostics.md).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_SUMMARY_H
#define LOOP2CUDA_DRIVER_SUMMARY_H

#include "driver/FileReport.h"

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace l2c {

void printSummary(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS);

/// The exit status of a run: 2 when a file failed (it does not compile, or
/// the tool failed on it), else 1 when --werror kept a file's output back,
/// else 0.
int exitStatus(llvm::ArrayRef<FileReport> Reports);

} // namespace l2c

#endif

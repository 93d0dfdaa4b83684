//===- BatchRunner.h - Runs a job over many files, N at a time --*- C++ -*-===//
//
// `loop2cuda -j N` translates N files at a time, as run-clang-tidy does,
// on a thread pool. Each job buffers what it prints (FileReport::Log); the
// runner prints the logs whole, in the order of the files, each as soon as
// it and the files before it are done, so that the output does not depend
// on N.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_BATCHRUNNER_H
#define LOOP2CUDA_DRIVER_BATCHRUNNER_H

#include "driver/FileReport.h"

#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace l2c {

using FileJob = std::function<FileReport(const std::string &File)>;

/// Runs Job on each of Files, on up to Jobs threads (0: one per core; 1:
/// on the calling thread), printing each report's Log to OS. Returns the
/// reports in the order of Files.
std::vector<FileReport> runBatch(llvm::ArrayRef<std::string> Files,
                                 unsigned Jobs, const FileJob &Job,
                                 llvm::raw_ostream &OS);

} // namespace l2c

#endif

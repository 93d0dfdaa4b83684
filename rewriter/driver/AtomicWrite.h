//===- AtomicWrite.h - Writes a file whole or not at all --------*- C++ -*-===//
#ifndef LOOP2CUDA_DRIVER_ATOMICWRITE_H
#define LOOP2CUDA_DRIVER_ATOMICWRITE_H

#include "llvm/Support/Error.h"

#include <string>

namespace l2c {

/// Writes Text to Path through a temporary file of the same directory, so
/// that Path is either complete or untouched. The temporary's name is
/// unique: threads may write beside each other.
llvm::Error writeAtomically(const std::string &Path, const std::string &Text);

} // namespace l2c

#endif

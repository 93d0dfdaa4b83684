//===- DevicePlacement.h - Where the device code goes -----------*- C++ -*-===//
//
// Kernels and device copies of user functions are printed into the user's
// source right before the top-level declaration (in its namespace) of the
// function that holds their loop: there they see every type and constant the
// function sees, so user types can go to the device.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_DEVICEPLACEMENT_H
#define LOOP2CUDA_DRIVER_DEVICEPLACEMENT_H

#include "driver/HostEmitter.h"

namespace l2c {

/// Inserts, through RW, one `namespace l2c_device { ... }` block before each
/// declaration that holds a function with kernels.
llvm::Error placeDeviceCode(const EmitInput &In, clang::ASTContext &Ctx,
                            clang::Rewriter &RW);

} // namespace l2c

#endif

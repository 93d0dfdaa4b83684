//===- DiagnosticRecorder.h - Prints diagnostics and keeps them -*- C++ -*-===//
//
// The diagnostic consumer of one translation unit: it prints every
// diagnostic as Clang does (to the file's buffered log, so that files
// translated in parallel do not interleave) and records each remark,
// warning and error, with the notes that follow it, as a Finding for the
// summary and the SARIF log.
//
// loop2cuda's own diagnostics are Clang custom diagnostics whose text ends
// with the name of the rule that decided, "<message> [rule]" (Frontend.h,
// docs/diagnostics.md): the recorder splits that name off. Clang's warnings
// are named after their flag, clang-diagnostic-<flag>.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_DIAGNOSTICRECORDER_H
#define LOOP2CUDA_DRIVER_DIAGNOSTICRECORDER_H

#include "driver/FileReport.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class DiagnosticConsumer;
} // namespace clang
namespace llvm {
class raw_ostream;
} // namespace llvm

namespace l2c {

/// A consumer that prints to OS, with the diagnostic options that
/// CommandLine (a compile command: -fno-caret-diagnostics, ...) asks for,
/// and appends to Out.
std::unique_ptr<clang::DiagnosticConsumer>
makeDiagnosticRecorder(llvm::raw_ostream &OS, std::vector<Finding> &Out,
                       llvm::ArrayRef<std::string> CommandLine);

} // namespace l2c

#endif

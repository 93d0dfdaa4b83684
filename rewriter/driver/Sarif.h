//===- Sarif.h - The SARIF 2.1.0 log of a run -------------------*- C++ -*-===//
//
// `--sarif FILE` writes one run of loop2cuda as a SARIF 2.1.0 log, for code
// scanning services and SARIF viewers:
//
//  - one result per remark, warning and error, in the order they were
//    printed: ruleId (the rule that decided, FileReport.h), level (note,
//    warning, error), message, and the physical location (a file URI, a
//    start line and column in Unicode code points); notes ("found here")
//    are its related locations;
//  - one entry of tool.driver.rules per rule that a result names, described
//    from docs/diagnostics.md (RuleDocs.h);
//  - one invocation with the exit status; successful when no file failed.
//
// The log is built with llvm::json. clang::SarifDocumentWriter writes the
// results of one SourceManager, one translation unit, and its rules carry no
// short description or help; a run here spans many translation units, whose
// findings outlive them.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_SARIF_H
#define LOOP2CUDA_DRIVER_SARIF_H

#include "driver/FileReport.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace l2c {

/// The log of Reports, with rules described from DocsDir, as JSON text.
std::string sarifLog(llvm::ArrayRef<FileReport> Reports,
                     llvm::StringRef DocsDir);

/// Writes sarifLog(Reports, DocsDir) to Path (whole or not at all).
llvm::Error writeSarif(llvm::StringRef Path, llvm::ArrayRef<FileReport> Reports,
                       llvm::StringRef DocsDir);

/// The file:// URI of an absolute path, with the characters a URI path may
/// not hold percent-encoded ("#anchor" kept as the fragment).
std::string fileUri(llvm::StringRef Path);

} // namespace l2c

#endif

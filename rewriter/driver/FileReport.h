//===- FileReport.h - What translating one source file gave -----*- C++ -*-===//
//
// Plain data without Clang types: the threads of `loop2cuda -j N` hand their
// reports back after each translation unit is gone, and the closing summary
// (Summary.h) and the SARIF log (Sarif.h) are made from them.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_FILEREPORT_H
#define LOOP2CUDA_DRIVER_FILEREPORT_H

#include <string>
#include <vector>

namespace l2c {

/// A place in a source file: an absolute path, a 1-based line and a 1-based
/// column counted in Unicode code points (SARIF's "unicodeCodePoints").
struct SourcePlace {
  std::string File; // empty when the diagnostic has no location
  unsigned Line = 0, Column = 0;
};

/// One remark, warning or error, as printed, with the notes that follow it.
struct Finding {
  enum LevelKind { Remark, Warning, Error };
  LevelKind Level = Warning;
  SourcePlace Place;
  /// The message without its trailing " [rule]".
  std::string Message;
  /// The rule or rule set that decided: the "[rule]" of loop2cuda's
  /// diagnostics (docs/diagnostics.md), clang-diagnostic-<flag> for a Clang
  /// warning, clang-diagnostic-error for a Clang error.
  std::string Rule;
  struct Note {
    SourcePlace Place;
    std::string Message;
  };
  std::vector<Note> Notes;
};

enum class FileStatus {
  Translated,       ///< <out>/<stem>.cu is written
  WarningsAsErrors, ///< --werror and a warning: nothing written
  Failed, ///< does not compile, or the tool failed on it: nothing written
};

struct FileReport {
  std::string Path;
  FileStatus Status = FileStatus::Failed;
  /// Everything printed for the file (diagnostics, --trace lines, errors),
  /// printed whole once the file is done.
  std::string Log;
  std::vector<Finding> Findings;
  /// Marked loops that run on the GPU, that stay on the CPU, and that run
  /// on the GPU with their independence assumed (a subset of Accepted).
  unsigned Accepted = 0, Rejected = 0, Assumed = 0;
  /// A C input split in two (CSplit.h): the host part (<stem>.c, for the
  /// program's C compiler) and the GPU part (<stem>_gpu.cu, for nvcc).
  std::string HostPart, GpuPart;
};

} // namespace l2c

#endif

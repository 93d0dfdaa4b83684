//===- Summary.cpp - The closing summary and the exit status --------------===//

#include "driver/Summary.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace l2c {

/// The warning that a marked loop stays on the CPU (Frontend.h).
static bool isRejection(const Finding &F) {
  return F.Level == Finding::Warning &&
         llvm::StringRef(F.Message).starts_with("loop not parallelized: ");
}

void printSummary(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS) {
  unsigned Translated = 0, Held = 0, Failed = 0;
  unsigned Accepted = 0, Rejected = 0, Assumed = 0;
  std::map<std::string, unsigned> ByRule;
  for (const FileReport &R : Reports) {
    Translated += R.Status == FileStatus::Translated;
    Held += R.Status == FileStatus::WarningsAsErrors;
    Failed += R.Status == FileStatus::Failed;
    Accepted += R.Accepted;
    Rejected += R.Rejected;
    Assumed += R.Assumed;
    for (const Finding &F : R.Findings)
      if (isRejection(F))
        ++ByRule[F.Rule];
  }
  OS << "loop2cuda summary: " << Reports.size()
     << (Reports.size() == 1 ? " file: " : " files: ") << Translated
     << " translated";
  if (Held)
    OS << ", " << Held << " not written (--werror)";
  if (Failed)
    OS << ", " << Failed << " failed";
  OS << "\n";
  for (const FileReport &R : Reports)
    if (R.Status == FileStatus::Failed)
      OS << "  failed: " << R.Path << "\n";
  for (const FileReport &R : Reports)
    if (R.Status == FileStatus::WarningsAsErrors)
      OS << "  not written (--werror): " << R.Path << "\n";
  // Split C files: which part goes to which compiler (CSplit.h).
  for (const FileReport &R : Reports)
    if (!R.HostPart.empty())
      OS << "  split: " << R.HostPart << " (the program's C compiler) + "
         << R.GpuPart << " (nvcc)\n";
  OS << "  marked loops: " << Accepted + Rejected << "\n"
     << "  on the GPU: " << Accepted << "\n"
     << "  assumed independent: " << Assumed << "\n"
     << "  on the CPU: " << Rejected << "\n";
  // The most frequent reason first.
  std::vector<std::pair<std::string, unsigned>> Reasons(ByRule.begin(),
                                                        ByRule.end());
  std::stable_sort(
      Reasons.begin(), Reasons.end(),
      [](const auto &A, const auto &B) { return A.second > B.second; });
  unsigned Named = 0;
  for (const auto &[Rule, N] : Reasons) {
    OS << "    " << Rule << ": " << N << "\n";
    Named += N;
  }
  if (Named < Rejected)
    OS << "    other: " << Rejected - Named << "\n";
}

int exitStatus(llvm::ArrayRef<FileReport> Reports) {
  int Status = 0;
  for (const FileReport &R : Reports) {
    if (R.Status == FileStatus::Failed)
      return 2;
    if (R.Status == FileStatus::WarningsAsErrors)
      Status = 1;
  }
  return Status;
}

} // namespace l2c

//===- DiagnosticRecorder.cpp - Prints diagnostics and keeps them ---------===//

#include "driver/DiagnosticRecorder.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;
using llvm::StringRef;

namespace l2c {
namespace {

/// The absolute path, line and code-point column of Loc's expansion.
SourcePlace placeOf(const SourceManager &SM, SourceLocation Loc) {
  SourcePlace P;
  if (Loc.isInvalid())
    return P;
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return P;
  llvm::SmallString<256> Path(FE->getFileEntry().tryGetRealPathName());
  if (Path.empty()) {
    Path = FE->getName();
    llvm::sys::fs::make_absolute(Path);
  }
  P.File = Path.str().str();
  bool Invalid = false;
  P.Line = SM.getLineNumber(FID, Offset, &Invalid);
  unsigned ByteColumn = SM.getColumnNumber(FID, Offset, &Invalid);
  StringRef Text = SM.getBufferData(FID, &Invalid);
  if (Invalid || ByteColumn == 0 || Offset > Text.size()) {
    P.Column = ByteColumn;
    return P;
  }
  // Clang counts bytes; SARIF's default column kind counts code points.
  P.Column = 1;
  for (unsigned I = Offset - (ByteColumn - 1); I < Offset;
       I += llvm::getNumBytesForUTF8(Text[I]))
    ++P.Column;
  return P;
}

/// The rule of a Clang diagnostic (not one of loop2cuda's): the warning's
/// flag, as clang-tidy names them.
std::string clangRule(unsigned ID, DiagnosticsEngine::Level L) {
  if (L >= DiagnosticsEngine::Error)
    return "clang-diagnostic-error";
  StringRef Flag = DiagnosticIDs::getWarningOptionForDiag(ID);
  return "clang-diagnostic-" +
         (Flag.empty() ? StringRef("warning") : Flag).str();
}

class Recorder : public DiagnosticConsumer {
public:
  Recorder(llvm::raw_ostream &OS, std::vector<Finding> &Out,
           std::unique_ptr<DiagnosticOptions> Opts)
      : Printer(OS, Opts.release()), Out(Out) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void finish() override { Printer.finish(); }

  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    Printer.HandleDiagnostic(L, Info);
    record(L, Info);
  }

private:
  TextDiagnosticPrinter Printer;
  std::vector<Finding> &Out;
  /// A note belongs to the remark, warning or error just recorded.
  bool NotesAttach = false;

  void record(DiagnosticsEngine::Level L, const Diagnostic &Info) {
    llvm::SmallString<256> Text;
    Info.FormatDiagnostic(Text);
    SourcePlace Place;
    if (Info.hasSourceManager())
      Place = placeOf(Info.getSourceManager(), Info.getLocation());
    if (L == DiagnosticsEngine::Note) {
      if (NotesAttach)
        Out.back().Notes.push_back({std::move(Place), Text.str().str()});
      return;
    }
    NotesAttach = false;
    Finding F;
    switch (L) {
    case DiagnosticsEngine::Remark:
      F.Level = Finding::Remark;
      break;
    case DiagnosticsEngine::Warning:
      F.Level = Finding::Warning;
      break;
    case DiagnosticsEngine::Error:
    case DiagnosticsEngine::Fatal:
      F.Level = Finding::Error;
      break;
    default:
      return;
    }
    F.Place = std::move(Place);
    StringRef Message = Text.str();
    size_t Open = Message.rfind(" [");
    if (Info.getID() >= diag::DIAG_UPPER_LIMIT && Message.ends_with("]") &&
        Open != StringRef::npos) {
      // loop2cuda's "<message> [rule]".
      F.Rule = Message.substr(Open + 2).drop_back().str();
      Message = Message.take_front(Open);
    } else {
      F.Rule = clangRule(Info.getID(), L);
    }
    F.Message = Message.str();
    Out.push_back(std::move(F));
    NotesAttach = true;
  }
};

} // namespace

std::unique_ptr<DiagnosticConsumer>
makeDiagnosticRecorder(llvm::raw_ostream &OS, std::vector<Finding> &Out,
                       llvm::ArrayRef<std::string> CommandLine) {
  std::vector<const char *> Argv;
  for (const std::string &A : CommandLine)
    Argv.push_back(A.c_str());
  return std::make_unique<Recorder>(OS, Out, CreateAndPopulateDiagOpts(Argv));
}

} // namespace l2c

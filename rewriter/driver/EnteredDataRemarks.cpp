//===- EnteredDataRemarks.cpp - What became of enter/exit data ------------===//
//
// The front end cannot know whether rule set entered-data will run (it can
// be disabled by name), so the remarks on standalone data directives come
// after the rules, from the markers left in the directives' read sets.
//
//===----------------------------------------------------------------------===//

#include "driver/EnteredDataRemarks.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

#include <cstring>

#include <set>

namespace l2c {

namespace {

/// "'a', 'b'".
std::string quotedList(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? ", '" : "'") + Names[I] + "'";
  return Out;
}

/// Whether the directive at Loc is an OpenACC one.
bool isAcc(const clang::SourceManager &SM, clang::SourceLocation Loc) {
  bool Invalid = false;
  const char *P = SM.getCharacterData(SM.getExpansionLoc(Loc), &Invalid);
  if (Invalid)
    return false;
  llvm::StringRef Line(P, strnlen(P, 200));
  Line = Line.take_until([](char C) { return C == '\n'; });
  return Line.contains("acc ");
}

void remarkOne(const Term &Host, std::set<unsigned> &Seen,
               const std::map<int64_t, clang::SourceRange> &Ranges,
               const std::map<std::string, std::string> &Shown,
               clang::DiagnosticsEngine &Diags) {
  if (!Host[0].is(Term::Int))
    return;
  auto R = Ranges.find(Host[0].intValue());
  // The instantiations of a template share the directive: one remark.
  if (R == Ranges.end() ||
      !Seen.insert(R->second.getBegin().getRawEncoding()).second)
    return;
  std::vector<std::string> Entered;
  bool Done = false, Left = false;
  for (const Term &M : Host[1].args()) {
    if (M.isApp("Entered", 1)) {
      auto S = Shown.find(M[0].name());
      Entered.push_back(S == Shown.end() ? M[0].name() : S->second);
      Done = true;
    } else if (M.isApp("Exited", 1) || M.isApp("Updated", 1)) {
      Done = true;
    } else if (M.isApp("Enter", 1) || M.isApp("Exit", 1) ||
               M.isApp("UpdateHost", 3) || M.isApp("UpdateDevice", 3)) {
      Left = true;
    }
  }
  unsigned ID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Remark,
                                      "%0 [entered-data]");
  if (Left && !Done)
    Diags.Report(R->second.getBegin(), ID)
        << "the data directive has no effect here: rule set entered-data did "
           "not run; loop2cuda moves the data its kernels use itself and "
           "keeps the host's copy current";
  else if (!Entered.empty())
    Diags.Report(R->second.getBegin(), ID)
        << quotedList(Entered) +
               (Entered.size() == 1 ? " stays on the device until its"
                                    : " stay on the device until their") +
               (isAcc(Diags.getSourceManager(), R->second.getBegin())
                    ? " 'exit data': as OpenACC specifies, host code in "
                      "between sees the kernels' results after 'update "
                      "self', and kernels see the host's writes after "
                      "'update device' "
                    : " 'target exit data': as OpenMP specifies, host code "
                      "in between sees the kernels' results after 'target "
                      "update from', and kernels see the host's writes after "
                      "'target update to' ") +
               "(docs/data-regions.md)";
}

} // namespace

void remarkDataDirectives(const Term &Final,
                          const std::map<int64_t, clang::SourceRange> &Ranges,
                          const std::map<std::string, std::string> &Shown,
                          clang::DiagnosticsEngine &Diags) {
  std::set<unsigned> Seen;
  static const uint64_t HostBits = Term::symbolBit(Term::App, "Host");
  forEachSubterm(Final, [&](const Term &X) {
    if ((X.symbols() & HostBits) != HostBits)
      return false;
    if (X.isApp("Host", 3) && X[1].is(Term::List)) {
      remarkOne(X, Seen, Ranges, Shown, Diags);
      return false;
    }
    return true;
  });
}

} // namespace l2c

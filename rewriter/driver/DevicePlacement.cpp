//===- DevicePlacement.cpp - Where the device code goes -------------------===//
//
// Each Function term holds the launches of one host function. Its kernels,
// and the device functions they call (callees first, each printed once per
// namespace), go into a `namespace l2c_device` block right before the
// outermost declaration of the function's namespace that contains it: the
// function itself, its class, or its template.
//
//===----------------------------------------------------------------------===//

#include "driver/DevicePlacement.h"

#include "print/CudaPrinter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <map>
#include <set>

using namespace clang;

namespace l2c {

namespace {

llvm::Error fail(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "cannot place the device code: " + Msg);
}

/// The declaration directly inside a namespace (or the file) that contains
/// Loc, descending into namespaces and `extern "C"` blocks.
const Decl *declHolding(const DeclContext *DC, SourceLocation Loc,
                        const SourceManager &SM) {
  for (const Decl *D : DC->decls()) {
    if (D->isImplicit())
      continue;
    SourceRange R(SM.getExpansionLoc(D->getBeginLoc()),
                  SM.getExpansionLoc(D->getEndLoc()));
    if (!R.isValid() || SM.isBeforeInTranslationUnit(Loc, R.getBegin()) ||
        SM.isBeforeInTranslationUnit(R.getEnd(), Loc))
      continue;
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      return declHolding(NS, Loc, SM);
    if (const auto *LS = dyn_cast<LinkageSpecDecl>(D))
      if (LS->hasBraces())
        return declHolding(LS, Loc, SM);
    return D;
  }
  return nullptr;
}

/// The names f of the Call(f, ...) terms in T (l2c_device::f: f).
void collectCalls(const Term &T, std::set<std::string> &Out) {
  forEachSubterm(T, [&](const Term &X) {
    if (X.isApp("Call", 2) && X[0].is(Term::Ident)) {
      llvm::StringRef Name = X[0].name();
      Name.consume_front("l2c_device::");
      Out.insert(Name.str());
    }
    return true;
  });
}

/// Where the block for the declaration at Loc goes: the start of its line
/// when only blanks precede Loc there (the block does not split a line),
/// then above the comment lines right before it, which belong to the
/// declaration.
SourceLocation insertionPoint(SourceLocation Loc, const SourceManager &SM) {
  auto [F, Off] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(F, &Invalid);
  if (Invalid || Off > Buf.size())
    return Loc;
  unsigned At = Off;
  while (At > 0 && (Buf[At - 1] == ' ' || Buf[At - 1] == '\t'))
    --At;
  if (At > 0 && Buf[At - 1] != '\n')
    return Loc;
  while (At > 0) {
    // The line before At; rfind looks below its second argument, and the
    // newline ending that line is at At - 1.
    size_t NL = Buf.rfind('\n', At - 1);
    size_t Begin = NL == llvm::StringRef::npos ? 0 : NL + 1;
    llvm::StringRef Line = Buf.slice(Begin, At - 1).trim();
    if (Line.starts_with("//")) {
      At = Begin;
      continue;
    }
    if (!Line.ends_with("*/"))
      break;
    size_t Open = Buf.take_front(At).rfind("/*");
    if (Open == llvm::StringRef::npos)
      break;
    size_t OpenNL = Buf.rfind('\n', Open);
    size_t LineOfOpen = OpenNL == llvm::StringRef::npos ? 0 : OpenNL + 1;
    if (!Buf.slice(LineOfOpen, Open).trim().empty())
      break;
    At = LineOfOpen;
  }
  return Loc.getLocWithOffset(-static_cast<int>(Off - At));
}

} // namespace

llvm::Error placeDeviceCode(const EmitInput &In, ASTContext &Ctx,
                            Rewriter &RW) {
  SourceManager &SM = Ctx.getSourceManager();
  // Each launch knows its loop's place, for the comment above the kernel.
  std::map<std::string, std::string> WhereOf;
  forEachSubterm(In.TranslationUnit, [&](const Term &X) {
    if (X.isApp("Launch", 6))
      WhereOf.emplace(X[0][0].name(), X[1].name());
    if (X.isApp("Passes", 7))
      for (const Term &S : X[6].args())
        if (S.isApp("Pass", 3))
          WhereOf.emplace(S[0][0].name(), X[1].name());
    return true;
  });
  std::map<std::string, const Term *> DeviceFns;
  for (const Term &F : In.DeviceFunctions)
    DeviceFns[F[0].name()] = &F;

  // The kernels of each place, in file order.
  struct Place {
    const Decl *D;
    std::vector<Term> Kernels;
  };
  std::vector<Place> Places;
  std::set<std::string> Seen;
  for (const Term &F : In.TranslationUnit[0].args()) {
    std::vector<Term> Kernels;
    // The instantiations of a template may give the same kernel.
    for (const Term &K : collectKernels(F))
      if (Seen.insert(K.str()).second)
        Kernels.push_back(K);
    if (Kernels.empty())
      continue;
    auto It = In.Ranges.find(F[1].intValue());
    if (It == In.Ranges.end())
      return fail("no source range for function '" + F[0].name() + "'");
    const Decl *D = declHolding(Ctx.getTranslationUnitDecl(),
                                SM.getExpansionLoc(It->second.getBegin()), SM);
    if (!D)
      return fail("no declaration holds function '" + F[0].name() + "'");
    auto P = std::find_if(Places.begin(), Places.end(),
                          [&](const Place &X) { return X.D == D; });
    if (P == Places.end()) {
      Places.push_back({D, {}});
      P = std::prev(Places.end());
    }
    P->Kernels.insert(P->Kernels.end(), Kernels.begin(), Kernels.end());
  }

  // Device functions are printed once per namespace, at their first use.
  std::map<const DeclContext *, std::set<std::string>> Printed;
  for (const Place &P : Places) {
    const DeclContext *DC = P.D->getDeclContext()->getRedeclContext();
    std::set<std::string> Need;
    for (const Term &K : P.Kernels)
      collectCalls(K, Need);
    // Callees of callees: In.DeviceFunctions lists callees first, so one
    // pass from the back closes the set.
    for (auto It = In.DeviceFunctions.rbegin(); It != In.DeviceFunctions.rend();
         ++It)
      if (Need.count((*It)[0].name()))
        collectCalls(*It, Need);
    std::string Text = "// ---- device code (loop2cuda) "
                       "----------------------------------------------\n"
                       "namespace l2c_device {\n";
    for (const Term &F : In.DeviceFunctions) {
      const std::string &Name = F[0].name();
      // Overloads (a generic lambda's) share the name: each prints once.
      if (!Need.count(Name) || !Printed[DC].insert(F.str()).second)
        continue;
      auto FText = printDeviceFunction(F);
      if (!FText)
        return FText.takeError();
      Text += "\n" + *FText;
    }
    for (const Term &K : P.Kernels) {
      std::vector<std::string> Prov;
      const std::string &Name = K[0].name();
      Prov.push_back((isSerialKernelName(Name) ? "from the statements at "
                                               : "from the loop at ") +
                     WhereOf[Name]);
      auto It = In.Provenance.find(Name);
      if (It != In.Provenance.end() && !It->second.empty()) {
        std::string Rules;
        for (const std::string &R : It->second)
          Rules += (Rules.empty() ? "" : ", ") + R;
        Prov.push_back("rules: " + Rules);
      }
      if (!hasRestrictedParams(K)) {
        auto KText = printKernel(K, Prov);
        if (!KText)
          return KText.takeError();
        Text += "\n" + *KText;
        continue;
      }
      // restrict-arrays: the kernel as the loop wrote it, then the same with
      // its arrays __restrict__, which the launch takes when they are
      // distinct (runtime: L2C_LAUNCH_DISTINCT).
      auto Plain = printKernel(kernelVariant(K, false), Prov);
      if (!Plain)
        return Plain.takeError();
      auto Restricted = printKernel(
          kernelVariant(K, true),
          {"the same with its arrays __restrict__, launched when no two of "
           "them are the same array"});
      if (!Restricted)
        return Restricted.takeError();
      Text += "\n" + *Plain + "\n" + *Restricted;
    }
    Text += "\n} // namespace l2c_device\n"
            "// ---- end of device code "
            "---------------------------------------------------\n\n";
    SourceLocation At =
        insertionPoint(SM.getExpansionLoc(P.D->getBeginLoc()), SM);
    RW.InsertTextBefore(At, Text);
  }
  return llvm::Error::success();
}

} // namespace l2c

//===- InstantiationLaunch.cpp - Reductions of template instantiations ----===//

#include "driver/InstantiationLaunch.h"
#include "driver/HostEmitter.h"

#include "llvm/ADT/StringRef.h"

#include <set>

namespace l2c {

namespace {

/// `std::is_same_v<...>` of each reduction variable of a reduction's Passes
/// term and the type its buffers hold, joined by &&; "" if none.
std::string sameInstantiation(const Term &Passes) {
  std::string Cond;
  std::set<std::string> Seen;
  forEachSubterm(Passes, [&](const Term &T) {
    if ((T.isApp("Mapped", 2) || T.isApp("Scratch", 3)) &&
        T[0].is(Term::Ident) && T[1].is(Term::String)) {
      llvm::StringRef P = T[0].name();
      if (P.consume_front("l2c_out_") || P.consume_front("l2c_partial_"))
        if (Seen.insert(P.str()).second)
          Cond += std::string(Cond.empty() ? "" : " && ") +
                  "std::is_same_v<std::remove_cv_t<std::remove_reference_t<"
                  "decltype(" +
                  P.str() + ")>>, " + T[1].name() + ">";
    }
    return true;
  });
  return Cond;
}

/// Text two spaces further in, line by line.
std::string indented(const std::string &Text) {
  std::string Out = "  " + Text;
  for (size_t At = Out.find('\n'); At != std::string::npos;
       At = Out.find('\n', At + 3))
    Out.insert(At + 1, "  ");
  return Out;
}

} // namespace

std::string instantiationLaunches(
    const Term &Launch, const std::vector<const Term *> &Siblings,
    const std::function<bool(const Term &)> &SameLoop,
    const std::function<const HostArgs *(const Term &)> &ArgsOf) {
  std::string Text = launchStatement(Launch, ArgsOf(Launch));
  if (!Launch.isApp("Passes", 7) || Siblings.empty())
    return Text;
  std::vector<std::pair<std::string, std::string>> Variants = {
      {sameInstantiation(Launch), Text}};
  for (const Term *F : Siblings)
    forEachSubterm((*F)[2], [&](const Term &X) {
      if (X.isApp("Passes", 7) && SameLoop(X)) {
        Variants.push_back(
            {sameInstantiation(X), launchStatement(X, ArgsOf(X))});
        return false;
      }
      return true;
    });
  bool Differ = false;
  for (const auto &V : Variants)
    Differ |= V.second != Text;
  if (!Differ)
    return Text;
  // agreeOnInstantiations lets instantiations differ here only in the
  // types of the same reductions, which the conditions tell apart.
  std::string Out;
  std::set<std::string> Conds;
  for (const auto &[Cond, T] : Variants) {
    if (Cond.empty() || !Conds.insert(Cond).second)
      continue;
    Out += (Out.empty() ? "if constexpr (" : " else if constexpr (") + Cond +
           ") {\n" + indented(T) + "\n}";
  }
  return Out;
}

} // namespace l2c

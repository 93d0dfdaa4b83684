//===- Runner.h - One run of one rule set over a term ------------*- C++
//-*-===//
//
// Internal to the engine. Runner.cpp tries rules (matching, conditions,
// replacement, step counting, tracing), Evaluate.cpp evaluates expressions,
// Strategies.cpp holds topdown, bottomup and once, Innermost.cpp innermost.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_RUNNER_H
#define LOOP2CUDA_ENGINE_RUNNER_H

#include "engine/Engine.h"
#include "engine/Match.h"
#include "engine/RuleIndex.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace l2c {

/// Result of evaluating an expression: a term, "no answer" (a fact failed:
/// the rule does not apply), or an error.
struct EvalResult {
  Term Value; // null: no answer
  std::string Error;
};

/// What a rule that applied produced. For a list rule whose replacement is
/// `[e1, ..., ek : $r]` with $r the pattern's tail, the result is an edit
/// of the list: NewElems take the place of the elements [At, Rest), and the
/// rest of the list is not copied. Otherwise Value is the replacement.
struct Rewrite {
  Term Value;
  bool IsEdit = false;
  llvm::SmallVector<Term, 4> NewElems;
  size_t At = 0, Rest = 0;
};

/// Replaces Elems[At, End) by New in place: only the elements behind the
/// range move, and only when New has another length than the range.
template <typename Range>
void replaceRange(std::vector<Term> &Elems, size_t At, size_t End,
                  const Range &New) {
  size_t Old = End - At, N = static_cast<size_t>(std::size(New));
  auto It = std::begin(New);
  for (size_t I = 0; I < std::min(Old, N); ++I, ++It)
    Elems[At + I] = *It;
  auto Pos = Elems.begin() + static_cast<long>(At + std::min(Old, N));
  if (N < Old)
    Elems.erase(Pos, Pos + static_cast<long>(Old - N));
  else if (N > Old)
    Elems.insert(Pos, It, std::end(New));
}

class Runner {
public:
  Runner(const RuleSet &Set, const FactRegistry &Facts,
         const EngineOptions &Opts, RunStats &Stats);

  llvm::Expected<Term> run(const Term &T);

private:
  bool failed() const { return !Error.empty(); }
  void fail(const Rule &R, const std::string &Msg);

  // Evaluate.cpp
  EvalResult eval(const ExprNode &E, const Bindings &B, const Rule &R);
  EvalResult evalArgs(const ExprNode &E, const Bindings &B, const Rule &R,
                      llvm::SmallVectorImpl<Term> &Out, bool &Changed);
  EvalResult evalOp(const ExprNode &E, const Bindings &B, const Rule &R);
  /// A condition that is not a let, as eval and isTrue would settle it: 1
  /// true, 0 false, -1 no answer or an error (then in Err). A negation
  /// builds no boolean term.
  int evalTest(const ExprNode &E, const Bindings &B, const Rule &R,
               std::string &Err);

  // Runner.cpp
  /// Tries rule R on T, or with Elems on the list suffix Elems[From..] ++
  /// Tail. Returns true and fills Out when it applies; an edit only when
  /// AllowEdit.
  bool tryRule(const Rule &R, const Term &T, const llvm::ArrayRef<Term> *Elems,
               size_t From, const Term &Tail, const std::string &Path,
               Rewrite &Out, bool AllowEdit);
  /// Tries the head rules, then the bare-variable rules, at T.
  Term tryHere(const Term &T, const std::string &Path);
  /// Tries the list rules at the suffixes of Elems ++ Tail from From on,
  /// and the index's rescanRules from RescanFrom on (in suffix order, the
  /// rules of one suffix in file order).
  bool tryListSuffix(llvm::ArrayRef<Term> Elems, const Term &Tail, size_t From,
                     const std::string &Path, Rewrite &Out, bool AllowEdit,
                     size_t RescanFrom = SIZE_MAX);
  /// The list that an applied list rule leaves: Elems[0..At] in front of
  /// the rule's result (cons semantics: a non-list result is the tail).
  static Term applyToList(llvm::ArrayRef<Term> Elems, const Term &Tail,
                          const Rewrite &Rw);
  bool countStep(const Rule &R);
  void flushCounts();

  // Strategies.cpp
  /// T with children NewArgs and tail NewTail (T itself if they are its
  /// own); Spliceable (lists only) marks the elements that may splice.
  Term rebuild(const Term &T, llvm::MutableArrayRef<Term> NewArgs,
               const Term &NewTail, llvm::ArrayRef<bool> Spliceable);
  template <typename Fn>
  Term mapChildren(const Term &T, const std::string &Path, Fn Visit,
                   size_t From = 0);
  Term topDown(const Term &T, const std::string &Path);
  Term bottomUp(const Term &T, const std::string &Path);
  Term once(const Term &T, const std::string &Path, bool &Done);
  Term applyListRulesOnce(const Term &L, const std::string &Path);
  /// True when no rule can change T and visiting it could not reach the
  /// depth limit either: a strategy may return T as it is.
  bool canSkip(const Term &T) const {
    return Depth + T.height() < MaxDepth && !Index.mayMatchWithin(T);
  }

  // Innermost.cpp
  Term innermost(const Term &T, const std::string &Path);
  /// innermost(T) for a T that canSkip has let through.
  Term normalise(const Term &T, const std::string &Path);
  struct ListState;
  /// How innermostList left a list.
  enum class ListEnd {
    Normal,    // no list rule applies: try the other rules at the list
    Collapsed, // its elements vanished, leaving the tail: try rules at it
    Rewritten, // a list rule gave a new term: normalise that again
  };
  /// Normalises the children of list Cur and applies list rules until none
  /// applies or the result is no longer this list; see Innermost.cpp.
  Term innermostList(const Term &Cur, const std::string &Path,
                     size_t &NormalPrefix, size_t &ResumeAt, ListEnd &End);
  void markNormal(const Term &T) { T.markNormalIn(RunId); }
  bool isNormal(const Term &T) const { return T.isNormalIn(RunId); }

  /// Calls Visit(C, path of C): Path plus Step when tracing, else Path
  /// itself (paths are only read by --trace; no string is built).
  template <typename Fn, typename StepFn>
  Term visitChild(Fn &Visit, const Term &C, const std::string &Path,
                  StepFn Step) {
    if (!Tracing)
      return Visit(C, Path);
    return Visit(C, Path + Step());
  }
  static std::string indexStep(size_t I) { return "/" + std::to_string(I); }

  const RuleSet &Set;
  const FactRegistry &Facts;
  const EngineOptions &Opts;
  RunStats &Stats;
  RuleIndex Index;
  /// Per rule (by position in the set): its result may be an edit.
  std::vector<bool> KeepsTail;
  /// Per rule (by position): a list rule whose result at a suffix depends
  /// only on the elements its pattern names (its tail variable is read
  /// by no element, condition or let pattern), with at most
  /// MaxWindow of them. A failure of such a rule at the same element nodes
  /// is a failure again.
  std::vector<bool> WindowOnly;
  static constexpr size_t MaxWindow = 3;
  /// Under innermost, which a rewrite sends back over suffixes it tried
  /// before: (rule position, element nodes) of the tries that failed. The
  /// nodes are kept alive in KeepAlive.
  using WindowKey =
      std::tuple<size_t, const void *, const void *, const void *>;
  /// DenseMapInfo of WindowKey with a cheaper hash than the tuple's
  /// hash_combine (the set is probed at every suffix a rewrite sends the
  /// scan back over).
  struct WindowKeyInfo {
    static WindowKey getEmptyKey() {
      return {SIZE_MAX, nullptr, nullptr, nullptr};
    }
    static WindowKey getTombstoneKey() {
      return {SIZE_MAX - 1, nullptr, nullptr, nullptr};
    }
    static unsigned getHashValue(const WindowKey &K) {
      uint64_t H = std::get<0>(K) * 0x9E3779B97F4A7C15ULL;
      H ^= reinterpret_cast<uintptr_t>(std::get<1>(K));
      H *= 0xFF51AFD7ED558CCDULL;
      H ^= reinterpret_cast<uintptr_t>(std::get<2>(K)) >> 4;
      H *= 0xC4CEB9FE1A85EC53ULL;
      H ^= reinterpret_cast<uintptr_t>(std::get<3>(K)) >> 4;
      H *= 0x9E3779B97F4A7C15ULL;
      return static_cast<unsigned>(H >> 32);
    }
    static bool isEqual(const WindowKey &A, const WindowKey &B) {
      return A == B;
    }
  };
  llvm::DenseSet<WindowKey, WindowKeyInfo> FailedWindows;
  bool MemoWindows = false;
  /// The key of rule R at Elems[K..], or false when R is not WindowOnly or
  /// the list is too short.
  bool windowKey(const Rule &R, llvm::ArrayRef<Term> Elems, size_t K,
                 WindowKey &Key) const;
  /// Per rule (by position): the rule compiled (Program.h).
  /// Compiled on first use: a run that stops early (once) or meets few
  /// rules compiles only those.
  std::vector<std::unique_ptr<RuleProgram>> Programs;
  const RuleProgram &program(const Rule &R) {
    std::unique_ptr<RuleProgram> &P = Programs[Index.position(R)];
    if (!P)
      P = std::make_unique<RuleProgram>(compileRule(R, Facts));
    return *P;
  }
  /// Rewrites per rule position, moved into Stats.PerRule at the end.
  std::vector<size_t> Fired;
  std::string Error;
  /// This run's number, unique in the process: the mark on the terms it
  /// found in normal form (innermost), Term::markNormalIn.
  uint32_t RunId;
  /// The nodes FailedWindows names, kept alive so that their addresses are
  /// not reused while it holds them.
  std::vector<Term> KeepAlive;
  const Rule *LastFired = nullptr;
  bool Tracing;
  unsigned Depth = 0;
  static constexpr unsigned MaxDepth = 4000;

  /// Counts one level of recursion; a term that keeps growing under the
  /// strategy is a rule set that does not terminate.
  struct DepthGuard {
    Runner &R;
    explicit DepthGuard(Runner &R) : R(R) { ++R.Depth; }
    ~DepthGuard() { --R.Depth; }
  };
  bool tooDeep();
};

/// Visits the children of T from From on (and its tail) and rebuilds T from
/// what Visit returns. A child that canSkip is kept without a visit (Visit
/// is not called for it; the tail is always visited). The new children are
/// collected only from the first one that changed: a pass that changes
/// nothing copies nothing.
template <typename Fn>
Term Runner::mapChildren(const Term &T, const std::string &Path, Fn Visit,
                         size_t From) {
  // Only list elements splice: an application needs no marks.
  bool IsList = T.is(Term::List);
  // Small buffers: a rebuilt parent then costs one allocation, its node.
  llvm::SmallVector<Term, 8> Args;
  llvm::SmallVector<bool, 8> Splice;
  bool Changed = false;
  llvm::ArrayRef<Term> Old = T.args();
  for (size_t I = From; I < Old.size(); ++I) {
    const Term &C = Old[I];
    // Every strategy returns a child that canSkip as it is: test it here,
    // without the call (most children are leaves or hold no redex).
    if (canSkip(C)) {
      if (Changed) {
        Args.push_back(C);
        if (IsList)
          Splice.push_back(!C.is(Term::List));
      }
      continue;
    }
    Term V = visitChild(Visit, C, Path, [I] { return indexStep(I); });
    if (!Changed && V.sameNode(C))
      continue;
    if (!Changed) {
      Changed = true;
      Args.reserve(Old.size());
      Args.insert(Args.end(), Old.begin(), Old.begin() + static_cast<long>(I));
      if (IsList) {
        Splice.reserve(Old.size());
        for (size_t J = 0; J < I; ++J)
          Splice.push_back(!Old[J].is(Term::List));
      }
    }
    Args.push_back(std::move(V));
    if (IsList)
      Splice.push_back(!C.is(Term::List));
  }
  Term Tail = T.tail();
  if (Tail)
    Tail = visitChild(Visit, Tail, Path, [] { return std::string("/tail"); });
  if (!Changed) {
    if (Tail.sameNode(T.tail()))
      return T;
    Args.assign(Old.begin(), Old.end());
    for (const Term &C : Old)
      Splice.push_back(!C.is(Term::List));
  }
  return rebuild(T, Args, Tail, Splice);
}

} // namespace l2c

#endif

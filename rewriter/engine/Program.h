//===- Program.h - Rules compiled for matching and evaluation ---*- C++ -*-===//
//
// Internal to the engine. A run compiles each rule of its set once: the
// variables of a rule are numbered (a binding is an array slot, not a name to
// look up), the head of every expression node is settled (constructor,
// operator or fact, with the fact found), and subexpressions without
// variables or calls are marked constant (they evaluate to themselves).
//
// A constructor in the replacement that repeats a subterm of the pattern
// (the CopyIn($a, $p, $n, $d) of `[$s, CopyIn($a, $p, $n, $d) : $r] ->
// [CopyIn($a, $p, $n, $d), $s : $r]`) is a capture: it evaluates to the
// term that subterm matched, which is the same term, without building it
// again. Under innermost that term is known to be normal already.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_ENGINE_PROGRAM_H
#define LOOP2CUDA_ENGINE_PROGRAM_H

#include "engine/Facts.h"
#include "engine/Rules.h"

#include <cstdint>
#include <vector>

namespace l2c {

/// A node of a compiled pattern.
struct PatNode {
  Term::Kind Kind;
  Term Src;          // the pattern term: its name, or the atom to compare
  unsigned Slot = 0; // Var: the variable's slot
  int Capture = -1;  // >= 0: record the matched term in this capture
  std::vector<PatNode> Kids;    // application arguments, list elements
  std::vector<PatNode> TailPat; // a list's tail pattern (zero or one)
  const PatNode *tail() const {
    return TailPat.empty() ? nullptr : &TailPat[0];
  }
};

enum class OpCode : uint8_t {
  Not,
  And,
  Or,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Add,
  Sub,
  Mul,
  Div,
  Rem
};

/// A node of a compiled expression.
struct ExprNode {
  enum Kind : uint8_t {
    Var,     // the value bound to slot Index
    Const,   // Src itself: no variables, operators or facts inside
    Capture, // the term that pattern capture Index matched
    Op,      // operator Code on the values of Kids
    Fact,    // fact F (null: unknown) called with the values of Kids
    Build,   // application or list Src rebuilt from Kids and TailExpr
  };
  Kind K = Const;
  OpCode Code = OpCode::Not;
  unsigned Index = 0;
  const l2c::Fact *F = nullptr;
  Term Src;
  std::vector<ExprNode> Kids;
  std::vector<ExprNode> TailExpr; // a list's tail (zero or one)
  const ExprNode *tail() const {
    return TailExpr.empty() ? nullptr : &TailExpr[0];
  }
};

struct CondProgram {
  bool IsLet = false;
  PatNode Pattern; // a let's pattern
  ExprNode Expr;
};

/// One rule, compiled.
struct RuleProgram {
  PatNode Pattern;
  std::vector<CondProgram> Conditions;
  ExprNode Replacement;
  std::vector<ExprNode> Actions;
  unsigned NumSlots = 0;
  unsigned NumCaptures = 0;
};

RuleProgram compileRule(const Rule &R, const FactRegistry &Facts);

} // namespace l2c

#endif

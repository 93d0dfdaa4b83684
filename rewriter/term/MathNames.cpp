//===- MathNames.cpp - The math functions device code may call ------------===//

#include "term/MathNames.h"

#include "llvm/ADT/StringSet.h"

bool l2c::isMathName(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "sqrt",   "sqrtf",    "rsqrt",     "rsqrtf", "cbrt",   "cbrtf",  "exp",
      "expf",   "exp2",     "exp2f",     "expm1",  "expm1f", "log",    "logf",
      "log2",   "log2f",    "log10",     "log10f", "log1p",  "log1pf", "fabs",
      "fabsf",  "pow",      "powf",      "sin",    "sinf",   "cos",    "cosf",
      "tan",    "tanf",     "asin",      "asinf",  "acos",   "acosf",  "atan",
      "atanf",  "atan2",    "atan2f",    "sinh",   "sinhf",  "cosh",   "coshf",
      "tanh",   "tanhf",    "floor",     "floorf", "ceil",   "ceilf",  "round",
      "roundf", "trunc",    "truncf",    "fmod",   "fmodf",  "fmin",   "fminf",
      "fmax",   "fmaxf",    "fma",       "fmaf",   "hypot",  "hypotf", "erf",
      "erff",   "copysign", "copysignf", "min",    "max",    "labs",   "llabs",
      "isnan",  "isinf",    "isfinite",  "signbit"};
  return Names.count(Name) != 0;
}

bool l2c::isMathCallee(llvm::StringRef Callee) {
  Callee.consume_front("std::") || Callee.consume_front("l2c::");
  Callee = Callee.take_until([](char C) { return C == '<'; });
  return Callee == "abs" || isMathName(Callee);
}

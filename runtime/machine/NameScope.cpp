//===- NameScope.cpp - JAX's name scopes from op names --------------------===//

#include "runtime/machine/NameScope.h"

std::string tpc::nameScopeOf(std::string_view opName) {
  std::string scope;
  size_t begin = 0;
  // Every component but the last (the op).
  for (size_t slash; (slash = opName.find('/', begin)) != std::string_view::npos;
       begin = slash + 1) {
    std::string_view part = opName.substr(begin, slash - begin);
    if (scope.empty() && part.substr(0, 4) == "jit(")
      continue;
    if (!scope.empty())
      scope += '/';
    scope += part;
  }
  return scope.empty() ? "(top level)" : scope;
}

std::string tpc::opKindOf(std::string_view opName) {
  size_t slash = opName.rfind('/');
  return std::string(slash == std::string_view::npos
                         ? opName
                         : opName.substr(slash + 1));
}

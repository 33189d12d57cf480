// lasso/reasons.hpp
//
// The registry of reasons: what an entry is and how tables are checked
// (lasso/reasons/entry.hpp), and the library's table with the handles reason sites
// name (lasso/reasons/table.hpp).
#pragma once

#include <lasso/reasons/entry.hpp>
#include <lasso/reasons/table.hpp>

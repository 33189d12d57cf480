// lasso/graph.hpp: the graph IR (nodes and their arguments, the graph with its users,
// rollback and dead-code elimination, readable printing, Graphviz export).
#pragma once

#include <lasso/graph/dot.hpp>
#include <lasso/graph/graph.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/graph/print.hpp>

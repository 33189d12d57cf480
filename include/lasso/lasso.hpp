// lasso/lasso.hpp: the umbrella header. Include this, or the single header
// single_include/lasso/lasso.hpp, to get all of lasso.
#pragma once

#include <lasso/version.hpp>
#include <lasso/reasons.hpp>
#include <lasso/bytecode.hpp>
#include <lasso/graph.hpp>
#include <lasso/adapter.hpp>
#include <lasso/config.hpp>
#include <lasso/global_state.hpp>
#include <lasso/comptime.hpp>
#include <lasso/sources.hpp>
#include <lasso/constant.hpp>
#include <lasso/recycling_allocator.hpp>
#include <lasso/guards/compile_guards.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/translator.hpp>
#include <lasso/guards/cache.hpp>
#include <lasso/output/output_graph.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/resume/resume_code.hpp>
#include <lasso/resume/templates.hpp>
#include <lasso/output/break_plan.hpp>
#include <lasso/output/break_code.hpp>
#include <lasso/runtime/backends.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/runtime/html_report.hpp>
#include <lasso/runtime/logging.hpp>
#include <lasso/runtime/direct_return.hpp>
#include <lasso/runtime/compile_graph.hpp>
#include <lasso/runtime/capture.hpp>
#include <lasso/runtime/eval_frame.hpp>

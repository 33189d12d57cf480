// lasso/trackers/defaults.hpp
//
// The standard tracker families, one header each: tensors (tensor.hpp), constants
// (constants.hpp), symbolic sizes (sizes.hpp), containers (containers.hpp), dict views
// (dict_views.hpp), ranges and iterators (iterators.hpp),
// functions (functions.hpp), objects and classes (objects.hpp), cells (cells.hpp),
// context managers (context_managers.hpp), exceptions raised and caught in the trace
// (exceptions.hpp) and stack markers (markers.hpp). Each type
// is the data of its trackers and the answers its family gives (trackers/behaviour.hpp
// says how they are asked). `default_trackers` is the list a `Config` starts from;
// `Meta` is the adapter's tensor metadata and `Value` its value type.
#pragma once

#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/cells.hpp>
#include <lasso/trackers/constants.hpp>
#include <lasso/trackers/containers.hpp>
#include <lasso/trackers/context_managers.hpp>
#include <lasso/trackers/dict_views.hpp>
#include <lasso/trackers/exceptions.hpp>
#include <lasso/trackers/functions.hpp>
#include <lasso/trackers/iterators.hpp>
#include <lasso/trackers/markers.hpp>
#include <lasso/trackers/objects.hpp>
#include <lasso/trackers/sizes.hpp>
#include <lasso/trackers/tensor.hpp>
#include <lasso/trackers/tracker.hpp>

#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

namespace lasso::trackers {

/// The standard list, for a `Config`'s `trackers`.
template <class Value, class Meta>
inline constexpr auto default_trackers =
    boost::hana::tuple_t<tensor<Meta>, constant_value, tuple, list, dict, function<Value>, builtin<Value>, object<Value>,
                         type<Value>, new_object<Value>, made_function<Value>, range, slice, iterator, null, cell,
                         context_manager, unread_list<Value>, symbolic_size, dict_view, exception_object<Value>,
                         handled_exception, raised_traceback>;

} // namespace lasso::trackers

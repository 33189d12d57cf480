// lasso/translator/attribute_builtins.hpp
//
// `getattr`, `hasattr` and `setattr` with a constant name, as the attribute forms they
// stand for: `getattr(o, 'w')` is `o.w` (the same guards, the same graph break where
// `o.w` breaks), `setattr(o, 'w', v)` is `o.w = v` (a side effect replayed on an object
// from the frame), and `hasattr` asks the object's family, which guards the attribute
// it found or that the attribute is still absent. A name that is not a constant string
// is a graph break: the attribute read could be anything.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/constant.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/handlers/globals_attributes.hpp>

#include <span>
#include <string>
#include <variant>

namespace lasso::handlers {

/// The attribute name argument of `getattr`, `hasattr` or `setattr`.
template <class T> std::string attribute_name_argument(T& t, std::string_view builtin, tracker_ref r) {
    const constant* c = trackers::known_constant_of(t.arena(), r);
    const auto* s = c ? std::get_if<std::string>(c) : nullptr;
    if (!s)
        give_up(reasons::value_not_constant, builtin, "() with attribute name ", t.describe(r), " (not a constant string)");
    return *s;
}

/// `hasattr(obj, name)`, answered by the family of `obj`.
template <class T> bool has_attribute(T& t, tracker_ref obj, const std::string& name) {
    if (auto r = ask::has_attribute(t, obj, name)) return *r;
    give_up(reasons::unsupported_attribute, "hasattr() of ", t.describe(obj), " is not supported yet");
}

/// A call of `getattr`, `hasattr` or `setattr` (`kind`) on `args`.
template <class T> tracker_ref call_attribute_builtin(T& t, builtin_kind kind, std::span<const tracker_ref> args) {
    switch (kind) {
    case builtin_kind::getattr: {
        if (args.size() != 2 && args.size() != 3) give_up(reasons::wrong_arguments, "getattr() takes 2 or 3 arguments");
        const std::string name = attribute_name_argument(t, "getattr", args[1]);
        if (args.size() == 3 && !has_attribute(t, args[0], name)) return args[2];
        return load_attribute(t, args[0], name);
    }
    case builtin_kind::hasattr: {
        if (args.size() != 2) give_up(reasons::wrong_arguments, "hasattr() takes 2 arguments");
        return t.make_constant(has_attribute(t, args[0], attribute_name_argument(t, "hasattr", args[1])));
    }
    default: {
        if (args.size() != 3) give_up(reasons::wrong_arguments, "setattr() takes 3 arguments");
        store_attribute(t, args[0], attribute_name_argument(t, "setattr", args[1]), args[2]);
        return t.make_constant(constant{none_t{}});
    }
    }
}

} // namespace lasso::handlers

// lasso/trackers/special_methods.hpp
//
// The special methods of user classes that the interpreter calls for an operation on
// an instance: `__eq__` and `__ne__` for `==` and `!=`, `__len__` for `len(o)`,
// `__bool__` (else `__len__`) for truth, `__getitem__` for `o[i]`, `__contains__` for
// `x in o`, `__iter__` for iteration; and a property's getter for `o.name`
// (lasso::feature::properties). The object families (objects.hpp) answer those
// operations through these helpers: the method is looked up on the class, as Python
// does (never on the instance; a base's counts), read through the class tracker (so
// guarded on its identity, and guarded absent where the class has none), and inlined
// on the object by the translator (`t.call_special`), as any method call is. What the
// method returns is then checked as the interpreter checks it; what lasso cannot know
// at trace time (a result that is a tensor, a size) is a graph break at the operation,
// which then runs in the interpreter whole.
#pragma once

#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace lasso::trackers::detail {

/// The interpreted function `name` of the class tracked by `cls` (the class of the
/// object `self`), as a method to inline on `self`; empty when the class has no
/// attribute `name` (guarded absent). A class attribute that is no interpreted
/// function (a builtin, a value): a graph break, since the interpreter would call it.
template <class T>
std::optional<tracker_ref> special_method(T& t, tracker_ref self, std::optional<tracker_ref> of, const std::string& name) {
    const auto* class_value = of ? t.object_value(*of) : nullptr;
    if (!class_value)
        give_up(reasons::unsupported_method, "special method '", name, "' of ", t.describe(self),
                ", whose class is not known");
    const tracker_ref cls = *of;
    const std::optional<bool> has = family_answer<std::optional<bool>>(
        t.arena(), cls,
        [&](const auto& x) -> decltype(x.has_attribute(t, cls, name)) { return x.has_attribute(t, cls, name); },
        std::nullopt);
    if (!has)
        give_up(reasons::unsupported_method, "special method '", name, "' of ", t.describe(self),
                ", whose class is not known");
    if (!*has) return std::nullopt;
    const auto found = t.attribute_of(cls, *class_value, name);
    auto method = t.as_method(found, name);
    if (!method)
        give_up(reasons::unsupported_method, "special method '", name, "' of ", t.describe(self),
                " (not an interpreted function of its class)");
    return method;
}

/// An int a special method returned, when it is a constant (a bool counts as 0 or 1).
template <class T> std::optional<std::int64_t> returned_int(T& t, tracker_ref r) {
    const constant* c = known_constant_of(t.arena(), r);
    if (!c) return std::nullopt;
    if (const auto* i = std::get_if<std::int64_t>(c)) return *i;
    if (const auto* b = std::get_if<bool>(c)) return *b ? 1 : 0;
    return std::nullopt;
}

/// `len(self)` by the class's `__len__` (`method`): an int constant, never negative
/// (else the interpreter raises: a graph break).
template <class T> std::int64_t special_length(T& t, tracker_ref self, tracker_ref method) {
    const tracker_ref args[] = {self};
    const tracker_ref r = t.call_special(method, args, "__len__");
    const auto n = returned_int(t, r);
    if (!n)
        give_up(reasons::value_not_constant, "__len__ of ", t.describe(self), " returned ", t.describe(r),
                " (not an int known at trace time)");
    if (*n < 0) give_up(reasons::would_raise, "__len__ of ", t.describe(self), " returned a negative length");
    return *n;
}

/// `len(self)`: by the class's `__len__`; without one, the interpreter raises. Here and
/// below, an empty `cls` (not an instance of a user class) is no answer.
template <class T> std::optional<tracker_ref> len_by_class(T& t, tracker_ref self, std::optional<tracker_ref> cls) {
    if (!cls) return std::nullopt;
    const auto method = special_method(t, self, cls, "__len__");
    if (!method) give_up(reasons::would_raise, "len() of ", t.describe(self), ", whose class has no __len__");
    return t.make_constant(special_length(t, self, *method));
}

/// Python's truth of `self`: its class's `__bool__` (which must return a bool), else
/// `__len__` (not zero), else true.
template <class T> std::optional<bool> truth_by_class(T& t, tracker_ref self, std::optional<tracker_ref> cls) {
    if (!cls) return std::nullopt;
    if (const auto method = special_method(t, self, cls, "__bool__")) {
        const tracker_ref args[] = {self};
        const tracker_ref r = t.call_special(*method, args, "__bool__");
        const constant* c = known_constant_of(t.arena(), r);
        if (!c)
            give_up(reasons::data_dependent_branch, "__bool__ of ", t.describe(self), " returned ", t.describe(r),
                    ", not known at trace time");
        if (!std::holds_alternative<bool>(*c))
            give_up(reasons::would_raise, "__bool__ of ", t.describe(self), " returned ", t.describe(r), ", not a bool");
        return std::get<bool>(*c);
    }
    if (const auto method = special_method(t, self, cls, "__len__")) return special_length(t, self, *method) != 0;
    return true;
}

/// `self.name` where `name` is a property of the class tracked by `cls`
/// (lasso::feature::properties): its getter `fget`, read through the class and the
/// property (both guarded), inlined on `self`. Empty when the class's `name` is no
/// property the adapter names (or the class is not known): the caller reads it as any
/// other attribute.
template <class Value, class T>
std::optional<tracker_ref> property_read(T& t, tracker_ref self, std::optional<tracker_ref> cls, const std::string& name) {
    using A = typename T::adapter;
    const Value* class_value = cls ? t.object_value(*cls) : nullptr;
    if (!class_value) return std::nullopt;
    const Value c = *class_value; // adding trackers may move the record it lives in
    const std::optional<Value> property = A::attribute(c, name);
    if (!property || !A::is_property(*property)) return std::nullopt;
    const tracker_ref found = t.attribute_of(*cls, c, name);
    if (!A::attribute(*property, "fget"))
        give_up(reasons::unsupported_attribute, "property '", name, "' of ", t.describe(self), " without a getter");
    const tracker_ref getter = t.attribute_of(found, *property, "fget");
    const auto method = t.as_method(getter, name);
    if (!method)
        give_up(reasons::unsupported_attribute, "property '", name, "' of ", t.describe(self),
                " (its getter is not an interpreted function)");
    const tracker_ref args[] = {self};
    return t.call_special(*method, args, "property '" + name + "'");
}

/// `self[index]` by the class's `__getitem__`; without one, the interpreter raises.
template <class T>
std::optional<tracker_ref> item_by_class(T& t, tracker_ref self, std::optional<tracker_ref> cls, tracker_ref index) {
    if (!cls) return std::nullopt;
    const auto method = special_method(t, self, cls, "__getitem__");
    if (!method) give_up(reasons::would_raise, "subscript of ", t.describe(self), ", whose class has no __getitem__");
    const tracker_ref args[] = {self, index};
    return t.call_special(*method, args, "__getitem__");
}

/// `item in self` by the class's `__contains__` (its result's truth). Without it the
/// interpreter iterates the object: not modelled, a graph break.
template <class T>
std::optional<bool> contains_by_class(T& t, tracker_ref self, std::optional<tracker_ref> cls, tracker_ref item) {
    if (!cls) return std::nullopt;
    const auto method = special_method(t, self, cls, "__contains__");
    if (!method)
        give_up(reasons::unsupported_operator, "'in' on ", t.describe(self),
                ", whose class has no __contains__ (iterating it for 'in' is not modelled)");
    const tracker_ref args[] = {self, item};
    return t.truth_of(t.call_special(*method, args, "__contains__"), "__contains__ returned a tensor");
}

/// `iter(self)` by the class's `__iter__`, which must return an iterator (else the
/// interpreter raises).
template <class T> std::optional<tracker_ref> iterator_by_class(T& t, tracker_ref self, std::optional<tracker_ref> cls) {
    if (!cls) return std::nullopt;
    const auto method = special_method(t, self, cls, "__iter__");
    if (!method) give_up(reasons::would_raise, "iteration over ", t.describe(self), ", whose class has no __iter__");
    const tracker_ref args[] = {self};
    const tracker_ref r = t.call_special(*method, args, "__iter__");
    if (!family_flag(t.arena(), r, [](const auto& x) -> decltype(bool(x.is_iterator)) { return x.is_iterator; }))
        give_up(reasons::would_raise, "__iter__ of ", t.describe(self), " returned ", t.describe(r), ", not an iterator");
    return r;
}

/// What `__eq__` or `__ne__` returned, when it is a bool constant: then `==` gives it as
/// it is, and object's default `__ne__` its negation. Anything else (NotImplemented,
/// a value `==` would return unchanged, a tensor): a graph break.
template <class T> bool returned_bool(T& t, tracker_ref self, tracker_ref r, const char* method) {
    const constant* c = known_constant_of(t.arena(), r);
    if (!c || !std::holds_alternative<bool>(*c))
        give_up(reasons::unsupported_operator, method, " of ", t.describe(self), " returned ", t.describe(r),
                ", not a bool known at trace time");
    return std::get<bool>(*c);
}

/// `self == other` (`which` 2) or `self != other` (3) by the user methods of `self`'s
/// class (`cls`): `__ne__`, else `not __eq__` (object's default `__ne__`), each
/// returning a bool. `reflected`: `other` was on the left and
/// declined. Empty when the class has no method for it (guarded absent): identity
/// then, as Python's default. When `other` is an object whose class has methods of
/// its own, which of the two Python asks first depends on subclassing: only two
/// objects of one class are modelled (the left one's method answers).
template <class T>
std::optional<tracker_ref> equality_by_class(T& t, tracker_ref self, std::optional<tracker_ref> cls, std::int64_t which,
                                             tracker_ref other, bool reflected) {
    if ((which != 2 && which != 3) || !cls) return std::nullopt;
    using A = typename T::adapter;
    if (const auto other_class = family_answer<std::optional<tracker_ref>>(
            t.arena(), other, [&](const auto& x) -> decltype(x.class_of(t, other)) { return x.class_of(t, other); },
            std::nullopt)) {
        const auto* mine = t.object_value(*cls);
        const auto* theirs = t.object_value(*other_class);
        if (!mine || !theirs || A::identity(*mine) != A::identity(*theirs))
            give_up(reasons::unsupported_operator, "comparison '", which == 2 ? "==" : "!=", "' of ", t.describe(self),
                    " and ", t.describe(other), " (objects of two classes with user equality)");
        if (reflected) return std::nullopt; // the left one, of the same class, answered already
    }
    const tracker_ref args[] = {self, other};
    if (which == 3)
        if (const auto ne = special_method(t, self, cls, "__ne__"))
            return t.make_constant(returned_bool(t, self, t.call_special(*ne, args, "__ne__"), "__ne__"));
    const auto eq = special_method(t, self, cls, "__eq__");
    if (!eq) {
        if (which == 2 && special_method(t, self, cls, "__ne__"))
            give_up(reasons::unsupported_operator, "'==' of ", t.describe(self), ", whose class defines __ne__ alone");
        return std::nullopt;
    }
    const bool equal = returned_bool(t, self, t.call_special(*eq, args, "__eq__"), "__eq__");
    return t.make_constant(equal == (which == 2));
}

} // namespace lasso::trackers::detail

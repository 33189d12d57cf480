// lasso/translator/tensor_writes.hpp
//
// In-place operators that write into a tensor (lasso::feature::tensor_mutation), as
// numpy's `x += y` writes into `x` and so into the caller's array.
//
// The graph stays functional: `x += y` is traced as `x + y`, and the tracker of `x`
// keeps its identity (`y = x; x += 1; y is x` holds, `return x` returns the caller's
// object) while its node becomes the result, so every later read sees the new value.
// A tensor from the frame is written for real after the graph, by generated code
// (`writer(x, result)`, output/replay.hpp), in program order with the other side
// effects, before a return, a graph break or the end of the trace hands `x` back to
// the interpreter. Since the graph never writes, running it twice (the verifying
// backend) or again eagerly after it raised changes nothing.
//
// What the trace cannot model stays a graph break, so that the interpreter does what it
// does: a result of another dtype or shape than the tensor's (numpy casts or raises);
// a tensor that may share memory with another the trace holds (a view taken in the
// trace, or one that is a view: `may_alias`, set by the tensor recorder for results the
// adapter does not call fresh); a frame tensor whose memory overlaps another frame
// tensor the trace read, now (a break) or on a later call (a `disjoint_memory` guard,
// whose failure recompiles into that break).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/trackers/tensor.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/builder.hpp>
#include <lasso/unsupported.hpp>

#include <cstdint>
#include <optional>
#include <type_traits>
#include <variant>

namespace lasso::handlers {

/// Records the write of `contents` into frame tensor `target`, replayed after the graph.
/// Before its first write, `target` is kept apart from every other frame tensor the
/// trace read (those read later are kept apart as they are built).
template <class T> void record_write(T& t, tracker_ref target, tracker_ref contents) {
    using A = typename T::adapter;
    auto& out = t.output();
    if (!out.effects.latest(output::mutation_kind::tensor, target)) {
        lasso::builder<A, std::remove_cvref_t<decltype(out)>> b(out);
        for (std::uint32_t i = 0; i < out.trackers.size(); ++i) {
            const tracker_ref other{i};
            if (other == target || !out.trackers[other].source || !trackers::memory_span_of(out.trackers, other)) continue;
            if (!b.keep_memory_apart(target, other))
                give_up(reasons::unsupported_mutation, "in-place write into ",
                        out.sources.guard_name(*out.trackers[target].source), ", which shares memory with ",
                        out.sources.guard_name(*out.trackers[other].source), " that the trace read");
        }
    }
    output::mutation m;
    m.kind = output::mutation_kind::tensor;
    m.target = target;
    m.value = contents;
    out.effects.record(std::move(m));
}

/// `lhs <op>= rhs` when it writes into tensor `lhs`: `lhs` itself, now holding the
/// result; nothing when it is no such write (not in-place, not a tensor, an adapter
/// without `tensor_mutation`, or a tensor the operator rebinds instead).
template <class T> std::optional<tracker_ref> write_in_place(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
    using A = typename T::adapter;
    if constexpr (!TensorMutationAdapter<A>) {
        (void)t, (void)which, (void)lhs, (void)rhs;
        return std::nullopt;
    } else {
        using tensor = trackers::tensor<typename A::tensor_meta>;
        if (which < bytecode::binary_inplace_offset) return std::nullopt;
        auto& out = t.output();
        const tensor* x = out.trackers.template get_if<tensor>(lhs);
        if (!x) return std::nullopt;
        auto writes = A::inplace_writes(x->meta, which);
        if (auto* u = std::get_if<unsupported>(&writes)) throw std::move(*u);
        if (!std::get<bool>(writes)) return std::nullopt;
        const auto op_text = bytecode::binary_op_text(which);
        if (x->may_alias)
            give_up(reasons::unsupported_mutation, "in-place operator '", op_text, "' on ", t.describe(lhs),
                    " that may share memory with another tensor of the trace (a view, a tensor a view was taken "
                    "of, or a tensor given to or returned by cond or while_loop)");
        const std::optional<tracker_ref> result = ask::binary(t, lhs, which, rhs, false);
        const tensor* r = result ? out.trackers.template get_if<tensor>(*result) : nullptr;
        if (!r) give_up(reasons::unsupported_tensor_op, "in-place operator '", op_text, "' on ", t.describe(lhs));
        if (!A::inplace_fits(x->meta, r->meta))
            give_up(reasons::unsupported_mutation, "in-place operator '", op_text, "' on ", A::describe_meta(x->meta),
                    " with a result of ", A::describe_meta(r->meta),
                    " (the tensor keeps its dtype and shape: a cast or a broadcast is not modelled)");
        if (out.trackers[lhs].source) record_write(t, lhs, *result);
        out.template edit<tensor>(lhs)->node = r->node;
        return lhs;
    }
}

} // namespace lasso::handlers

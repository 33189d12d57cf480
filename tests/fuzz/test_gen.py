"""Unit tests of the program generator's own rules (python3 tests/fuzz/test_gen.py).

The differential run checks that generated programs are valid under CPython only for
the seeds it runs; these tests pin the rules that make every seed valid."""

import ast
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import gen_numpy  # noqa: E402


def loop_context(seed):
    """A capture body's context with one local tensor `x` (bound 4) and a loop open."""
    g = gen.Generator(seed)
    plan = gen.Plan(g, 1)
    plan.helper_defs = []   # what build_plan sets before generating a body
    ctx = gen.Ctx(g, plan, gen.Scope(plan.scope), 2)
    x = gen.TT(("a",), 4.0)
    ctx.scope.tensors.append(("x", x))
    ctx.scope.locals["x"] = x
    del gen.loop_reads()[:]
    saved = gen.enter_loop(ctx, 4)
    return ctx, x, saved


class LoopBounds(unittest.TestCase):
    """A bound relied on earlier in a loop body is not raised later in that body: the
    next pass would run the earlier construct on values beyond its bound (seeds 643731
    and 651851 of the old generator: `exp` of an accumulated tensor overflowed)."""

    def accumulations(self, read_first):
        emitted = 0
        for seed in range(40):
            ctx, x, saved = loop_context(seed)
            if read_first:
                self.assertEqual(x.bound, 4.0)   # what an `exp(x)` construct consults
            before = len(ctx.lines)
            gen.accumulate(ctx, "row", gen.TT((), 4.0))
            if len(ctx.lines) > before:
                emitted += 1
                self.assertGreater(x.bound, 4.0)
            else:
                self.assertEqual(x.bound, 4.0)
            gen.leave_loop(ctx, saved, 4)
        return emitted

    def test_accumulation_refused_after_read(self):
        self.assertEqual(self.accumulations(read_first=True), 0)

    def test_accumulation_allowed_without_read(self):
        self.assertGreater(self.accumulations(read_first=False), 10)

    def test_growing_update_refused_after_read(self):
        for seed in range(40):
            ctx, x, saved = loop_context(seed)
            x.bound
            try:
                gen.s_mutate_local(ctx)
            except gen.Reject:
                pass
            self.assertEqual(x.bound, 4.0, "\n".join(ctx.lines))
            gen.leave_loop(ctx, saved, 4)

    def test_reads_belong_to_open_loops_only(self):
        ctx, x, saved = loop_context(0)
        x.bound
        gen.leave_loop(ctx, saved, 4)
        self.assertFalse(gen.raises_read_bound(x, 100.0))
        self.assertEqual(gen.loop_reads(), [])


class ViewedResults(unittest.TestCase):
    """Some results refer back to themselves, or hold one tuple, list or range twice.
    Such a result is printed through its view (`ring_view`, `pair_view`, `range_view`)
    at every call site of its function: printing a `Ring` would print an address, and
    printing a pair would not show whether its two items are one object."""

    def test_every_kind_appears_and_is_viewed(self):
        kinds = {"self_list": 0, "ring_view": 0, "pair_view": 0, "range_view": 0}
        for seed in range(600):
            del gen.loop_reads()[:]
            g = gen.Generator(seed)
            plan, body, cells = gen.build_plan(g, 1)
            g.plans.append(plan)
            gen.emit_definition(g, plan, body, cells)
            text = "\n".join(body)
            if ".append(cyc" in text:
                kinds["self_list"] += 1
            view = getattr(plan, "result_view", None)
            self.assertEqual("Ring()" in text, view == "ring_view", "seed %d" % seed)
            if not view:
                continue
            kinds[view] += 1
            out = []
            for _ in range(12):
                gen.emit_call(g, plan, out)
            shown = [line for line in out if '"%s#' % plan.name in line]
            self.assertTrue(shown)
            for line in shown:
                self.assertIn(view + "(", line, "seed %d" % seed)
        for kind, count in kinds.items():
            self.assertGreater(count, 3, kind)


class LongRanges(unittest.TestCase):
    """A loop over range(10**6) or range(10**9) leaves by `break` after a bounded
    number of passes: its first body line compares the index with a limit bound
    before the loop."""

    def test_long_range_loops_break_early(self):
        seen = 0
        for seed in range(200):
            lines = gen.generate(seed).splitlines()
            for i, line in enumerate(lines):
                if "in range(1000000" not in line:
                    continue
                seen += 1
                index = line.split("for ")[1].split(" in")[0]
                limit = lines[i - 1].strip().split(" = ")[0]
                self.assertTrue(limit.startswith("lim"), lines[i - 1])
                self.assertEqual(lines[i + 1].strip(), "if %s >= %s:" % (index, limit))
                self.assertEqual(lines[i + 2].strip(), "break")
        self.assertGreater(seen, 5)


class Determinism(unittest.TestCase):
    def test_same_seed_same_program(self):
        for seed in (0, 1, 643731):
            self.assertEqual(gen.generate(seed), gen.generate(seed))

    def test_threads_generate_what_one_thread_does(self):
        """fuzz.py generates programs in threads: no state may leak between them (the
        loop bookkeeping once was module-wide, and threads made other programs)."""
        import concurrent.futures
        seeds = range(200)
        alone = [gen.generate(seed) for seed in seeds]
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            together = list(pool.map(gen.generate, seeds))
        self.assertEqual(sum(a != b for a, b in zip(alone, together)), 0)


class NumpyPrograms(unittest.TestCase):
    """The CPython mode's programs (gen_numpy.py): valid Python, written only with what
    docs/cpython.md says the adapter captures (or breaks at), the same for a seed."""

    SEEDS = range(300)
    # Names a program may call without defining them: builtins, and `show` of the
    # prelude. Functions the program defines (f1, make_f2, h1_3, ...) are added.
    CALLABLE = {"print", "show", "len", "abs", "min", "max", "float", "range", "enumerate",
                "isinstance", "type", "sorted", "repr",
                "setattr",   # at module level only: the call site changing an object
                # What a Bag's special methods answer (gen.py's DUNDER_CLASSES), getattr
                # and hasattr of objects: graph breaks.
                "sum", "list", "bool", "iter", "getattr", "hasattr",
                # Exceptions raised on purpose (gen_numpy.s_raise_catch), the global Gain
                # (called), a property made at module level (c_retune).
                "ValueError", "KeyError", "GAIN", "property"}
    # Attributes of arrays, lists, and the modules lasso and numpy.
    ATTRIBUTES = {"sum", "mean", "max", "min", "reshape", "transpose", "T", "shape", "ndim",
                  "dtype", "tolist", "append", "join", "capture", "graph_break", "reset", "__name__",
                  "mark_dynamic", "astype", "size", "clear",
                  # lasso's higher-order operators, comptime, its shortcuts and its context.
                  "cond", "while_loop", "map_rows", "comptime", "print_graph", "print_locals",
                  "print_guards", "print_value_stack", "print_disas", "print_bt",
                  "print_value_stack_and_return", "get_local", "is_proxy"}
    # Attributes of the programs' own objects (gen.py's UserClass, Box); their methods
    # (forward, apply3, scaled, ...) are added per program.
    OBJECT_ATTRIBUTES = {"w", "s", "bias", "hits", "v", "k", "__init__", "items", "tag", "on",
                         "exits", "last", "mode", "caught"}

    @classmethod
    def setUpClass(cls):
        made = {seed: gen_numpy.generate_with_plans(seed) for seed in cls.SEEDS}
        cls.programs = {seed: text for seed, (text, _) in made.items()}
        cls.plans = {seed: plans for seed, (_, plans) in made.items()}

    def test_programs_compile(self):
        for seed, text in self.programs.items():
            compile(text, "seed_%d.py" % seed, "exec")

    def test_only_supported_constructs(self):
        import ast
        for seed, text in self.programs.items():
            tree = ast.parse(text)
            defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            # Another closure of a plan and its cell setter (f2_1, set_f2_1 = make_f2(...)), a
            # closure made in the body (g7 = mk6(k)), bound methods held by a local or a global
            # (op_apply3 = o2.apply3, BM1_apply3 = O1_2.apply3), the counter's closures.
            defined |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
                        and (n.id.startswith(("f", "set_", "op_", "BM", "tick_c", "read_c"))
                             or re.fullmatch(r"g[0-9]+", n.id))}
            defined.add("fn")   # call_with's parameter: the function value it calls
            # Cells of a closure plan that hold a function (c2_0, a parameter of make_f2).
            defined |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                        and n.name.startswith("make_f") for a in n.args.args}
            defined |= {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
            methods = {n.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for n in c.body
                       if isinstance(n, ast.FunctionDef)}
            lambda_params = {a.arg for n in ast.walk(tree) if isinstance(n, ast.Lambda) for a in n.args.args}
            for node in ast.walk(tree):
                where = "seed %d line %d" % (seed, getattr(node, "lineno", 0))
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "np":
                    self.assertIn(node.attr, gen_numpy.NUMPY_NAMES, where)
                elif isinstance(node, ast.Attribute):
                    self.assertIn(node.attr, self.ATTRIBUTES | self.OBJECT_ATTRIBUTES | methods, where)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    self.assertIn(node.func.id, self.CALLABLE | defined | lambda_params, where)
                if isinstance(node, ast.Call):
                    # The only keywords: the reductions' axis and keepdims, the joins'
                    # axis, dtype= of module-level constructors, and the plans' own.
                    for kw in node.keywords:
                        self.assertTrue(kw.arg in ("axis", "keepdims", "dtype", "backend", "fullgraph", "k")
                                        or kw.arg[:1] in "xkfmdo", where)
                # In-place operators on int counters (loop counters, `self.hits`, `self.exits`,
                # globals CALLS1_2, tick's cell c) and on arrays: accumulators, arguments,
                # locals, views and float32 copies made in the body (s_inplace).
                if isinstance(node, ast.AugAssign):
                    target = node.target
                    name = target.attr if isinstance(target, ast.Attribute) else target.id
                    self.assertTrue(re.fullmatch(r"(acc|x|t|view|low)[0-9]+", name)
                                    or name.startswith(("w", "hits", "exits", "caught", "CALLS")) or name == "c", where)
                # Slice bounds are ints or sizes read back (`x.shape[0] // 2`, `len(x) - 1`),
                # steps 2, -1 or none: never a float, never a step of zero.
                if isinstance(node, ast.Slice):
                    for bound in (node.lower, node.upper):
                        if bound is not None:
                            self.assertTrue(self.size_expression(bound), where + " " + ast.unparse(node))
                    if node.step is not None:
                        self.assertIn(ast.unparse(node.step), ("2", "-1"), where)

    def size_expression(self, node):
        """An int constant, a size (`x.shape[i]`, `len(x)`), or +, -, // of such."""
        if isinstance(node, ast.Constant):
            return type(node.value) is int
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return self.size_expression(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.FloorDiv)):
            return self.size_expression(node.left) and self.size_expression(node.right)
        if isinstance(node, ast.Subscript):
            return isinstance(node.value, ast.Attribute) and node.value.attr == "shape"
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"

    def test_minipy_builtins_absent(self):
        for seed, text in self.programs.items():
            for word in ("tensor(", "@capture", "relu(", "sigmoid", "no_grad", ".t()"):
                self.assertNotIn(word, text, "seed %d" % seed)
            # minipy's builtins cond, while_loop, map_rows and comptime are lasso's here.
            self.assertNotRegex(text, r"(?<![.\w])(cond|while_loop|map_rows|comptime)\b", "seed %d" % seed)

    @staticmethod
    def surely_suppressed(item):
        """The classes a with item's manager surely suppresses (gen_numpy.exit_manager):
        all for Catch(tag, 1), ValueError for Catch(tag, 2), all but KeyError for
        Swallow(tag, True or 1), KeyError for Keep; none for the others (a global Catch's
        mode changes)."""
        call = item.context_expr
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
            return frozenset()
        args = [ast.unparse(a) for a in call.args]
        everything = frozenset(("ValueError", "KeyError", "FuzzError", "IndexError", "Exception"))
        if call.func.id == "Catch":
            return {"1": everything, "2": frozenset(("ValueError",))}.get(args[1], frozenset())
        if call.func.id == "Swallow" and args[1] in ("True", "1"):
            return everything - {"KeyError", "Exception"}
        if call.func.id == "Keep":
            return frozenset(("KeyError",))
        return frozenset()

    def test_raises_caught_in_the_same_function(self):
        """Every `raise` of a plan's body outside with blocks sits in the body of a try
        with a handler of its class, of a tuple holding it or of Exception; the raises of
        checked_half and strict_half reach such a handler through their calls. Inside a
        with block (gen_numpy.s_with_raise), the raise is suppressed by a manager that
        surely does, caught by such a try, or its class is one the plan's call sites
        catch (plan.may_raise). The FuzzError that leaves `shielded` (its own with block
        suppresses only its ValueError) reaches a handler through its calls."""
        raises = []

        def visit(node, handled, where, in_with):
            # handled: the classes the handlers of the enclosing try bodies of this
            # function catch and the enclosing managers surely suppress (a new function
            # starts afresh). where: (class, function) of the raise.
            if isinstance(node, ast.Raise) and where[1] not in ("checked_half", "strict_half", "shielded"):
                raises.append((node, ast.unparse(node.exc).split("(")[0], handled, where, in_with))
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("checked_half", "strict_half",
                                                                                   "shielded"):
                raises.append((node, "FuzzError", handled, where, in_with))
            if isinstance(node, ast.FunctionDef):
                where, handled, in_with = (where[0], node.name), frozenset(), False
            elif isinstance(node, ast.ClassDef):
                where, handled, in_with = (node.name, None), frozenset(), False
            elif isinstance(node, ast.With):
                in_with = True
                for item in node.items:
                    handled = handled | self.surely_suppressed(item)
            if isinstance(node, ast.Try):
                caught = {ast.unparse(e) for h in node.handlers for e in
                          (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type])}
                for child in node.body:
                    visit(child, handled | caught, where, in_with)
                for child in node.handlers + node.orelse + node.finalbody:
                    visit(child, handled, where, in_with)
                return
            for child in ast.iter_child_nodes(node):
                visit(child, handled, where, in_with)

        total = in_blocks = left = 0
        for seed, text in self.programs.items():
            # The plan of each function: by name, or by class for a method plan's forward.
            owners = {}
            for plan in self.plans[seed]:
                owners[plan.name] = plan
                if getattr(plan, "self_class", None) is not None:
                    owners[plan.self_class.name] = plan
            del raises[:]
            visit(ast.parse(text), frozenset(), (None, None), False)
            for node, raised, handled, where, in_with in raises:
                line = "seed %d line %d" % (seed, node.lineno)
                if handled & {raised, "Exception"}:
                    continue
                self.assertTrue(in_with, line)
                plan = owners.get(where[1] if where[1] != "forward" else where[0])
                self.assertIsNotNone(plan, line)
                self.assertIn(raised, plan.may_raise, line)
                left += 1
            total += len(raises)
            in_blocks += sum(r[4] for r in raises)
        self.assertGreater(total, 150)
        self.assertGreater(in_blocks, 60)
        self.assertGreater(left, 10)

    def test_exception_and_operator_forms_frequent(self):
        """The try/raise forms, the higher-order operators, comptime, callable instances
        and properties (and the call site's changes to them) and recursive helpers each
        appear in a good share of the programs (issue 36)."""
        share = {
            "raise ValueError": 0.1, "raise KeyError": 0.1, "raise FuzzError": 0.1, "except Exception": 0.1,
            "finally:": 0.1, "checked_half(": 0.03, "strict_half(": 0.03, "shielded(": 0.03, "guarded(": 0.05, "noisy_try(": 0.03,
            " caught\", type(err)": 0.02,
            "lasso.cond(": 0.2, "lasso.while_loop(": 0.15, "lasso.map_rows(": 0.15, "lasso.comptime": 0.15,
            "GAIN(": 0.05, "KNOB.half": 0.03, "KNOB.scaled(": 0.05, "Knob.half = property(": 0.01,
            "Gain.__call__ = ": 0.01, "GAIN.k = ": 0.01, "KNOB.k = ": 0.01, "    return rec": 0.1,
        }
        for word, least in share.items():
            n = sum(word in text for text in self.programs.values())
            self.assertGreater(n, least * len(self.programs), word)
        made_and_called = sum(bool(re.search(r"Gain\(-?[0-9.]+\)\(", text)) for text in self.programs.values())
        self.assertGreater(made_and_called, 0.05 * len(self.programs))
        # while_loops of no pass, and functions of cond and while_loop that return an
        # array they were given (its result is that array in Python).
        zero_pass = sum(bool(re.search(r"lasso\.while_loop\(.*\(np\.array\(0\), ", text))
                        for text in self.programs.values())
        self.assertGreater(zero_pass, 0)
        given_back = sum(bool(re.search(r"lasso\.cond\(.*lambda a_: a_, ", text)) for text in self.programs.values())
        self.assertGreater(given_back, 0)
        leave_loop = sum(bool(re.search(r"except .* as err:\n +break\n", text)) for text in self.programs.values())
        self.assertGreater(leave_loop, 0)
        nested = sum(bool(re.search(r"\n( +)try:\n(\1    .*\n)*\1        try:", text))
                     for text in self.programs.values())
        self.assertGreater(nested, 0)

    def test_same_seed_same_program(self):
        for seed in (0, 1, 643731):
            self.assertEqual(gen_numpy.generate(seed), gen_numpy.generate(seed))
        self.assertNotEqual(self.programs[0], self.programs[1])

    def test_threads_generate_what_one_thread_does(self):
        import concurrent.futures
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            together = list(pool.map(gen_numpy.generate, self.SEEDS))
        self.assertEqual(together, [self.programs[s] for s in self.SEEDS])

    def test_constructs_appear(self):
        """The tables are exercised: each listed numpy name used in some program, and
        breaks and fully capturable plans both present."""
        text = "\n".join(self.programs.values())
        for name in gen_numpy.NUMPY_NAMES - {"ndarray", "generic"}:
            self.assertIn("np.%s" % name, text)
        for word in ("lasso.graph_break()", "keepdims=True", "axis=", ".T", "global ", "lasso.capture(f",
                     "] = np.tanh(", " = np.tanh(G", "S1 = ", "axis=AX", "lasso.reset()",
                     # with blocks, indexing, in-place operators, dtypes (issue 36)
                     "with Rec(", "with Scale(", "with Loud(", "with CM", ") as cm", "\"in\", len(cm_log)",
                     "[None]", "[:, None]", "[..., ", "[np.newaxis]", "[1:]", "::2]", " - 1:]",
                     "np.concatenate((x", "].sum(axis=0)", ".astype(np.float32)", "dtype=DT",
                     ".size", "args\", show(A", " raised\", type(err)", "except (IndexError",
                     "+= np.tanh(", "/= ", "*= 0.5"):
            self.assertIn(word, text)
        self.assertRegex(text, r"\n +with m[0-9]+")
        self.assertRegex(text, r"\n +view[0-9]+ [-+*/]= ")
        self.assertRegex(text, r"\n +low[0-9]+ [-+*/]= ")
        self.assertRegex(text, r"\n +x[0-9]+ [-+*/]= ")
        self.assertRegex(text, r"\]\[-?[0-9], -?[0-9]\]")
        self.assertRegex(text, r"(sum|mean)\([^()]*dtype=")

    def test_managers(self):
        """User managers: Rec, Scale and Loud take `__exit__(self, a, b, c)`; Catch
        and Keep `(self, exc_type, exc, tb)`, Swallow `(self, *args)`, Note `(self, exc_type,
        *rest)`. A raise (outside nested with blocks) is only in blocks of s_with_raise's
        managers: Catch, Swallow, Note, Keep, a global Catch (CX...), or a Rec passed in or
        global (m..., CM...); it may reach Rec, Scale or Loud blocks around them."""
        signatures = {"Rec": (["self", "a", "b", "c"], None), "Scale": (["self", "a", "b", "c"], None),
                      "Loud": (["self", "a", "b", "c"], None), "Catch": (["self", "exc_type", "exc", "tb"], None),
                      "Swallow": (["self"], "args"), "Note": (["self", "exc_type"], "rest"),
                      "Keep": (["self", "exc_type", "exc", "tb"], None)}
        for seed, text in self.programs.items():
            tree = ast.parse(text)
            for cls in ast.walk(tree):
                if not isinstance(cls, ast.ClassDef) or cls.name not in signatures:
                    continue
                for node in cls.body:
                    if isinstance(node, ast.FunctionDef) and node.name == "__exit__":
                        args, vararg = signatures[cls.name]
                        self.assertEqual([a.arg for a in node.args.args], args)
                        self.assertEqual(node.args.vararg and node.args.vararg.arg, vararg)
            for node in ast.walk(tree):
                if isinstance(node, ast.With) and self.raises_directly(node.body):
                    managers = [ast.unparse(i.context_expr) for i in node.items]
                    self.assertTrue(any(re.match(r"(Catch|Swallow|Note|Keep)\(|CX|CM|m[0-9]", m) for m in managers),
                                    "seed %d line %d" % (seed, node.lineno))

    def raises_directly(self, body):
        """Whether the statements hold a raise outside nested with blocks and functions."""
        for node in body:
            if isinstance(node, ast.Raise):
                return True
            if isinstance(node, (ast.With, ast.FunctionDef, ast.ClassDef)):
                continue
            if self.raises_directly([c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt)]):
                return True
        return False

    def test_raises_in_with_blocks(self):
        """s_with_raise's forms each appear: the three managers of an exceptional exit
        (Catch's modes, Swallow's *args, Note's exc_type and *rest, Keep that reads the
        exception) and a global one, a raise (direct, under a condition, through a helper, an index past the end) in a
        with block, with a graph break before or after it, the block inside another
        with, inside a try, or leaving the function (the call site catches it)."""
        text = "\n".join(self.programs.values())
        for word in ('with Catch("a", 0)', 'with Catch("b", 1)', 'with Catch("c", 2)', "with Swallow(",
                     "with Note(", "with Keep(", "with CX", ".caught\n", "print(\"CX"):
            self.assertIn(word, text)
        patterns = {
            # A raise directly in the block, and one under a condition.
            "direct": r"\n( +)with (Catch|Swallow|Note|Keep)\(.*:\n(\1    .*\n)*\1    raise ",
            "conditional": r"\n( +)with (Catch|Swallow|Note|Keep)\(.*:\n(\1    .*\n)*\1    if .*:\n\1        raise ",
            "helper": r"\n( +)with (Catch|Swallow|Note|Keep)\(.*:\n(\1    .*\n)*\1    t[0-9]+ = (strict|checked)_half\(",
            "index": r"\n( +)with (Catch|Swallow|Note|Keep)\(.*:\n(\1    .*\n)*\1    t[0-9]+ = [^=]*\[[1-4]\]\n",
            "break before": r"\n( +)with (Catch|Swallow|Note|Keep)\(.*:\n(\1    .*\n)*\1    (lasso\.graph_break\(\)|print\(.*)\n"
                            r"\1    (if .*:\n\1        )?raise ",
            "break after": r"\n( +)with (Catch|Swallow|Note|Keep)\(.*:\n(\1    .*\n)*\1    if .*:\n\1        raise .*\n"
                           r"\1    (lasso\.graph_break\(\)|print\()",
            "in another with": r"\n( +)with .*:\n(\1    .*\n)*\1    with (Catch|Swallow|Note|Keep)\(.*:\n"
                               r"(\1        .*\n)*\1        (if .*:\n\1            )?raise ",
            "in a try": r"\n( +)try:\n(\1    .*\n)*\1    with (Catch|Swallow|Note|Keep)\(.*:\n"
                        r"(\1        .*\n)*\1        (if .*:\n\1            )?raise ",
        }
        for what, pattern in patterns.items():
            n = sum(bool(re.search(pattern, t)) for t in self.programs.values())
            self.assertGreater(n, 3, what)
        # Raises that leave the function: its calls catch them.
        leaving = sum(bool(plan.may_raise & {"KeyError", "FuzzError"}) for plans in self.plans.values()
                      for plan in plans)
        self.assertGreater(leaving, 10)

    def test_raising_calls_are_caught(self):
        """A plan whose body may raise on purpose (gen_numpy.s_inplace, t_index) is
        called only inside `try` with a handler naming those exceptions."""
        import ast
        caught = 0
        for seed, plans in self.plans.items():
            tree = ast.parse(self.programs[seed])
            # What each module-level statement calls (first name of the callee).
            callees = [(stmt, {ast.unparse(n.func).split(".")[0] for n in ast.walk(stmt) if isinstance(n, ast.Call)})
                       for stmt in tree.body if not isinstance(stmt, (ast.FunctionDef, ast.ClassDef))]
            for plan in plans:
                if not plan.may_raise:
                    continue
                names = set(plan.instances) | {i.split(".")[0] for i in plan.instances}
                for stmt, called in callees:
                    if not called & names:
                        continue
                    self.assertIsInstance(stmt, ast.Try, "seed %d line %d" % (seed, stmt.lineno))
                    handled = {ast.unparse(e) for h in stmt.handlers for e in
                               (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type])}
                    self.assertTrue(plan.may_raise <= handled, "seed %d line %d" % (seed, stmt.lineno))
                    caught += 1
        self.assertGreater(caught, 100)

    def test_written_arguments_printed(self):
        """A plan that writes an argument array in place has call sites that print the
        arguments after the call (c_args_after) in most programs."""
        shown = total = 0
        for seed, plans in self.plans.items():
            text = self.programs[seed]
            for plan in plans:
                if plan.writes_args:
                    total += 1
                    shown += '"%s args", show(' % plan.name in text
        self.assertGreater(total, 30)
        self.assertGreater(shown, total * 0.6)


    def test_minipy_programs_unchanged_by_the_numpy_generator(self):
        """Both generators share gen.py's thread-local loop bookkeeping: generating a
        numpy program in between must not change a minipy program."""
        before = gen.generate(7)
        gen_numpy.generate(8)
        self.assertEqual(gen.generate(7), before)


if __name__ == "__main__":
    unittest.main()

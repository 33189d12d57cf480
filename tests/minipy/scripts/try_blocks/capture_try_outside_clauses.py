# A graph break at a call inside try (check is disabled) that raises at run time: the exception goes
# to a resume function at the handler, which is traced with the exception as its argument, guarded on
# its type; the except clauses are matched at trace time. f: x * 2 (1 op), then the break. mode 0: the
# resume function after the call adds the result and the finally's 0.5 (2 ops). mode 1 (KeyError): the
# handler's resume function traces y - 1 and the finally's y + 0.5 (2 ops, no break). mode 2 (ValueError)
# fails its type guard and recompiles: the first clause does not match, the second does, y * 5 and
# y + 0.5 (2 ops). The last call (mode 2 again) hits that entry.
# explain: graphs=4 graph_breaks=1 ops=7 recompiles=1 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_29 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_24 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 graph_ops=2,2 calls=3 cache_hits=1
# explain-reason: f@29#LB0028: call of function 'check', which is disabled for capture
# explain-guard: resume_in_f_at_24: type(L['__lasso_stack_0']) is KeyError
# explain-guard: resume_in_f_at_24: type(L['__lasso_stack_0']) is ValueError
# explain-recompile: resume_in_f_at_24: type(L['__lasso_stack_0']) is KeyError, but got a value of type ValueError
mode = [0]
@disable
def check():
    if mode[0] == 1:
        raise KeyError("one")
    if mode[0] == 2:
        raise ValueError("two")
    return 1.0
@capture
def f(x):
    y = x * 2
    try:
        try:
            y = y + check()
        except KeyError:
            y = y - 1
        except ValueError as err:
            y = y * 5
    finally:
        y = y + 0.5
    return y
print(f(tensor([1.0])))
mode[0] = 1
print(f(tensor([1.0])))
mode[0] = 2
print(f(tensor([1.0])))
print(f(tensor([3.0])))

# Errors inside fused chains are the eager nodes' errors, in their order: the first node
# that fails raises, even when a later one fails too; a chain over an empty tensor
# raises nothing; after a caught error the function still computes.
# div0: mul truediv add = 3. overflow_first: exp add truediv = 3. math: exp sub sqrt sub
# = 4, twice (int64 elements recompile it). empty: truediv add sum = 3.
# explain: graphs=5 graph_breaks=0 ops=17 recompiles=1 frames_captured=5
# explain-frame: math graphs=2 recompiles=1 ops=8
@capture(backend="fused")
def div0(x, y):
    return (x * 2) / y + 1

@capture(backend="fused")
def overflow_first(x):
    return (x.exp() + 1) / 0

@capture(backend="fused")
def math(x):
    return (x.exp() - 3).sqrt() - 1

@capture(backend="fused")
def empty(x):
    return (x / 0 + 1).sum()

def attempt(f, x, y=None):
    try:
        print(f(x) if y is None else f(x, y))
    except ZeroDivisionError as e:
        print("ZeroDivisionError", e)
    except OverflowError as e:
        print("OverflowError", e)
    except ValueError as e:
        print("ValueError", e)

attempt(div0, tensor([1.0, 2.0]), tensor([4.0, 0.0]))
attempt(div0, tensor([1.0, 2.0]), tensor([4.0, 8.0]))
attempt(overflow_first, tensor([2.0, 3000.0]))
attempt(overflow_first, tensor([2.0, 3.0]))
attempt(math, tensor([1.0, 800.0]))
attempt(math, tensor([2.0, 3.0]))
attempt(math, tensor([1.0, 2.0]))
attempt(math, tensor([1, 2, 3]))
attempt(empty, zeros(0))

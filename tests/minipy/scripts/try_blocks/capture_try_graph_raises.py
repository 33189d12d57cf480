# A compiled graph that raises inside a try block: the frame runs again eagerly from its
# start, so the handler catches the error and the appends to the global list happen once
# each (log shows one "called" per call). One graph (truediv, add) serves all three
# calls: the second raises ZeroDivisionError on a zero divisor.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
log = []
@capture
def f(x, y):
    log.append("called")
    try:
        r = x / y
        log.append("divided")
    except ZeroDivisionError:
        r = x * 0.0
        log.append("caught")
    return r + 1
print(f(tensor([1.0, 2.0]), tensor([4.0, 8.0])))
print(f(tensor([1.0, 2.0]), tensor([4.0, 0.0])))
print(f(tensor([3.0, 2.0]), tensor([1.0, 2.0])))
print(log)

# try/except and try/finally inside a captured frame are traced. safe_div is one graph
# (truediv); on the second call it raises ZeroDivisionError (a zero divisor), so the
# frame runs again eagerly and the handler catches it. with_finally: the finally body
# on the return path prints, a graph break after the graph of x * 2.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=3
# explain-frame: safe_div graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: with_finally graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_with_finally_at_22 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=1
# explain-reason: with_finally@22: call of print()
@capture
def safe_div(x, y):
    try:
        r = x / y
    except ZeroDivisionError:
        r = x * 0.0
    return r
@capture
def with_finally(x):
    try:
        return x * 2
    finally:
        print("finally ran")
print(safe_div(tensor([1.0, 2.0]), tensor([4.0, 8.0])))
print(safe_div(tensor([1.0, 2.0]), tensor([4.0, 0.0])))
print(with_finally(tensor([3, 4])))

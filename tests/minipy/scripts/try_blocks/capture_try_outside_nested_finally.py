# A handler entered with an exception raised outside the trace (fail is disabled and raises), with a
# try block inside it whose raise the trace catches, and a finally. f: x * 2 (1 op), the break at
# fail(). The handler's resume function traces all the rest: y - 1, the KeyError raised and caught in
# the trace, y * 4, the pop_excepts of both handlers, the finally's y + 0.5 (3 ops), no break. Two
# calls, the second hits both entries.
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
@disable
def fail():
    raise ValueError("bad")
@capture
def f(x):
    y = x * 2
    try:
        y = y + fail()
    except ValueError:
        y = y - 1
        try:
            raise KeyError("inner")
        except KeyError:
            y = y * 4
    finally:
        y = y + 0.5
    return y
print(f(tensor([1.0])))
print(f(tensor([2.0])))

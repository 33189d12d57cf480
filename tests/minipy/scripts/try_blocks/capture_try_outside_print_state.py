# A handler entered with an exception raised outside the trace, with graph breaks inside it: the
# interpreter's handled exception must be what a plain run has. current() (disabled) re-raises the
# handled exception: inside the handler it sees "bad", after it none. fail() always raises; two calls,
# the second hits every cache entry. f: x * 2, the break at fail(). At the handler (30): the clause
# matches, err is stored, the break at current() (generated code rebuilds the state handled before by
# running push_exc_info again, so current() sees err); 36: the print breaks; 36_2: y - 1 (1 op),
# then pop_except of the state the resume function was given breaks (generated code runs it); 30_3:
# err deleted, the break at current() (no exception handled); 38: the print; 38_2: y * 3 (1 op).
# explain: graphs=3 graph_breaks=6 ops=3 recompiles=0 frames_captured=7
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_30 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_36 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_36_2 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_30_3 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_38 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_38_2 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: resume_in_f_at_30@36#LB0028: call of function 'current'
# explain-reason: resume_in_f_at_36_2#LB0011: pop_except of the exception state the resume function was called with
@disable
def fail():
    raise ValueError("bad")
@disable
def current():
    try:
        raise
    except RuntimeError:
        return "none"
    except ValueError as e:
        return "handling " + str(e)
@capture
def f(x):
    y = x * 2
    try:
        y = y + fail()
    except ValueError as err:
        print("caught", err, current())
        y = y - 1
    print("after:", current())
    return y * 3
print(f(tensor([1.0])))
print(f(tensor([2.0])))

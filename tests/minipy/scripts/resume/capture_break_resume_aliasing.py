# A list made during tracing and live in two locals at a break is built once by the
# generated code and passed to the resume function as the same object, so `is` keeps
# its answer. The resume function sees two frame values: it compares their identities
# at trace time and guards the answer (`L['pair'] is L['same']`), so a call that
# passed two different lists would recompile; `is` costs no second break.
#
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1
# explain-frame: resume_in_f_at_15 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0
# explain-reason: f@15: print
@capture
def f(x):
    pair = [x * 2, x]
    same = pair
    print("mid")
    return pair is same, pair
print(f(tensor([1.0, 2.0])))

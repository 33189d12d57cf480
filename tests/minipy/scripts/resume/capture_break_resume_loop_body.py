# A break in the body of a loop over a range: the iterator is rebuilt from the items it
# has not given yet and handed to the resume function. The resume function sees it as
# an opaque iterator, so its for_iter breaks in turn: the loop goes on in resume
# functions of f made once each (for the rest of the body, the loop head and the code
# after the loop), each break point always resuming in the same code.
# explain: graphs=3 graph_breaks=4 ops=3 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_15 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: f@17: print
# explain-reason: resume_in_f_at_17@15: for_iter
@capture
def f(x):
    for i in range(3):
        x = x + i
        print(i)
    return x
print(f(tensor([1.0, 2.0])))

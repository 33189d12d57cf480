# A dict holding a tuple holding a list, with two graph outputs inside, live at a print:
# made again by the generated code, then unpacked and indexed in the resume function
# (rest[0] * 2, a + that, + 3: three ops). The second call hits both frames.
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 outputs=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@11: print
@capture
def f(x):
    state = {"pair": (x * 2, [x + 1, 3]), "n": 2}
    print("state")
    a, rest = state["pair"]
    return a + rest[0] * state["n"] + rest[1], state
print(f(tensor([1, 2])))
print(f(tensor([3, 4])))

# A list made during tracing (two graph outputs and a constant) live at a print: the
# generated code makes it again and the resume function reads its items (list guards:
# type, length, each item), computing parts[0] - parts[1] + 3. A new shape of x
# translates both frames again.
# explain: graphs=4 graph_breaks=2 ops=8 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 outputs=2,2 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_12 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 inputs=2,2 calls=3 cache_hits=1
# explain-reason: f@12: print
@capture
def f(x):
    parts = [x * 2, x + 1, 3]
    print("parts", len(parts))
    return parts[0] - parts[1] + parts[2]
print(f(tensor([1, 2])))
print(f(tensor([4, 5])))
print(f(tensor([[1.0], [2.0]])))

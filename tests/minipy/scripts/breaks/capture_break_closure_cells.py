# Graph breaks in captured closures: scaled and add are made by an outer function,
# and each of their resume functions gets the calling closure's cells (so s3 never
# runs with s2's k). k and total are guarded by value: a new k, or a new count,
# translates again. add's nonlocal stores before the break are replayed into its cell
# before the print, which sees 1 (then 3), and the resume function reads it back.
# explain: graphs=8 graph_breaks=4 ops=8 recompiles=4 frames_captured=8
# explain-frame: scaled graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: resume_in_scaled_at_16 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: add graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_add_at_27 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-reason: add@27: call of print()
def make_scaled(k):
    @capture
    def scaled(x):
        y = x * k
        print("k is", k)
        return y + k
    return scaled

def make_counter():
    total = 0
    @capture
    def add(x):
        nonlocal total
        total += 1
        y = x + total
        print("total", total)
        total += 1
        return y * total
    return add

x = tensor([1.0, 2.0])
s2 = make_scaled(2.0)
s3 = make_scaled(3.0)
print(s2(x))
print(s3(x))
print(s2(x))
add = make_counter()
print(add(x))
print(add(x))

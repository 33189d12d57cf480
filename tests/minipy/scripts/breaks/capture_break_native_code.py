# Graph breaks whose code lasso runs itself on a cache hit (minipy declares
# native_break_code): a breaking call that prints, one that raises after two calls (a
# disabled function), one that rebinds a global tensor the rest of the function reads,
# and resume functions entered on their newer entry after a recompile.
# explain: graphs=8 graph_breaks=4 ops=8 recompiles=2 frames_captured=8
# explain-frame: printing graphs=2 breaks=2 calls=6 cache_hits=4 cache_entries=2 recompiles=1
# explain-frame: resume_in_printing_at_35 graphs=2 calls=6 cache_hits=4 cache_entries=2 recompiles=1
# explain-frame: raising graphs=1 breaks=1 calls=4 cache_hits=3 cache_entries=1 recompiles=0
# explain-frame: resume_in_raising_at_42 graphs=1 calls=2 cache_hits=1 cache_entries=1 recompiles=0
# explain-frame: rebinding graphs=1 breaks=1 calls=3 cache_hits=2 cache_entries=1 recompiles=0
# explain-frame: resume_in_rebinding_at_49 graphs=1 calls=3 cache_hits=2 cache_entries=1 recompiles=0

count = [0]
w = tensor([1.0, 2.0])


def check(v):
    count[0] += 1
    if count[0] > 2:
        raise ValueError("too many calls: " + str(count[0]))


def bump():
    global w
    w = w + 1.0


check = disable(check)
bump = disable(bump)


@capture
def printing(x, y):
    a = x * y
    print("between", a)
    return a + y


@capture
def raising(x):
    a = x + 1.0
    check(a)
    return a * 2.0


@capture
def rebinding(x):
    a = x * 2.0
    bump()
    return a + w


x = tensor([1.0, 2.0])
y = tensor([3.0, 4.0])
for i in range(3):
    print(printing(x, y))
print(printing(x, 2.0))
print(printing(x, 2.0))
print(printing(x, y))
for i in range(4):
    try:
        print(raising(x))
    except ValueError as e:
        print("caught", e)
for i in range(3):
    print(rebinding(x), w)

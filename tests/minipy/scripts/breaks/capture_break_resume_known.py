# A resume function entered by lasso's break program skips the checks the program
# already knows to hold: on an argument that is the very object the frame's guards
# checked, or on the graph's output. Every other check is made: here, arguments of another
# dtype than the resume entry was made for (`swapped`: its entries are tried newest
# first, and what one call site knows is not taken for another's), and a breaking call's
# result, whose size changes between calls (`opaque`: made dynamic on the recompile).
# explain: graphs=7 graph_breaks=3 ops=13 recompiles=3 frames_captured=7
# explain-frame: swapped graphs=2 breaks=2 calls=5 cache_hits=3 cache_entries=2 recompiles=1
# explain-frame: resume_in_swapped_at_28 graphs=2 calls=5 cache_hits=3 cache_entries=2 recompiles=1
# explain-frame: opaque graphs=1 breaks=1 calls=4 cache_hits=3 cache_entries=1 recompiles=0
# explain-frame: resume_in_opaque_at_35 graphs=2 calls=4 cache_hits=2 cache_entries=2 recompiles=1

state = [0]
made = [tensor([1.0, 2.0]), tensor([1.0, 2.0, 3.0])]


def next_made():
    state[0] += 1
    return made[(state[0] + 1) % 2]


next_made = disable(next_made)


@capture
def swapped(x, y):
    a = y * 2.0 + x
    graph_break()
    return x - a


@capture
def opaque(x):
    a = x + 1.0
    b = next_made()
    return a.sum() + b.sum()


f = tensor([1.0, 2.0])
i = tensor([5, 7])
y = tensor([3.0, 4.0])
print(swapped(f, y))
print(swapped(f, y))
print(swapped(i, y))
print(swapped(i, y))
print(swapped(f, y))
for k in range(4):
    print(opaque(f))

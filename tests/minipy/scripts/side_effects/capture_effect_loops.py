# Mutations inside loops. collect appends in an unrolled loop and then iterates the
# list it grew: the second loop sees every item. grow_while_iterating appends to the
# list it iterates, an argument and a list of its own: a list iterator reads the list
# as it goes, so the loops see the appended items, as the interpreter's do.
# explain: graphs=4 graph_breaks=0 ops=13 recompiles=2 frames_captured=4
# explain-frame: collect graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=11 calls=2 cache_hits=0
# explain-frame: grow_while_iterating graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
@capture
def collect(x, out, n):
    for i in range(n):
        out.append(x * i)
    total = 0
    for v in out:
        total = total + v
    return total
@capture
def grow_while_iterating(x, items):
    for v in items:
        if len(items) < 4:
            items.append(v + 1)
    made = [1]
    for v in made:
        if len(made) < 3:
            made.append(v * 2)
    return x * len(items), made
print(collect(tensor([1.0]), [], 3))
out = [tensor([5.0])]
print(collect(tensor([2.0]), out, 2), len(out))
items = [1]
print(grow_while_iterating(tensor([1.0]), items), items)
print(grow_while_iterating(tensor([1.0]), [7, 8]))

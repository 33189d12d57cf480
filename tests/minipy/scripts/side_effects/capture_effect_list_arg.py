# append, item stores, insert, pop and extend on a list argument: the trace keeps the
# list's items in its tracker (reads after a write see them: len, log[-1], items[0])
# and the generated code gives the list its final items after the graph, with no
# graph break. The list's length is guarded, so each call translates again.
# explain: graphs=4 graph_breaks=0 ops=8 recompiles=2 frames_captured=4
# explain-frame: log_step graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: shuffle graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
@capture
def log_step(x, log):
    y = x * 2
    log.append(y)
    log.append(len(log))
    log[0] = y + 1
    return y, len(log), log[-1]
@capture
def shuffle(x, items):
    items.insert(0, x)
    last = items.pop()
    items.insert(-1, last * 10)
    items.extend([x + 1, 5])
    first = items.pop(0)
    return first + 1, items[0]
log = ["start"]
print(log_step(tensor([1.0, 2.0]), log), len(log))
print(log_step(tensor([3.0, 4.0]), log), len(log))
print(log[0], log[1], log[2:])
items = [1, 2, 3]
print(shuffle(tensor([0.5]), items))
print(items[:2], items[2], len(items))
print(shuffle(tensor([1.5]), items), len(items))

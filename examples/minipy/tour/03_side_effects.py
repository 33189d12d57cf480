# Side effects on values the function was given are recorded while tracing and replayed
# by the generated code after the graph: the append and the attribute store are not
# graph breaks. The list only grows, so it is guarded on its type alone: the second
# call is a cache hit.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
class Stats:
    pass

@capture
def f(x, log, stats):
    y = x * 2.0
    log.append(y)
    stats.last = y
    return y + 1.0

log = []
stats = Stats()
print(f(tensor([1.0, 2.0]), log, stats))
print(f(tensor([3.0, 4.0]), log, stats))
print(len(log), log[1], stats.last)

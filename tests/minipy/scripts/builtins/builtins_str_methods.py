# Methods of strings known at trace time run at trace time (the adapter calls them on
# the values), so their results are constants the trace builds on: split gives a new
# list the trace owns (appending to it is no side effect), join takes a list. One graph
# of two ops per translation, no break. A string read from the frame is guarded equal
# to its value: a new label recompiles.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: describe graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 ops=4
# explain-recompile: describe: L['label'] == 'a, b', but got str ' c,d '
@capture
def describe(x, label):
    parts = label.split(',')
    names = [p.strip().upper() for p in parts]
    joined = '-'.join(names)
    parts.append('z')
    scale = len(joined) if joined.startswith(('A', 'C')) else 1
    tidy = joined.replace('-', '+').lower()
    words = 'one two  three'.split()
    return x * scale + len(words), joined, tidy, parts, words


t = tensor([1.0, 2.0])
print(describe(t, 'a, b'))
print(describe(t, 'a, b'))
print(describe(t, ' c,d '))

# Lists a captured function only appends to are not read: their type is all that is
# guarded, so the same list, longer on every call, hits the cache, and the generated
# code replays the appends with log.extend([...]). record appends and bumps an
# attribute on each of 4 calls: one translation (x * 2.0, + x, + 1.0), 3 hits. counts
# reads len(log) after appending: the list is read then, its length guarded (and its
# items built), so each call translates again. pair unpacks two lists from a tuple
# and appends to both unread (x + 1.0, x + 2.0): one translation for 3 calls. twice
# called with p twice: the two names must not be one list (guarded is not), so that
# call translates again, with one tracker for both.
# explain: graphs=7 graph_breaks=0 ops=10 recompiles=3 frames_captured=7
# explain-frame: record graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=4 cache_hits=3
# explain-frame: counts graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-frame: pair graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
# explain-frame: twice graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
class Stats:
    def __init__(self):
        self.total = zeros(2)

@capture
def record(x, log, stats):
    log.append(x * 2.0)
    stats.total = stats.total + x
    return x + 1.0

@capture
def counts(x, log):
    log.append(x)
    return x * len(log)

@capture
def pair(x, logs):
    a, b = logs
    a.append(x)
    b.extend([x + 1.0, x + 2.0])
    return a

@capture
def twice(x, p, q):
    p.append(x)
    q.append(x + 1.0)
    return x

log = []
stats = Stats()
x = tensor([1.0, 2.0])
for i in range(4):
    print(record(x, log, stats))
print(len(log), log[3], stats.total)
l2 = []
for i in range(3):
    print(counts(x, l2))
a, b = [], [x]
for i in range(3):
    print(pair(x, (a, b)) is a, len(a), len(b))
p = []
print(twice(x, p, []), twice(x, p, p), len(p))

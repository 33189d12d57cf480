# list(), tuple() and dict() of values known at trace time build new containers in the
# trace (tuple() of a tuple is the tuple itself); sorted(), min() and max() of
# constants fold. Each translation is one graph of four ops (mul, add, sum, add); the
# list read from the frame is guarded on its length and items, so a changed item
# recompiles.
# explain: graphs=2 graph_breaks=0 ops=8 recompiles=1 frames_captured=2
# explain-frame: convert graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 ops=8
# explain-recompile: convert: L['xs'][1] == 5, but got int 9
@capture
def convert(x, xs, d):
    shape = tuple(x.shape)
    items = list(range(3)) + list((7, 8)) + list(xs) + list('ab')
    t = (1, 2)
    same = tuple(t) is t
    copy = list(xs)
    copy.append(0)
    made = dict(a=1, b=2)
    from_pairs = dict([('k', 5), ('j', 6), ('k', 7)])
    merged = dict(d, extra=3)
    keys = list(d) + sorted(xs) + sorted(['b', 'c', 'a'], reverse=True)
    low = min(xs) + max(3, 9, 4) + min((2.5, 1.5)) + max([1, 5, 2])
    empty = (list(), tuple(), dict())
    y = x * max(xs) + low
    return y.sum() + len(items), shape, items, same, copy, xs, made, from_pairs, merged, keys, low, empty


xs = [4, 5, 6]
d = {'p': 1, 'q': 2}
print(convert(tensor([1.0, 2.0]), xs, d))
print(convert(tensor([3.0, 4.0]), [4, 5, 6], d))
xs[1] = 9
print(convert(tensor([1.0, 2.0]), xs, d))

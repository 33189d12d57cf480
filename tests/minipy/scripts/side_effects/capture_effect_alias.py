# One list reached through two parameters is one tracker (guarded: L['src'] is
# L['dst']), so a mutation through one is seen through the other; two lists that
# are not the same object are guarded as such once one of them is mutated, so a
# call that passes one list twice translates again, and a later call with two equal
# but distinct lists hits the first entry. The same holds for a list reached through
# a dict and a parameter.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=2 frames_captured=4
# explain-frame: move graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-frame: via_dict graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
@capture
def move(x, src, dst):
    dst.append(x)
    return len(src), len(dst)
@capture
def via_dict(x, holder, items):
    holder["items"].append(x * 2)
    return len(items), items[-1]
a = [1]
b = [1]
print(move(tensor([1.0]), a, b), len(a), len(b))
print(move(tensor([1.0]), a, a), len(a))
print(move(tensor([1.0]), [1], [1]))
xs = []
print(via_dict(tensor([1.0]), {"items": xs}, xs), len(xs))
ys = [7]
print(via_dict(tensor([1.0]), {"items": []}, ys), len(ys))

# Strings are text: their length, items and indices are characters, not bytes of the
# UTF-8 encoding. Capture folded len("aéb") to 4 and s[1] to half of the 'é' while
# eager minipy and CPython say 3 and 'é'.
# f: captured whole, one graph (x + 14, the loop unrolled over three characters), its
# second call a cache hit, the third a recompile for another s.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
@capture
def f(x, s):
    n = 0
    for ch in s:
        if ch == "é":
            n = n + 10
        n = n + 1
    return x + n, len(s), s[1], s[-1], s[1:], s[:2]
print(f(tensor([1.0]), "aéb"))
print(f(tensor([2.0]), "aéb"))
print(f(tensor([1.0]), "αβγδ€"))

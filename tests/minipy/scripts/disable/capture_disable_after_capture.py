@capture
def g(x):
    return x * 2

print(g(tensor([1.0, 2.0])))
disable(g)
print(g(tensor([1.0, 2.0])))

@capture
def h(x):
    return g(x + 1) + 1

print(h(tensor([1.0])))

# g is captured on its first call (one graph, x * 2); disable(g) drops its cache
# entry, so its second call and its call from h's resume point run eagerly (3 calls,
# no hit, no entry, no second translation). In h, the call of g is a graph break
# (LB0028) between x + 1 and + 1.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=0 frames_captured=3
# explain-frame: g graphs=1 unsupported=0 breaks=0 cache_entries=0 recompiles=0 ops=1 calls=3 cache_hits=0
# explain-frame: h graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_h_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-reason: h@11#LB0028: disabled for capture

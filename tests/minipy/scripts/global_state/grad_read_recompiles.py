# A function that returns what is_grad_enabled() reads (folded to a constant output):
# the translation is guarded on grad mode. set_grad_enabled switches it between calls:
# on (traced), off (the guard fails: a recompile), on and off again (each hits its own
# entry). One op (add) per graph; 4 calls, 2 cache hits.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=1,1
# explain-recompile: f: grad mode is enabled, but it is disabled
# explain-guard: f: grad_mode == True
# explain-guard: f: grad_mode == False
@capture
def f(x):
    return x + 1, is_grad_enabled()


x = tensor([1.0, 2.0])
for flag in [True, False, True, False]:
    set_grad_enabled(flag)
    print(f(x))
set_grad_enabled(True)

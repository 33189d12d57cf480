# A callback runs once per translation: f's graph breaks at the print, and the graph
# before the break is made by translating f again up to the print, which runs no
# callback, so "traced" lines appear once for f; the resume function's translation
# runs the callback after the print (its graph holds the addition alone). A new
# shape translates f again and runs the callbacks again (and the resume function's),
# each with a symbolic size this time (automatic dynamic shapes).
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-frame: resume_in_f_at_20 graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-stderr: mul: f64[2] = mul(l_x_, 2)
# explain-stderr: graph(l_y_: f64[2]):
# explain-stderr: add: f64[2] = add(l_y_, 1)
# explain-stderr: mul: f64[s0] = mul(l_x_, 2)
# explain-stderr: graph(l_y_: f64[s0]):
# explain-stderr: add: f64[s0] = add(l_y_, 1)
@capture
def f(x):
    y = x * 2
    comptime.print_graph()
    print("between")
    z = y + 1
    comptime(lambda ctx: ctx.print_graph())
    return z
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))

# A graph break in a loop inside a user context manager's block. f enters the block,
# traces the first x * 2 and breaks at the print. The resume function after the print
# gets the loop's range iterator from outside the trace, so its for_iter is a graph
# break of its own (no graph), whose two continuations are the loop body (the next
# x * 2 and print; the item i is 1, then 2: automatic dynamic recompiles it once) and
# the loop's exit (x + 1 and the inlined __exit__). Per call: 3 prints, 3 for_iter
# breaks; the block is entered and left once.
# explain: graphs=4 graph_breaks=4 ops=4 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_29 graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=6 cache_hits=5
# explain-frame: resume_in_f_at_27 graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=1,1
# explain-frame: resume_in_f_at_30 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@29: call of print()
# explain-reason: resume_in_f_at_29@27#LB0012: for_iter on a 'range_iterator' object made outside the trace
class Logged:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, a, b, c):
        self.log.append("exit")
logged = Logged()
@capture
def f(x, n):
    with logged:
        for i in range(n):
            x = x * 2
            print("step", i)
        x = x + 1
    return x
x = tensor([1.0, 2.0])
print(f(x, 3), logged.log)
print(f(x, 3), logged.log)

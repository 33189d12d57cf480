# A mutation before an instruction that raises: the subscript out of range is a graph
# break, the append is replayed before it, and the interpreter raises IndexError with
# the list already grown, as the eager run leaves it.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=1
# explain-frame: risky graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: risky@10: out of range
@capture
def risky(x, log):
    log.append(x + 1)
    return log[5]
log = []
try:
    risky(tensor([1.0]), log)
except IndexError as e:
    print("IndexError", e)
print(len(log), log[0])

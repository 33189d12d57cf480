# Graph-break entries count towards the 8-entry limit: each constant k translates
# again (k is guarded by value), compiles x + k and breaks at print; the ninth and
# later constants run eagerly without translating, with a warning on stderr. The
# resume function (print's None and y, no operation left) is one code and one entry:
# every call of a break entry hits it after its first call.
# explain: graphs=8 graph_breaks=8 ops=8 recompiles=7 frames_captured=9
# explain-frame: chatty graphs=8 unsupported=0 breaks=8 cache_entries=8 recompiles=7 ops=8 calls=13 cache_hits=1
# explain-frame: resume_in_chatty_at_13 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=9 cache_hits=8
# explain-reason: chatty@13: print
@capture(dynamic=False)
def chatty(x, k):
    y = x + k
    print("k =", k)
    return y
x = tensor([10, 20])
for k in range(11):
    print(chatty(x, k))
print(chatty(x, 4), chatty(x, 9))

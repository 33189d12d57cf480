# Eager (fallback) entries count towards the 8-entry limit: the ninth and later
# constants run eagerly without translating, with a warning on stderr.
# explain: graphs=0 graph_breaks=8 ops=0 recompiles=7 frames_captured=0
# explain-frame: chatty graphs=0 unsupported=8 cache_entries=8 recompiles=7 calls=13 cache_hits=1
# explain-reason: chatty@9: print
@capture
def chatty(x, k):
    y = x + k
    print("k =", k)
    return y
x = tensor([10, 20])
for k in range(11):
    print(chatty(x, k))
print(chatty(x, 4), chatty(x, 9))

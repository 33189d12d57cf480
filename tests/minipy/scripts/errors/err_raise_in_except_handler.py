# Raising a new exception inside an except handler; the new one is uncaught.
def lookup(d, k):
    try:
        return d[k]
    except KeyError as e:
        print("handling", repr(e))
        raise RuntimeError("lookup failed for " + k)
cfg = {"a": 1}
print(lookup(cfg, "a"))
try:
    lookup(cfg, "b")
except RuntimeError as e:
    print("caught", e)
lookup(cfg, "c")

# Objects made in the trace that refer to each other are built by the generated code
# with the same links: each is made bare and kept before its attributes are stored, so
# an attribute that leads back to it (a.next.next is a, n.next is n, n.items[0] is n)
# finds the one object. ring: x + 1 and x * 2, one graph, the second call a cache hit
# that builds two new objects; self_loop: x - 1, its list holds the object and the
# argument itself. No graph break anywhere.
# explain: graphs=2 graph_breaks=0 ops=3 recompiles=0 frames_captured=2
# explain-frame: ring graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: self_loop graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
class Node:
    def __init__(self, v):
        self.v = v
        self.next = None
@capture
def ring(x):
    a = Node(x + 1)
    b = Node(x * 2)
    a.next = b
    b.next = a
    return a
@capture
def self_loop(x):
    n = Node(x - 1)
    n.next = n
    n.items = [n, x]
    return n
r = ring(ones(2))
print(r.v, r.next.v, r.next.next is r, r.next is r)
r2 = ring(ones(2))
print(r2 is r, r2.next is r.next, r2.next.next is r2)
x = ones(3)
s = self_loop(x)
print(s.v, s.next is s, s.items[0] is s, s.items[1] is x, len(s.items))

# isinstance of an object from the frame is answered at trace time from its class,
# which the type guard on the object keeps: another object of the same class reuses
# the entry, an object of another class recompiles (and takes the other branch).
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: kind graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 ops=2
# explain-recompile: kind: type(L['o']) is Derived, but got a value of type Other
class Base:
    pass


class Derived(Base):
    pass


class Other:
    pass


@capture
def kind(x, o):
    if isinstance(o, Base) and not isinstance(o, (int, Other)):
        return x + 1
    return x - 1


t = tensor([1.0, 2.0])
print(kind(t, Derived()))
print(kind(t, Derived()))
print(kind(t, Other()))

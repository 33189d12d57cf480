# What a trace cannot record as a side effect is a graph break with a reason, and the
# interpreter does it: deleting an attribute or a global, storing an attribute of a
# class (a value other functions and objects read), storing a special attribute, and
# changing a list that an enumerate() iterator is going over. The enumerate iterator
# live at the break is made again by calling enumerate on the list and advancing it
# past the items it gave, so it sees the appended item as the interpreter's does:
# the loop runs three times. Its later passes break at for_iter (the iterator is
# opaque in the resume functions) and reuse one resume code, recompiled for the new i.
# explain: graphs=7 graph_breaks=8 ops=7 recompiles=1 frames_captured=13
# explain-frame: del_attr graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_del_attr_at_37 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-frame: class_store graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_class_store_at_41 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: del_global graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_del_global_at_47 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-frame: dunder graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_dunder_at_51 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: enumerate_then_append graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_enumerate_then_append_at_57 graphs=1 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_enumerate_then_append_at_55 graphs=2 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_enumerate_then_append_at_59 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: del_attr@36: del of attribute 'w'
# explain-reason: class_store@40: only objects from the frame
# explain-reason: del_global@46: del of global 'g'
# explain-reason: dunder@50: special attribute '__class__'
# explain-reason: enumerate_then_append@57: enumerate() or zip() is iterating
# explain-reason: resume_in_enumerate_then_append_at_57@55: for_iter
class Model:
    scale = 2.0
    def __init__(self):
        self.w = tensor([1.0, 1.0])
g = 1
@capture
def del_attr(m, x):
    y = x * 2
    del m.w
    return y
@capture
def class_store(m, x):
    Model.scale = 3.0
    return x * m.scale
@capture
def del_global(x):
    global g
    y = x + g
    del g
    return y
@capture
def dunder(m, x):
    m.__class__ = Model
    return x - 1
@capture
def enumerate_then_append(x, items):
    out = x
    for i, v in enumerate(items):
        if i == 0:
            items.append(v)
        out = out + v
    return out
m = Model()
print(del_attr(m, tensor([1.0])), hasattr(m, "w"))
print(class_store(Model(), tensor([1.0])), Model.scale)
print(del_global(tensor([1.0])))
print(dunder(Model(), tensor([1.0])))
print(enumerate_then_append(tensor([0.0]), [1, 2]))

# del on names, subscripts and attributes.
x = 10
print(x)
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
lst = [1, 2, 3, 4]
del lst[0]
print(lst)
del lst[-1]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
try:
    del d["zzz"]
except KeyError as e:
    print("KeyError", e)
class Obj:
    pass
o = Obj()
o.attr = 5
o.other = 6
print(hasattr(o, "attr"))
del o.attr
print(hasattr(o, "attr"), hasattr(o, "other"))
y = 1
z = 2
del y
del z
print(hasattr(o, "y"))

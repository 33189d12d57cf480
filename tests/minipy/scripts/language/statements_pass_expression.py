# pass in every kind of body, and expression statements with and without effects.
def nothing():
    pass
class Marker:
    pass
for i in range(3):
    pass
while False:
    pass
if True:
    pass
else:
    pass
try:
    pass
except Exception:
    pass
finally:
    pass
print(nothing(), isinstance(Marker(), Marker), i)
1 + 2
"a docstring-like expression"
[1, 2, 3]
nothing()
lst = []
lst.append(1)
len(lst)
lst.append(2)
print(lst)
def documented():
    "Functions may start with a string expression."
    return "ok"
print(documented())
x = 5
x
print(x)

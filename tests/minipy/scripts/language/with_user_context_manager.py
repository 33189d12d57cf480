# User context managers: __enter__ return value, __exit__ on normal exit.
class Tag:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("<" + self.name + ">")
        return self
    def __exit__(self, exc_type, exc, tb):
        print("</" + self.name + ">", exc_type is None)
        return False
with Tag("html") as t:
    print("inside", t.name)
    with Tag("body"):
        print("content")
class Resource:
    opened = 0
    def __enter__(self):
        Resource.opened += 1
        return "handle-" + str(Resource.opened)
    def __exit__(self, a, b, c):
        Resource.opened -= 1
for i in range(2):
    with Resource() as h:
        print(h, Resource.opened)
print(Resource.opened)
def use():
    with Tag("fn"):
        return "returned"
print(use())
for i in range(3):
    with Tag("loop"):
        if i == 1:
            break
print("done")

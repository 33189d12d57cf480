# Assignment to subscripts and attributes, including nested targets.
class Node:
    def __init__(self, value):
        self.value = value
        self.next = None
a = Node(1)
a.next = Node(2)
a.next.next = Node(3)
n = a
while n is not None:
    print(n.value)
    n = n.next
a.next.value = 20
print(a.next.value)
grid = [[0, 0, 0], [0, 0, 0]]
grid[0][1] = 5
grid[1][-1] = 7
print(grid)
d = {}
d["list"] = [1, 2]
d["list"][0] = 100
print(d)
nodes = [Node(i) for i in range(3)]
nodes[1].value = "one"
print([x.value for x in nodes])
a.tag = "head"
print(a.tag)
holder = {"node": a}
holder["node"].value = 99
print(a.value)
i = 0
arr = [10, 20, 30]
arr[i], arr[i + 1] = arr[i + 1], arr[i]
print(arr)

# Printing nested containers uses repr for elements.
data = {"name": "widget", "tags": ["a", "b"], "size": (3, 4.5), "extra": None,
        "flags": {"on": True, "off": False}}
print(data)
print(str(data) == repr(data))
print([[], [[]], [(), {}]])
print([1, [2, [3, [4]]]])
print(((1,), (2, 3)))
print([0.1, -0.0, 1e-05, "s", 'q"'])
rows = [[1, 2], [3, 4]]
print(rows, str(rows), len(str(rows)))
print(str([None]), repr((None, "None")))
print({1: {2: {3: "deep"}}})
print([{"k": [1.5]}])
